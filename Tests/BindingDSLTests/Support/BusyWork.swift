import BindingDSL

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
