import BindingDSL

/// Waits until `condition` holds, checking it again at every change of the work ledger (a run
/// starting, sleeping on a virtual clock, waking or ending), never by polling or by a count of
/// yields. It has no deadline that decides an outcome: a test waiting for a state that never
/// comes ends at its time limit.
///
/// - Parameter condition: The state to wait for, such as a sleeper on a clock.
@MainActor
func waitForWork(until condition: () -> Bool) async {
  let ledger = WorkLedger.shared
  while true {
    let generation = ledger.generation
    if condition() { return }
    _ = await ledger.waitForChange(
      after: generation, until: ContinuousClock.now.advanced(by: .seconds(3_600)))
  }
}

/// The work of `command` the ledger counts as busy: running, not sleeping on a virtual clock,
/// not waiting behind another run.
///
/// - Parameter command: A command.
/// - Returns: The names of its busy work, in the order it started.
@MainActor
func busyWork<Input, Output>(of command: Command<Input, Output>) -> [String] {
  let owner = command.workToken
  return WorkLedger.shared.busy { $0.owner == owner }.map(\.name)
}
