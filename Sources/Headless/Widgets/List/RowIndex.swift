import BindingDSL

extension ListView {
  /// Applies rows of one view-model type through the list's ``RowIndex``, if it has one for
  /// their `ID` type: the diff costs one pass over the ids and work for the rows that changed.
  ///
  /// - Returns: `false` when the rows must take the general path instead: the list has no index
  ///   for them, or the new ids repeat one or share a hash with another.
  func receiveIndexed<Rows: RowCollection>(
    _ collection: Rows, animation: RowAnimation, mounter: any ChildMounter
  ) -> Bool {
    guard let index = rowIndex as? RowIndex<Rows.Row.ID>,
      let plan = index.plan(collection.readIDs())
    else { return false }
    index.apply(plan, collection.rows, to: self, animation: animation, mounter: mounter)
    return true
  }

  /// Makes an empty ``RowIndex`` for the row type of `collection`, for a list that shows nothing
  /// yet: its first content is then inserted through the index.
  func startIndex<Rows: RowCollection>(for collection: Rows) {
    rowIndex = RowIndex<Rows.Row.ID>([Rows.Row](), ids: [])
  }

  /// Makes the list's ``RowIndex`` for `collection`, which it shows now in one section, row for
  /// row.
  func makeIndex<Rows: RowCollection>(_ collection: Rows) {
    guard sections.count == 1, let section = sections.first, section.header == nil,
      section.footer == nil, section.rows.count == collection.rows.count
    else { return }
    rowIndex = RowIndex(collection.rows, ids: collection.readIDs())
  }
}

/// The identities of a list's rows when it shows one collection of one view-model type in one
/// section, kept by the rows' own `ID` type.
///
/// A new collection is diffed in one pass: each new id is compared with the old id at the
/// position the walk expects (`==`, no hashing), and only where they differ is it hashed and
/// looked up among the old rows, whose positions by hash key are gathered the first time one
/// is needed. Rows that stay are not touched: no existential, no `AnyHashable`, no reference
/// count of their view model. Per row it keeps its id and its view model's address: the list
/// keeps nothing else for a row outside its window but the row's view model (``ListRow``).
@MainActor
final class RowIndex<ID: Hashable> {
  /// The ids of the rows, in order.
  private var ids: ContiguousArray<ID>
  /// The identities of the rows' view models, in order.
  private var identities: [UnsafeRawPointer]

  /// Indexes `models`, which the list shows in order, whose ids are `ids`.
  init<Row: RowModel>(_ models: [Row], ids: ContiguousArray<ID>) where Row.ID == ID {
    self.ids = ids
    self.identities = addresses(of: models)
  }

  /// What a new collection changes: for each new row, the old position it comes from.
  struct Plan {
    var ids: ContiguousArray<ID>
    /// The old position of each new row, or -1 for a row inserted.
    var sources: [Int]
    /// The new position of each old row, or -1 for a row deleted.
    var targets: [Int]
  }

  /// Matches the rows whose ids are `newIDs` with the rows shown; `nil` when an id repeats or
  /// two ids share a hash key, which the general path reports or handles.
  ///
  /// - Parameter newIDs: The new rows' ids, in order, read where their type is known (see
  ///   `ListContent.init(typedRows:animation:readIDs:)`).
  /// - Returns: The plan, or `nil`.
  func plan(_ newIDs: ContiguousArray<ID>) -> Plan? {
    // NB: this code is not specialized for `ID`: the plan is built in local arrays, and the
    // index's are read from locals, because each access to a field of a generic type (`Plan`,
    // or a stored property of this class) would look up the type's metadata at run time.
    let ids = ids
    // NB: ids are read and compared through buffer pointers, whose accessors are inlined:
    // the array's are not, and each call would look up the array type's metadata.
    let matched = ids.withUnsafeBufferPointer { ids in
      newIDs.withUnsafeBufferPointer { newIDs in
        // NB: the common id types are matched by code specialized for them: comparing and
        // hashing through the `Hashable` conformance cost more than the walk itself.
        if ID.self == Int.self {
          let newInts = newIDs.rebound(to: Int.self)
          // NB: rows shown in a list that showed none, with ids in increasing order (a first
          // page, a list loaded at once), are all inserted and cannot repeat: nothing is hashed.
          // NB: `apply` puts every row in when the list showed none, without reading `sources`.
          if ids.isEmpty && isIncreasing(newInts) {
            let inserted: (sources: [Int], targets: [Int])? = ([], [])
            return inserted
          }
          return matchIDs(old: ids.rebound(to: Int.self), new: newInts, by: IntPositions.self)
        }
        if ID.self == String.self {
          return matchIDs(
            old: ids.rebound(to: String.self), new: newIDs.rebound(to: String.self),
            by: HashedPositions<String>.self)
        }
        return matchIDs(old: ids, new: newIDs, by: HashedPositions<ID>.self)
      }
    }
    guard let (sources, targets) = matched else { return nil }
    return Plan(ids: newIDs, sources: sources, targets: targets)
  }

  /// Applies `plan`, made for `models`: takes out the rows deleted, puts in those inserted (and
  /// those whose id stays with another view model), mounting the ones in the window, records
  /// the changes, and keeps the others; then mounts and unmounts the rows that entered or left
  /// the window.
  func apply<Row: RowModel>(
    _ plan: Plan, _ models: [Row], to list: ListView, animation: RowAnimation,
    mounter: any ChildMounter
  ) where Row.ID == ID {
    if ids.isEmpty {
      insertAll(plan.ids, models, to: list, animation: animation, mounter: mounter)
      return
    }
    // NB: the plan's arrays are read from locals (see `plan(_:)`).
    let sources = plan.sources
    let targets = plan.targets
    let newIDs = plan.ids
    var changes = ListChanges(animation: animation)
    var problems: [String] = []
    // NB: the list's sections share the rows' buffer; with them taken, it has one owner, and
    // its elements can be moved out (see `composeRows`).
    var oldRows = list.sections.first?.rows ?? []
    list.sections = []
    let oldWindow = list.windowRange(count: oldRows.count)
    list.clampWindow(count: models.count)
    let window = list.windowRange(count: models.count)
    for old in targets.indices where targets[old] < 0 {
      changes.deletedRows.append(describe(ids[old]))
      list.retire(oldRows[old])
    }
    var staying: [Int] = []
    staying.reserveCapacity(oldRows.count)
    // NB: inserted rows are recorded below, where their widgets are made with the same text.
    for old in sources where old >= 0 { staying.append(old) }
    if ID.self == Int.self { changes.reserveInsertedRows(models.count - staying.count) }
    let inPlace = increasingRun(in: staying)
    var stayed = 0
    for (position, old) in sources.enumerated() where old >= 0 {
      if !inPlace[stayed] { changes.movedRows.append(describe(newIDs[position])) }
      stayed += 1
    }

    // Rows put in anew (inserted, or whose id stays with another view model), by position.
    // Mounting calls out (the template's bindings, `willDisplay`), so it happens while the
    // list still shows its old rows, as on the general path.
    // NB: the index's arrays read once per row are read from locals (see `plan(_:)`).
    let identities = identities
    // NB: per position, the old row kept there, -1 for a row put in anew, -2 for a row of the
    // window that could not be mounted.
    var kept = [Int](repeating: -1, count: models.count)
    let addresses = addresses(of: models)
    var isComplete = true
    // The rows that stay are found first, and the widgets of the window's rows put in anew
    // made, together (see `prepareRow`), in the order the walk below takes them.
    var prepared: [Result<PreparedRow, RowProblem>] = []
    for position in models.indices {
      let old = sources[position]
      if old >= 0 && identities[old] == addresses[position] {
        kept[position] = old
        continue
      }
      let id = newIDs[position]
      if old < 0 {
        if ID.self == Int.self {
          changes.insertRow(unsafeBitCast(id, to: Int.self))
        } else {
          changes.insertedRows.append(describe(id))
        }
      }
      guard window.contains(position) else { continue }
      prepared.append(list.prepare(models[position], role: .row, rowID: AnyHashable(id)))
    }
    // NB: only the window's rows put in anew are gathered; the others are made in place
    // (see `compose`).
    var fresh: [ListRow] = []
    fresh.reserveCapacity(prepared.count)
    // NB: taken from the end, each prepared row is moved out of the array, not copied (three
    // references retained and released again per row).
    prepared.reverse()
    for position in models.indices where kept[position] < 0 {
      let old = sources[position]
      if old >= 0 {
        // The id stays with another view model: the row is put in anew.
        changes.updatedRows.append(describe(newIDs[position]))
        list.retire(oldRows[old])
      }
      guard window.contains(position) else {
        kept[position] = -3
        continue
      }
      guard let row = list.finish(prepared.removeLast(), mounter: mounter, problems: &problems)
      else {
        kept[position] = -2
        isComplete = false
        continue
      }
      fresh.append(ListRow(model: models[position], widget: row))
    }
    let newRows = compose(&oldRows, kept: kept, fresh: fresh, models: models)
    guard
      show(
        newRows, ids: newIDs, addresses: addresses, changes: changes, problems: problems,
        isComplete: isComplete, in: list)
    else { return }
    // The rows of the old window that stayed are the only ones mounted outside the new one.
    var leaving: [Int] = []
    for old in oldWindow where targets[old] >= 0 && !window.contains(targets[old]) {
      leaving.append(targets[old])
    }
    list.settleWindow(leaving: leaving)
  }

  /// Puts in every row of `models`, whose ids are `newIDs`, into the list, which shows none:
  /// what ``apply(_:_:to:animation:mounter:)`` does, without the arrays a diff needs (a list of
  /// a million rows loaded at once made four of a million entries each, and a text per id).
  private func insertAll<Row: RowModel>(
    _ newIDs: ContiguousArray<ID>, _ models: [Row], to list: ListView, animation: RowAnimation,
    mounter: any ChildMounter
  ) where Row.ID == ID {
    var changes = ListChanges(animation: animation)
    if ID.self == Int.self {
      changes.insertRows(unsafeBitCast(newIDs, to: ContiguousArray<Int>.self))
    } else {
      changes.insertedRows.reserveCapacity(newIDs.count)
      for id in newIDs { changes.insertedRows.append(describe(id)) }
    }
    list.sections = []
    list.clampWindow(count: models.count)
    let window = list.windowRange(count: models.count)
    // NB: the window's widgets are made first, then each row is bound (see `prepareRow`).
    let prepared = window.map {
      list.prepare(models[$0], role: .row, rowID: AnyHashable(newIDs[$0]))
    }
    var problems: [String] = []
    let mounted = prepared.map { list.finish($0, mounter: mounter, problems: &problems) }
    let isComplete = !mounted.contains { $0 == nil }
    let newRows = models.withUnsafeBufferPointer { models in
      [ListRow](unsafeUninitializedCapacity: models.count) { rows, initialized in
        guard let to = rows.baseAddress else { return }
        for position in models.indices {
          if window.contains(position) {
            // NB: a row that could not be mounted is left out, as `apply` leaves it out.
            guard let widget = mounted[position - window.lowerBound] else { continue }
            (to + initialized).initialize(to: ListRow(model: models[position], widget: widget))
          } else {
            (to + initialized).initialize(to: ListRow(model: models[position]))
          }
          initialized += 1
        }
      }
    }
    guard
      show(
        newRows, ids: newIDs, addresses: addresses(of: models), changes: changes,
        problems: problems, isComplete: isComplete, in: list)
    else { return }
    list.settleWindow(leaving: [])
  }

  /// Keeps `newIDs` and `addresses` as the index, and shows `rows` in `list` with the
  /// `changes` and `problems` that made them.
  ///
  /// - Returns: Whether every row of the window could be mounted (`isComplete`). When one could
  ///   not, it is missing from the rows, which no longer line up with the ids: the list drops
  ///   the index (its next content takes the general path, which indexes it again) and settles
  ///   its window over every row.
  private func show(
    _ rows: [ListRow], ids newIDs: ContiguousArray<ID>, addresses: [UnsafeRawPointer],
    changes: ListChanges, problems: [String], isComplete: Bool, in list: ListView
  ) -> Bool {
    ids = newIDs
    identities = addresses
    list.sections = [SectionState(id: AnyHashable(0), rows: rows)]
    list.lastChanges = changes
    list.contentProblem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    guard isComplete else {
      list.rowIndex = nil
      list.settleWindow(leaving: nil)
      return false
    }
    return true
  }

  /// `id` as the driver spells it; an `Int` without the dynamic cast ``describeRowID(_:)`` makes.
  private func describe(_ id: ID) -> String {
    if ID.self == Int.self { return String(unsafeBitCast(id, to: Int.self)) }
    return describeRowID(id)
  }

  /// The new rows in order: for each position, the old row `kept` names, moved (not copied) out
  /// of `oldRows`, or, where `kept` holds -1, the next of the rows `fresh` (-2: no row could be
  /// mounted there; -3: the row of `models` there, outside the window). Copying would retain
  /// and release the view model of every row that stays, touching each of them; moving touches
  /// only the arrays.
  private func compose<Row: RowModel>(
    _ oldRows: inout [ListRow], kept: [Int], fresh: [ListRow], models: [Row]
  ) -> [ListRow] {
    let placeholder = rowPlaceholder
    return models.withUnsafeBufferPointer { models in
      oldRows.withUnsafeMutableBufferPointer { oldRows in
        [ListRow](unsafeUninitializedCapacity: kept.count) { newRows, initialized in
          guard let to = newRows.baseAddress else { return }
          let from = oldRows.baseAddress
          var nextFresh = 0
          for (position, old) in kept.enumerated() {
            if old >= 0, let from {
              (to + initialized).moveInitialize(from: from + old, count: 1)
              (from + old).initialize(to: placeholder)
              initialized += 1
            } else if old == -1 {
              (to + initialized).initialize(to: fresh[nextFresh])
              nextFresh += 1
              initialized += 1
            } else if old == -3 {
              (to + initialized).initialize(to: ListRow(model: models[position]))
              initialized += 1
            }
          }
        }
      }
    }
  }
}

extension UnsafeBufferPointer {
  /// The same memory as a buffer of `type`, which `Element` was found to be.
  fileprivate func rebound<Known>(to type: Known.Type) -> UnsafeBufferPointer<Known> {
    UnsafeBufferPointer<Known>(
      start: UnsafeRawPointer(baseAddress)?.assumingMemoryBound(to: Known.self), count: count)
  }
}

/// The addresses of `models`, read without retaining them (view models referenced weakly
/// elsewhere have side tables, which make every retain and release slow).
private func addresses<Row: RowModel>(of models: [Row]) -> [UnsafeRawPointer] {
  models.withUnsafeBytes { bytes in
    let stride = MemoryLayout<UnsafeRawPointer>.stride
    return (0..<models.count).map {
      bytes.load(fromByteOffset: $0 * stride, as: UnsafeRawPointer.self)
    }
  }
}

/// What fills the places of rows moved out of an array that is then dropped.
@MainActor
private let rowPlaceholder = ListRow(model: PlaceholderModel())

private final class PlaceholderModel: Identifiable {}
