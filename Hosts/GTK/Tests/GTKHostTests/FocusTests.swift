import BindingDSL
import CGTK
import Headless
import HeadlessTesting
import Observation
import Testing

@testable import GTKHost
@testable import GTKShowcase

/// A widget kind written outside the library that can hold the focus: a chip shown as a
/// `GtkButton`.
@MainActor
final class Chip: Widget, GTKPresentable, Focusable {
  let isFocused: WidgetProperty<Bool>

  init(_ id: String) {
    self.isFocused = WidgetProperty(widgetID: id, name: "isFocused", value: false)
    super.init(id: id)
    adopt(self.isFocused)
  }

  func makeGTKControl() -> GTKWidgetPointer {
    gtk_button_new_with_label("Chip")!
  }

  func updateGTKControl(_ control: GTKWidgetPointer, changed: [String]) {}
}

/// Which control of the parcel form has the focus.
enum ParcelControl: Hashable, Sendable {
  case name, send, express, weight, parcels, unit, carrier, day
}

@MainActor @Observable
final class ParcelFormModel {
  var focus: ParcelControl?
}

/// A form with one control of each kind a person can focus, in one focus order.
@MainActor
struct ParcelFormScreen: Screen {
  let name = TextField("name", placeholder: "Name")
  let send = Button("send", title: "Send")
  let express = Toggle("express", title: "Express")
  let weight = Slider("weight", range: 0...2, step: 0.5)
  let parcels = Stepper("parcels", range: 1...9)
  let unit = SegmentedControl("unit", options: ["kg", "lb"], selection: "lb")
  let carrier = Picker("carrier", title: "Carrier", options: ["Post", "Courier"])
  let day = DatePicker("day", title: "Deliver on")

  var body: Widget {
    VStack("form") {
      name
      send
      express
      weight
      parcels
      unit
      carrier
      day
    }
  }

  /// The controls by the field naming them, in the focus order.
  var controls: [(ParcelControl, any Focusable & FocusTarget)] {
    [
      (.name, name), (.send, send), (.express, express), (.weight, weight),
      (.parcels, parcels), (.unit, unit), (.carrier, carrier), (.day, day),
    ]
  }

  func bindings(_ vm: ParcelFormModel) -> [BindingDeclaration<ParcelFormModel>] {
    focus(\.focus, order: controls.map { ($0.0, $0.1 as any FocusTarget) })
  }
}

extension GTKTests {
  /// GTK's focus and the widgets' `isFocused`, both ways, for every widget that can hold the
  /// focus: an entry, a text view, and a kind from outside the library.
  @Suite
  @MainActor
  struct Focus {
    @Test func gtkFocusEditsIsFocusedOfEveryFocusableWidget() throws {
      guard GTK.start() else { return }
      let name = TextField("name", text: "Ada")
      let notes = TextView("notes", text: "")
      let chip = Chip("chip")
      let root = VStack("root") {
        name
        notes
        chip
      }
      let scheduler = GTKScheduler()
      let host = GTKScreenHost(root: root, scheduler: scheduler)
      let window = GTKWindow(host: host, title: "Focus")
      defer { window.close() }
      window.present()
      GTK.pump("the window to show") { window.isMapped }
      let entry = try #require(host.nativeControl(for: name))
      let text = try #require(host.nativeControl(for: notes))
      let button = try #require(host.nativeControl(for: chip))

      func focused() -> [String] {
        [name, notes, chip].compactMap {
          ($0 as? any Focusable)?.isFocused.value == true ? $0.id : nil
        }
      }

      #expect(gtk_widget_grab_focus(entry) != 0)
      GTK.pump("the field to be focused") { focused() == ["name"] }
      #expect(gtk_widget_grab_focus(text) != 0)
      GTK.pump("the text view to be focused, the field no longer") { focused() == ["notes"] }
      #expect(gtk_widget_grab_focus(button) != 0)
      GTK.pump("the chip to be focused, the text view no longer") { focused() == ["chip"] }

      // The other way: the view model focuses the text view, and GTK's focus moves there.
      notes.isFocused.receive(true)
      GTK.pump("GTK's focus to move to the text view") {
        gtk_window_get_focus(window.window) == text
      }
      #expect(focused().contains("notes"))
    }

    /// The view model focuses each control in turn through a focus declaration, and GTK's
    /// focus goes to its native control; GTK's focus moved to a control tells the view model.
    @Test func theFocusFollowsBothWaysForEveryControl() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let model = ParcelFormModel()
      let screen = ParcelFormScreen()
      let (window, _) = try ShowcaseWindows.open(
        screen, model: model, title: "Parcel", scheduler: scheduler, clock: clock)
      defer { window.close() }
      GTK.pump("the window to show") { window.isMapped }
      try await GTK.settle(scheduler, clock: clock)

      /// Whether GTK's focus is in the control of `widget`: in a part of it (a spin button's
      /// text, a drop-down's button), or in what holds it (a segment of a segmented control, a
      /// date picker's menu button or the calendar in its popover).
      func focusIsIn(_ widget: Widget) -> Bool {
        guard let area = window.host.view(of: widget)?.focusArea,
          let focus = gtk_window_get_focus(window.window)
        else { return false }
        return focus == area || gtk_widget_is_ancestor(focus, area) != 0
      }

      for (field, control) in screen.controls {
        model.focus = field
        try await GTK.settle(scheduler, clock: clock)
        GTK.pump("GTK's focus to move to \(control.id)") { focusIsIn(control) }
        #expect(control.isFocused.value)
        #expect(model.focus == field, "GTK's focus on \(control.id) left the view model's")
      }

      // The other way: GTK's focus moves to a native button, check button and scale.
      for (field, control) in screen.controls.reversed()
      where [.send, .express, .weight].contains(field) {
        let native = try #require(window.host.nativeControl(for: control))
        #expect(gtk_widget_grab_focus(native) != 0, "GTK did not focus \(control.id)")
        GTK.pump("\(control.id) to be focused") { control.isFocused.value }
        try await GTK.settle(scheduler, clock: clock)
        #expect(model.focus == field)
        #expect(screen.controls.filter { $0.1.isFocused.value }.map(\.0) == [field])
        #expect(TextRenderer.line(for: control).hasSuffix("[focused]"))
      }
    }
  }
}
