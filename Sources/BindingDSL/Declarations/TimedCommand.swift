/// How soon a change of a value executes the command it triggers, on the graph's clock.
public enum Timing: Hashable, Sendable, CustomStringConvertible {
  /// At the flush that sees the change.
  case immediate
  /// Once the value has stopped changing for the duration, with the last value: a search field.
  case debounce(Duration)
  /// At most once per duration: the first change at once, then the latest value at the end of
  /// each window in which it changed again.
  case throttle(Duration)

  /// What is wrong with the timing as written: a duration that is not positive.
  var problems: [String] {
    switch self {
    case .immediate: []
    case .debounce(let duration), .throttle(let duration):
      duration > .zero
        ? [] : ["\(self) needs a positive duration; use .immediate to execute on every change"]
    }
  }

  /// The timing as a declaration summary names it.
  public var description: String {
    switch self {
    case .immediate: "immediate"
    case .debounce(let duration): "debounce \(duration)"
    case .throttle(let duration): "throttle \(duration)"
    }
  }
}

/// Executes `command` with the new value each time a view-model value changes, paced by
/// `timing` on the clock the graph was mounted with.
///
/// ```swift
/// command(vm.search, onChangeOf: \.query, timing: .debounce(.milliseconds(300)))
/// ```
///
/// The value the graph starts with does not execute the command; changes do. A value that
/// arrives while the command cannot execute (it is running under
/// ``ExecutionPolicy/ignoreWhileExecuting``, or its predicate is false) is not lost: the latest
/// such value executes as soon as the command can.
///
/// - Parameters:
///   - command: The command; it takes the value as input.
///   - source: The view-model value whose changes execute it.
///   - timing: `.immediate`, or a debounce or throttle on the graph's clock.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func command<Model: AnyObject, Value, Output>(
  _ command: Command<Value, Output>,
  onChangeOf source: KeyPath<Model, Value>,
  timing: Timing = .immediate,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let timer = BindingEndpoint(local: .timer, .timer(timing))
  // NB: made once per declaration, not at each mount.
  let readSource = reader(source)
  let trigger = BindingEdge<Model>(
    from: timer, to: BindingEndpoint(command), role: .trigger
  ) { mount in
    paceCommand(
      command, on: mount, timing: timing, source: mount.value(source, reading: readSource))
  }
  return BindingDeclaration(
    .commandOnChange, site: DeclarationSite(fileID: fileID, line: line),
    edges: [.input(from: BindingEndpoint(source), to: timer), trigger],
    problems: timing.problems)
}

/// Runs the timer of `command(_:onChangeOf:timing:fileID:line:)` in a mount: changes of the
/// source, paced by `timing`, execute the command.
@MainActor
private func paceCommand<Model: AnyObject, Value, Output>(
  _ command: Command<Value, Output>, on mount: BindingMount<Model>, timing: Timing,
  source: MountedValue<Value>
) {
  // A value the command could not take (it was running under .ignoreWhileExecuting, or
  // disabled) waits, the latest only, until the command can execute.
  let waiting = Waiting<Value>()
  let canExecute = mount.canExecute(command)
  let paced = mount.pace(timing, named: "\(timing) of command '\(command.name ?? "(unnamed)")'") {
    value in
    if mount.execute(command, value) {
      waiting.value = nil
    } else {
      // NB: retried at the next flush whatever `canExecute` reads then: it may turn false and
      // true again before that flush, which would then see no change.
      waiting.value = value
      canExecute.deliverAgainAtNextFlush()
    }
  }
  // NB: at the install nothing waits, and the source's first value starts no timer: neither
  // sink acts on the value it gets when added.
  canExecute.observe(skippingCurrent: true) { canExecute in
    guard canExecute, let value = waiting.value else { return }
    // NB: cleared only once the command took it: another mount may have started a run in
    // this flush; the value then waits for that run to end.
    if mount.execute(command, value) { waiting.value = nil }
  }
  source.observe(skippingCurrent: true) { paced.send($0) }
}

/// A value waiting for a command that could not take it.
@MainActor
private final class Waiting<Value> {
  var value: Value?
}

/// Paces values into an action by a ``Timing``.
@MainActor
final class Pacer<Value> {
  private let timing: Timing
  private let clock: any Clock<Duration>
  private let action: (Value) -> Void
  /// How the work ledger names the timer's work, and whose it is.
  private let work: String
  private let owner: WorkToken
  private var timer: Task<Void, Never>?
  private var isWindowOpen = false
  private var latest: Value?

  init(
    timing: Timing, clock: any Clock<Duration>, work: String, owner: WorkToken,
    action: @escaping (Value) -> Void
  ) {
    self.timing = timing
    self.clock = clock
    self.work = work
    self.owner = owner
    self.action = action
  }

  func send(_ value: Value) {
    switch timing {
    case .immediate:
      action(value)
    case .debounce(let quiet):
      timer?.cancel()
      latest = value
      timer = wait(quiet) { $0.fireLatest() }
    case .throttle(let window):
      if isWindowOpen {
        latest = value
        return
      }
      action(value)
      isWindowOpen = true
      timer = wait(window) { pacer in
        pacer.isWindowOpen = false
        if pacer.latest != nil { pacer.fireLatest(reopening: window) }
      }
    }
  }

  func cancel() {
    timer?.cancel()
    timer = nil
    latest = nil
    isWindowOpen = false
  }

  private func fireLatest(reopening window: Duration? = nil) {
    guard let value = latest else { return }
    latest = nil
    if window != nil {
      send(value)
    } else {
      action(value)
    }
  }

  private func wait(_ duration: Duration, then step: @escaping (Pacer) -> Void) -> Task<Void, Never>
  {
    let clock = self.clock
    // NB: the timer is tracked work, so that a virtual clock waits for what it starts when it
    // fires (a command run) and a driver waits for a cancelled timer to unwind.
    let ledger = WorkLedger.shared
    let id = ledger.begin(work, owner: owner)
    return Task { [weak self] in
      await ledger.run(id) {
        do {
          try await clock.sleep(for: duration)
        } catch {
          return
        }
        // NB: a timer replaced or cancelled after its sleep returned, before its task ran again
        // (a keystroke handled in between), must not fire: the value it would take is the new
        // one, whose quiet period has only begun.
        guard !Task.isCancelled, let self else { return }
        step(self)
      }
    }
  }
}
