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
  actionDeclaration(
    on: BindingEndpoint(event: event), site: DeclarationSite(fileID: fileID, line: line),
    run: { mount in mount.handle(event, with: action) })
}

/// An `on(_:perform:)` declaration: a trigger edge from `source` to the action written at
/// `site`, whose function `run` adds the action's handler.
@MainActor
func actionDeclaration<Model: AnyObject>(
  on source: BindingEndpoint, site: DeclarationSite,
  run: @escaping @MainActor (BindingMount<Model>) -> Void
) -> BindingDeclaration<Model> {
  let edge = BindingEdge<Model>(
    from: source, to: BindingEndpoint(local: .action, .action(site)), role: .trigger, run: run)
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
    body: ControlCommandBody<Model, Input, Output>(
      command, trigger: control.commandTrigger, enabled: control.commandEnabled,
      busy: showsBusy ? control.commandBusy : nil, input: input))
}

/// The body of a command bound to a control: the command, the control's trigger, enabled and
/// busy states and the input, which its edges' functions read, and the ends of its edges
/// (the trigger executes the command; the command's state enables the control and shows it
/// busy).
///
/// NB: the edges' functions capture nothing (they call ``runEdge(_:in:)``) and the edges are
/// made from fields, not kept in an array: a row binding a command makes one object for it, as
/// a closure holding the same values would be.
private final class ControlCommandBody<Model: AnyObject, Input, Output>: DeclarationBody {
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

  /// The edges, in order; the busy state's only when the control shows it.
  override var edges: [AnyBindingEdge] {
    ControlCommandEdge.allCases.compactMap { edge in
      let ends: (BindingEndpoint, BindingEndpoint)? =
        switch edge {
        case .trigger: (triggerEnd, commandEnd)
        case .enabled: (commandEnd, enabledEnd)
        case .busy: busyEnd.map { (commandEnd, $0) }
        }
      return ends.map {
        AnyBindingEdge(
          from: $0, to: $1, role: edge.role, mode: nil, isTransformed: false, run: edge.function)
      }
    }
  }

  @MainActor
  override func runAll(in object: AnyObject) {
    let context = MountContext<Model>.of(object)
    for edge in ControlCommandEdge.allCases { run(edge, in: context) }
  }

  @MainActor
  override func runEdge(_ index: Int, in context: AnyObject) {
    guard let edge = ControlCommandEdge(rawValue: index) else { return }
    run(edge, in: MountContext<Model>.of(context))
  }

  @MainActor
  private func run(_ edge: ControlCommandEdge, in context: MountContext<Model>) {
    let command = command
    switch edge {
    case .trigger:
      context.register(command)
      let input = input
      context.handle(trigger) { [weak context] in context?.execute(command, input()) }
    case .enabled:
      context.canExecuteSource(of: command).add(.target(enabled))
    case .busy:
      guard let busy else { return }
      context.source(
        key: CommandProperty(command: ObjectIdentifier(command), name: .isExecuting)
      ) { command.isExecuting }
      .add(.target(busy))
    }
  }
}

/// The edges of a command bound to a control (``ControlCommandBody``), in the order they run;
/// the raw value is the edge's number for ``DeclarationBody/runEdge(_:in:)``.
private enum ControlCommandEdge: Int, CaseIterable {
  /// The control's trigger executes the command.
  case trigger
  /// The command's `canExecute` enables the control.
  case enabled
  /// The command's `isExecuting` shows the control busy.
  case busy

  var role: GraphEdge.Role {
    switch self {
    case .trigger: .trigger
    case .enabled: .enabled
    case .busy: .busy
    }
  }

  /// The edge's function: it runs this edge of the body it is given, and captures nothing.
  var function: EdgeFunction {
    switch self {
    case .trigger: { $1.runEdge(ControlCommandEdge.trigger.rawValue, in: $0) }
    case .enabled: { $1.runEdge(ControlCommandEdge.enabled.rawValue, in: $0) }
    case .busy: { $1.runEdge(ControlCommandEdge.busy.rawValue, in: $0) }
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
