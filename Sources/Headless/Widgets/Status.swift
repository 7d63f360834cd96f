public import BindingDSL

/// A heads-up display over the screen: loading, an outcome, or a message.
///
/// Bind a command's status to it with `feedback(of: vm.load, on: hud)`, or bind a view-model
/// property of type `Feedback` to ``feedback``.
@MainActor
public final class HUD: Widget, FeedbackDisplay {
  override public var kind: String { "HUD" }

  /// What the HUD shows: nothing, loading, an outcome or a message.
  public let feedback: WidgetProperty<Feedback>

  package override var listedMembers: [any WidgetMember]? { [feedback] }

  /// Creates a HUD.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - feedback: What it shows at first.
  public init(_ id: String, feedback: Feedback = .none) {
    self.feedback = WidgetProperty(widgetID: id, name: "feedback", value: feedback)
    super.init(id: id)
  }

  /// The property a `feedback(of:on:)` binding writes: ``feedback``.
  public var feedbackTarget: any ValueTarget<Feedback> { feedback }

  override public var renderedFields: [RenderedField] {
    let (state, message): (String, String?) =
      switch feedback.value {
      case .none: ("none", nil)
      case .loading(let text): ("loading", text)
      case .success(let text): ("success", text)
      case .failure(let text): ("failure", text)
      case .message(let text): ("message", text)
      }
    let stateField = RenderedField("state", .word(state))
    guard let message else { return [stateField] }
    return [stateField, .init("message", .text(message))]
  }
}

/// Determinate progress from 0 to 1.
@MainActor
public final class ProgressBar: Widget {
  override public var kind: String { "ProgressBar" }

  /// The fraction done; the renderer clamps it to 0...1 and shows NaN as 0.
  public let value: WidgetProperty<Double>

  package override var listedMembers: [any WidgetMember]? { [value] }

  /// Creates a progress bar.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - value: The fraction done at first.
  public init(_ id: String, value: Double = 0) {
    self.value = WidgetProperty(widgetID: id, name: "value", value: value)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    [.init("value", .number(value.value.isNaN ? 0 : min(max(value.value, 0), 1)))]
  }
}

/// A simple list of text rows, one label each: search results, a list of names.
///
/// Rows render as labels with ids `<id>.<index>`.
@MainActor
public final class TextList: Widget {
  override public var kind: String { "TextList" }

  /// The rows' texts, in order.
  public let items: WidgetProperty<[String]>

  package override var listedMembers: [any WidgetMember]? { [items] }
  /// The row labels made for the items as they were at `version` (their change count): made
  /// again only when the items change, not on every render.
  private var rows: (version: Int, labels: [Widget])?

  /// Creates a text list.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - items: The rows' texts at first.
  public init(_ id: String, items: [String] = []) {
    self.items = WidgetProperty(widgetID: id, name: "items", value: items)
    super.init(id: id)
  }

  override public var children: [Widget] {
    if let rows, rows.version == items.changeCount { return rows.labels }
    let labels: [Widget] = items.value.enumerated().map {
      Label("\(id).\($0.offset)", text: $0.element)
    }
    rows = (items.changeCount, labels)
    return labels
  }

  override public var renderedFields: [RenderedField] {
    [.init("count", .number(Double(items.value.count)))]
  }
}
