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
  let trigger = control.commandTrigger
  let enabled = control.commandEnabled
  let commandEnd = BindingEndpoint(command)
  // The control's trigger executes the command; the command's state enables the control and
  // shows it busy.
  var edges = [
    BindingEdge<Model>(from: BindingEndpoint(event: trigger), to: commandEnd, role: .trigger) {
      mount in
      mount.handle(trigger) { mount.execute(command, input()) }
    },
    BindingEdge<Model>(from: commandEnd, to: BindingEndpoint(enabled), role: .enabled) { mount in
      mount.canExecute(command).show(in: enabled)
    },
  ]
  if showsBusy, let busy = control.commandBusy {
    edges.append(
      BindingEdge<Model>(from: commandEnd, to: BindingEndpoint(busy), role: .busy) { mount in
        mount.value(key: CommandProperty(command: ObjectIdentifier(command), name: .isExecuting)) {
          command.isExecuting
        }
        .show(in: busy)
      })
  }
  return BindingDeclaration(.commandOnControl, site: site, edges: edges)
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
