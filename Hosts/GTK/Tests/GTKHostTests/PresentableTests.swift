import BindingDSL
import CGTK
import GTKHost
import Headless
import Testing

/// A widget kind written outside the library that brings its own native control: a level
/// meter shown as a `GtkLevelBar`.
@MainActor
final class Meter: Widget, GTKPresentable {
  let level: WidgetProperty<Int>

  init(_ id: String, level: Int = 0) {
    self.level = WidgetProperty(widgetID: id, name: "level", value: level)
    super.init(id: id)
    adopt(self.level)
  }

  func makeGTKControl() -> GTKWidgetPointer {
    let bar = gtk_level_bar_new_for_interval(0, 10)!
    updateGTKControl(bar, changed: ["level"])
    return bar
  }

  func updateGTKControl(_ control: GTKWidgetPointer, changed: [String]) {
    guard changed.contains("level") else { return }
    gtk_level_bar_set_value(OpaquePointer(UnsafeMutableRawPointer(control)), Double(level.value))
  }
}

extension GTKTests {
  @Suite
  @MainActor
  struct Presentable {
    @Test func aKindFromOutsideBringsItsOwnControlAndIsUpdatedByTheFeed() throws {
      guard GTK.start() else { return }
      let meter = Meter("meter", level: 3)
      let root = VStack("root") { meter }
      let scheduler = GTKScheduler()
      let host = GTKScreenHost(root: root, scheduler: scheduler)
      defer { host.stop() }
      let control = try #require(host.nativeControl(for: meter))
      #expect(String(cString: cgtk_type_name(UnsafeMutableRawPointer(control))) == "GtkLevelBar")
      #expect(gtk_level_bar_get_value(OpaquePointer(UnsafeMutableRawPointer(control))) == 3)
      meter.level.receive(7)
      GTK.pump("the host to update the meter") { !scheduler.hasPendingTurn }
      #expect(gtk_level_bar_get_value(OpaquePointer(UnsafeMutableRawPointer(control))) == 7)
    }
  }

  /// Input reaches a widget only while it is enabled and shown, as a driver checks.
  @Suite
  @MainActor
  struct DisabledInput {
    @Test func aDisabledFieldRefusesWhatIsTypedInItsEntry() throws {
      guard GTK.start() else { return }
      let field = TextField("name", text: "Ada")
      let root = VStack("root") { field }
      let scheduler = GTKScheduler()
      let host = GTKScreenHost(root: root, scheduler: scheduler)
      defer { host.stop() }
      let entry = try #require(host.nativeControl(for: field))
      field.isEnabled.receive(false)
      GTK.pump("the host to disable the entry") { !scheduler.hasPendingTurn }
      #expect(gtk_widget_is_sensitive(entry) == 0)
      gtk_editable_set_text(OpaquePointer(UnsafeMutableRawPointer(entry)), "Bob")
      #expect(field.text.value == "Ada", "a disabled field is sent no edit")
      #expect(
        String(cString: gtk_editable_get_text(OpaquePointer(UnsafeMutableRawPointer(entry))))
          == "Ada")
    }
  }
}
