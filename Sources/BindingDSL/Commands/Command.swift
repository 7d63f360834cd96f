public import Observation

/// An action a view model offers: asynchronous work with an observable status, the last output
/// or error, and an enabled predicate tracked like any derived value.
///
/// Bind it to a button with `command(vm.register, on: registerButton)`: the tap executes it, the
/// button is enabled while ``canExecute`` holds, and busy while it runs.
///
/// ```swift
/// @MainActor @Observable final class LoginViewModel {
///   var name = ""
///   @ObservationIgnored private(set) lazy var logIn = Command<Void, String>(
///     "logIn", enabledWhen: { [unowned self] in !name.isEmpty }
///   ) { [weak self] in
///     try await self?.service.logIn(self?.name ?? "") ?? ""
///   }
/// }
/// ```
///
/// Executing while a run is going is ignored: the seeds' re-entry rule.
@MainActor
@Observable
public final class Command<Input, Output>: CommandObject {
  @ObservationIgnored public let name: String?
  /// Where the command is in its life.
  public private(set) var status: CommandStatus = .idle
  /// The output of the last successful run.
  public private(set) var lastOutput: Output?
  /// The error of the last failed run; cleared when a run starts.
  public private(set) var lastError: (any Error)?

  @ObservationIgnored private let work: @MainActor (Input) async throws -> Output
  @ObservationIgnored private let enabledWhen: @MainActor () -> Bool
  @ObservationIgnored private var task: Task<Void, Never>?
  @ObservationIgnored private var runID = 0

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - name: A name for graph dumps and test messages.
  ///   - enabledWhen: Whether the command may run. It is read under observation, so it may read
  ///     any view-model properties and the graph re-evaluates it when they change.
  ///   - work: The work. Capture the view model weakly: the command belongs to it.
  public init(
    _ name: String? = nil,
    enabledWhen: @escaping @MainActor () -> Bool = { true },
    work: @escaping @MainActor (Input) async throws -> Output
  ) {
    self.name = name
    self.enabledWhen = enabledWhen
    self.work = work
  }

  isolated deinit {
    task?.cancel()
  }

  /// Whether work is running.
  public var isExecuting: Bool { status == .executing }

  /// Whether the enabled predicate holds and no run is going.
  public var canExecute: Bool { !isExecuting && enabledWhen() }

  /// Starts the work with `input`, unless the command cannot execute now.
  ///
  /// - Returns: The task running the work, or `nil` when the call was ignored because the
  ///   command is disabled or already executing.
  @discardableResult
  public func execute(_ input: Input) -> Task<Void, Never>? {
    guard canExecute else { return nil }
    runID += 1
    let run = runID
    status = .executing
    lastError = nil
    let work = self.work
    // NB: the task holds the command weakly so that a view model released mid-run releases
    // its command, whose deinit cancels the work.
    let task = Task { [weak self] in
      let result: Result<Output, any Error>
      do {
        result = .success(try await work(input))
      } catch {
        result = .failure(error)
      }
      self?.finish(run: run, with: result)
    }
    self.task = task
    return task
  }

  /// Cancels the running work. The status becomes ``CommandStatus/cancelled`` at once and a late
  /// result of the cancelled run is discarded.
  public func cancel() {
    guard isExecuting, let task else { return }
    task.cancel()
    self.task = nil
    runID += 1
    status = .cancelled
  }

  private func finish(run: Int, with result: Result<Output, any Error>) {
    // A run that was cancelled or superseded must not overwrite what came after it.
    guard run == runID else { return }
    task = nil
    switch result {
    case .success(let output):
      lastOutput = output
      status = .succeeded
    case .failure(let error) where error is CancellationError:
      status = .cancelled
    case .failure(let error):
      lastError = error
      status = .failed
    }
  }
}

extension Command where Input == Void {
  /// Starts the work, unless the command cannot execute now.
  @discardableResult
  public func execute() -> Task<Void, Never>? {
    execute(())
  }
}
