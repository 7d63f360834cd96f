import BindingDSL
import CGTK
import Foundation
import GTKHost
import Headless

/// `GTKShowcase --benchmark`: the speeds the issue asks of a native host, measured in GTK's own
/// loop, printed as medians (nothing is asserted; timings depend on the machine).
@MainActor
enum GTKBenchmark {
  /// The measurements by name, in the order they run.
  static let names = ["keystroke", "mounting", "scrolling"]

  /// Runs the measurements named (every one when `names` is empty) and prints one line each.
  ///
  /// - Parameter names: Some of ``names``: a profile of one measurement leaves the others out.
  /// - Throws: What opening a showcase screen throws.
  static func run(_ names: [String] = []) throws {
    let clock = ContinuousClock()
    let chosen = names.isEmpty ? Self.names : names
    if chosen.contains("keystroke") { print(try keystroke(clock: clock)) }
    if chosen.contains("mounting") { print(try mountSettings(clock: clock)) }
    if chosen.contains("scrolling") { print(try scrollWaybills(clock: clock)) }
  }

  private static func median(_ samples: [Duration]) -> Duration {
    samples.sorted()[samples.count / 2]
  }

  private static func text(_ duration: Duration) -> String {
    let microseconds =
      Double(duration.components.seconds) * 1e6
      + Double(duration.components.attoseconds) / 1e12
    return microseconds < 1_000
      ? "\(Int(microseconds.rounded())) µs" : "\(Int((microseconds / 1_000).rounded())) ms"
  }

  /// A keystroke in the settings' city field to the native list of matching cities showing it:
  /// the edit, the flush and the host's update of the controls that changed.
  private static func keystroke(clock: ContinuousClock) throws -> String {
    let scheduler = GTKScheduler()
    let screen = SettingsScreen()
    let (window, _) = try ShowcaseWindows.open(
      screen, model: try Demos.settingsModel(clock: clock), title: "Settings",
      scheduler: scheduler, clock: clock)
    defer { window.close() }
    GTKMainLoop.iterate(limit: 1_000, blocking: true) { window.isMapped }
    let entry = window.host.nativeControl(for: screen.city)!
    let cities = window.host.nativeControl(for: screen.cities)!
    var samples: [Duration] = []
    for index in 0..<200 {
      let query = index.isMultiple(of: 2) ? "b" : "be"
      let start = clock.now
      gtk_editable_set_text(cgtk_editable(UnsafeMutableRawPointer(entry)), query)
      scheduler.turn()
      let shown = String(cString: gtk_label_get_text(cgtk_label(UnsafeMutableRawPointer(cities))))
      samples.append(start.duration(to: clock.now))
      precondition(shown == screen.cities.items.value.joined(separator: "\n"))
    }
    return "keystroke to the native list of cities: median \(text(median(samples))) of 200"
  }

  /// Mounting the settings screen and building its native controls.
  private static func mountSettings(clock: ContinuousClock) throws -> String {
    var samples: [Duration] = []
    for _ in 0..<30 {
      let scheduler = GTKScheduler()
      let start = clock.now
      let mounted = try SettingsScreen().mount(
        on: try Demos.settingsModel(clock: clock), scheduler: scheduler, clock: clock)
      let host = GTKScreenHost(root: mounted.root!, scheduler: scheduler)
      samples.append(start.duration(to: clock.now))
      host.stop()
      mounted.unmount()
    }
    return
      "mounting the settings screen with its native controls: median \(text(median(samples))) of 30"
  }

  /// Scrolling the 10,000-waybill list by a page: the adjustment moved, GTK binding the items
  /// that come into view, the host mounting their rows, and the frames GTK lays out and draws
  /// until the list has settled (three frames of the clock, which ticks every 16.7 ms while the
  /// pages are turned). What is timed is the main thread's CPU time, the work a frame has to
  /// fit in, without the waits for the next frame or for a core of a busy machine: a page drops
  /// a frame when the work between the end of one frame and the end of the next (the binding,
  /// the host's turn, the frame's layout and drawing) takes longer than 16.7 ms. Sixty pages
  /// are turned, or as many as the `PAGES` environment variable says (up to 600), so that a
  /// profiler run can record mostly scrolling.
  private static func scrollWaybills(clock: ContinuousClock) throws -> String {
    let scheduler = GTKScheduler()
    let depot = Waybill.depot(count: 10_000)
    let service = FakeWaybillService(
      clock: clock, latency: .zero, waybills: depot, pageSize: depot.count)
    let screen = WaybillListScreen()
    let (window, _) = try ShowcaseWindows.open(
      screen, model: WaybillListViewModel(service: service), title: "Waybills",
      scheduler: scheduler, clock: clock)
    defer { window.close() }
    GTKMainLoop.iterate(limit: 10_000, blocking: true) { screen.list.rowCount == 10_000 }
    GTKMainLoop.drain()
    let listView = window.host.nativeControl(for: screen.list)!
    let scrolled = gtk_widget_get_parent(listView)!
    let adjustment = gtk_scrolled_window_get_vadjustment(
      cgtk_scrolled_window(UnsafeMutableRawPointer(scrolled)))
    let frameClock = gtk_widget_get_frame_clock(
      cgtk_widget(UnsafeMutableRawPointer(window.window)))
    let times = UnsafeMutablePointer<CGTKFrameTimes>.allocate(capacity: 1)
    times.initialize(to: CGTKFrameTimes())
    let handlers = UnsafeMutablePointer<gulong>.allocate(capacity: 2)
    cgtk_time_frames(frameClock, times, handlers)
    gdk_frame_clock_begin_updating(frameClock)
    defer {
      gdk_frame_clock_end_updating(frameClock)
      for index in 0..<2 {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(frameClock), handlers[index])
      }
      handlers.deallocate()
      times.deallocate()
    }
    GTKMainLoop.iterate(limit: 100, blocking: true) { times.pointee.frames >= 2 }
    let pageCount = min(Int(ProcessInfo.processInfo.environment["PAGES"] ?? "") ?? 60, 600)
    var pages: [Int] = []
    var busiest: [Int] = []
    var paints: [Int] = []
    for _ in 0..<pageCount {
      times.pointee.frames = 0
      times.pointee.busiest = 0
      times.pointee.longest_paint = 0
      let start = cgtk_thread_cpu_microseconds()
      let page = gtk_adjustment_get_page_size(adjustment)
      gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + page)
      GTKMainLoop.iterate(limit: 100, blocking: true) { times.pointee.frames >= 3 }
      pages.append(cgtk_thread_cpu_microseconds() - start)
      busiest.append(times.pointee.busiest)
      paints.append(times.pointee.longest_paint)
    }
    let late = busiest.filter { $0 > 16_667 }.count
    return "scrolling 10,000 waybills by a page: its busiest frame median "
      + "\(text(microseconds: median(busiest))), slowest \(text(microseconds: busiest.max()!)), "
      + "\(late) of \(pageCount) pages dropping a 60 Hz frame (over 16.7 ms of work); a page's work "
      + "median \(text(microseconds: median(pages))), its longest layout and drawing median "
      + "\(text(microseconds: median(paints)))"
  }

  private static func median(_ samples: [Int]) -> Int {
    samples.sorted()[samples.count / 2]
  }

  private static func text(microseconds: Int) -> String {
    text(.microseconds(microseconds))
  }
}
