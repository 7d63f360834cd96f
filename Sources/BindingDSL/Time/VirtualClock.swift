/// A clock whose time moves only when a test advances it.
///
/// Inject `any Clock<Duration>` into view models, pass `ContinuousClock()` in the app and a
/// `VirtualClock` in tests: a 60-second countdown then runs in microseconds, in a known order.
///
/// ``advance(by:fileID:line:)`` wakes sleepers one at a time, in deadline order, and waits, after
/// each wake-up, until the work it woke has slept on a virtual clock again or ended, so a loop that
/// sleeps a second at a time runs once per second of advanced time however busy the machine is. It
/// sees the work the library tracks (command runs, debounce and throttle timers, tasks started with
/// ``trackedTask(named:priority:operation:)``) and any task while it is inside a sleep on this
/// clock; see ``withTracking(_:)`` for work that has not slept on the clock yet.
public final class VirtualClock: Clock, Sendable {
  /// A point on the virtual time line: the duration since the clock was created.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The duration since the clock was created.
    public var offset: Duration

    /// Creates the instant `offset` after the clock was created.
    ///
    /// - Parameter offset: The duration since the clock was created.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: How far later.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    /// The duration from this instant to `other`.
    ///
    /// - Parameter other: Another instant of the same clock.
    /// - Returns: How long after this instant `other` is (negative when before).
    public func duration(to other: Self) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant of the same clock.
    /// - Returns: `true` when `lhs` is earlier.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    /// `t+` and the offset, such as `t+3.0 seconds`.
    public var description: String { "t+\(offset)" }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// The tracked work that sleeps.
    let work: WorkID
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
    /// The duration of the advance that is running, if one is.
    var advancing: Duration?
  }

  private let state = Lock(State())
  private let ledger = WorkLedger.shared

  /// How long, in real time, work this clock woke may stay busy without sleeping again or
  /// ending, while no tracked work anywhere in the process moves, before
  /// ``advance(by:fileID:line:)`` gives up and throws a ``VirtualTimeError`` that names it.
  /// The screen driver uses the same limit for `settle()`.
  public let stallTimeout: Duration

  /// Creates a clock at `t+0`.
  ///
  /// - Parameter stallTimeout: How long, in real time, woken work may stay busy without
  ///   sleeping on a virtual clock or ending, while no tracked work in the process starts,
  ///   sleeps, wakes or ends, before it is reported as waiting on something the clock cannot
  ///   advance. A safety net, never a pace: the time starts again at every move of any tracked
  ///   work, so work that is merely slow to be scheduled, behind other tests that keep the main
  ///   actor busy, is never reported.
  public init(stallTimeout: Duration = .seconds(60)) {
    precondition(stallTimeout > .zero, "a stall timeout must be positive; got \(stallTimeout)")
    self.stallTimeout = stallTimeout
  }

  /// The current virtual time.
  public var now: Instant { state.withLock { $0.now } }
  /// Zero: a virtual clock wakes sleepers exactly at their deadlines.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The clock's token in the work ledger.
  package let identity = WorkToken.make()

  /// Suspends until virtual time reaches `deadline`, or throws `CancellationError` when the task
  /// is cancelled first.
  ///
  /// - Parameters:
  ///   - deadline: The virtual instant to wake at.
  ///   - tolerance: Ignored: a virtual clock wakes sleepers exactly.
  /// - Throws: `CancellationError` when the sleeping task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    if deadline <= now { return }
    // Work the ledger does not follow (a task of the test's own) is followed for the length of
    // this sleep, so that an advance waits until it has at least returned from it.
    var work = WorkContext.current ?? WorkID(rawValue: 0)
    var isOwnSleep = false
    if !ledger.contains(work) {
      work = ledger.begin("a task sleeping on the virtual clock", owner: nil, clock: identity)
      isOwnSleep = true
    }
    defer { if isOwnSleep { ledger.end(work) } }
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        // NB: cancellation is checked under the lock the cancellation handler takes: a task
        // cancelled after the check above but before it registers would otherwise sleep on.
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation, work: work))
          // NB: under the clock's lock, with the sleeper registered: an advance that sees the
          // work asleep finds its sleeper, and cannot wake it (marking the work running) before
          // the ledger hears that it sleeps.
          ledger.slept(work, on: identity)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      guard let sleeper else { return }
      ledger.woke(sleeper.work)
      sleeper.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, one sleeper at a time: it wakes the sleeper due first
  /// (of those due at the same instant, the one that went to sleep first), waits until the work
  /// it belongs to has slept on a virtual clock again or ended (and so has any work it started),
  /// then moves on to the next. A loop that sleeps one second at
  /// a time therefore runs once per second of advanced time. Time ends at exactly `now +
  /// duration`.
  ///
  /// Before it moves time at all, it waits the same way for busy work of this clock (see
  /// ``withTracking(_:)``).
  ///
  /// - Parameters:
  ///   - duration: How far to move; not negative.
  ///   - fileID: The caller's `#fileID`, which an error names; leave the default.
  ///   - line: The caller's line, which an error names; leave the default.
  /// - Throws: ``VirtualTimeError`` when `duration` is negative or too large, when another
  ///   advance of this clock is running, or when woken work stays busy without sleeping on the
  ///   clock or ending while no tracked work moves for ``stallTimeout``: it waits on something
  ///   the clock cannot advance.
  ///   Time then stays at the deadline that woke it. The error names this call's place, so a
  ///   test framework that reports it at the test's line still says which call threw.
  public func advance(
    by duration: Duration, fileID: String = #fileID, line: Int = #line
  ) async throws(VirtualTimeError) {
    do throws(VirtualTimeError) {
      let end = try beginAdvance(by: duration)
      defer { endAdvance() }
      try await waitUntilQuiet()
      while wakeNext(notAfter: end) {
        try await waitUntilQuiet()
      }
      finishAdvance(at: end)
    } catch {
      throw error.thrown(by: "advance(by:)", fileID: fileID, line: line)
    }
  }

  /// Runs `operation` with this clock as the clock of the work it starts: a command executed, a
  /// timer started or a ``trackedTask(named:priority:operation:)`` created inside belongs to the
  /// clock from its first moment, so ``advance(by:fileID:line:)`` waits for it to reach its
  /// first sleep before moving time. Work that has slept on the clock belongs to it without this.
  ///
  /// ```swift
  /// clock.withTracking { command.execute() }
  /// try await clock.advance(by: .seconds(1))
  /// ```
  ///
  /// - Parameter operation: The code that starts work.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withTracking<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try WorkContext.$clock.withValue(identity) { try operation() }
  }

  // MARK: - Steps, for drivers that settle between deadlines

  /// Claims the clock for an advance by `duration` and returns where it ends.
  package func beginAdvance(by duration: Duration) throws(VirtualTimeError) -> Instant {
    guard duration >= .zero else {
      throw VirtualTimeError("cannot advance by \(duration): virtual time only moves forward")
    }
    return try state.withLock { state throws(VirtualTimeError) -> Instant in
      if let running = state.advancing {
        throw VirtualTimeError(
          "cannot advance by \(duration) while an advance by \(running) is running (at "
            + "\(state.now)); await one advance before starting the next")
      }
      guard state.now.offset <= Self.latest - duration else {
        throw VirtualTimeError(
          "cannot advance by \(duration): the virtual clock would pass \(Self.latest) since "
            + "it started; a test needs far less")
      }
      state.advancing = duration
      return state.now.advanced(by: duration)
    }
  }

  /// Releases the clock after ``beginAdvance(by:)``.
  package func endAdvance() {
    state.withLock { $0.advancing = nil }
  }

  /// Wakes the sleeper with the earliest deadline, if it is not after `end`, moving time to it.
  /// Sleepers due at the same instant wake one at a time, in the order they went to sleep, so
  /// that what they do next happens in the same order in every run. Returns whether one woke.
  package func wakeNext(notAfter end: Instant) -> Bool {
    let due = state.withLock { state -> Sleeper? in
      guard
        let index = state.sleepers.indices.min(by: {
          let a = state.sleepers[$0]
          let b = state.sleepers[$1]
          return (a.deadline, a.id) < (b.deadline, b.id)
        }),
        state.sleepers[index].deadline <= end
      else { return nil }
      state.now = max(state.now, state.sleepers[index].deadline)
      return state.sleepers.remove(at: index)
    }
    guard let due else { return false }
    // NB: marked running before it resumes: whoever waits for quiet must wait for it.
    ledger.woke(due.work)
    due.continuation.resume()
    return true
  }

  /// Moves time to `end` once no sleeper before it is left; time never moves backwards.
  package func finishAdvance(at end: Instant) {
    state.withLock { $0.now = max($0.now, end) }
  }

  /// Waits until no work of this clock is busy. The wait is bounded by ``stallTimeout`` of real
  /// time in which no tracked work moves.
  package func waitUntilQuiet() async throws(VirtualTimeError) {
    let clock = identity
    try await ledger.waitUntilQuiet(stallTimeout: stallTimeout) {
      $0.clock == clock
    } stalled: {
      busy in
      VirtualTimeError(
        "the virtual clock cannot move on from \(now): "
          + WorkLedger.stallReport(busy, stallTimeout))
    }
  }

  /// How far a virtual clock may run: far beyond any test, far below an overflow.
  package static var latest: Duration { .seconds(Int64(1) << 40) }
}

/// Why a virtual clock could not advance, or work did not settle.
public struct VirtualTimeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, naming the work involved.
  public let message: String
  /// The call that threw and where it is written, such as
  /// `advance(by:) at MyAppTests/CheckoutTests.swift:42`, when known.
  public private(set) var call: String?

  init(_ message: String) {
    self.message = message
  }

  /// The error, naming `function` written at `fileID`:`line` as the call that threw (kept when
  /// it names one already).
  func thrown(by function: String, fileID: String, line: Int) -> Self {
    var error = self
    if error.call == nil { error.call = "\(function) at \(fileID):\(line)" }
    return error
  }

  /// The message, followed by the call that threw when known.
  public var description: String {
    guard let call else { return message }
    return "\(message) (thrown by \(call))"
  }
}
