public import BindingDSL

/// A list of rows, each a ``RowTemplate`` mounted on its own cell view model, optionally in
/// sections with header and footer view models; with selection, swipe actions, pull to refresh,
/// load more, and empty and failure texts.
///
/// ```swift
/// let list = ListView("orders", rows: [OrderRow.self], emptyText: "No orders")
/// // in bindings:
/// show(\.orders, in: list, animation: .fade)
/// command(vm.open, on: list.selection)
/// command(vm.close, on: list.deselection)
/// command(vm.show, on: list.willDisplay)
/// command(vm.hide, on: list.didEndDisplaying)
/// command(vm.delete, on: list.deletion)
/// command(vm.refresh, on: list.refresh)
/// command(vm.loadMore, on: list.loadMore)
/// bind(\.hasMore, to: list.hasMore)
/// ```
///
/// Rows are matched across changes by their view model's `id`: a row that stays keeps its
/// widgets and bindings, a new one is mounted, a removed one is unmounted and releases its view
/// model and widgets. The last batch of changes is kept in ``lastChanges`` and can be rendered.
///
/// The list keeps every row's view model but mounts only the rows of its window: the
/// ``visibleRowCount`` rows from ``firstVisibleRow``, and ``windowMargin`` more on each side.
/// A row entering the window is mounted (``willDisplay``), one leaving it is unmounted
/// (``didEndDisplaying``), as a table view's cells are; ``scroll(toRow:)`` moves it.
@MainActor
public final class ListView: Widget {
  override public var kind: String { "List" }

  /// The list's id and `rows`, as the graph names the node its rows are bound to.
  public let targetKey: TargetKey
  /// A row was selected (tapped).
  public let selection: RowEvent
  /// A selected row was deselected: another was selected, it was selected again, the screen
  /// showing the list appeared again (see ``clearsSelectionOnReappear``), or the row went away:
  /// removed, or mounted anew because its view model was replaced or the list reloaded. A row
  /// that goes away is deselected before its ``didEndDisplaying``, and no row is selected after.
  public let deselection: RowEvent
  /// A row is about to be shown: it was mounted, added or scrolled into the window; or, while
  /// a host reports the rows it displays (``setDisplayedRows(_:)``), it entered them.
  public let willDisplay: RowEvent
  /// A row stopped being shown: it was removed, or scrolled out of the window; or, while a host
  /// reports the rows it displays (``setDisplayedRows(_:)``), it left them.
  public let didEndDisplaying: RowEvent
  /// The swipe-to-delete action.
  public let deletion: RowEvent
  /// Pull to refresh; busy shows as `refreshing`.
  public let refresh: ListControl
  /// Scrolling to the end loads more; busy shows as `loading-more`.
  public let loadMore: ListControl
  /// Whether there is more to load; while `false`, scrolling to the end loads nothing.
  public let hasMore: WidgetProperty<Bool>
  /// What the list shows when it has no rows; `nil` shows nothing.
  public let emptyText: WidgetProperty<String?>
  /// What the list shows when its data could not be loaded; `nil` while it could.
  public let failureText: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? {
    [
      selection, deselection, willDisplay, didEndDisplaying, deletion, hasMore, emptyText,
      failureText,
    ] + customActions
  }

  /// Whether the selected row is deselected (and ``deselection`` sent) when the screen showing
  /// the list appears again after it disappeared, as when a screen pushed by selecting a row is
  /// popped: selecting that row then selects it again, instead of deselecting it. `true` by
  /// default; set it to `false` for a list whose selection must outlast the screen being
  /// hidden.
  public var clearsSelectionOnReappear = true

  /// The last batch of changes applied, with its animation.
  public internal(set) var lastChanges: ListChanges?
  /// Why the list cannot show its rows as asked: its last content could not be shown in full
  /// (a row without a template, repeated ids), or its window is set to a size no window has (a
  /// ``visibleRowCount`` below 1, a negative ``windowMargin``); `nil` when neither.
  public var problem: String? {
    guard let window = windowProblem else { return contentProblem }
    guard let contentProblem else { return window }
    return contentProblem + "; " + window
  }
  /// Why the last content could not be shown in full; `nil` when it was.
  var contentProblem: String? {
    didSet { if contentProblem != oldValue { reportChange("problem") } }
  }

  /// Sets ``contentProblem`` from what the rows of a content reported: each problem once, in
  /// the order first met, with how many rows had it when more than one did (a list of 200 rows
  /// of a type without a template says so once).
  ///
  /// - Parameter problems: A problem per row that could not be shown.
  func reportContentProblems(_ problems: [String]) {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for problem in problems {
      if counts[problem] == nil { order.append(problem) }
      counts[problem, default: 0] += 1
    }
    let described = order.map { problem in
      let count = counts[problem] ?? 1
      return count == 1 ? problem : "\(problem) (\(count) rows)"
    }
    contentProblem = described.isEmpty ? nil : described.joined(separator: "; ")
  }

  let templates: [ObjectIdentifier: AnyRowTemplate]
  private var customActions: [RowEvent] = []
  var sections: [SectionState] = [] {
    // NB: no `oldValue`, so a row mounted in place is still mutated in place.
    didSet { itemLayout = nil }
  }
  /// Where the items of ``sections`` start and which item each mounted widget is, while they
  /// have not changed since it was made (see ``currentItemLayout``).
  var itemLayout: ItemLayout?
  var isSectioned = false
  /// The selected row's view model, until it is deselected or goes away, in the window or not.
  var selectedModel: AnyObject?
  /// The selected row's widgets, while it is in the window.
  var selectedWidget: RowWidget?

  /// The row selected with ``select(_:)`` (by a person, the driver or a host), while it is
  /// selected and in the window: what a host shows as selected, found without reading each
  /// row's ``RowWidget/isSelected``. `nil` when no row is selected or the selected row is
  /// outside the window.
  public var selectedRow: RowWidget? { selectedWidget }
  /// The position of the first row a host shows, counted across sections.
  public internal(set) var firstVisibleRow = 0
  /// How many rows a host shows at once; the window mounts them and ``windowMargin`` more on
  /// each side. Changing it mounts the rows that enter the window and unmounts those that leave
  /// it, with their ``willDisplay`` and ``didEndDisplaying``, as a scroll does.
  /// Below 1 is a ``problem``, and the window shows 1 row meanwhile; `Int.max` mounts every row.
  public var visibleRowCount = ListView.defaultVisibleRowCount {
    didSet { if visibleRowCount != oldValue { windowSizeChanged() } }
  }
  /// What keeps the window in place when rows are inserted or removed before it:
  /// ``WindowAnchor/position`` by default.
  public var windowAnchor = WindowAnchor.position
  /// Where the first row shown is to be after the content being applied, when
  /// ``windowAnchor`` follows it by identity; taken by the next ``clampWindow(count:)``.
  var anchoredFirstRow: Int?
  /// How many rows the window mounts before and after the rows a host shows; changing it mounts
  /// and unmounts the rows that enter and leave the window, as ``visibleRowCount`` does. Below 0
  /// is a ``problem``, and the window mounts no margin meanwhile.
  public var windowMargin = ListView.defaultWindowMargin {
    didSet { if windowMargin != oldValue { windowSizeChanged() } }
  }
  /// Holds back ``willDisplay`` and ``didEndDisplaying`` while the driver pages through the rows
  /// in search of a widget: no person saw those rows (see ``holdingDisplayEvents(_:)``).
  var holdsDisplayEvents = false
  /// The positions of the rows a host last reported displayed (``setDisplayedRows(_:)``), or
  /// `nil` while it reports none and every mounted row is displayed.
  var reportedDisplayedRows: Range<Int>?
  /// The rows sent ``willDisplay`` and not yet ``didEndDisplaying``, in order, while a host
  /// reports the rows displayed.
  var displayedRows: [DisplayedRow] = []
  /// Mounts the rows that enter the window: the mounter of the last content shown.
  var mounter: (any ChildMounter)?
  /// The registrations that rows taken out of the list left, for the row put back on the same
  /// view model to take over (Decisions/0130); made when the first row is taken out.
  var retiredRows: ParkedSubscriptions?
  /// Per row list (``ListContent/rowList``), the ``ListContent/revision`` of its last content
  /// shown: a row list's reload made since is shown even when edits followed it before the
  /// flush.
  var appliedRevisions: [RowListIdentity: Int] = [:]
  /// Whether the list was given a content, of a row list or not.
  var hasReceivedContent = false
  /// The rows' identities by their own `ID` type, while the list shows one collection of one
  /// view-model type in one section: later contents of that kind are diffed through it.
  var rowIndex: AnyObject?

  /// Creates a list.
  ///
  /// - Parameters:
  ///   - id: The list's identity; rows are addressed as `<id>[<row id>]`.
  ///   - templates: The row templates, one per cell view-model type (headers and footers
  ///     included).
  ///   - emptyText: What the list shows when it has no rows.
  public init(_ id: String, rows templates: [any RowTemplate.Type], emptyText: String? = nil) {
    targetKey = TargetKey(widgetID: id, property: "rows")
    selection = RowEvent(widgetID: id, name: "selection")
    deselection = RowEvent(widgetID: id, name: "deselection")
    willDisplay = RowEvent(widgetID: id, name: "willDisplay", sentForSeveralRowsAtOnce: true)
    didEndDisplaying = RowEvent(
      widgetID: id, name: "didEndDisplaying", sentForSeveralRowsAtOnce: true)
    deletion = RowEvent(widgetID: id, name: "delete", title: "Delete")
    refresh = ListControl(widgetID: id, name: "refresh")
    loadMore = ListControl(widgetID: id, name: "loadMore")
    hasMore = WidgetProperty(widgetID: id, name: "hasMore", value: true)
    self.emptyText = WidgetProperty(widgetID: id, name: "emptyText", value: emptyText)
    failureText = WidgetProperty(widgetID: id, name: "failureText", value: nil)
    var byType: [ObjectIdentifier: AnyRowTemplate] = [:]
    for template in templates {
      let erased = AnyRowTemplate(template)
      byType[erased.modelType] = erased
    }
    self.templates = byType
    let rowTypes = byType.values.map(\.modelClass)
    for event in [selection, deselection, willDisplay, didEndDisplaying, deletion] {
      event.rowModelTypes = rowTypes
    }
    super.init(id: id)
    adopt(
      selection, deselection, willDisplay, didEndDisplaying, deletion, refresh.trigger,
      refresh.isEnabled, refresh.isBusy, loadMore.trigger, loadMore.isEnabled, loadMore.isBusy,
      hasMore, self.emptyText, failureText)
  }

  /// The swipe action `name`, made the first time it is asked for: bind a command to it with
  /// `command(vm.archive, on: list.swipeAction("archive", title: "Archive"))`.
  ///
  /// - Parameters:
  ///   - name: The action's name, as the driver's `swipe(_:action:)` takes it.
  ///   - title: The title the action shows.
  /// - Returns: The action's event.
  public func swipeAction(_ name: String, title: String) -> RowEvent {
    if name == deletion.eventKey.property { return deletion }
    if let existing = customActions.first(where: { $0.eventKey.property == name }) {
      return existing
    }
    let action = RowEvent(widgetID: id, name: name, title: title)
    action.rowModelTypes = templates.values.map(\.modelClass)
    customActions.append(action)
    adopt(action)
    return action
  }

  /// The swipe actions a command is bound to, in order: `delete` first.
  public var boundActions: [RowEvent] {
    // NB: asked by every row's render line; most lists have no custom action.
    if customActions.isEmpty { return deletion.handlerCount > 0 ? [deletion] : [] }
    return ([deletion] + customActions).filter { $0.handlerCount > 0 }
  }

  /// The names of ``boundActions`` as a row's line shows them (`delete, archive`), or `nil`
  /// when none is bound. Kept while the same actions are bound: every row's line asks for it.
  var boundActionsText: String? {
    // NB: which actions are bound, one bit each, while they fit in a word.
    var bound: Int? = deletion.handlerCount > 0 ? 1 : 0
    if customActions.count >= Int.bitWidth - 2 { bound = nil }
    for (index, action) in customActions.enumerated() where action.handlerCount > 0 {
      bound = bound.map { $0 | 2 << index }
    }
    if let bound, let cached = actionsText, cached.bound == bound { return cached.text }
    let names = boundActions.map(\.eventKey.property)
    let text = names.isEmpty ? nil : names.joined(separator: ", ")
    if let bound { actionsText = (bound, text) }
    return text
  }
  private var actionsText: (bound: Int, text: String?)?

  /// The rows of the window, mounted on their cell view models, in order, across sections: every
  /// row of a list whose rows fit its window. A section's header and footer are not rows:
  /// ``itemIDs`` names them, and ``row(_:)`` finds them.
  public var rows: [RowWidget] {
    var mounted: [RowWidget] = []
    forEachRow(in: windowRange) { _, _, row in
      if let widget = row.widget { mounted.append(widget) }
    }
    return mounted
  }

  /// The rows mounted now, with the headers and footers of their sections, in the order they
  /// show: what a ``WidgetChangeFeed`` follows in a list.
  var mountedRowWidgets: [RowWidget] { sections.flatMap(\.all) }

  /// How many rows there are, across sections, in the window or not.
  public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// The row whose view model has the id `id`, described as the driver spells it, if it is in
  /// the window; ``reveal(_:)`` scrolls to a row outside it.
  ///
  /// - Parameter id: The row's id as text (`42` for `orders[42]`), or `header:<section>` and
  ///   `footer:<section>` for a section's header and footer.
  /// - Returns: The row, if the list shows it in its window.
  public func row(_ id: String) -> RowWidget? {
    let full = "\(self.id)[\(id)]"
    for section in sections {
      if let header = section.header, header.id == full { return header }
      if let footer = section.footer, footer.id == full { return footer }
    }
    return rows.first { $0.id == full }
  }

  /// The ids of every row as the driver spells them (`42` for `orders[42]`), in order, in the
  /// window or not: no section headers or footers.
  public var rowIDs: [String] { sections.flatMap(\.describedIDs) }

  /// The ids of everything the list shows as a row, as the driver spells them, in the order
  /// they show: each section's header (`header:<section>`), its rows and its footer
  /// (`footer:<section>`), in the window or not. Every one is a row path the driver can
  /// address, and a mounted row's ``RowWidget/itemID``. A host's ``WidgetChangeFeed`` names
  /// `items` on the list for each content it takes (rows inserted, deleted, moved or
  /// replaced); a window that moves names `children` alone.
  public var itemIDs: [String] {
    sections.flatMap { section in
      var ids: [String] = []
      if let header = section.header { ids.append(header.itemID) }
      ids += section.describedIDs
      if let footer = section.footer { ids.append(footer.itemID) }
      return ids
    }
  }

  /// Selects the row `row`: it becomes the selected row, the previously selected one is
  /// deselected, and the selection events are sent.
  ///
  /// - Parameter row: A row of this list.
  public func select(_ row: RowWidget) {
    guard let model = row.model as? any RowModel else { return }
    if let previous = selectedModel {
      deselectSelectedRow()
      if previous === model { return }
    }
    row.isSelected.value = true
    selectedModel = model
    selectedWidget = row
    selection.send(model)
  }

  /// Deselects the selected row, if any, and sends ``deselection``: the screen showing the list
  /// appears again (see ``clearsSelectionOnReappear``).
  func screenReappears() {
    guard clearsSelectionOnReappear, selectedModel != nil else { return }
    deselectSelectedRow()
  }

  /// Deselects the selected row and sends ``deselection`` with its view model, whether the row
  /// is in the window or not.
  func deselectSelectedRow() {
    guard let model = selectedModel as? any RowModel else { return }
    selectedModel = nil
    if let widget = selectedWidget, widget.isSelectedNow { widget.isSelected.value = false }
    selectedWidget = nil
    deselection.send(model)
  }

  // MARK: - Rendering

  override public var children: [Widget] {
    let count = rowCount
    let window = windowRange(count: count)
    var children: [Widget] = []
    if window.count < count {
      children.append(
        WindowLine(list: id, before: window.lowerBound, after: count - window.upperBound))
    }
    if isSectioned {
      return children + sections.map { SectionWidget(list: id, state: $0) }
    }
    return children.isEmpty ? rows : children + rows
  }

  /// Rows are reached through their paths (`orders[42].title`), not among the screen's ids.
  override public var scopedChildren: [Widget] { [] }

  override public var renderedFields: [RenderedField] {
    let count = rowCount
    var fields: [RenderedField] = [.init("count", .number(Double(count)))]
    if count == 0, let empty = emptyText.value { fields.append(.init("empty", .text(empty))) }
    if let failure = failureText.value { fields.append(.init("failure", .text(failure))) }
    if let problem { fields.append(.init("problem", .text(problem))) }
    if RenderOptions.current.contains(.listChanges), let lastChanges {
      fields.append(.init("changes", .text(lastChanges.description)))
      fields.append(.init("animation", .word(lastChanges.animation.rawValue)))
    }
    return fields
  }

  override public var renderedFlags: [String] {
    var flags: [String] = []
    if refresh.isBusy.value { flags.append("refreshing") }
    if loadMore.isBusy.value { flags.append("loading-more") }
    if loadMore.isBound && !hasMore.value { flags.append("no-more") }
    return flags
  }

  override public var interactions: Set<Interaction> {
    var able: Set<Interaction> = []
    if refresh.isBound { able.insert(.refresh) }
    if loadMore.isBound { able.insert(.scroll) }
    return able
  }
}

extension Widget {
  /// Tells every list in this tree, embedded screens included, that the screen showing it
  /// appears again after it disappeared (see ``ListView/clearsSelectionOnReappear``).
  func listsReappear() {
    if let list = self as? ListView {
      // NB: a list's children are its rows, whose own lists do not reappear with the screen.
      list.screenReappears()
      return
    }
    for child in children { child.listsReappear() }
  }
}
