/// Content that scrolls: a long form, an article.
///
/// Its ``offset`` (how far the content is scrolled, in points) is editable, so
/// `bind(\.scrollOffset, to: scroll.offset)` is two-way: a view model can scroll back to the top
/// and can follow how far a person scrolled. The driver's `scroll(_:to:)` scrolls it.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// ScrollView #page offset=120
///   Slider #volume value=0.5 range=0...1 step=0.25
///   Stepper #guests value=2 range=1...8 step=1
/// ```
@MainActor
public final class ScrollView: Widget, Scrollable {
  override public var kind: String { "ScrollView" }

  /// How far the content is scrolled from its start, in points, editable.
  public let offset: WidgetProperty<Double>

  package override var listedMembers: [any WidgetMember]? { [offset] }
  private let content: [Widget]

  /// Creates a scroll view.
  ///
  /// - Parameters:
  ///   - id: The scroll view's identity.
  ///   - offset: How far it starts scrolled.
  ///   - content: The widgets that scroll.
  public init(_ id: String, offset: Double = 0, @WidgetBuilder content: () -> [Widget]) {
    self.offset = WidgetProperty(widgetID: id, name: "offset", value: offset, isEditable: true)
    self.content = content()
    super.init(id: id)
  }

  override public var children: [Widget] { content }

  override public var renderedFields: [RenderedField] { [.init("offset", .number(offset.value))] }
}
