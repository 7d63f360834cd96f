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
@MainActor
public final class ListView: Widget, CollectionTarget {
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
  /// A row is about to be shown: it was mounted.
  public let willDisplay: RowEvent
  /// A row stopped being shown: it was removed.
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
  /// Whether the selected row is deselected (and ``deselection`` sent) when the screen showing
  /// the list appears again after it disappeared, as when a screen pushed by selecting a row is
  /// popped: selecting that row then selects it again, instead of deselecting it. `true` by
  /// default; set it to `false` for a list whose selection must outlast the screen being
  /// hidden.
  public var clearsSelectionOnReappear = true

  /// The last batch of changes applied, with its animation.
  public internal(set) var lastChanges: ListChanges?
  /// Why the last content could not be shown in full (a row without a template, repeated
  /// ids); `nil` when it was.
  public internal(set) var problem: String?

  private let templates: [ObjectIdentifier: AnyRowTemplate]
  private var customActions: [RowEvent] = []
  var sections: [SectionState] = []
  private var isSectioned = false
  /// The selected row, until it is deselected or goes away.
  private var selectedRow: RowWidget?
  /// Per row list (``ListContent/rowList``), the ``ListContent/revision`` of its last content
  /// shown: a row list's reload made since is shown even when edits followed it before the
  /// flush.
  private var appliedRevisions: [Int: Int] = [:]
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

  /// The rows bound to the list's cell view models, in order, across sections. A section's
  /// header and footer are not rows: ``itemIDs`` names them, and ``row(_:)`` finds them.
  public var rows: [RowWidget] {
    // NB: one section's rows are its array as it is, not a copy of every reference.
    sections.count == 1 ? sections[0].rows : sections.flatMap(\.rows)
  }

  /// How many rows there are, across sections.
  private var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// The row whose view model has the id `id`, described as the driver spells it.
  ///
  /// - Parameter id: The row's id as text (`42` for `orders[42]`), or `header:<section>` and
  ///   `footer:<section>` for a section's header and footer.
  /// - Returns: The row, if the list shows it.
  public func row(_ id: String) -> RowWidget? {
    let full = "\(self.id)[\(id)]"
    for section in sections {
      if let header = section.header, header.id == full { return header }
      if let row = section.rows.first(where: { $0.id == full }) { return row }
      if let footer = section.footer, footer.id == full { return footer }
    }
    return nil
  }

  /// The ids of ``rows`` as the driver spells them (`42` for `orders[42]`), in the same order:
  /// no section headers or footers.
  public var rowIDs: [String] { rows.map(rowID) }

  /// The ids of everything the list shows as a row, as the driver spells them, in the order
  /// they show: each section's header (`header:<section>`), its rows and its footer
  /// (`footer:<section>`). Every one is a row path the driver can address.
  public var itemIDs: [String] { sections.flatMap { $0.all.map(rowID) } }

  /// The id of `row` as the driver spells it: its widget id without the list's id and the
  /// brackets.
  private func rowID(_ row: RowWidget) -> String {
    String(row.id.dropFirst(id.count + 1).dropLast())
  }

  /// Selects the row `row`: it becomes the selected row, the previously selected one is
  /// deselected, and the selection events are sent.
  ///
  /// - Parameter row: A row of this list.
  public func select(_ row: RowWidget) {
    guard let model = row.model as? any RowModel else { return }
    if let previous = selectedRow, let old = previous.model as? any RowModel {
      deselectSelectedRow(previous, old)
      if previous === row { return }
    }
    row.isSelected.value = true
    selectedRow = row
    selection.send(model)
  }

  /// Deselects the selected row, if any, and sends ``deselection``: the screen showing the list
  /// appears again (see ``clearsSelectionOnReappear``).
  func screenReappears() {
    guard clearsSelectionOnReappear, let row = selectedRow else { return }
    deselectSelectedRow(row, row.model as? any RowModel)
  }

  /// Deselects `row`, the selected row, and sends ``deselection`` with its view model `model`
  /// (when it still has one).
  private func deselectSelectedRow(_ row: RowWidget, _ model: (any RowModel)?) {
    selectedRow = nil
    if row.isSelectedNow { row.isSelected.value = false }
    if let model { deselection.send(model) }
  }

  // MARK: - CollectionTarget

  /// Shows `content`: rows that stay keep their widgets and bindings, new rows are mounted
  /// with `mounter`, removed rows are unmounted. What a `show(_:in:)` binding calls.
  ///
  /// - Parameters:
  ///   - content: The sections and rows to show, and the animation.
  ///   - mounter: Mounts the bindings of new rows under the screen's graph.
  public func receive(_ content: ListContent, mounter: any ChildMounter) {
    var content = content
    // NB: whether to show a row list's reload is decided from its revisions alone (its
    // `reloadsAll` stays set until its next edit), each compared with the last one shown of the
    // same row list. A row list new to the list has its pending reload shown, unless the list
    // showed nothing yet (every row is new then).
    if content.rowList != 0 {
      let shown = appliedRevisions[content.rowList] ?? (appliedRevisions.isEmpty ? .max : 0)
      content.reloadsAll = content.reloadedAt > shown
    }
    appliedRevisions[content.rowList] = content.revision
    if let rows = content.typedRows, !content.reloadsAll,
      receiveIndexed(rows, animation: content.animation, mounter: mounter)
    {
      return
    }
    receive(sectionsOf: content, mounter: mounter)
    rowIndex = nil
    if let rows = content.typedRows, problem == nil { makeIndex(rows) }
  }

  /// Applies `content` section by section, with ids as `AnyHashable`: any content, at a cost per
  /// row.
  private func receive(sectionsOf content: ListContent, mounter: any ChildMounter) {
    var problems: [String] = []
    // The new rows, each id once, with their ids read once.
    var newIndex: [AnyHashable: Int] = [:]
    newIndex.reserveCapacity(content.sections.reduce(0) { $0 + $1.rows.count })
    var newSections: [(section: ListSection, rows: [(model: any RowModel, id: AnyHashable)])] = []
    var sectionIDs: Set<AnyHashable> = []
    for section in content.sections {
      // NB: a section is known by its id across changes (its header and footer are kept by
      // it), so a repeated one is not shown, as a repeated row is not.
      guard sectionIDs.insert(section.id).inserted else {
        problems.append(
          "sections must have unique ids; \(describeRowID(section.id.base)) is repeated")
        continue
      }
      var kept: [(model: any RowModel, id: AnyHashable)] = []
      kept.reserveCapacity(section.rows.count)
      for model in section.rows {
        let rowID = rowIdentity(of: model)
        guard newIndex[rowID] == nil else {
          problems.append("rows must have unique ids; \(rowID.base) is repeated")
          continue
        }
        newIndex[rowID] = newIndex.count
        kept.append((model, rowID))
      }
      newSections.append((section, kept))
    }
    var changes = ListChanges(animation: content.animation)
    // Rows that leave are unmounted; the others are known by their old position across
    // sections and the section they were in.
    let oldRows = rows
    var oldIndex: [AnyHashable: Int] = [:]
    oldIndex.reserveCapacity(oldRows.count)
    var oldSectionOfRow: [Int] = []
    oldSectionOfRow.reserveCapacity(oldRows.count)
    var oldSectionIndex: [AnyHashable: Int] = [:]
    oldSectionIndex.reserveCapacity(sections.count)
    for (sectionIndex, section) in sections.enumerated() {
      oldSectionIndex[section.id] = sectionIndex
      for _ in section.rows { oldSectionOfRow.append(sectionIndex) }
    }
    for (position, row) in oldRows.enumerated() {
      guard newIndex[row.rowID] != nil else {
        changes.deletedRows.append(describe(row.rowID))
        retire(row)
        continue
      }
      oldIndex[row.rowID] = position
    }
    // NB: a batch is read section by section, as a table view reads one: a section that stays
    // but left the longest increasing run of old section positions moved (its rows with it);
    // a row moved when it changed section, or left the longest increasing run of old positions
    // among the rows that stayed in its section.
    let staying = newSections.filter { oldSectionIndex[$0.section.id] != nil }
    let sectionRun = increasingRun(in: staying.map { oldSectionIndex[$0.section.id] ?? 0 })
    for (index, (section, _)) in staying.enumerated() where !sectionRun[index] {
      changes.movedSections.append(describe(section.id))
    }
    // Per section, the rows that stay in order, each with its place in `positions` (the old
    // positions of those that were in this section too), or `nil` when it changed section.
    var positions: [Int] = []
    var stayingRows: [(id: AnyHashable, run: Int?)] = []
    for (section, rows) in newSections {
      let oldSection = oldSectionIndex[section.id]
      positions.removeAll(keepingCapacity: true)
      stayingRows.removeAll(keepingCapacity: true)
      for (_, rowID) in rows {
        guard let position = oldIndex[rowID] else {
          changes.insertedRows.append(describe(rowID))
          continue
        }
        if oldSectionOfRow[position] == oldSection {
          stayingRows.append((rowID, positions.count))
          positions.append(position)
        } else {
          stayingRows.append((rowID, nil))
        }
      }
      let inPlace = increasingRun(in: positions)
      for (rowID, run) in stayingRows where run.map({ !inPlace[$0] }) ?? true {
        changes.movedRows.append(describe(rowID))
      }
    }
    // The widgets of every row mounted anew (new, staying with another view model, or all of
    // them on a reload) are made first, together (see `prepareRow`); their bindings are then
    // mounted in order, each after the row it replaces is retired. Per new row, in order: what
    // was prepared for it, or `nil` when its old row stays as it is.
    var prepared: [Result<PreparedRow, RowProblem>?] = []
    for (_, models) in newSections {
      for (model, rowID) in models {
        let stays =
          !content.reloadsAll && oldIndex[rowID].map { oldRows[$0].model === model } == true
        prepared.append(stays ? nil : prepare(model, role: .row, rowID: rowID))
      }
    }
    var nextPrepared = 0
    var rebuilt: [SectionState] = []
    for (section, models) in newSections {
      var state = SectionState(id: section.id)
      state.rows.reserveCapacity(models.count)
      for (_, rowID) in models {
        let old = oldIndex[rowID].map { oldRows[$0] }
        let made = prepared[nextPrepared]
        nextPrepared += 1
        guard let made else {
          // NB: nothing was prepared for a row whose old row stays.
          if let old { state.rows.append(old) }
          continue
        }
        if let old {
          changes.updatedRows.append(describe(rowID))
          retire(old)
        }
        if let row = finish(made, mounter: mounter, problems: &problems) {
          state.rows.append(row)
        }
      }
      let previous = sections.first { $0.id == section.id }
      state.header = reuse(
        previous?.header, for: section.header, role: .header, sectionID: section.id,
        reloading: content.reloadsAll, mounter: mounter, problems: &problems)
      state.footer = reuse(
        previous?.footer, for: section.footer, role: .footer, sectionID: section.id,
        reloading: content.reloadsAll, mounter: mounter, problems: &problems)
      rebuilt.append(state)
    }
    let newSectionIDs = Set(rebuilt.map(\.id))
    let oldSectionIDs = Set(sections.map(\.id))
    for section in sections where !newSectionIDs.contains(section.id) {
      changes.deletedSections.append(describe(section.id))
      for row in [section.header, section.footer].compactMap({ $0 })
      where !rebuilt.contains(where: { $0.header === row || $0.footer === row }) {
        row.unmount()
      }
    }
    for section in rebuilt where !oldSectionIDs.contains(section.id) {
      changes.insertedSections.append(describe(section.id))
    }
    sections = rebuilt
    isSectioned =
      content.sections.count != 1 || content.sections.first?.id != AnyHashable(0)
      || content.sections.first?.header != nil || content.sections.first?.footer != nil
    lastChanges = changes
    problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  /// Unmounts every row, releasing their view models and widgets: what unmounting the binding
  /// does.
  public func unmountRows() {
    rowIndex = nil
    for section in sections {
      for row in section.all { row.unmount() }
    }
    sections = []
    selectedRow = nil
  }

  // MARK: - Rendering

  override public var children: [Widget] {
    if isSectioned {
      return sections.map { SectionWidget(list: id, state: $0) }
    }
    return rows
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

  // MARK: - Mounting rows

  func mount(
    _ model: any RowModel, role: RowWidget.Role, rowID: AnyHashable,
    mounter: any ChildMounter, problems: inout [String]
  ) -> RowWidget? {
    finish(prepare(model, role: role, rowID: rowID), mounter: mounter, problems: &problems)
  }

  /// Makes the row of `model` and its widgets, without its bindings (``finish(_:mounter:problems:)``
  /// mounts them), or tells why it cannot be made.
  func prepare(
    _ model: any RowModel, role: RowWidget.Role, rowID: AnyHashable, described: String? = nil
  ) -> Result<PreparedRow, RowProblem> {
    let type = ObjectIdentifier(Swift.type(of: model as AnyObject))
    guard let template = templates[type] else {
      let known = templates.values.map { "\($0.name) (\($0.modelName))" }.sorted()
      return .failure(
        RowProblem(
          message: "no row template for \(Swift.type(of: model as AnyObject)) in list '\(id)'; "
            + "templates: \(known.isEmpty ? "none" : known.joined(separator: ", "))"))
    }
    let row = RowWidget(listID: id, role: role, rowID: rowID, model: model, described: described)
    // NB: a row's id is written in renders and driver paths (orders[42].title): a line break or
    // a closing bracket in it would break the line or the path.
    if let problem = unnameableRowProblem(row.id) { return .failure(problem) }
    do {
      return .success(PreparedRow(row: row, model: model, mount: try template.prepare(model, row)))
    } catch {
      return .failure(RowProblem(message: "\(error)"))
    }
  }

  /// Mounts the bindings of a prepared row and sends `willDisplay` for it; `nil` (with the
  /// problem added to `problems`) when the row could not be made or its bindings mounted.
  func finish(
    _ made: Result<PreparedRow, RowProblem>, mounter: any ChildMounter, problems: inout [String]
  ) -> RowWidget? {
    let prepared: PreparedRow
    switch made {
    case .success(let row): prepared = row
    case .failure(let problem):
      problems.append(problem.message)
      return nil
    }
    let row = prepared.row
    do {
      row.mount = try prepared.mount(mounter)
    } catch {
      problems.append("\(error)")
      return nil
    }
    row.list = self
    if row.role == .row { willDisplay.send(prepared.model) }
    return row
  }

  private func reuse(
    _ existing: RowWidget?, for model: (any RowModel)?, role: RowWidget.Role,
    sectionID: AnyHashable, reloading: Bool, mounter: any ChildMounter,
    problems: inout [String]
  ) -> RowWidget? {
    if let existing, let model, existing.model === model, !reloading { return existing }
    existing?.unmount()
    guard let model else { return nil }
    return mount(model, role: role, rowID: sectionID, mounter: mounter, problems: &problems)
  }

  func retire(_ row: RowWidget) {
    if let model = row.model as? any RowModel {
      if selectedRow === row { deselectSelectedRow(row, model) }
      didEndDisplaying.send(model)
    }
    row.unmount()
  }

  private func describe(_ id: AnyHashable) -> String { describeRowID(id.base) }
}

/// Marks the elements of the longest strictly increasing subsequence of `values`: rows whose
/// old positions are on it kept their order; the others moved. O(n log n).
func increasingRun(in values: [Int]) -> [Bool] {
  var tails: [Int] = []  // indices into values: the smallest tail of each run length
  var previous = [Int](repeating: -1, count: values.count)
  for (index, value) in values.enumerated() {
    // Most rows keep their order: a value above the longest run's tail extends it.
    if let last = tails.last, values[last] < value {
      previous[index] = last
      tails.append(index)
      continue
    }
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var marks = [Bool](repeating: false, count: values.count)
  var index = tails.last ?? -1
  while index >= 0 {
    marks[index] = true
    index = previous[index]
  }
  return marks
}

/// A row whose widgets are made and whose bindings are not mounted yet.
@MainActor
struct PreparedRow {
  let row: RowWidget
  let model: any RowModel
  /// Mounts the row's bindings.
  let mount: RowMount
}

/// Why a row could not be made.
struct RowProblem: Error {
  let message: String
}

/// Why the row whose widget id is `rowWidgetID` (`orders[42]`, `orders[header:open]`) cannot be
/// named in renders and driver paths, or `nil` when it can: its id holds a control character or
/// a `]` before the one that closes it.
@inline(never)
private func unnameableRowProblem(_ rowWidgetID: String) -> RowProblem? {
  var hasControl = false
  var closings = 0
  var previous: UInt8 = 0
  for byte in rowWidgetID.utf8 {
    // NB: C0 controls and DEL, and C1 controls (U+0080–U+009F, 0xC2 0x80–0x9F in UTF-8), as the
    // widget id check refuses them.
    if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
      hasControl = true
      break
    }
    if byte == 0x5D { closings += 1 }
    previous = byte
  }
  guard hasControl || closings > 1 else { return nil }
  let open = rowWidgetID.firstIndex(of: "[").map { rowWidgetID.index(after: $0) }
  let described = open.map { String(rowWidgetID[$0...].dropLast()) } ?? rowWidgetID
  return RowProblem(
    message: "row and section ids must be written without control characters or ']', so that "
      + "renders and driver paths can name them; '\(escapedForMessage(described))' is not shown")
}

/// The rows of one section as a list shows them.
@MainActor
struct SectionState {
  let id: AnyHashable
  var header: RowWidget?
  var footer: RowWidget?
  var rows: [RowWidget] = []

  /// The header, the rows and the footer, in the order they show.
  var all: [RowWidget] {
    var all: [RowWidget] = []
    all.reserveCapacity(rows.count + 2)
    if let header { all.append(header) }
    all.append(contentsOf: rows)
    if let footer { all.append(footer) }
    return all
  }
}

/// A section as the render shows it: its header, rows and footer, one level deeper.
@MainActor
private final class SectionWidget: Widget {
  private let state: SectionState

  init(list: String, state: SectionState) {
    self.state = state
    super.init(id: "\(list).\(state.id.base)")
  }

  override var kind: String { "Section" }

  override var children: [Widget] { state.all }

  override var renderedFields: [RenderedField] {
    [.init("count", .number(Double(state.rows.count)))]
  }
}

/// One batch of changes a list applied: rows and sections by id, and the animation.
///
/// Applied to the list as it was, section by section, the batch gives the list as it is, as a
/// table view reads a batch update: take out the deleted and moved rows and the deleted and
/// moved sections (a moved section keeps its rows that stay in it; a deleted one has none left);
/// the sections left are in their new order. Then put in the inserted and moved sections at
/// their new indices (an inserted section empty), in ascending order, and then the inserted and
/// moved rows at their new index paths, in ascending order. So a row that stays in its section
/// and is not moved keeps its order among the rows that stay in it, and a row that changes
/// section is always a move. The new indices come from the new content, as a table view takes
/// them from its data source.
///
/// ```swift
/// // s0: [1, 2], s1: [3]
/// try rows.moveSection(from: 1, to: 0)
/// try rows.move(from: RowPosition(section: 1, row: 0), to: RowPosition(section: 0, row: 1))
/// // s1: [3, 1], s0: [2]; the list's last changes: move section s1; move 1
/// ```
public struct ListChanges: Hashable, Sendable, CustomStringConvertible {
  /// Rows inserted, by id, in the order they now appear (new rows of inserted sections
  /// included).
  public var insertedRows: [String] = []
  /// Rows deleted, by id, in the order they appeared (rows of deleted sections that went
  /// included).
  public var deletedRows: [String] = []
  /// Rows that stay but moved, by id, in the order they now appear: each row that changed
  /// section, and in each section the fewest rows whose moving leaves the others in order.
  public var movedRows: [String] = []
  /// Rows whose view model was replaced (or that were reloaded), mounted anew.
  public var updatedRows: [String] = []
  /// Sections inserted, by id.
  public var insertedSections: [String] = []
  /// Sections deleted, by id.
  public var deletedSections: [String] = []
  /// Sections that stay but moved, by id, in the order they now appear: the fewest whose moving
  /// leaves the other sections that stay in order.
  public var movedSections: [String] = []
  /// How the batch is animated.
  public var animation: RowAnimation

  /// Creates an empty batch.
  ///
  /// - Parameter animation: How the batch is animated.
  public init(animation: RowAnimation) {
    self.animation = animation
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    insertedRows.isEmpty && deletedRows.isEmpty && movedRows.isEmpty && updatedRows.isEmpty
      && insertedSections.isEmpty && deletedSections.isEmpty && movedSections.isEmpty
  }

  /// `insert section b; delete section a; move section c; insert 4, 5; delete 1; move 2;
  /// update 3`, or `none`.
  public var description: String {
    var parts: [String] = []
    func add(_ verb: String, _ ids: [String]) {
      if !ids.isEmpty { parts.append("\(verb) \(ids.joined(separator: ", "))") }
    }
    add("insert section", insertedSections)
    add("delete section", deletedSections)
    add("move section", movedSections)
    add("insert", insertedRows)
    add("delete", deletedRows)
    add("move", movedRows)
    add("update", updatedRows)
    return parts.isEmpty ? "none" : parts.joined(separator: "; ")
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
