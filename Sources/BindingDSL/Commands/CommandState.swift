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
    get {
      registrar.access(self, keyPath: \.status)
      return storedStatus
    }
    set {
      guard newValue != storedStatus else { return }
      registrar.withMutation(of: self, keyPath: \.status) { storedStatus = newValue }
    }
  }

  /// See ``Command/lastOutput``: the output, of the command's `Output` type, or `nil`.
  var lastOutput: Any? {
    get {
      registrar.access(self, keyPath: \.lastOutput)
      return storedLastOutput
    }
    set { registrar.withMutation(of: self, keyPath: \.lastOutput) { storedLastOutput = newValue } }
  }

  /// See ``Command/lastError``.
  var lastError: (any Error)? {
    get {
      registrar.access(self, keyPath: \.lastError)
      return storedLastError
    }
    set { registrar.withMutation(of: self, keyPath: \.lastError) { storedLastError = newValue } }
  }

  /// See ``Command/activeRuns``.
  var activeRuns: Int {
    get {
      registrar.access(self, keyPath: \.activeRuns)
      return storedActiveRuns
    }
    set {
      guard newValue != storedActiveRuns else { return }
      registrar.withMutation(of: self, keyPath: \.activeRuns) { storedActiveRuns = newValue }
    }
  }

  /// See ``Command/unwindingRuns``.
  var unwindingRuns: Int {
    get {
      registrar.access(self, keyPath: \.unwindingRuns)
      return storedUnwindingRuns
    }
    set {
      guard newValue != storedUnwindingRuns else { return }
      registrar.withMutation(of: self, keyPath: \.unwindingRuns) { storedUnwindingRuns = newValue }
    }
  }
}
