/// Where a command is in its life: the seeds' five states, observable like any property.
public enum CommandStatus: String, Hashable, Sendable, CustomStringConvertible {
  /// Never executed.
  case idle
  /// Work is running.
  case executing
  /// The last run returned an output.
  case succeeded
  /// The last run threw an error other than cancellation.
  case failed
  /// The last run was cancelled.
  case cancelled

  /// The status's name: `idle`, `executing`, `succeeded`, `failed` or `cancelled`.
  public var description: String { rawValue }
}

/// What the graph and the test driver need of any command, whatever its input and output.
@MainActor
public protocol CommandObject: AnyObject {
  /// The name shown in graph dumps and driver messages.
  var name: String? { get }
  /// Where the command is in its life: idle, executing, or how its last run ended.
  var status: CommandStatus { get }
  /// Whether work is running.
  var isExecuting: Bool { get }
  /// Whether `execute` would start work now: the enabled predicate holds and no run is going.
  var canExecute: Bool { get }
  /// Cancels the running work, if any.
  func cancel()
  /// Calls `handler` with every error a run ends with.
  ///
  /// - Parameter handler: Called on the main actor with the error of each failed run.
  /// - Returns: A token that removes the handler again.
  @discardableResult
  func addErrorHandler(_ handler: @escaping @MainActor (any Error) -> Void) -> HandlerToken
}
