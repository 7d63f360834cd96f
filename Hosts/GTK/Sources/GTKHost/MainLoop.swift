public import BindingDSL
import CGTK

/// GTK's main loop as the app's run loop: it runs main-actor work (a command's task, a timer)
/// the moment some is waiting, and GTK's events in between.
///
/// Swift's main actor runs its jobs on the main dispatch queue. On Linux nothing drains that
/// queue while GLib's loop runs, unless the loop watches the queue's handle (an eventfd that
/// becomes readable when work is queued) and drains the queue when it does: what Foundation's
/// `RunLoop` does on Linux, here as a GLib source. Nothing polls.
@MainActor
public enum GTKMainLoop {
  private static var watch: guint = 0
  private static var loop: OpaquePointer?

  /// Initializes GTK on the main thread and makes its main loop run main-actor work; answers
  /// whether GTK could open a display.
  ///
  /// - Parameter watchingMainQueue: Whether GLib's loop is to run the main actor's work; a test
  ///   process, whose main actor runs on the main dispatch queue after `dispatchMain()`, says
  ///   `false` and lets the main actor run its work when the test awaits.
  /// - Returns: `false` when there is no display to open (no `DISPLAY` or `WAYLAND_DISPLAY`, or
  ///   the display refused): run under `xvfb-run` then.
  public static func start(watchingMainQueue: Bool = true) -> Bool {
    guard gtk_init_check() != 0 else { return false }
    if watchingMainQueue { watchMainQueue() }
    return true
  }

  /// Makes the default main context drain the main dispatch queue whenever work waits on it;
  /// once. Call it from the main thread of a process whose main queue is not run by
  /// `dispatchMain()` (an executable whose top-level code does not `await`).
  public static func watchMainQueue() {
    guard watch == 0 else { return }
    watch = cgtk_watch_main_queue()
  }

  /// Whether the main dispatch queue is watched.
  public static var isWatchingMainQueue: Bool { watch != 0 }

  /// Runs GTK's main loop until ``quit()``.
  public static func run() {
    let loop = g_main_loop_new(nil, 0)
    let outer = self.loop
    self.loop = loop
    g_main_loop_run(loop)
    g_main_loop_unref(loop)
    self.loop = outer
  }

  /// Ends the innermost ``run()``.
  public static func quit() {
    if let loop { g_main_loop_quit(loop) }
  }

  /// Runs iterations of the default main context until `condition` holds: how a test lets GTK
  /// and the host act, bounded by a count of iterations rather than by time.
  ///
  /// Without `blocking`, an iteration runs what is ready and returns; with it, an iteration
  /// waits for the next event, for what GTK does later by itself (a button activated by
  /// `gtk_widget_activate` clicks when its press has shown). A blocking wait is woken every
  /// tenth of a second, so that a condition that never holds ends the wait after `limit`
  /// iterations: with nothing happening, `limit` tenths of a second.
  ///
  /// - Parameters:
  ///   - limit: The most iterations to run.
  ///   - blocking: Whether an iteration waits for an event when none is ready.
  ///   - condition: What to wait for.
  /// - Returns: Whether `condition` held within `limit` iterations.
  @discardableResult
  public static func iterate(
    limit: Int = 10_000, blocking: Bool = false, until condition: () -> Bool
  ) -> Bool {
    let wake = blocking ? g_timeout_add(100, { _ in 1 }, nil) : 0
    defer { if wake != 0 { g_source_remove(wake) } }
    for _ in 0..<max(limit, 0) {
      if condition() { return true }
      g_main_context_iteration(nil, blocking ? 1 : 0)
    }
    return condition()
  }

  /// Runs the events and idle work that are pending now, without waiting for more.
  ///
  /// - Parameter limit: The most iterations to run.
  public static func drain(limit: Int = 10_000) {
    var count = 0
    while count < limit, g_main_context_pending(nil) != 0 {
      g_main_context_iteration(nil, 0)
      count += 1
    }
  }
}

/// The flush scheduler of a GTK host: graphs mounted on it flush on the GLib main loop's next
/// idle turn, and the hosts that follow them then update the controls of the widgets that
/// changed, in that turn.
///
/// Mount the screens a host shows (or the app) on it. A ``GTKScreenHost`` made with it asks it
/// for a turn when widgets change without a flush too (a navigation, a dialog).
@MainActor
public final class GTKScheduler: FlushScheduler {
  private let graphs = ManualScheduler()
  private var idle: guint = 0
  private var updates: [ObjectIdentifier: () -> Void] = [:]
  /// How many turns ran: flushes followed by updates.
  public private(set) var turnCount = 0

  /// Creates a scheduler with nothing pending.
  public init() {}

  /// Remembers that `graph` has changes: it flushes on the main loop's next idle turn.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  public func scheduleFlush(_ graph: any Flushable) {
    graphs.scheduleFlush(graph)
    requestTurn()
  }

  /// Asks for a turn: a flush of what waits, then the hosts' updates, when the loop is idle.
  public func requestTurn() {
    guard idle == 0 else { return }
    let me = Unmanaged.passRetained(self).toOpaque()
    idle = g_idle_add_full(
      G_PRIORITY_DEFAULT_IDLE,
      { data in
        MainActor.assumeIsolated {
          let scheduler = Unmanaged<GTKScheduler>.fromOpaque(data!).takeUnretainedValue()
          scheduler.idle = 0
          scheduler.turn()
        }
        return 0
      }, me,
      { data in Unmanaged<GTKScheduler>.fromOpaque(data!).release() })
  }

  /// Whether a turn is asked for and has not run yet.
  public var hasPendingTurn: Bool { idle != 0 }

  /// Flushes what waits and updates the hosts now, as the next turn would.
  public func turn() {
    if idle != 0 {
      g_source_remove(idle)
      idle = 0
    }
    turnCount += 1
    graphs.flush()
    for update in updates.values { update() }
    // NB: updating may mount rows or answer an edit; what that asks for waits for the next turn.
  }

  func addHost(_ host: AnyObject, update: @escaping () -> Void) {
    updates[ObjectIdentifier(host)] = update
  }

  func removeHost(_ host: AnyObject) {
    updates[ObjectIdentifier(host)] = nil
  }
}
