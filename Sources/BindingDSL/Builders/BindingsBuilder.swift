/// Builds the list of declarations of a bindings body for one view-model type.
///
/// The builder is generic over the view model only and every declaration is one concrete type,
/// which keeps large bodies fast to type-check. It supports `if`, `if`/`else`, `switch`, `for`
/// and `if #available`.
@resultBuilder
public enum BindingsBuilder<Model: AnyObject> {
  public typealias Component = [BindingDeclaration<Model>]

  public static func buildExpression(_ declaration: BindingDeclaration<Model>) -> Component {
    [declaration]
  }

  public static func buildExpression(_ declarations: Component) -> Component {
    declarations
  }

  public static func buildBlock() -> Component { [] }

  public static func buildPartialBlock(first: Component) -> Component { first }

  public static func buildPartialBlock(accumulated: Component, next: Component) -> Component {
    accumulated + next
  }

  public static func buildOptional(_ component: Component?) -> Component { component ?? [] }

  public static func buildEither(first component: Component) -> Component { component }

  public static func buildEither(second component: Component) -> Component { component }

  public static func buildArray(_ components: [Component]) -> Component {
    components.flatMap { $0 }
  }

  public static func buildLimitedAvailability(_ component: Component) -> Component { component }
}
