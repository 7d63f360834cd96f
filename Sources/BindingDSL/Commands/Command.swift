public import Observation

/// An action a view model offers: asynchronous work with an observable status, the last output
/// or error, and an enabled predicate tracked like any derived value.
///
/// Bind it to a button with `command(vm.register, on: registerButton)`: the tap executes it, the
/// button is enabled while ``canExecute`` holds, and busy while it runs.
///
/// ```swift
/// @MainActor @Observable final class LoginViewModel: CommandOwner {
///   let commands = CommandStore()
///   var name = ""
///   var greeting = ""
///   var logIn: Command<Void, Void> {
///     .owned(by: self, enabledWhen: { !$0.name.isEmpty }) { vm in
///       vm.greeting = "Hello, \(vm.name)"
///     }
///   }
/// }
/// ```
///
/// `Command.owned(by:)` makes the command once per view model, the first time the property is
/// read, and keeps it in the view model's ``CommandStore`` (see ``CommandOwner``). A stored `let`
/// works for a command that needs no view model, and so does `@ObservationIgnored lazy var` with
/// ``init(_:owner:policy:enabledWhen:work:)``.
///
/// What happens when it is executed while running is its ``ExecutionPolicy``; by default the
/// new execution is ignored.
@MainActor
public final class Command<Input, Output>: CommandObject, WorkOwning, Observable {
  /// The name graph dumps and errors show for the command, or `nil`.
  public let name: String?
  /// What executing while a run is going does.
  public let policy: ExecutionPolicy

  // NB: what Observation follows lives in a state object that is not generic (see
  // `CommandState`); a command stays `Observable`, and reading `status` under observation
  // follows the state's `status`.
  private let state = CommandState()

  /// Where the command is in its life. With several runs (queued or concurrent) it stays
  /// ``CommandStatus/executing`` until the last one ends, then shows the newest run's outcome.
  public private(set) var status: CommandStatus {
    get { state.status }
    set { state.status = newValue }
  }

  /// The output of the newest successful run.
  public private(set) var lastOutput: Output? {
    get { state.lastOutput.flatMap { $0 as? Output } }
    set { state.lastOutput = newValue.map { $0 as Any } }
  }

  /// The error of the newest failed run; cleared when a run starts.
  public private(set) var lastError: (any Error)? {
    get { state.lastError }
    set { state.lastError = newValue }
  }

  /// How many runs are going or waiting in the queue.
  public private(set) var activeRuns: Int {
    get { state.activeRuns }
    set { state.activeRuns = newValue }
  }

  /// How many cancelled runs have not ended yet: their work is still unwinding, or ignores
  /// cancellation. Such a run no longer changes the status or the output, but its work keeps
  /// whatever it holds (often the view model) until it ends.
  public private(set) var unwindingRuns: Int {
    get { state.unwindingRuns }
    set { state.unwindingRuns = newValue }
  }

  private let work: @MainActor (Input) async throws -> Output
  private let enabledWhen: @MainActor () -> Bool
  /// The runs going or queued, by number.
  private var tasks: [Int: Run] = [:]
  /// Runs that were cancelled and whose work has not ended yet, by number.
  private var unwinding: [Int: Run] = [:]
  /// Under ``ExecutionPolicy/queue``: a task that ends when the work of every run queued so far
  /// has ended, cancelled or not; the next run waits for it.
  private var queueLine: Task<Void, Never>?
  /// The ledger's work of the queued runs whose work has not ended, in order: the next queued
  /// run waits on the last (a run that ended, cancelled while queued, is no longer there).
  private var queuedWork: [WorkID] = []
  private var lastStarted = 0
  /// Runs numbered at or below this one may no longer write a result.
  private var settledThrough = 0
  private var errorHandlers = HandlerList<@MainActor (any Error) -> Void>()
  /// The command's token in the work ledger, which follows its runs.
  package let workToken = WorkToken.make()

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - name: A name for graph dumps and test messages.
  ///   - policy: What executing while a run is going does.
  ///   - enabledWhen: Whether the command may run. It is read under observation, so it may read
  ///     any view-model properties and the graph re-evaluates it when they change.
  ///   - work: The work. Capture the view model weakly: the command belongs to it. Check for
  ///     cancellation (`try Task.checkCancellation()`, or any cancellable `await`).
  public init(
    _ name: String? = nil,
    policy: ExecutionPolicy = .ignoreWhileExecuting,
    enabledWhen: (@MainActor () -> Bool)? = nil,
    work: @escaping @MainActor (Input) async throws -> Output
  ) {
    self.name = name
    self.policy = policy
    // NB: a `nil` default rather than `{ true }`: a main-actor closure as a default argument
    // beside nonisolated ones cannot be evaluated where a lazy property's initializer runs.
    self.enabledWhen = enabledWhen ?? { true }
    self.work = work
  }

  isolated deinit {
    for run in tasks.values { run.cancel() }
  }

  /// Whether work is running or queued.
  public var isExecuting: Bool { status == .executing }

  /// Whether ``execute(_:)`` would do something now: the enabled predicate holds and, under
  /// ``ExecutionPolicy/ignoreWhileExecuting``, no run is going.
  public var canExecute: Bool {
    (policy != .ignoreWhileExecuting || !isExecuting) && enabledWhen()
  }

  /// Executes the work with `input`, as the ``policy`` says.
  ///
  /// - Returns: The task of the new run (awaiting it waits for the run to end), or `nil` when
  ///   the call was ignored because the command cannot execute now.
  ///
  /// - Parameter input: The input the work is given.
  @discardableResult
  public func execute(_ input: Input) -> Task<Void, Never>? {
    execute(input, origin: nil)
  }

  /// Executes the work with `input` on behalf of `origin` (a mounted graph), which can later
  /// cancel the runs it started and no others.
  @discardableResult
  package func execute(_ input: Input, origin: WorkToken?) -> Task<Void, Never>? {
    guard canExecute else { return nil }
    lastStarted += 1
    let number = lastStarted
    var line: Task<Void, Never>?
    switch policy {
    case .ignoreWhileExecuting, .concurrent:
      break
    case .cancelPrevious:
      cancelRunning()
    case .queue:
      line = queueLine
    }
    let run = start(number, input, after: line, origin: origin)
    if policy == .queue {
      // NB: the line ends when this run's work and every earlier one's have ended, whether
      // or not they were cancelled: a run cancelled while queued ends at once, and a run
      // waiting on it alone would start beside the one before it.
      let task = run.task
      queueLine = Task { [line] in
        await line?.value
        await task.value
      }
      queuedWork.append(run.work)
    }
    activeRuns = tasks.count
    lastError = nil
    status = .executing
    return run.task
  }

  /// Cancels the running work and empties the queue. The status becomes
  /// ``CommandStatus/cancelled`` at once, and late results of the cancelled runs are discarded.
  public func cancel() {
    guard isExecuting else { return }
    cancelRunning()
    settledThrough = lastStarted
    activeRuns = 0
    status = .cancelled
  }

  /// Cancels the runs that `origin` started, and no others. The status still shows the newest
  /// run's outcome: ``CommandStatus/cancelled`` when the newest run settled so far is one of
  /// these; what a newer run ended with otherwise, once no run is left.
  package func cancelRuns(startedBy origin: WorkToken) {
    let started = tasks.filter { $0.value.origin == origin }
    guard let newest = started.keys.max() else { return }
    for (number, run) in started {
      tasks[number] = nil
      unwind(number, run)
    }
    // NB: a cancelled run newer than every settled one is the newest outcome so far: an older
    // run ending later without a result of its own must not show what an even older one ended
    // with (its error was cleared when the cancelled run started). An older run that does end
    // with a result still records it: it was not cancelled.
    if newest > settledThrough { outcome = .cancelled }
    activeRuns = tasks.count
    if tasks.isEmpty { status = outcome }
  }

  /// Calls `handler` with every error a run of this command ends with (cancellation is not an
  /// error). One place to show every failure, whichever control started the run.
  ///
  /// - Parameter handler: Called on the main actor with the error of each failed run.
  /// - Returns: A token for ``removeErrorHandler(_:)``.
  @discardableResult
  public func addErrorHandler(_ handler: @escaping @MainActor (any Error) -> Void) -> HandlerToken {
    errorHandlers.add(handler)
  }

  /// Removes a handler added with ``addErrorHandler(_:)``.
  ///
  /// - Parameter token: The token ``addErrorHandler(_:)`` returned; a token already removed does nothing.
  public func removeErrorHandler(_ token: HandlerToken) {
    errorHandlers.remove(token)
  }

  private func cancelRunning() {
    for (number, run) in tasks { unwind(number, run) }
    tasks = [:]
  }

  /// Cancels `run` and follows it until its work ends.
  private func unwind(_ number: Int, _ run: Run) {
    run.cancel()
    unwinding[number] = run
    unwindingRuns = unwinding.count
  }

  private func start(
    _ number: Int, _ input: Input, after line: Task<Void, Never>?, origin: WorkToken?
  ) -> Run {
    let work = self.work
    let ledger = WorkLedger.shared
    // NB: the ledger follows the wait on the run queued last, which itself waits on the one
    // before it (see `WorkLedger.end`).
    let id = ledger.begin(
      "command '\(name ?? "(unnamed)")'", owner: workToken,
      after: line == nil ? nil : queuedWork.last)
    // NB: the task holds the command weakly: the command cancels its runs when it is released.
    // (Work that calls the view model holds the view model, and so the command, until it ends
    // or is cancelled; unmounting a screen cancels the runs it started.) A queued run waits
    // for the run before it.
    let task = Task { [weak self] in
      await ledger.run(id) {
        // NB: a cancelled queued run stops waiting for the runs before it, so that it ends (and
        // lets go of its input) at once, not when they end; the queue's line still waits.
        if let line { await awaitUnlessCancelled(line) }
        let result: Result<Output, any Error>
        do {
          try Task.checkCancellation()
          result = .success(try await work(input))
        } catch {
          result = .failure(error)
        }
        self?.finish(number, with: result)
      }
    }
    let run = Run(task: task, work: id, origin: origin)
    tasks[number] = run
    return run
  }

  private func finish(_ number: Int, with result: Result<Output, any Error>) {
    if let work = (tasks[number] ?? unwinding[number])?.work,
      let index = queuedWork.firstIndex(of: work)
    {
      queuedWork.remove(at: index)
    }
    if unwinding.removeValue(forKey: number) != nil {
      unwindingRuns = unwinding.count
      return
    }
    guard tasks.removeValue(forKey: number) != nil else { return }
    // A run older than one whose result is already shown (or that was cancelled) must not
    // overwrite what came after it.
    var failure: (any Error)?
    if number > settledThrough {
      settledThrough = number
      failure = record(result)
    }
    activeRuns = tasks.count
    if tasks.isEmpty { status = outcome }
    // NB: the handlers see the run ended (its status, the runs left), so that one may execute
    // the command again.
    if let failure {
      for handler in errorHandlers.handlers { handler(failure) }
    }
  }

  private var outcome: CommandStatus = .idle

  /// Records what the newest run ended with; returns its error, for the error handlers.
  private func record(_ result: Result<Output, any Error>) -> (any Error)? {
    switch result {
    case .success(let output):
      lastOutput = output
      outcome = .succeeded
      return nil
    case .failure(let error) where error is CancellationError:
      outcome = .cancelled
      return nil
    case .failure(let error):
      lastError = error
      outcome = .failed
      return error
    }
  }
}

extension Command where Input == Void {
  /// Executes the work, as the ``policy`` says.
  ///
  /// - Returns: The task of the new run (awaiting it waits for the run to end), or `nil` when
  ///   the call was ignored because the command cannot execute now.
  @discardableResult
  public func execute() -> Task<Void, Never>? {
    execute(())
  }
}

/// One run of a command: its task, the work the ledger follows, and who started it.
@MainActor
private struct Run {
  let task: Task<Void, Never>
  let work: WorkID
  /// The mounted graph that started the run, if one did.
  let origin: WorkToken?

  func cancel() {
    task.cancel()
    WorkLedger.shared.cancelled(work)
  }
}
