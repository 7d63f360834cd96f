/// Widgets laid out one above the other.
@MainActor
public final class VStack: Widget {
  override public var kind: String { "VStack" }

  private let content: [Widget]

  package override var listedMembers: [any WidgetMember]? { [] }

  /// Creates a vertical stack.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - content: The widgets, top to bottom.
  public init(_ id: String, @WidgetBuilder content: () -> [Widget]) {
    self.content = content()
    super.init(id: id)
  }

  override public var children: [Widget] { content }
}

/// Widgets laid out side by side.
@MainActor
public final class HStack: Widget {
  override public var kind: String { "HStack" }

  private let content: [Widget]

  package override var listedMembers: [any WidgetMember]? { [] }

  /// Creates a horizontal stack.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - content: The widgets, leading to trailing.
  public init(_ id: String, @WidgetBuilder content: () -> [Widget]) {
    self.content = content()
    super.init(id: id)
  }

  override public var children: [Widget] { content }
}
