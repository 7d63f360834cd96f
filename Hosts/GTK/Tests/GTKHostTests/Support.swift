import BindingDSL
import CGTK
import GTKHostTesting
import Headless
import Testing

@testable import GTKHost
@testable import GTKShowcase

/// Every test of this package shows GTK windows in this process, one test at a time.
@Suite(.serialized)
@MainActor
struct GTKTests {}

enum GTK {
  /// Starts GTK (``GTKTesting/start()``); records the error, which points at `xvfb-run`, when
  /// there is no display.
  @MainActor
  static func start() -> Bool {
    do {
      try GTKTesting.start()
      return true
    } catch {
      Issue.record(error)
      return false
    }
  }

  /// Runs GLib's main context until `condition` holds, at most `limit` iterations; records an
  /// issue naming `what` when it does not (``GTKTesting/wait(for:limit:until:)``).
  @MainActor
  @discardableResult
  static func pump(
    _ what: String, limit: Int = 300, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: () -> Bool
  ) -> Bool {
    do {
      try GTKTesting.wait(for: what, limit: limit, until: condition)
      return true
    } catch {
      Issue.record(error, sourceLocation: sourceLocation)
      return false
    }
  }

  /// Lets everything waiting run (``GTKTesting/settle(_:clock:)``).
  @MainActor
  static func settle(_ scheduler: GTKScheduler, clock: VirtualClock) async throws {
    try await GTKTesting.settle(scheduler, clock: clock)
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

/// Activates `button`'s control as the keyboard does and waits for its tap, in `clock`'s
/// tracking (``GTKTesting/activate(_:in:clock:)``).
@MainActor
func activate(_ button: Button, in host: GTKScreenHost, clock: VirtualClock) throws {
  try GTKTesting.activate(button, in: host, clock: clock)
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

/// The text of a native label, entry, button or check button
/// (``GTKTesting/text(shownBy:fileID:line:)``); records the error for another kind.
@MainActor
func nativeText(
  _ control: GTKWidgetPointer, sourceLocation: SourceLocation = #_sourceLocation
) -> String {
  do {
    return try GTKTesting.text(shownBy: control)
  } catch {
    Issue.record(error, sourceLocation: sourceLocation)
    return ""
  }
}
