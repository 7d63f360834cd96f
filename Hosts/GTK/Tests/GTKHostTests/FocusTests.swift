import BindingDSL
import CGTK
import GTKHost
import Headless
import Testing

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
  }
}
