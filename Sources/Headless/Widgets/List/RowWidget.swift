import BindingDSL

/// One row of a ``ListView``: the widgets its template made, mounted on the row's view model.
///
/// A row is addressed by its list's id and its view model's id: `orders[42]`, and a widget inside
/// it as `orders[42].title`. Widget ids inside a row are unique within the row, not the screen.
@MainActor
public final class RowWidget: Widget {
  /// The row's kind: a row, or a section's header or footer.
  public enum Role: String, Sendable {
    /// A row of a view model.
    case row = "Row"
    /// A section's header.
    case header = "Header"
    /// A section's footer.
    case footer = "Footer"
  }

  /// Whether this is a row, a header or a footer.
  public let role: Role
  /// The identity of the row's view model.
  public let rowID: AnyHashable
  // NB: made when first asked for, as a widget's base properties are, and kept only among the
  // adopted members (no stored property each, which put a row in a larger size class): most
  // rows have no height of their own and are never selected, and a list render reads every row.

  /// The row's height, when its template takes it from the view model.
  public var height: WidgetProperty<Double?> {
    if let made = adoptedProperty(named: "height", of: Double?.self) { return made }
    let made = WidgetProperty<Double?>(widgetID: id, name: "height", value: nil)
    adopt(made)
    return made
  }

  /// Whether the row is selected.
  public var isSelected: WidgetProperty<Bool> {
    if let made = adoptedProperty(named: "isSelected", of: Bool.self) { return made }
    let made = WidgetProperty(widgetID: id, name: "isSelected", value: false)
    adopt(made)
    return made
  }

  /// ``height``'s value, read without making the property.
  var heightNow: Double? { adoptedProperty(named: "height", of: Double?.self)?.value ?? nil }
  /// ``isSelected``'s value, read without making the property.
  var isSelectedNow: Bool { adoptedProperty(named: "isSelected", of: Bool.self)?.value ?? false }
  /// The widgets the row's template made.
  public internal(set) var content: Widget? { didSet { reportChange("children") } }
  /// The view model, while the row is mounted (held strongly until then: a list looks it up on
  /// every change, and a weak reference costs more than the row's unmount that drops it).
  public private(set) var model: AnyObject?
  /// The list that shows the row, while it is mounted in one: what a host selects the row
  /// through (``ListView/select(_:)``) and finds its position with
  /// (``ListView/position(of:)``).
  public internal(set) weak var list: ListView?

  var mount: ChildMount?

  package override var listedMembers: [any WidgetMember]? { [] }

  /// Makes the row of `model`, whose id `rowID` reads `described` (made from the id when
  /// `nil`).
  init(
    listID: String, role: Role, rowID: AnyHashable, model: any RowModel, described: String? = nil
  ) {
    self.role = role
    self.rowID = rowID
    self.model = model
    let described = described ?? describeRowID(rowID.base)
    let id =
      role == .row
      ? listID + "[" + described + "]" : "\(listID)[\(role.rawValue.lowercased()):\(described)]"
    super.init(id: id)
  }

  override public var kind: String { role.rawValue }

  /// The row as the driver and ``ListView/itemIDs`` spell it: `42` for the row of id 42,
  /// `header:open` and `footer:open` for the header and footer of section `open`. A host that
  /// keeps one item per entry of `itemIDs` finds a row's item by it.
  public var itemID: String {
    guard let open = id.firstIndex(of: "[") else { return id }
    return String(id[id.index(after: open)...].dropLast())
  }

  // NB: made when asked for; the renderer visits the content without the array
  // (`visitChildren`), which a row kept at the cost of an allocation and a word.
  override public var children: [Widget] { content.map { [$0] } ?? [] }

  override func visitChildren(_ body: (Widget) -> Void) {
    if let content { body(content) }
  }

  /// A row's widgets are found through its path, not among the screen's ids.
  override public var scopedChildren: [Widget] { [] }

  override public var renderedFields: [RenderedField] {
    var fields: [RenderedField] = []
    if let height = heightNow { fields.append(.init("height", .number(height))) }
    guard role == .row, let actions = list?.boundActionsText else { return fields }
    fields.append(.init("actions", .text(actions)))
    return fields
  }

  override func appendFields(to output: inout RenderOutput) -> Bool {
    if let height = heightNow { output.appendField("height", .number(height)) }
    if role == .row, let actions = list?.boundActionsText {
      output.appendTextField("actions", actions)
    }
    return true
  }

  override public var renderedFlags: [String] { isSelectedNow ? ["selected"] : [] }

  override public var interactions: Set<Interaction> { role == .row ? [.select] : [] }

  /// Unmounts the row's bindings, cancelling the runs they started, and drops its widgets and
  /// view model.
  func unmount() {
    mount?.unmount()
    release()
  }

  /// Unmounts the row as it leaves the window: its runs go on, since its view model stays in
  /// the list, and the pending Observation registration its mount leaves is returned for the
  /// row's next mount to take over.
  ///
  /// - Returns: The registration, or `nil` when none is left to take over.
  func unmountLeavingWindow() -> Subscription? {
    let left = mount?.unmountKeepingObservation()
    release()
    return left
  }

  /// Unmounts the row as it is taken out of its list, cancelling the runs its bindings
  /// started, and returns the pending Observation registration its mount leaves, which the list
  /// keeps for the row put back.
  ///
  /// - Returns: The registration, or `nil` when none is left to take over.
  func unmountRetiring() -> Subscription? {
    let left = mount?.unmountKeepingObservation(cancellingRuns: true)
    release()
    return left
  }

  /// Drops the row's mount, widgets and view model.
  private func release() {
    mount = nil
    content = nil
    model = nil
  }

  /// The widget with `id` inside the row.
  package func widget(_ id: String) -> Widget? {
    content?.allWidgets.first { $0.id == id }
  }

  /// The ids of the widgets inside the row, sorted.
  package var widgetIDs: [String] {
    (content?.allWidgets.map(\.id) ?? []).sorted()
  }
}

/// A row id as text, as `"\(id)"` writes it: integers and strings without the printing
/// machinery (describing an `Any` was a fiftieth of applying a list change), anything else as
/// it prints.
func describeRowID<ID>(_ id: ID) -> String {
  if let number = id as? Int { return String(number) }
  if let text = id as? String { return text }
  return "\(id)"
}
