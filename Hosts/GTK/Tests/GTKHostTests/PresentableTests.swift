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
}
