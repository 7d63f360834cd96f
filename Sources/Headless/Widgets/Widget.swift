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

  /// The widget's own bindable properties and events by name: what a screen checks a binding
  /// against, so that a binding to another widget object with the same id is caught.
  package private(set) var members: [String: ObjectIdentifier] = [:]

  public init(id: String) {
    self.id = id
    self.isEnabled = WidgetProperty(widgetID: id, name: "isEnabled", value: true)
    self.isHidden = WidgetProperty(widgetID: id, name: "isHidden", value: false)
    self.accessibilityLabel = WidgetProperty(
      widgetID: id, name: "accessibilityLabel", value: nil)
    adopt(isEnabled, isHidden, accessibilityLabel)
  }

  /// Registers properties and events as this widget's own. A subclass adopts those it adds,
  /// after `super.init`, so that mounting a screen can tell a binding to this widget from a
  /// binding to another object that merely has the same id.
  public final func adopt(_ newMembers: any WidgetMember...) {
    for member in newMembers { members[member.memberName] = ObjectIdentifier(member) }
  }

  /// The kind shown first on the widget's line, such as `Button`.
  open var kind: String { String(describing: type(of: self)) }

  /// The widgets nested in this one, as the render shows them.
  open var children: [Widget] { [] }

  /// The nested widgets whose ids belong to the screen's id space: all of ``children`` unless
  /// the widget opens a space of its own (a list's rows, addressed as `orders[42].title`).
  open var scopedChildren: [Widget] { children }

  /// The kind-specific fields shown on the widget's line, in a fixed order.
  open var renderedFields: [RenderedField] { [] }

  /// The kind-specific flags shown in brackets, such as `busy`.
  open var renderedFlags: [String] { [] }

  /// What the driver can do to this widget; used in its error messages.
  open var interactions: Set<Interaction> { [] }

  /// This widget and every widget nested in it in the screen's id space, depth first (a list's
  /// rows are not among them).
  public var allWidgets: [Widget] {
    [self] + scopedChildren.flatMap(\.allWidgets)
  }
}

/// A bindable property or event of a widget.
@MainActor
public protocol WidgetMember: AnyObject {
  /// The property's or event's name on its widget, such as `text` or `tap`.
  var memberName: String { get }
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
  /// Selecting a row of a list.
  case select
  /// Pulling a list to refresh it.
  case refresh
  /// Scrolling a list to its end, which loads more.
  case scroll
}
