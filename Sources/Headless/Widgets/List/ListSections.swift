public import BindingDSL

extension ListView: CollectionTarget {
  /// Shows `content`: rows that stay keep their widgets and bindings, new rows are mounted
  /// with `mounter`, removed rows are unmounted. What a `show(_:in:)` binding calls.
  ///
  /// - Parameters:
  ///   - content: The sections and rows to show, and the animation.
  ///   - mounter: Mounts the bindings of new rows under the screen's graph.
  public func receive(_ content: ListContent, mounter: any ChildMounter) {
    self.mounter = mounter
    anchoredFirstRow = anchoredPosition(in: content)
    defer {
      anchoredFirstRow = nil
      reportChange("children")
    }
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
    // NB: a list that shows nothing yet takes its first rows through an empty index, as it
    // takes every later content: the general path reads every id as `AnyHashable`.
    if let rows = content.typedRows, rowIndex == nil, sections.isEmpty { startIndex(for: rows) }
    if let rows = content.typedRows, !content.reloadsAll,
      receiveIndexed(rows, animation: content.animation, mounter: mounter)
    {
      return
    }
    receive(sectionsOf: content, mounter: mounter)
    rowIndex = nil
    if let rows = content.typedRows, contentProblem == nil { makeIndex(rows) }
  }

  /// Applies `content` section by section, with ids as `AnyHashable`: any content, at a cost per
  /// row.
  func receive(sectionsOf content: ListContent, mounter: any ChildMounter) {
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
    let oldRows = sections.flatMap(\.rows)
    // NB: a row outside the window is its view model alone: its id is read from it again, by
    // a reader made for its type, once for each run of rows of one type (a dynamic cast per row
    // cost 4% of a diff).
    var last: (type: ObjectIdentifier, read: (AnyObject) -> AnyHashable)?
    let oldIDs = oldRows.map { row -> AnyHashable in
      let type = ObjectIdentifier(Swift.type(of: row.object))
      if let last, last.type == type { return last.read(row.object) }
      let read = idReader(row.model)
      last = (type, read)
      return read(row.object)
    }
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
      guard newIndex[oldIDs[position]] != nil else {
        changes.deletedRows.append(describe(oldIDs[position]))
        retire(row)
        continue
      }
      oldIndex[oldIDs[position]] = position
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
    // The widgets of every row of the window mounted anew (new, staying with another view
    // model, or all of them on a reload) are made first, together (see `prepareRow`); their
    // bindings are then mounted in order, each after the row it replaces is retired. Per new
    // row, in order: what was prepared for it, or `nil` when its old row stays as it is or it
    // is outside the window.
    clampWindow(count: newIndex.count)
    let window = windowRange(count: newIndex.count)
    var prepared: [Result<PreparedRow, RowProblem>?] = []
    prepared.reserveCapacity(newIndex.count)
    for (_, models) in newSections {
      for (model, rowID) in models {
        let stays =
          !content.reloadsAll && oldIndex[rowID].map { oldRows[$0].holds(model) } == true
        let shows = !stays && window.contains(prepared.count)
        prepared.append(shows ? prepare(model, role: .row, rowID: rowID) : nil)
      }
    }
    var nextPrepared = 0
    var rebuilt: [SectionState] = []
    for (section, models) in newSections {
      var state = SectionState(id: section.id)
      state.rows.reserveCapacity(models.count)
      for (model, rowID) in models {
        let old = oldIndex[rowID].map { oldRows[$0] }
        let made = prepared[nextPrepared]
        nextPrepared += 1
        if let old, !content.reloadsAll, old.holds(model) {
          // NB: nothing was prepared for a row whose old row stays.
          state.rows.append(old)
          continue
        }
        if let old {
          changes.updatedRows.append(describe(rowID))
          retire(old)
        }
        guard let made else {
          state.rows.append(ListRow(model: model))
          continue
        }
        if let row = finish(made, mounter: mounter, problems: &problems) {
          state.rows.append(ListRow(model: model, widget: row))
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
    contentProblem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    // NB: rows that stayed may have entered or left the window.
    settleWindow(leaving: nil)
  }

  /// Unmounts every row, releasing their view models and widgets: what unmounting the binding
  /// does.
  public func unmountRows() {
    rowIndex = nil
    for section in sections {
      section.header?.unmount()
      for row in section.rows { row.widget?.unmount() }
      section.footer?.unmount()
    }
    sections = []
    selectedModel = nil
    selectedWidget = nil
    mounter = nil
    reportChange("children")
  }
}

/// The rows of one section as a list shows them.
@MainActor
struct SectionState {
  let id: AnyHashable
  var header: RowWidget?
  var footer: RowWidget?
  var rows: [ListRow] = []

  /// The header, the rows of the window and the footer, in the order they show.
  var all: [RowWidget] {
    var all: [RowWidget] = []
    if let header { all.append(header) }
    for row in rows { if let widget = row.widget { all.append(widget) } }
    if let footer { all.append(footer) }
    return all
  }
}

/// A section as the render shows it: its header, rows and footer, one level deeper.
@MainActor
final class SectionWidget: Widget {
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

/// What reads the id of a view model of `model`'s type without a dynamic cast: `model` opened
/// from its existential gives the type and its `Identifiable` conformance.
///
/// NB: generic over `Identifiable` alone, as `rowIdentity(of:)` is: on `AnyObject & Identifiable`,
/// `id` would resolve to the standard library's `ObjectIdentifier` default for classes.
private func idReader<Row: Identifiable>(_ model: Row) -> (AnyObject) -> AnyHashable {
  { AnyHashable(unsafeBitCast($0, to: Row.self).id) }
}
