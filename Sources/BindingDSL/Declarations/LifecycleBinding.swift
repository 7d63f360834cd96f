// NB: disfavored for compile time only. No call matches both this and `on(_:perform:)` of a
// widget event (an event source is not a LifecycleEvent), and a disfavored overload is dropped
// as soon as another has matched, where otherwise every `on(_:perform:)` line would try it
// (Docs/Decisions/0045).
/// Runs `action` at a moment in the screen's life.
///
/// ```swift
/// on(.willDisappear) { vm.saveDraft() }
/// ```
///
/// - Parameters:
///   - event: The moment, such as `.didAppear`.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
///   - action: Runs on the main actor each time the moment comes.
/// - Returns: The declaration, for a bindings body.
@_disfavoredOverload
@MainActor
public func on<Model: AnyObject>(
  _ event: LifecycleEvent,
  fileID: String = #fileID,
  line: Int = #line,
  perform action: @escaping @MainActor () -> Void
) -> BindingDeclaration<Model> {
  actionDeclaration(
    on: BindingEndpoint(lifecycle: event), site: DeclarationSite(fileID: fileID, line: line),
    run: { mount in mount.handle(mount.lifecycle(event), with: action) })
}

// NB: disfavored for compile time only, as `on(_:perform:)` of a lifecycle event is: no call
// matches both this and `command(_:on:)` of a control.
/// Executes `command` at a moment in the screen's life, as the seeds load data when a screen
/// appears.
///
/// ```swift
/// command(vm.load, on: .didAppear)
/// ```
///
/// - Parameters:
///   - command: The command; it takes no input.
///   - event: The moment, such as `.didAppear`.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
/// - Returns: The declaration, for a bindings body.
@_disfavoredOverload
@MainActor
public func command<Model: AnyObject, Output>(
  _ command: Command<Void, Output>,
  on event: LifecycleEvent,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(lifecycle: event), to: BindingEndpoint(command), role: .trigger
  ) { mount in
    mount.handle(mount.lifecycle(event)) { mount.execute(command, ()) }
  }
  return BindingDeclaration(
    .commandOnEvent, site: DeclarationSite(fileID: fileID, line: line), edge: edge)
}
