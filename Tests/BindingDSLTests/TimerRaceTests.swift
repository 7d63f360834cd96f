import BindingDSL
import Observation
import Synchronization
import Testing

/// A clock whose sleepers wake only when the test says so, as a real timer fires: a sleeper that
/// was woken returns normally, even if its task is cancelled before it runs again.
final class GateClock: Clock, @unchecked Sendable {
  struct Instant: InstantProtocol {
    var offset: Swift.Duration
    func advanced(by duration: Swift.Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Swift.Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let continuation: CheckedContinuation<Void, any Error>
  }
  private let sleepers = Mutex<(next: Int, list: [Sleeper])>((0, []))

  var now: Instant { Instant(offset: .zero) }
  var minimumResolution: Swift.Duration { .zero }
  var sleeperCount: Int { sleepers.withLock { $0.list.count } }

  func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = sleepers.withLock { state in
      state.next += 1
      return state.next
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let cancelled = sleepers.withLock { state -> Bool in
          if Task.isCancelled { return true }
          state.list.append(Sleeper(id: id, continuation: continuation))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = sleepers.withLock { state -> Sleeper? in
        guard let index = state.list.firstIndex(where: { $0.id == id }) else { return nil }
        return state.list.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// The timer that went to sleep first fires.
  func fireFirst() {
    let sleeper = sleepers.withLock { $0.list.isEmpty ? nil : $0.list.removeFirst() }
    sleeper?.continuation.resume()
  }
}

/// A search whose command a debounce runs, recording each query it was run with.
@MainActor
@Observable
final class DebouncedSearchModel {
  var query = ""
  private(set) var searched: [String] = []
  @ObservationIgnored private(set) lazy var search = Command<String, Void>(
    "racedDebounce", owner: self
  ) { vm, query in
    vm.searched.append(query)
  }
}

/// Timers that fire while a new value arrives: a real clock's sleep can return before the main
/// actor runs the timer's task again, and a keystroke handled in between must not be taken by
/// the old timer.
@MainActor
@Suite struct TimerRaceTests {
  let scheduler = ManualScheduler()

  /// The work items of the debounce timer this suite's command starts.
  private func timers() -> Int {
    WorkLedger.shared.busy { $0.name.contains("racedDebounce") && $0.name.hasPrefix("debounce") }
      .count
  }

  /// Waits until `condition` holds, woken by each change of the work ledger.
  private func waitUntil(_ condition: () -> Bool) async {
    while !condition() {
      let generation = WorkLedger.shared.generation
      if condition() { return }
      _ = await WorkLedger.shared.waitForChange(
        after: generation, until: .now + .seconds(20))
    }
  }

  /// A debounce executes the command only once the value has been quiet for the whole duration:
  /// a value that arrives after the previous timer fired but before its task ran again starts a
  /// new quiet period; it must not be executed at once by the old timer.
  @Test func aValueArrivingAsTheOldTimerFiresWaitsForItsOwnQuietPeriod()
    async throws
  {
    let model = DebouncedSearchModel()
    let clock = GateClock()
    let mounted = try BindingGraph<DebouncedSearchModel> {
      command(model.search, onChangeOf: \.query, timing: .debounce(.seconds(1)))
    }.mount(on: model, scheduler: scheduler, clock: clock)
    model.query = "a"
    scheduler.flush()
    while clock.sleeperCount < 1 { await Task.yield() }
    // The first timer fires; before its task runs again, another keystroke arrives.
    clock.fireFirst()
    model.query = "ab"
    scheduler.flush()
    // Wait until the first timer's work has ended (the second one still sleeps).
    await waitUntil { timers() <= 1 }
    try await model.search.settle()
    #expect(
      model.searched.isEmpty,
      "the quiet period of \"ab\" has not passed, yet the command ran with \(model.searched)")
    // The second timer fires: now "ab" is searched.
    while clock.sleeperCount < 1 { await Task.yield() }
    clock.fireFirst()
    await waitUntil { timers() == 0 }
    try await model.search.settle()
    #expect(model.searched == ["ab"])
    mounted.unmount()
  }
}
