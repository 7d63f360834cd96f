/// Builds the children of a container: widgets, with `if`, `if`/`else`, `switch`, `for` and
/// optionals.
@resultBuilder
@MainActor
public enum WidgetBuilder {
  public typealias Component = [Widget]

  public static func buildExpression(_ widget: Widget) -> Component { [widget] }
  public static func buildExpression(_ widget: Widget?) -> Component { widget.map { [$0] } ?? [] }
  public static func buildExpression(_ widgets: [Widget]) -> Component { widgets }
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
