/// Builds the declarations of a bindings body for one view-model type.
///
/// Every line of a body is a ``BindingDeclaration`` and every block (the body, a branch of an
/// `if` or a `switch`, the body of a `for`) makes one group declaration of its lines, so that the
/// type checker sees one concrete type everywhere and each line costs it as little as it can
/// (see Docs/Decisions/0018-builders-have-one-concrete-component.md, and Docs/Performance.md,
/// "Type-checking", for how the time grows). It supports `if`, `if`/`else`, `switch`, `for`
/// and `if #available`.
///
/// A body that returns `[BindingDeclaration<Model>]` gets the single declarations, groups
/// opened; a body that returns `BindingDeclaration<Model>` gets one group, which another body
/// can take as a line:
///
/// ```swift
/// @BindingsBuilder<AddressViewModel>
/// func addressBindings(_ vm: AddressViewModel) -> BindingDeclaration<AddressViewModel> {
///   bind(\.street, to: street.text)
///   bind(\.city, to: city.text)
/// }
/// ```
@resultBuilder
public enum BindingsBuilder<Model: AnyObject> {
  /// One line or one block of a body.
  public typealias Component = BindingDeclaration<Model>

  // NB: no `buildExpression` and no `buildPartialBlock`. With them, each line is an overload
  // choice and each block a chain of nested calls, and a 200-line body took four times a
  // 100-line one; a variadic `buildBlock` of one concrete type is solved line by line.

  /// A line: gives `bind`, `command` and `on` their view-model type, which a key path such as
  /// `\.password` cannot name by itself.
  ///
  /// - Parameter declaration: A declaration written on the line.
  /// - Returns: The same declaration, its view-model type now known.
  public static func buildExpression(_ declaration: consuming Component) -> Component {
    declaration
  }

  /// The lines of a block, as one group.
  ///
  /// - Parameter components: The block's lines, in order.
  /// - Returns: A group of them.
  public static func buildBlock(_ components: Component...) -> Component {
    // NB: a block of one line (the body of a `for`) is that line: no group to make and open.
    components.count == 1 ? components[0] : .group(components)
  }

  /// An `if` without `else`: its block, or an empty group.
  ///
  /// - Parameter component: The block, or `nil` when the condition was false.
  /// - Returns: The block, or an empty group.
  public static func buildOptional(_ component: Component?) -> Component {
    component ?? .group([])
  }

  /// The first branch of an `if`/`else` or a `switch`.
  ///
  /// - Parameter component: The branch's block.
  /// - Returns: The same block.
  public static func buildEither(first component: Component) -> Component { component }

  /// The second branch of an `if`/`else` or a `switch`.
  ///
  /// - Parameter component: The branch's block.
  /// - Returns: The same block.
  public static func buildEither(second component: Component) -> Component { component }

  /// The blocks a `for` made, as one group.
  ///
  /// - Parameter components: One block for each pass of the loop.
  /// - Returns: A group of them.
  public static func buildArray(_ components: [Component]) -> Component { .group(components) }

  /// The block of an `if #available`.
  ///
  /// - Parameter component: The block.
  /// - Returns: The same block.
  public static func buildLimitedAvailability(_ component: Component) -> Component { component }

  /// A body returning a list: its single declarations, groups opened.
  ///
  /// - Parameter component: The body's lines, as one group.
  /// - Returns: The single declarations, in the order they were written.
  public static func buildFinalResult(_ component: Component) -> [BindingDeclaration<Model>] {
    component.flattened
  }

  // NB: disfavored, so that a body whose result type is not known yet (a closure with a capture
  // list) gets the list, as it did before groups existed.
  /// Returns the group of a body's lines as one declaration.
  ///
  /// - Parameter component: The body's lines, as one group.
  /// - Returns: The same group, for another body to take as one line.
  @_disfavoredOverload
  public static func buildFinalResult(_ component: Component) -> Component { component }
}
