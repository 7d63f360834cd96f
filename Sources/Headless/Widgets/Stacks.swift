/// Widgets laid out one above the other.
@MainActor
public final class VStack: Widget {
  private let content: [Widget]

  public init(_ id: String, @WidgetBuilder content: () -> [Widget]) {
    self.content = content()
    super.init(id: id)
  }

  override public var children: [Widget] { content }
}

/// Widgets laid out side by side.
@MainActor
public final class HStack: Widget {
  private let content: [Widget]

  public init(_ id: String, @WidgetBuilder content: () -> [Widget]) {
    self.content = content()
    super.init(id: id)
  }

  override public var children: [Widget] { content }
}
