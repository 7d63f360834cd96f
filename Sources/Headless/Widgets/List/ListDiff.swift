import BindingDSL

extension ListView {
  /// Applies `collection`'s rows by their own `ID` type, when the rows the list shows can be
  /// indexed by it.
  ///
  /// - Returns: `false` when a row shown has an id of another type: the content is then applied
  ///   with `AnyHashable` ids.
  func applyTyped<Rows: RowCollection>(
    _ collection: Rows, animation: RowAnimation, reloadsAll: Bool, mounter: any ChildMounter
  ) -> Bool {
    guard let index = index(of: Rows.Row.ID.self) else { return false }
    apply(
      IncomingRows(collection), through: index, animation: animation, reloadsAll: reloadsAll,
      mounter: mounter)
    return true
  }

  /// The list's ``RowIndex`` by `ID`, made from the rows shown if the list has none of that
  /// type; `nil` when a row shown has an id of another type.
  func index<ID: Hashable>(of type: ID.Type) -> RowIndex<ID>? {
    if let index = rowIndex as? RowIndex<ID> { return index }
    guard let index = RowIndex<ID>(reading: sections) else { return nil }
    rowIndex = index
    return index
  }

  /// Shows `rows`, matched with the rows shown through `index`: the one way a list takes a new
  /// content, flat or in sections, first or later.
  ///
  /// Rows that stay keep their widgets and bindings (in their section or another), rows that
  /// leave are retired, and the window's new rows are mounted; the batch of changes is recorded
  /// as a table view reads one (see ``ListChanges``), and the rows that entered or left the
  /// window are mounted or unmounted.
  ///
  /// - Parameters:
  ///   - incoming: The new rows and sections.
  ///   - index: The identities of the rows shown.
  ///   - animation: How the change is animated.
  ///   - reloadsAll: Whether every row is mounted anew.
  ///   - mounter: Mounts the bindings of new rows under the screen's graph.
  func apply<ID: Hashable>(
    _ incoming: IncomingRows<ID>, through index: RowIndex<ID>, animation: RowAnimation,
    reloadsAll: Bool, mounter: any ChildMounter
  ) {
    var rows = incoming
    let match: RowIndex<ID>.Match
    if let found = index.match(rows.ids) {
      match = found
    } else {
      // An id repeats, or two share a hash key: each id is shown once, and ids are compared
      // whole.
      rows = rows.withoutRepeatedIDs()
      match = index.match(exactly: rows.ids)
    }
    // NB: this code runs unspecialized for `ID`, where each read of a field of a generic type
    // (`Match`, `IncomingRows`, the index) looks up the type's metadata: what the loops below
    // read per row is read into locals first.
    let (sources, targets) = (match.sources, match.targets)
    let (newIDs, newIdentities) = (rows.ids, rows.identities)
    let (oldIDs, oldIdentities) = (index.ids, index.identities)
    let isFirst = oldIDs.isEmpty
    var changes = ListChanges(animation: animation)
    var problems = rows.problems
    // A list that shows no sections records none: its one section is neither inserted nor
    // deleted.
    let recordsSections = isSectioned || rows.showsSections

    // The rows shown, in order across sections: the one section's array itself, shared and
    // not copied.
    let oldSections = sections
    sections = []
    let oldRows = oldSections.count == 1 ? oldSections[0].rows : oldSections.flatMap(\.rows)
    // The view model of the row shown at `position`, for the rows retired.
    func oldModel(_ position: Int) -> any RowModel {
      let (section, index) = oldSections.place(ofRow: position)
      return oldSections[section].model(at: index)
    }
    let oldSectionOfRow =
      oldSections.count > 1
      ? oldSections.indices.flatMap { repeatElement($0, count: oldSections[$0].rows.count) } : []
    var oldSectionIndex: [AnyHashable: Int] = [:]
    for (number, section) in oldSections.enumerated() { oldSectionIndex[section.id] = number }

    let oldWindow = windowRange(count: oldRows.count)
    clampWindow(count: newIDs.count)
    let window = windowRange(count: newIDs.count)
    let starts = rows.sectionStarts

    for old in targets.indices where targets[old] < 0 {
      changes.deletedRows.append(describe(oldIDs[old]))
      retire(oldRows[old], of: oldModel(old))
    }
    if recordsSections {
      recordSectionChanges(
        from: oldSections.map(\.id), to: rows.sections.map(\.id), in: &changes)
    }
    if isFirst {
      if let numbers = newIDs as Any as? ContiguousArray<Int> {
        changes.insertRows(numbers)
      } else {
        for id in newIDs { recordInsertion(of: id, in: &changes) }
      }
    } else {
      // A row moved when it changed section, or left the longest increasing run of old
      // positions among the rows that stayed in its section.
      var positions: [Int] = []
      var staying: [(position: Int, run: Int?)] = []
      for (number, section) in rows.sections.enumerated() {
        let oldSection = oldSectionIndex[section.id]
        positions.removeAll(keepingCapacity: true)
        staying.removeAll(keepingCapacity: true)
        for position in starts[number]..<starts[number + 1] {
          let old = sources[position]
          guard old >= 0 else {
            recordInsertion(of: newIDs[position], in: &changes)
            continue
          }
          if (oldSectionOfRow.isEmpty ? 0 : oldSectionOfRow[old]) == oldSection {
            staying.append((position, positions.count))
            positions.append(old)
          } else {
            staying.append((position, nil))
          }
        }
        let inPlace = increasingRun(in: positions)
        for (position, run) in staying where run.map({ !inPlace[$0] }) ?? true {
          changes.movedRows.append(describe(newIDs[position]))
        }
      }
    }

    // Per new position, the old row kept there (the same id and view model), or -1 for a row
    // put in anew. The widgets of the window's rows put in anew are made first, together, and
    // their bindings mounted after, in order (0028); mounting calls out (the template's
    // bindings, `willDisplay`), so it happens while the list still shows its old rows.
    var kept = isFirst ? [] : [Int](repeating: -1, count: newIDs.count)
    var prepared: [Result<PreparedRow, RowProblem>] = []
    for position in newIDs.indices {
      let old = isFirst ? -1 : sources[position]
      if old >= 0 && !reloadsAll && oldIdentities[old] == newIdentities[position] {
        kept[position] = old
        continue
      }
      guard window.contains(position) else { continue }
      prepared.append(
        prepare(rows.model(position), role: .row, rowID: AnyHashable(newIDs[position])))
    }
    // Taken from the end, each prepared row is moved out of the array, not copied.
    prepared.reverse()

    var isComplete = true
    var rebuilt: [SectionState] = []
    rebuilt.reserveCapacity(rows.sections.count)
    for (number, section) in rows.sections.enumerated() {
      var state = SectionState(id: section.id)
      state.rows.reserveCapacity(section.count)
      // The positions of the section's rows that could not be mounted, which are left out.
      var leftOut: [Int] = []
      for position in starts[number]..<starts[number + 1] {
        if !isFirst, kept[position] >= 0 {
          state.rows.append(oldRows[kept[position]])
          continue
        }
        let old = isFirst ? -1 : sources[position]
        if old >= 0 {
          // The id stays with another view model, or every row is reloaded.
          changes.updatedRows.append(describe(newIDs[position]))
          retire(oldRows[old], of: oldModel(old))
        }
        guard window.contains(position) else {
          state.rows.append(ListRow())
          continue
        }
        // A row that could not be mounted is left out, and named in the problem.
        guard let widget = finish(prepared.removeLast(), mounter: mounter, problems: &problems)
        else {
          isComplete = false
          leftOut.append(position)
          continue
        }
        state.rows.append(ListRow(widget: widget))
      }
      state.content = rows.model
      state.start = starts[number]
      if !leftOut.isEmpty {
        state.positions = (starts[number]..<starts[number + 1]).filter { !leftOut.contains($0) }
      }
      let previous = oldSectionIndex[section.id].map { oldSections[$0] }
      state.header = reuse(
        previous?.header, for: section.header, role: .header, sectionID: section.id,
        reloading: reloadsAll, mounter: mounter, problems: &problems)
      state.footer = reuse(
        previous?.footer, for: section.footer, role: .footer, sectionID: section.id,
        reloading: reloadsAll, mounter: mounter, problems: &problems)
      rebuilt.append(state)
    }
    let newSectionIDs = Set(rebuilt.map(\.id))
    for section in oldSections where !newSectionIDs.contains(section.id) {
      section.header?.unmount()
      section.footer?.unmount()
    }

    sections = rebuilt
    isSectioned = rows.showsSections
    lastChanges = changes
    reportContentProblems(problems)
    guard isComplete else {
      // A row left out no longer lines up with its id: the index is made again from the rows
      // shown, when the next content comes, and the window settles over every row.
      rowIndex = nil
      settleWindow(leaving: nil)
      return
    }
    index.update(to: rows)
    // The rows of the old window that stayed are the only ones mounted outside the new one.
    var leaving: [Int] = []
    if !isFirst {
      for old in oldWindow where targets[old] >= 0 && !window.contains(targets[old]) {
        leaving.append(targets[old])
      }
    }
    settleWindow(leaving: leaving)
  }

  /// Records the sections inserted, deleted and moved from `old` to `new` (ids in order, each
  /// once): a section that stays but left the longest increasing run of old positions moved.
  private func recordSectionChanges(
    from old: [AnyHashable], to new: [AnyHashable], in changes: inout ListChanges
  ) {
    var oldPositions: [AnyHashable: Int] = [:]
    for (position, id) in old.enumerated() { oldPositions[id] = position }
    let newIDs = Set(new)
    let staying = new.filter { oldPositions[$0] != nil }
    let run = increasingRun(in: staying.compactMap { oldPositions[$0] })
    for (number, id) in staying.enumerated() where !run[number] {
      changes.movedSections.append(describe(id))
    }
    for id in old where !newIDs.contains(id) { changes.deletedSections.append(describe(id)) }
    for id in new where oldPositions[id] == nil { changes.insertedSections.append(describe(id)) }
  }

  /// Adds the row `id` to the batch's inserted rows: an `Int` id is kept as a number.
  private func recordInsertion<ID: Hashable>(of id: ID, in changes: inout ListChanges) {
    if let number = id as? Int {
      changes.insertRow(number)
    } else {
      changes.insertedRows.append(describe(id))
    }
  }

  /// `id` as the driver spells it (`42` for `orders[42]`).
  private func describe<ID: Hashable>(_ id: ID) -> String {
    describeRowID(AnyHashable(id).base)
  }
}
