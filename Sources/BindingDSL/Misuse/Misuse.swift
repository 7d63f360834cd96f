// Declarations that exist only to turn common mistakes into compiler errors that say what to
// do. Each is unavailable, so a call that also matches an available declaration never picks it;
// the compiler chooses one only when nothing else fits, and then prints its message at the
// user's line. `Scripts/compile-failures` checks every message.

/// Catches a key path whose value type is not the widget property's: the message says to add a
/// transform.
///
/// - Parameters:
///   - source: A key path whose value type differs from the widget property's.
///   - target: The widget property.
///   - mode: The mode that was asked for.
///   - fileID: Where the declaration is written.
///   - line: The line it is written on.
/// - Returns: Nothing: the declaration cannot be called.
@available(
  *, unavailable,
  message:
    "the key path's value type is not the widget property's; convert it with a transform, e.g. bind(\\.count, to: label.text) { String($0) }"
)
@MainActor
public func bind<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: KeyPath<Model, Value>,
  to target: Target,
  mode: BindingMode = .automatic,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  fatalError("unavailable")
}

/// Catches a command that takes an input bound to a control without saying where the input
/// comes from: the message says to give it in a trailing closure.
///
/// - Parameters:
///   - command: A command whose input is not `Void`.
///   - control: The control that would execute it.
///   - showsBusy: Whether the control's busy state would be bound.
///   - fileID: Where the declaration is written.
///   - line: The line it is written on.
/// - Returns: Nothing: the declaration cannot be called.
@available(
  *, unavailable,
  message:
    "this command takes an input; say where it comes from in a trailing closure, e.g. command(vm.search, on: button) { vm.query }"
)
@MainActor
public func command<Model: AnyObject, Input, Output>(
  _ command: Command<Input, Output>,
  on control: some CommandControl,
  showsBusy: Bool = true,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  fatalError("unavailable")
}

/// Catches a command bound to a row event whose input is not a row's view model (or is
/// `Void`): the message says to take the cell view model as the input.
///
/// - Parameters:
///   - command: A command whose input is not a row's view model.
///   - event: The row event.
///   - fileID: Where the declaration is written.
///   - line: The line it is written on.
/// - Returns: Nothing: the declaration cannot be called.
@available(
  *, unavailable,
  message:
    "a row event passes the row's view model; declare the command with the cell view model as its input, e.g. Command<OrderCell, Void>"
)
@MainActor
public func command<Model: AnyObject, Input, Output>(
  _ command: Command<Input, Output>,
  on event: some RowEventSource,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  fatalError("unavailable")
}

/// Catches a list shown from an array whose elements are not row view models: the message
/// says that rows are `Identifiable` classes.
///
/// - Parameters:
///   - source: A key path to an array of values that are not classes, or not `Identifiable`.
///   - list: The list that would show them.
///   - animation: How the list would animate the changes.
///   - fileID: Where the declaration is written.
///   - line: The line it is written on.
/// - Returns: Nothing: the declaration cannot be called.
@available(
  *, unavailable,
  message:
    "a list's rows are view models: make the element an Identifiable class (@Observable final class OrderCell: Identifiable), whose row a RowTemplate shows"
)
@MainActor
public func show<Model: AnyObject, Element>(
  _ source: KeyPath<Model, [Element]>,
  in list: some CollectionTarget,
  animation: RowAnimation = .automatic,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  fatalError("unavailable")
}

extension Command {
  /// Catches a command declared with `owned(by:)` in a class that does not hold a store for its
  /// commands: the message gives the conformance and the store to add.
  ///
  /// - Parameters:
  ///   - owner: An object that is not a ``CommandOwner``.
  ///   - name: The name that was given.
  ///   - policy: The policy that was asked for.
  ///   - enabledWhen: The predicate that was given.
  ///   - fileID: Where the call is written.
  ///   - line: The line it is written on.
  ///   - column: The column it is written at.
  ///   - work: The work that was given.
  /// - Returns: Nothing: the declaration cannot be called.
  @available(
    *, unavailable,
    message:
      "the owner holds its commands: declare the class a CommandOwner and give it a store, e.g. final class LoginViewModel: CommandOwner { let commands = CommandStore() ... }"
  )
  public static func owned<Owner: AnyObject>(
    by owner: Owner,
    _ name: String = #function,
    policy: ExecutionPolicy = .ignoreWhileExecuting,
    enabledWhen: (@MainActor (Owner) -> Bool)? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    column: Int = #column,
    work: @escaping @MainActor (Owner, Input) async throws -> Output
  ) -> Command {
    fatalError("unavailable")
  }
}

extension Command where Input == Void {
  /// Catches a command declared with `owned(by:)` in a class that does not hold a store for its
  /// commands, when the work takes no input: the message gives the conformance and the store to
  /// add.
  ///
  /// - Parameters:
  ///   - owner: An object that is not a ``CommandOwner``.
  ///   - name: The name that was given.
  ///   - policy: The policy that was asked for.
  ///   - enabledWhen: The predicate that was given.
  ///   - fileID: Where the call is written.
  ///   - line: The line it is written on.
  ///   - column: The column it is written at.
  ///   - work: The work that was given.
  /// - Returns: Nothing: the declaration cannot be called.
  @available(
    *, unavailable,
    message:
      "the owner holds its commands: declare the class a CommandOwner and give it a store, e.g. final class LoginViewModel: CommandOwner { let commands = CommandStore() ... }"
  )
  public static func owned<Owner: AnyObject>(
    by owner: Owner,
    _ name: String = #function,
    policy: ExecutionPolicy = .ignoreWhileExecuting,
    enabledWhen: (@MainActor (Owner) -> Bool)? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    column: Int = #column,
    work: @escaping @MainActor (Owner) async throws -> Output
  ) -> Command {
    fatalError("unavailable")
  }
}
