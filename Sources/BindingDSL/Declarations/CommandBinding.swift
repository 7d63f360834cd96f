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
  let local = LocalNodeCounter.make()
  let site = DeclarationSite(fileID: fileID, line: line)
  // NB: endpoints and edges are made only when the text can be needed (autoclosures).
  return BindingDeclaration(
    summary: "on(\(event.eventKey))", site: site,
    endpoints: [
      Endpoint(event: event),
      Endpoint(identity: .local(local), kind: .action, name: "action at \(site)", valueType: ""),
    ],
    edges: [
      EdgePlan(
        from: .event(event.eventKey), to: .local(local), mode: nil, role: .trigger,
        isTransformed: false)
    ]
  ) { context in
    let token = event.addHandler(action)
    context.onUnmount { event.removeHandler(token) }
  }
}

@MainActor
private func makeCommandBinding<Model: AnyObject, Input, Output>(
  _ command: Command<Input, Output>,
  on control: some CommandControl,
  input: @escaping @MainActor () -> Input,
  showsBusy: Bool,
  site: DeclarationSite
) -> BindingDeclaration<Model> {
  let trigger = control.commandTrigger
  let enabled = control.commandEnabled
  let busy = showsBusy ? control.commandBusy : nil
  // NB: the text is made only when it can be needed (not for a list's later rows): the
  // endpoints and edges are arguments of autoclosures.
  return BindingDeclaration(
    summary: "command(\(command.name ?? "(unnamed)"), on: \(trigger.eventKey.widgetID))",
    site: site,
    endpoints: commandEndpoints(command, trigger: trigger, enabled: enabled, busy: busy),
    edges: commandEdges(command, trigger: trigger, enabled: enabled, busy: busy)
  ) { context in
    context.register(command)
    context.canExecuteSource(of: command).add(.target(enabled))
    if let busy {
      context.source(key: CommandProperty(command: ObjectIdentifier(command), name: .isExecuting)) {
        command.isExecuting
      }
      .add(.target(busy))
    }
    let token = trigger.addHandler { [weak context] in context?.execute(command, input()) }
    context.onUnmount { trigger.removeHandler(token) }
  }
}

/// The endpoints of a command binding: the control's trigger, the command, and the control's
/// enabled and busy states.
@MainActor
private func commandEndpoints<Input, Output>(
  _ command: Command<Input, Output>, trigger: any EventSource,
  enabled: any ValueTarget<Bool>, busy: (any ValueTarget<Bool>)?
) -> [Endpoint] {
  var endpoints = [Endpoint(event: trigger), Endpoint(command), Endpoint(enabled)]
  if let busy { endpoints.append(Endpoint(busy)) }
  return endpoints
}

/// The edges of a command binding: trigger to command, command to enabled and busy states.
@MainActor
private func commandEdges<Input, Output>(
  _ command: Command<Input, Output>, trigger: any EventSource,
  enabled: any ValueTarget<Bool>, busy: (any ValueTarget<Bool>)?
) -> [EdgePlan] {
  let commandID = Endpoint.Identity.command(ObjectIdentifier(command))
  var edges = [
    EdgePlan(
      from: .event(trigger.eventKey), to: commandID, mode: nil, role: .trigger,
      isTransformed: false),
    EdgePlan(
      from: commandID, to: .widget(enabled.targetKey), mode: nil, role: .enabled,
      isTransformed: false),
  ]
  if let busy {
    edges.append(
      EdgePlan(
        from: commandID, to: .widget(busy.targetKey), mode: nil, role: .busy,
        isTransformed: false))
  }
  return edges
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
