/// Binds a command to a control in one line: the control's trigger executes the command, its
/// enabled state follows ``Command/canExecute``, and its busy state (if it has one) follows
/// ``Command/isExecuting``.
///
/// ```swift
/// command(vm.register, on: registerButton)
/// ```
///
/// - Parameters:
///   - command: The command; it takes no input.
///   - control: The control whose trigger executes it, such as a button.
///   - showsBusy: Whether to bind the control's busy state; pass `false` when another
///     widget shows progress.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func command<Model: AnyObject, Output>(
  _ command: Command<Void, Output>,
  on control: some CommandControl,
  showsBusy: Bool = true,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeCommandBinding(
    command, on: control, input: {}, showsBusy: showsBusy,
    site: DeclarationSite(fileID: fileID, line: line))
}

/// Binds a command that takes an input to a control; `input` is read each time the control
/// triggers.
///
/// ```swift
/// command(vm.search, on: searchButton) { vm.query }
/// ```
///
/// - Parameters:
///   - command: The command.
///   - control: The control whose trigger executes it, such as a button.
///   - showsBusy: Whether to bind the control's busy state; pass `false` when another
///     widget shows progress.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
///   - input: Read on the main actor each time the control triggers; its value is the run's
///     input.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func command<Model: AnyObject, Input, Output>(
  _ command: Command<Input, Output>,
  on control: some CommandControl,
  showsBusy: Bool = true,
  fileID: String = #fileID,
  line: Int = #line,
  input: @escaping @MainActor () -> Input
) -> BindingDeclaration<Model> {
  makeCommandBinding(
    command, on: control, input: input, showsBusy: showsBusy,
    site: DeclarationSite(fileID: fileID, line: line))
}

/// Runs `action` each time `event` happens, such as a tap on a button that has no command.
///
/// ```swift
/// on(closeButton.tap) { vm.close() }
/// ```
///
/// - Parameters:
///   - event: The widget event, such as a button's `tap`.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
///   - action: Runs on the main actor each time the event happens.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func on<Model: AnyObject>(
  _ event: some EventSource,
  fileID: String = #fileID,
  line: Int = #line,
  perform action: @escaping @MainActor () -> Void
) -> BindingDeclaration<Model> {
  let site = DeclarationSite(fileID: fileID, line: line)
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(event: event), to: BindingEndpoint(local: .action, .action(site)),
    role: .trigger,
    running: { object, _ in
      MountContext<Model>.of(object).handle(event, with: action)
    })
  return BindingDeclaration(.on, site: site, edge: edge)
}

@MainActor
private func makeCommandBinding<Model: AnyObject, Input, Output>(
  _ command: Command<Input, Output>,
  on control: some CommandControl,
  input: @escaping @MainActor () -> Input,
  showsBusy: Bool,
  site: DeclarationSite
) -> BindingDeclaration<Model> {
  BindingDeclaration(
    site: site,
    body: CommandParts<Model, Input, Output>(
      command, trigger: control.commandTrigger, enabled: control.commandEnabled,
      busy: showsBusy ? control.commandBusy : nil, input: input))
}

/// A command bound to a control: its edges (the trigger executes the command; the command's
/// state enables the control and shows it busy) and what their functions read, in one object.
///
/// NB: the edges' functions capture nothing (they call ``runEdge(_:in:)``) and the edges are
/// fields, not an array: a row binding a command makes one object for it, as a closure holding
/// the same values would be.
private final class CommandParts<Model: AnyObject, Input, Output>: DeclarationBody {
  let command: Command<Input, Output>
  let trigger: any EventSource
  let enabled: any ValueTarget<Bool>
  let busy: (any ValueTarget<Bool>)?
  let input: @MainActor () -> Input
  /// The ends of the edges, made on the main actor, where the widgets and the command are read.
  let triggerEnd: BindingEndpoint
  let commandEnd: BindingEndpoint
  let enabledEnd: BindingEndpoint
  let busyEnd: BindingEndpoint?

  @MainActor
  init(
    _ command: Command<Input, Output>, trigger: any EventSource, enabled: any ValueTarget<Bool>,
    busy: (any ValueTarget<Bool>)?, input: @escaping @MainActor () -> Input
  ) {
    self.command = command
    self.trigger = trigger
    self.enabled = enabled
    self.busy = busy
    self.input = input
    triggerEnd = BindingEndpoint(event: trigger)
    commandEnd = BindingEndpoint(command)
    enabledEnd = BindingEndpoint(enabled)
    busyEnd = busy.map { BindingEndpoint($0) }
    super.init(spelling: .commandOnControl, problems: [])
  }

  /// The trigger executes the command; the command enables the control and shows it busy.
  override var records: [EdgeRecord] {
    var records = [
      EdgeRecord(
        from: triggerEnd, to: commandEnd, role: .trigger, mode: nil, isTransformed: false,
        run: { $1.runEdge(0, in: $0) }),
      EdgeRecord(
        from: commandEnd, to: enabledEnd, role: .enabled, mode: nil, isTransformed: false,
        run: { $1.runEdge(1, in: $0) }),
    ]
    if let busyEnd {
      records.append(
        EdgeRecord(
          from: commandEnd, to: busyEnd, role: .busy, mode: nil, isTransformed: false,
          run: { $1.runEdge(2, in: $0) }))
    }
    return records
  }

  @MainActor
  override func runAll(in context: AnyObject) {
    runEdge(0, in: context)
    runEdge(1, in: context)
    if busy != nil { runEdge(2, in: context) }
  }

  @MainActor
  override func runEdge(_ index: Int, in object: AnyObject) {
    let context = MountContext<Model>.of(object)
    let command = command
    switch index {
    case 0:
      context.register(command)
      let input = input
      context.handle(trigger) { [weak context] in context?.execute(command, input()) }
    case 1:
      context.canExecuteSource(of: command).add(.target(enabled))
    default:
      guard let busy else { return }
      context.source(
        key: CommandProperty(command: ObjectIdentifier(command), name: .isExecuting)
      ) { command.isExecuting }
      .add(.target(busy))
    }
  }
}

extension MountContext {
  /// The source of a command's `canExecute`, shared by every declaration that reads it.
  func canExecuteSource(of command: some CommandObject) -> SourceNode<Bool> {
    source(key: CommandProperty(command: ObjectIdentifier(command), name: .canExecute)) {
      command.canExecute
    }
  }
}

/// The key of a command property's source node, so two bindings of one command share it.
private struct CommandProperty: Hashable {
  let command: ObjectIdentifier
  let name: Name

  /// Which of the command's states.
  enum Name: UInt8 {
    case canExecute, isExecuting
  }
}
