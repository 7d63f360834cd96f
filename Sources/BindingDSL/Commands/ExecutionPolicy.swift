/// What a command does when it is executed while a run is going.
public enum ExecutionPolicy: String, Hashable, Sendable, CustomStringConvertible {
  /// The new execution is ignored, and the command reports that it cannot execute while running.
  case ignoreWhileExecuting
  /// The running work is cancelled and the new one starts: search as you type.
  case cancelPrevious
  /// The new execution waits for the earlier ones (cancelled ones whose work is still unwinding
  /// too) and then runs, in order: queued work never overlaps.
  case queue
  /// Every execution runs at once; results are kept in the order the runs started.
  case concurrent

  /// The policy's name.
  public var description: String { rawValue }
}
