/// Builds the children of a container: widgets, optional widgets, and `if`, `if`/`else`,
/// `switch`, `for` and `if #available`.
///
/// Every line is a ``Widget`` (or an optional one, which adds nothing when `nil`) and every
/// block makes one ``WidgetGroup`` of its lines, so that the type checker sees one concrete type
/// everywhere and each line costs it as little as it can (see
/// Docs/Decisions/0018-builders-have-one-concrete-component.md, and Docs/Performance.md,
/// "Type-checking", for how the time grows). A container opens the groups: they never appear in
/// a tree.
///
/// A function that makes several widgets returns them as one group, written as a widget body of
/// its own, and is called as one line of a container's body:
///
/// ```swift
/// @WidgetBuilder
/// func addressFields() -> Widget {
///   street
///   city
/// }
/// ```
@resultBuilder
@MainActor
public enum WidgetBuilder {
  /// One line or one block of a body.
  public typealias Component = Widget

  // NB: no `buildExpression` and no `buildPartialBlock`, for the reason given in
  // `BindingsBuilder`: a 200-widget body took four times a 100-widget one with them.

  /// The lines of a block, as one group; `nil` lines add nothing.
  ///
  /// - Parameter components: The block's lines, in order: widgets, groups, or `nil`.
  /// - Returns: A group of their widgets.
  public static func buildBlock(_ components: (any WidgetContent)?...) -> Component {
    var widgets: [Widget] = []
    widgets.reserveCapacity(components.count)
    for case let content? in components { content.appendWidgets(to: &widgets) }
    return WidgetGroup(widgets)
  }

  /// An `if` without `else`: its block, or an empty group.
  ///
  /// - Parameter component: The block, or `nil` when the condition was false.
  /// - Returns: The block, or an empty group.
  public static func buildOptional(_ component: Component?) -> Component {
    component ?? WidgetGroup([])
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
  public static func buildArray(_ components: [Component]) -> Component {
    WidgetGroup(components)
  }

  /// The block of an `if #available`.
  ///
  /// - Parameter component: The block.
  /// - Returns: The same block.
  public static func buildLimitedAvailability(_ component: Component) -> Component { component }

  /// A body returning a list, such as a container's content: its widgets, groups opened.
  ///
  /// - Parameter component: The body's lines, as one group.
  /// - Returns: The widgets, in the order they were written.
  public static func buildFinalResult(_ component: Component) -> [Widget] {
    WidgetGroup.open(component)
  }

  // NB: disfavored, so that a body whose result type is not known yet (a closure with a capture
  // list) gets the list, as it did before groups existed.
  /// Returns the widgets of a body as they are.
  ///
  /// - Parameter component: The widgets.
  /// - Returns: The same widgets.
  @_disfavoredOverload
  public static func buildFinalResult(_ component: Component) -> Component { component }
}

/// What a line of a widget body can be: a widget, or an array of widgets.
@MainActor
public protocol WidgetContent {
  /// Appends the widgets the line stands for.
  ///
  /// - Parameter widgets: The widgets of the block so far.
  func appendWidgets(to widgets: inout [Widget])
}

extension Widget: WidgetContent {
  /// Appends the widget itself.
  ///
  /// - Parameter widgets: The widgets of the block so far.
  public func appendWidgets(to widgets: inout [Widget]) { widgets.append(self) }
}

extension Array: WidgetContent where Element: Widget {
  /// Appends the widgets of the array, in order.
  ///
  /// - Parameter widgets: The widgets of the block so far.
  public func appendWidgets(to widgets: inout [Widget]) { widgets += self as [Widget] }
}

/// Widgets taken together as one line of a widget body: what ``WidgetBuilder`` makes of a
/// block. A container opens it, so it never appears in a tree, a render or the driver's ids.
@MainActor
public final class WidgetGroup: Widget {
  /// The widgets of the group, in order; groups among them are not opened yet.
  public let widgets: [Widget]

  package override var listedMembers: [any WidgetMember]? { [] }

  /// Takes `widgets` together as one line of a widget body.
  ///
  /// - Parameter widgets: The widgets, in order.
  public init(_ widgets: [Widget]) {
    self.widgets = widgets
    super.init(id: "(group)")
  }

  override public var kind: String { "WidgetGroup" }

  override public var children: [Widget] { widgets }

  /// The widgets `widget` stands for: itself, or a group's widgets with nested groups opened.
  ///
  /// - Parameter widget: A widget or a group.
  /// - Returns: The widgets, in order.
  public static func open(_ widget: Widget) -> [Widget] {
    guard let group = widget as? WidgetGroup else { return [widget] }
    // NB: most blocks hold no group: their array is the answer as it is.
    if !group.widgets.contains(where: { $0 is WidgetGroup }) { return group.widgets }
    var all: [Widget] = []
    all.reserveCapacity(group.widgets.count)
    group.appendOpened(to: &all)
    return all
  }

  private func appendOpened(to all: inout [Widget]) {
    for widget in widgets {
      if let group = widget as? WidgetGroup {
        group.appendOpened(to: &all)
      } else {
        all.append(widget)
      }
    }
  }
}
