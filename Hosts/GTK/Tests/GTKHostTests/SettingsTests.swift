import BindingDSL
import CGTK
import Headless
import HeadlessTesting
import Testing

@testable import GTKHost
@testable import GTKShowcase

extension GTKTests {
  /// The settings screen, with every kind of control: each widget has the native control of
  /// its kind, and edits made in GTK reach the view model through the widgets' edits.
  @Suite
  @MainActor
  struct Settings {
    @Test func everyControlIsNativeAndEditsReachTheViewModel() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let screen = SettingsScreen()
      let (window, mounted) = try clock.withTracking {
        try ShowcaseWindows.open(
          screen, model: try Demos.settingsModel(clock: clock), title: "Settings",
          scheduler: scheduler, clock: clock)
      }
      defer { window.close() }
      let host = window.host
      GTK.pump("the window to show") { window.isMapped }
      try await GTK.settle(scheduler, clock: clock)
      let model = try #require(mounted.model)

      func control(_ widget: Widget) throws -> GTKWidgetPointer {
        try #require(host.nativeControl(for: widget), "no control for \(widget.id)")
      }
      func type(_ widget: Widget) throws -> String {
        String(cString: cgtk_type_name(try control(widget).raw))
      }

      #expect(try type(screen.avatar) == "GtkImage")
      #expect(try type(screen.theme) == "GtkDropDown")
      #expect(try type(screen.unit) == "GtkToggleButton")
      #expect(try type(screen.alerts) == "GtkCheckButton")
      #expect(try type(screen.volume) == "GtkScale")
      #expect(try type(screen.radius) == "GtkSpinButton")
      #expect(try type(screen.vacation) == "GtkCalendar")
      #expect(try type(screen.signature) == "GtkTextView")
      #expect(try type(screen.city) == "GtkSearchEntry")
      #expect(try type(screen.summary) == "GtkLabel")
      #expect(try type(screen.page) == "GtkScrolledWindow")

      #expect(gtk_check_button_get_active(cgtk_check_button(try control(screen.alerts).raw)) != 0)
      gtk_check_button_set_active(cgtk_check_button(try control(screen.alerts).raw), 0)
      gtk_range_set_value(cgtk_range(try control(screen.volume).raw), 0.8)
      gtk_spin_button_set_value(cgtk_spin_button(try control(screen.radius).raw), 25)
      gtk_drop_down_set_selected(cgtk_drop_down(try control(screen.theme).raw), 1)
      gtk_editable_set_text(cgtk_editable(try control(screen.city).raw), "ber")
      let miles = try #require(gtk_widget_get_next_sibling(try control(screen.unit)))
      gtk_toggle_button_set_active(cgtk_toggle_button(miles.raw), 1)
      let buffer = gtk_text_view_get_buffer(cgtk_text_view(try control(screen.signature).raw))
      gtk_text_buffer_set_text(buffer, "Ada, courier", -1)
      let day = model.vacationStart.adding(days: 3)
      let picked = g_date_time_new_local(Int32(day.year), Int32(day.month), Int32(day.day), 0, 0, 0)
      gtk_calendar_select_day(cgtk_calendar(try control(screen.vacation).raw), picked)
      g_date_time_unref(picked)
      try await GTK.settle(scheduler, clock: clock)
      #expect(model.unit == "mi")
      #expect(model.signature == "Ada, courier")
      #expect(model.vacationStart == day)

      #expect(model.alertsOn == false)
      #expect(model.volume == 0.8)
      #expect(model.radius == 25)
      #expect(model.theme == "Dark")
      #expect(model.cityQuery == "ber")
      let summary = try control(screen.summary)
      #expect(nativeText(summary) == screen.summary.text.value)
      #expect(TextRenderer.render(mounted.root!).contains(screen.summary.text.value))
      #expect(screen.summary.text.value.contains("80"), "the summary follows the volume")
    }
  }
}
