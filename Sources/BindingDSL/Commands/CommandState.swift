import Observation

/// What a ``Command`` shows of its runs, observable: its status, its newest output and error,
/// and how many runs are going and unwinding.
///
/// A class of its own and not generic, so that the key paths it tells Observation of are made
/// once for the program. In a generic class (a `Command<Input, Output>`) a key-path literal is
/// made at run time each time it is used, which was a quarter of mounting a list row that binds
/// a command. The setters skip a value equal to the stored one, so that a run that leaves the
/// status as it was wakes nothing.
@MainActor
final class CommandState: Observable {
  private let registrar = ObservationRegistrar()
  private var storedStatus = CommandStatus.idle
  private var storedLastOutput: Any?
  private var storedLastError: (any Error)?
  private var storedActiveRuns = 0
  private var storedUnwindingRuns = 0

  /// See ``Command/status``.
  var status: CommandStatus {
    get { read(\.status, storedStatus) }
    set { write(\.status, newValue, over: storedStatus) { storedStatus = newValue } }
  }

  /// See ``Command/lastOutput``: the output, of the command's `Output` type, or `nil`.
  var lastOutput: Any? {
    get { read(\.lastOutput, storedLastOutput) }
    set { registrar.withMutation(of: self, keyPath: \.lastOutput) { storedLastOutput = newValue } }
  }

  /// See ``Command/lastError``.
  var lastError: (any Error)? {
    get { read(\.lastError, storedLastError) }
    set { registrar.withMutation(of: self, keyPath: \.lastError) { storedLastError = newValue } }
  }

  /// See ``Command/activeRuns``.
  var activeRuns: Int {
    get { read(\.activeRuns, storedActiveRuns) }
    set { write(\.activeRuns, newValue, over: storedActiveRuns) { storedActiveRuns = newValue } }
  }

  /// See ``Command/unwindingRuns``.
  var unwindingRuns: Int {
    get { read(\.unwindingRuns, storedUnwindingRuns) }
    set {
      write(\.unwindingRuns, newValue, over: storedUnwindingRuns) { storedUnwindingRuns = newValue }
    }
  }

  /// Tells Observation that the property at `keyPath` was read, and gives its `value`.
  private func read<Value>(_ keyPath: KeyPath<CommandState, Value>, _ value: Value) -> Value {
    registrar.access(self, keyPath: keyPath)
    return value
  }

  /// Calls `store`, which stores `newValue` in the property at `keyPath`, telling Observation,
  /// unless `newValue` equals `current`, the value stored.
  private func write<Value: Equatable>(
    _ keyPath: KeyPath<CommandState, Value>, _ newValue: Value, over current: Value,
    _ store: () -> Void
  ) {
    guard newValue != current else { return }
    registrar.withMutation(of: self, keyPath: keyPath, store)
  }
}
