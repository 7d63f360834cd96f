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
