public import BindingDSL

/// The flush scheduler of a host that draws: it flushes the graphs mounted on it on the main
/// actor's next turn, as `MainActorScheduler` does, and draws after a flush that changed
/// something and only then, at most once per ``interval`` (60 times a second by default),
/// however many flushes and other changes come in between.
///
/// Mount the screens a host shows on it, give the host ``flush()`` to run after each key, and
/// set ``draw`` to what paints and writes a frame
/// (``TerminalSession/run(_:scheduler:clock:escapeDelay:)`` does). Changes that come without a
/// flush, such as a key that only moves the focus or a dialog an app shows, call
/// ``setNeedsRedraw()``.
///
/// ```swift
/// let scheduler = RedrawScheduler(clock: clock)
/// var frames = 0
/// scheduler.draw = { frames += 1 }
/// clock.withTracking { scheduler.setNeedsRedraw() }
/// try await clock.advance(by: .zero)
/// clock.withTracking {
///   scheduler.setNeedsRedraw()
///   scheduler.setNeedsRedraw()
/// }
/// try await clock.advance(by: .zero)
/// #expect(frames == 1)
/// try await clock.advance(by: scheduler.interval)
/// #expect(frames == 2)
/// ```
///
/// The waiting runs on `clock`, so a test passes a `VirtualClock` and moves it on; each wait is
/// a `trackedTask(named:priority:operation:)` whose work the clock follows.
@MainActor
public final class RedrawScheduler: FlushScheduler {
  /// The shortest time between two draws.
  public let interval: Duration
  /// Paints and writes a frame; runs after the changes asked for since the last draw.
  public var draw: (@MainActor () -> Void)?
  /// How many times ``draw`` ran.
  public private(set) var drawCount = 0
  /// Whether a draw is due: something changed since the last one.
  public private(set) var needsRedraw = false

  private let graphs = ManualScheduler()
  private let elapsed: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration) async throws -> Void
  /// The task that flushes on the next turn and then draws, waiting out the interval.
  private var turn: Task<Void, any Error>?
  /// When the last draw ran, as time since the scheduler was made.
  private var lastDraw: Duration?

  /// Creates a scheduler that draws nothing until ``draw`` is set.
  ///
  /// - Parameters:
  ///   - clock: The clock the interval between draws is waited on.
  ///   - interval: The shortest time between two draws; a sixtieth of a second by default.
  public init(
    clock: some Clock<Duration> = ContinuousClock(), interval: Duration = .seconds(1) / 60
  ) {
    let start = clock.now
    self.interval = interval
    elapsed = { start.duration(to: clock.now) }
    sleepUntil = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
  }

  /// Remembers that `graph` has changes: it flushes on the main actor's next turn, then a
  /// frame is drawn.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  public func scheduleFlush(_ graph: any Flushable) {
    graphs.scheduleFlush(graph)
    requestTurn()
  }

  /// Flushes every graph that asked, now, and asks for a draw when one flushed: what a host
  /// runs after a key, so that the next frame shows the key's effect.
  ///
  /// - Returns: `true` when at least one graph flushed.
  @discardableResult
  public func flush() -> Bool {
    let flushed = graphs.flush()
    if flushed { setNeedsRedraw() }
    return flushed
  }

  /// Asks for a draw on the next turn, or once ``interval`` has passed since the last draw;
  /// asking again before then draws once.
  public func setNeedsRedraw() {
    needsRedraw = true
    requestTurn()
  }

  /// Cancels the waiting turn: nothing flushes or draws until the next change. The session
  /// calls it when it ends.
  public func cancel() {
    turn?.cancel()
    turn = nil
  }

  private func requestTurn() {
    guard turn == nil else { return }
    let sleepUntil = self.sleepUntil
    // NB: the task holds the scheduler weakly, also while it waits out the interval: a
    // scheduler released then (a session torn down, a test that ends before its clock moves)
    // is freed, and its deinit cancels the wait, so that the task ends instead of sleeping on
    // the clock with everything the scheduler draws.
    turn = trackedTask(named: "redraw") { [weak self] in
      guard let deadline = self?.flushAndDrawUnlessTooSoon() else { return }
      do {
        try await sleepUntil(deadline)
      } catch {
        return
      }
      self?.flushAndDraw()
    }
  }

  /// A turn's first step: flushes, then draws unless the last draw was less than ``interval``
  /// ago.
  ///
  /// - Returns: When the draw may run, as time since the scheduler was made, if it must wait;
  ///   `nil` when the turn is over.
  private func flushAndDrawUnlessTooSoon() -> Duration? {
    if graphs.flush() { needsRedraw = true }
    if needsRedraw, let lastDraw, elapsed() < lastDraw + interval { return lastDraw + interval }
    endTurn()
    return nil
  }

  /// A turn's last step, once the interval has passed: flushes what came meanwhile, and draws.
  private func flushAndDraw() {
    if graphs.flush() { needsRedraw = true }
    endTurn()
  }

  /// Ends the turn, drawing if something changed, unless the turn was cancelled.
  private func endTurn() {
    guard !Task.isCancelled else { return }
    turn = nil
    guard needsRedraw else { return }
    needsRedraw = false
    lastDraw = elapsed()
    drawCount += 1
    draw?()
  }

  isolated deinit {
    turn?.cancel()
  }
}
