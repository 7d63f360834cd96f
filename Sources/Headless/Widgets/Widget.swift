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
  // NB: the three properties every widget has are made the first time they are asked for (a
  // binding, a driver check, a write): most widgets never bind them, and three objects each
  // were most of a list row's widgets.
  private var enabledProperty: WidgetProperty<Bool>?
  private var hiddenProperty: WidgetProperty<Bool>?
  private var labelProperty: WidgetProperty<String?>?

  /// Whether a person can interact with the widget; enabled until something sets it.
  public var isEnabled: WidgetProperty<Bool> { property(&enabledProperty, "isEnabled", true) }

  /// Whether the widget is hidden; shown until something sets it.
  public var isHidden: WidgetProperty<Bool> { property(&hiddenProperty, "isHidden", false) }

  /// The label assistive technologies read, when it differs from the visible text; none until
  /// something sets it.
  public var accessibilityLabel: WidgetProperty<String?> {
    property(&labelProperty, "accessibilityLabel", nil)
  }

  /// One of the properties every widget has, made (named `name`, holding `value`) and kept in
  /// `stored` the first time it is asked for.
  private func property<Value: Equatable>(
    _ stored: inout WidgetProperty<Value>?, _ name: String, _ value: Value
  ) -> WidgetProperty<Value> {
    if let made = stored { return made }
    let made = WidgetProperty(widgetID: id, name: name, value: value)
    made.changeSink = changeSink
    stored = made
    return made
  }

  /// ``isEnabled``'s value, read without making the property.
  package var isEnabledNow: Bool { enabledProperty?.value ?? true }
  /// ``isHidden``'s value, read without making the property.
  package var isHiddenNow: Bool { hiddenProperty?.value ?? false }
  /// ``accessibilityLabel``'s value, read without making the property.
  package var accessibilityLabelNow: String? { labelProperty?.value ?? nil }

  /// Members a widget registered by hand with ``adopt(_:)``: those it keeps outside its stored
  /// properties.
  private var adopted: [any WidgetMember] = []
  /// The members found in the stored properties of the subclasses, once looked for.
  private var found: [any WidgetMember]?

  /// Creates a widget with an identity, enabled, shown, and without an accessibility label.
  ///
  /// A subclass declares its properties and events as stored properties (`let`, `var`, or
  /// arrays and optionals of them) made with its id: declaring one registers it, so mounting a
  /// screen checks every binding to it.
  ///
  /// - Parameter id: The widget's identity, unique within a screen.
  public init(id: String) {
    self.id = id
  }

  /// Registers members the widget makes after its initializer and keeps outside its stored
  /// properties (in a dictionary, say). Members held in stored properties, or in arrays and
  /// optionals of them, are found without it.
  ///
  /// - Parameter newMembers: The properties and events to register.
  public final func adopt(_ newMembers: any WidgetMember...) {
    adopted += newMembers
    guard let changeSink else { return }
    for member in newMembers { (member as? any ChangeReporting)?.changeSink = changeSink }
  }

  /// Where the widget and its properties report their changes while a ``WidgetChangeFeed``
  /// follows it; setting it hands it to every property made so far (those made later take it
  /// when they are made).
  package var changeSink: WidgetChangeSink? {
    didSet {
      guard changeSink !== oldValue else { return }
      for member in madeMembers { (member as? any ChangeReporting)?.changeSink = changeSink }
    }
  }

  /// Tells the ``WidgetChangeFeed`` following the widget, if any, that something it shows
  /// changed outside its ``WidgetProperty``s, which report their own changes.
  ///
  /// A kind that keeps state in plain stored properties calls it when they change, and a
  /// container calls it with `"children"` when its ``children`` change:
  ///
  /// ```swift
  /// final class CountBadge: Widget {
  ///   var count = 0 { didSet { reportChange("count") } }
  /// }
  /// ```
  ///
  /// - Parameter property: The name of what changed, as a host will look it up.
  public final func reportChange(_ property: String) {
    changeSink?.changed(property)
  }

  /// The members made so far, without making the base properties nobody asked for.
  private var madeMembers: [any WidgetMember] {
    if found == nil { found = Self.storedMembers(of: self) }
    var all: [any WidgetMember] = []
    if let enabledProperty { all.append(enabledProperty) }
    if let hiddenProperty { all.append(hiddenProperty) }
    if let labelProperty { all.append(labelProperty) }
    return all + (found ?? []) + adopted
  }

  /// The property of `Value` registered first with ``adopt(_:)`` under `name`, if any: how a
  /// kind finds a property it makes on demand without a stored property of its own.
  ///
  /// - Parameters:
  ///   - name: The property's name, such as `height`.
  ///   - type: The type of the property's value.
  /// - Returns: The property, or `nil` when none was made.
  package final func adoptedProperty<Value>(named name: String, of type: Value.Type)
    -> WidgetProperty<Value>?
  {
    guard !adopted.isEmpty else { return nil }
    for member in adopted where member.memberName == name {
      if let property = member as? WidgetProperty<Value> { return property }
    }
    return nil
  }

  /// ``Focusable/isFocused`` of a kind that makes it when first asked for (a button, a
  /// toggle, a slider…), kept only among the adopted members: most of them never hold the
  /// focus, and a list's rows are full of buttons. False and editable when made.
  package final var focusProperty: WidgetProperty<Bool> {
    if let made = adoptedProperty(named: "isFocused", of: Bool.self) { return made }
    let made = WidgetProperty(widgetID: id, name: "isFocused", value: false, isEditable: true)
    adopt(made)
    return made
  }

  /// ``focusProperty``'s value, read without making the property.
  package final var isFocusedNow: Bool {
    adoptedProperty(named: "isFocused", of: Bool.self)?.value ?? false
  }

  /// The `focused` flag while ``focusProperty`` is true, none otherwise.
  package final var focusedFlag: [String] { isFocusedNow ? ["focused"] : [] }

  /// Every bindable property and event of the widget, in declaration order (the base class's
  /// first): those its stored properties hold, found by reflection the first time they are
  /// asked for, then those registered with ``adopt(_:)``.
  ///
  /// Mounting a screen checks each binding against these: a binding to a member that is not
  /// among them (another object with the same id, a property made in a computed property) is
  /// an error.
  public var members: [any WidgetMember] {
    if found == nil { found = Self.storedMembers(of: self) }
    var all: [any WidgetMember] = [isEnabled, isHidden, accessibilityLabel]
    all += found ?? []
    for member in adopted where !all.contains(where: { $0 === member }) { all.append(member) }
    return all
  }

  /// The identity of the member named `name` (the last registered under that name), if any.
  ///
  /// - Parameter name: The member's name, such as `text`.
  /// - Returns: The member's object identity.
  package func member(named name: String) -> ObjectIdentifier? {
    members.last { $0.memberName == name }.map { ObjectIdentifier($0) }
  }

  /// The members the kind keeps in its own stored properties, in the order they are declared,
  /// or `nil` to have them found by reflection (the default, and what a kind written outside
  /// the library gets). The library's kinds list theirs: a host that follows a list's rows
  /// hands each row's widgets a change sink as the row is mounted, and reflecting on every
  /// widget of every row cost more than mounting the row. `ListedMembersTests` checks each
  /// kind's list against what reflection finds.
  package var listedMembers: [any WidgetMember]? { nil }

  /// The members held in the stored properties of `widget`: those its kind lists, or those
  /// reflection finds.
  private static func storedMembers(of widget: Widget) -> [any WidgetMember] {
    widget.listedMembers ?? reflectedMembers(of: widget)
  }

  /// The members reflection finds in the stored properties of `widget`, base class first.
  package static func reflectedMembers(of widget: Widget) -> [any WidgetMember] {
    var mirrors: [Mirror] = []
    var mirror: Mirror? = Mirror(reflecting: widget)
    // NB: the base class's own properties are made when first asked for; `members` lists them.
    while let current = mirror, current.subjectType != Widget.self {
      mirrors.append(current)
      mirror = current.superclassMirror
    }
    var members: [any WidgetMember] = []
    for mirror in mirrors.reversed() {
      for child in mirror.children { collect(child.value, into: &members) }
    }
    return members
  }

  /// Appends the members `value` holds: itself, or those of an array or an optional.
  private static func collect(_ value: Any, into members: inout [any WidgetMember]) {
    if let member = value as? any WidgetMember {
      if !members.contains(where: { $0 === member }) { members.append(member) }
      return
    }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .collection || mirror.displayStyle == .optional else { return }
    for child in mirror.children { collect(child.value, into: &members) }
  }

  /// The kind shown first on the widget's line, such as `Button`.
  open var kind: String { String(describing: type(of: self)) }

  /// The kind with its indefinite article, as messages say it: `a Button`, `an Image`.
  package var kindWithArticle: String {
    let kind = kind
    let startsWithVowel = kind.first.map { "AEIOU".contains($0) } ?? false
    return (startsWithVowel ? "an " : "a ") + kind
  }

  /// The widgets nested in this one, as the render shows them.
  open var children: [Widget] { [] }

  /// The nested widgets whose ids belong to the screen's id space: all of ``children`` unless
  /// the widget opens a space of its own (a list's rows, addressed as `orders[42].title`).
  open var scopedChildren: [Widget] { children }

  /// Calls `body` with each of ``children``, in order: a kind whose children are not kept in
  /// an array (a row's one content widget) visits them without making one.
  ///
  /// - Parameter body: Called with each child.
  func visitChildren(_ body: (Widget) -> Void) {
    for child in children { body(child) }
  }

  /// The kind-specific fields shown on the widget's line, in a fixed order.
  open var renderedFields: [RenderedField] { [] }

  /// Writes the kind's fields into a render line and answers `true`, or answers `false` to have
  /// the renderer write ``renderedFields``. The built-in kinds a screen shows most (labels,
  /// buttons, rows) write theirs directly, without making the array; `TextRendererEquivalenceTests`
  /// holds what they write to their ``renderedFields``.
  func appendFields(to output: inout RenderOutput) -> Bool { false }

  /// The kind-specific flags shown in brackets, such as `busy`.
  open var renderedFlags: [String] { [] }

  /// The list gestures the widget takes now (see ``Interaction``); other widgets say what they
  /// take by adopting capabilities such as ``Tappable``.
  open var interactions: Set<Interaction> { [] }

  /// This widget and every widget nested in it in the screen's id space, depth first (a list's
  /// rows are not among them).
  public var allWidgets: [Widget] {
    var all: [Widget] = []
    appendAll(to: &all)
    return all
  }

  private func appendAll(to all: inout [Widget]) {
    all.append(self)
    for child in scopedChildren { child.appendAll(to: &all) }
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
  /// The field's name, written before `=`.
  public let name: String
  /// The value as rendered; strings are quoted and escaped by the renderer.
  public let value: Value

  /// How a field's value is written.
  public enum Value: Hashable, Sendable {
    /// A string, rendered quoted.
    case text(String)
    /// A number.
    case number(Double)
    /// A boolean, rendered `true` or `false`.
    case bool(Bool)
    /// A keyword from a fixed set, rendered bare, such as a HUD's `loading`.
    case word(String)
    /// Strings, rendered quoted, comma-separated in brackets: `["km", "mi"]`.
    case list([String])
  }

  /// Creates a field.
  ///
  /// - Parameters:
  ///   - name: The field's name.
  ///   - value: Its value.
  public init(_ name: String, _ value: Value) {
    self.name = name
    self.value = value
  }
}

extension [RenderedField] {
  /// Appends the field `name` showing `text` quoted, unless `text` is `nil`.
  mutating func appendText(_ name: String, _ text: String?) {
    if let text { append(RenderedField(name, .text(text))) }
  }
}

/// Gestures on a list and its rows whose availability depends on what is bound (a list can be
/// refreshed only when a command is bound to its refresh control).
///
/// The gestures of other widgets are capabilities they adopt (``Tappable``, ``TextEditable``,
/// ``Adjustable``…), which the driver's verbs are generic over.
public enum Interaction: String, Hashable, Sendable, CaseIterable {
  /// Selecting a row of a list.
  case select
  /// Pulling a list to refresh it.
  case refresh
  /// Scrolling a list to its end, which loads more.
  case scroll
}
