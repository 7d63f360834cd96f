import BindingDSL

/// A headless widget model: a stable identity, enabled and hidden state, an accessibility label,
/// and the properties and events of its kind.
///
/// Widgets know nothing of the binding graph; bindings reach them through ``WidgetProperty`` and
/// ``WidgetEvent``, which adopt the DSL's `ValueTarget` and `EventSource`.
@MainActor
open class Widget {
  /// The identity the driver and the renderer use; unique within a screen.
  public let id: String
  /// Whether a person can interact with the widget.
  public let isEnabled: WidgetProperty<Bool>
  /// Whether the widget is hidden.
  public let isHidden: WidgetProperty<Bool>
  /// The label assistive technologies read, when it differs from the visible text.
  public let accessibilityLabel: WidgetProperty<String?>

  public init(id: String) {
    self.id = id
    self.isEnabled = WidgetProperty(widgetID: id, name: "isEnabled", value: true)
    self.isHidden = WidgetProperty(widgetID: id, name: "isHidden", value: false)
    self.accessibilityLabel = WidgetProperty(
      widgetID: id, name: "accessibilityLabel", value: nil)
  }

  /// The kind shown first on the widget's line, such as `Button`.
  open var kind: String { String(describing: type(of: self)) }

  /// The widgets nested in this one.
  open var children: [Widget] { [] }

  /// The kind-specific fields shown on the widget's line, in a fixed order.
  open var renderedFields: [RenderedField] { [] }

  /// The kind-specific flags shown in brackets, such as `busy`.
  open var renderedFlags: [String] { [] }

  /// What the driver can do to this widget; used in its error messages.
  open var interactions: Set<Interaction> { [] }

  /// This widget and every widget nested in it, depth first.
  public var allWidgets: [Widget] {
    [self] + children.flatMap(\.allWidgets)
  }
}

/// One `name=value` field of a widget's rendered line.
public struct RenderedField: Hashable, Sendable {
  public let name: String
  /// The value as rendered; strings are quoted and escaped by the renderer.
  public let value: Value

  public enum Value: Hashable, Sendable {
    /// A string, rendered quoted.
    case text(String)
    /// A number.
    case number(Double)
    case bool(Bool)
    /// A keyword from a fixed set, rendered bare, such as a HUD's `loading`.
    case word(String)
  }

  public init(_ name: String, _ value: Value) {
    self.name = name
    self.value = value
  }
}

/// Things a person can do to a widget.
public enum Interaction: String, Hashable, Sendable, CaseIterable {
  case tap
  case type
  case toggle
}
