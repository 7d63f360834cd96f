import Synchronization

/// A clock whose time moves only when a test advances it.
///
/// Inject `any Clock<Duration>` into view models, pass `ContinuousClock()` in the app and a
/// `VirtualClock` in tests: a 60-second countdown then runs in microseconds, in a known order.
public final class VirtualClock: Clock, Sendable {
  /// A point on the virtual time line: the duration since the clock was created.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    public var offset: Duration

    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "t+\(offset)" }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// The command whose run is sleeping, if any.
    let command: ObjectIdentifier?
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let state = Mutex(State())

  public init() {}

  public var now: Instant { state.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// How many runs of the command with `id` are sleeping on this clock.
  package func sleeperCount(forCommand id: ObjectIdentifier) -> Int {
    state.withLock { $0.sleepers.count { $0.command == id } }
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    let command = CommandRun.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        // NB: cancellation is checked under the lock the cancellation handler takes: a task
        // cancelled after the check above but before it registers would otherwise sleep on.
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation, command: command))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking sleepers in deadline order. After each wake-up it
  /// lets the woken tasks run (and sleep again) before moving on, so a loop that sleeps one
  /// second at a time runs once per second of advanced time.
  ///
  /// - Precondition: `duration` is not negative: virtual time never runs backwards.
  public func advance(by duration: Duration) async {
    precondition(
      duration >= .zero, "a virtual clock cannot go back in time; advance(by: \(duration))")
    let end = now.advanced(by: duration)
    while true {
      await Self.yieldToOthers()
      let due = state.withLock { state -> [Sleeper] in
        guard let next = state.sleepers.map(\.deadline).min(), next <= end else { return [] }
        state.now = next
        let due = state.sleepers.filter { $0.deadline <= next }
        state.sleepers.removeAll { $0.deadline <= next }
        return due
      }
      if due.isEmpty { break }
      for sleeper in due { sleeper.continuation.resume() }
    }
    state.withLock { $0.now = end }
    await Self.yieldToOthers()
  }

  /// Yields enough times for tasks resumed on other executors to get back to the caller's.
  package static func yieldToOthers() async {
    for _ in 0..<20 { await Task.yield() }
  }
}
