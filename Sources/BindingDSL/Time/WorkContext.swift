import Dispatch
import Synchronization

/// The real-time safety net of a wait for busy work: a deadline that starts again whenever the
/// busy work changes, so that only work that stays busy without progress is called stalled.
package struct StallWatch {
  private let timeout: Duration
  private var deadline: ContinuousClock.Instant
  private var lastBusy = BusySummary()

  /// A watch whose deadline is `timeout` from now.
  package init(timeout: Duration) {
    self.timeout = timeout
    deadline = ContinuousClock.now.advanced(by: timeout)
  }

  /// Waits until `ledger` changes after `generation`, or the deadline passes. `busy` sums up
  /// the work busy now; when it differs from the last call's, the deadline starts again.
  ///
  /// - Returns: The work `isIncluded` selects that is still busy when the deadline passed, or
  ///   `nil` when the ledger changed first (or nothing was busy any more).
  package mutating func wait(
    for busy: BusySummary, after generation: UInt64, in ledger: WorkLedger,
    where isIncluded: (WorkLedger.Item) -> Bool
  ) async -> [WorkLedger.Item]? {
    if busy != lastBusy {
      lastBusy = busy
      deadline = ContinuousClock.now.advanced(by: timeout)
    }
    if await ledger.waitForChange(after: generation, until: deadline) { return nil }
    let still = ledger.busy(where: isIncluded)
    return still.isEmpty ? nil : still
  }
}

/// The tracked work the current task belongs to, and the virtual clock that work started here
/// belongs to.
package enum WorkContext {
  @TaskLocal package static var current: WorkID?
  @TaskLocal package static var clock: WorkToken?
}

/// Starts a task whose work a `VirtualClock` and the screen driver can see, as they see command
/// runs and debounce timers: `advance(by:)` does not move time past a sleep of this work until
/// the work has slept again or ended.
///
/// ```swift
/// let clock = VirtualClock()
/// var ticks = 0
/// let ticker = clock.withTracking {
///   trackedTask(named: "ticker") {
///     for _ in 0..<3 {
///       try await clock.sleep(for: .seconds(1))
///       ticks += 1
///     }
///   }
/// }
/// try await clock.advance(by: .seconds(3))
/// #expect(ticks == 3)
/// ```
///
/// The work is followed from the moment the task is created. Tasks it starts with `Task { … }`
/// belong to the same work; while any of them sleeps on a virtual clock, the work counts as
/// sleeping.
///
/// - Parameters:
///   - name: How errors and reports name the work.
///   - priority: The task's priority.
///   - operation: The work.
/// - Returns: The task.
@MainActor
@discardableResult
public func trackedTask<Success: Sendable>(
  named name: String, priority: TaskPriority? = nil,
  operation: @escaping @MainActor () async throws -> Success
) -> Task<Success, any Error> {
  let ledger = WorkLedger.shared
  let id = ledger.begin("task '\(name)'", owner: nil)
  return Task(priority: priority) { @MainActor in
    try await ledger.run(id) { try await operation() }
  }
}

/// How many pieces of work are busy, and a fingerprint of which (see
/// ``WorkLedger/busySummary(where:)``).
package struct BusySummary: Equatable, Sendable {
  /// How many pieces of work are busy.
  package private(set) var count = 0
  private var sum: UInt64 = 0
  private var mixed: UInt64 = 0

  /// Whether no work is busy.
  package var isEmpty: Bool { count == 0 }

  /// Counts `id` among the busy work.
  mutating func add(_ id: WorkID) {
    count += 1
    sum &+= id.rawValue
    // NB: a multiplicative mix, so that two sets with the same count and sum rarely agree.
    mixed ^= (id.rawValue &+ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
  }
}
