import BindingDSL
import CGTK
import Foundation
import Headless
import Testing

@testable import GTKHost
@testable import GTKShowcase

/// Every test of this package shows GTK windows in this process, one test at a time.
@Suite(.serialized)
@MainActor
struct GTKTests {}

enum GTK {
  /// Initializes GTK once; records an issue pointing at `xvfb-run` when there is no display.
  @MainActor
  static func start() -> Bool {
    if started { return true }
    let environment = ProcessInfo.processInfo.environment
    // NB: software OpenGL (llvmpipe, all Xvfb has) takes far longer per frame than cairo.
    if environment["GSK_RENDERER"] == nil { setenv("GSK_RENDERER", "cairo", 1) }
    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
      GTKMainLoop.start(watchingMainQueue: false)
    else {
      let message =
        "GTK could not open a display: run the tests under a virtual X server, "
        + "xvfb-run -a swift test --package-path Hosts/GTK (Scripts/ci does)"
      Issue.record(Comment(rawValue: message))
      return false
    }
    cgtk_disable_animations()
    started = true
    return true
  }

  @MainActor private static var started = false

  /// Runs GLib's main context until `condition` holds, at most `limit` iterations; records an
  /// issue naming `what` when it does not.
  @MainActor
  @discardableResult
  static func pump(
    _ what: String, limit: Int = 300, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: () -> Bool
  ) -> Bool {
    let held = GTKMainLoop.iterate(limit: limit, blocking: true, until: condition)
    if !held {
      Issue.record(
        "GTK's loop ran \(limit) iterations and \(what) still did not hold",
        sourceLocation: sourceLocation)
    }
    return held
  }

  /// Lets everything waiting run: GTK's pending events and the scheduler's turn, then the
  /// main actor's tasks of `clock` (awaited until they sleep on the clock or end), until no
  /// turn is asked for after them.
  @MainActor
  static func settle(_ scheduler: GTKScheduler, clock: VirtualClock) async throws {
    for _ in 0..<100 {
      GTKMainLoop.drain(limit: 200)
      try await clock.advance(by: .zero)
      GTKMainLoop.drain(limit: 200)
      if !scheduler.hasPendingTurn { return }
    }
    Issue.record("GTK and the screen's tasks did not settle in 100 rounds")
  }

  /// Opens the showcase app at sign-in in a window, its services on `clock`, and waits until
  /// the window shows and everything settles.
  @MainActor
  static func openApp(
    scheduler: GTKScheduler, clock: VirtualClock
  ) async throws -> (window: GTKWindow, app: AppHost) {
    let (window, app) = try clock.withTracking {
      try ShowcaseWindows.openApp(scheduler: scheduler, clock: clock)
    }
    pump("the window to show") { window.isMapped }
    try await settle(scheduler, clock: clock)
    return (window, app)
  }

  /// Moves `clock` on by `duration`, settling GTK before and after.
  @MainActor
  static func advance(
    _ scheduler: GTKScheduler, clock: VirtualClock, by duration: Duration
  ) async throws {
    try await settle(scheduler, clock: clock)
    try await clock.advance(by: duration)
    try await settle(scheduler, clock: clock)
  }
}

/// Activates `button`'s control as the keyboard does (`gtk_widget_activate`) and runs GTK's
/// loop until the button's tap arrives (GTK clicks once the press has shown), in `clock`'s
/// tracking, so that the command the tap starts belongs to the clock.
@MainActor
func activate(_ button: Button, in host: GTKScreenHost, clock: VirtualClock) throws {
  let control = try #require(host.nativeControl(for: button), "no control for \(button.id)")
  var tapped = false
  let token = button.tap.addHandler { tapped = true }
  defer { button.tap.removeHandler(token) }
  #expect(gtk_widget_activate(control) != 0, "GTK did not activate \(button.id)")
  clock.withTracking {
    GTK.pump("the tap of \(button.id)") { tapped }
  }
}

extension Widget {
  /// The widget `id` in this tree, through `children` (its own id, or one ending in `.id`).
  @MainActor
  func find(_ id: String) -> Widget? {
    if self.id == id || self.id.hasSuffix("." + id) { return self }
    for child in children {
      if let found = child.find(id) { return found }
    }
    return nil
  }
}

/// The text of a native label, entry, button or check button.
@MainActor
func nativeText(_ control: GTKWidgetPointer) -> String {
  let type = String(cString: cgtk_type_name(control.raw))
  switch type {
  case "GtkLabel": return String(cString: gtk_label_get_text(cgtk_label(control.raw)))
  case "GtkCheckButton":
    return gtk_check_button_get_label(cgtk_check_button(control.raw)).map { String(cString: $0) }
      ?? ""
  default: return editableText(control)
  }
}
