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
      let plan = index.plan(collection.rows)
    else { return false }
    index.apply(plan, collection.rows, to: self, animation: animation, mounter: mounter)
    return true
  }

  /// Makes the list's ``RowIndex`` for `collection`, which it shows now in one section, row for
  /// row.
  func makeIndex<Rows: RowCollection>(_ collection: Rows) {
    guard sections.count == 1, let section = sections.first, section.header == nil,
      section.footer == nil, section.rows.count == collection.rows.count
    else { return }
    rowIndex = RowIndex(collection.rows, rows: section.rows)
  }
}

/// The identities of a list's rows when it shows one collection of one view-model type in one
/// section, kept by the rows' own `ID` type.
///
/// A new collection is diffed in one pass: each new id is compared with the old id at the
/// position the walk expects (`==`, no hashing), and only where they differ is it hashed and
/// looked up among the old rows, whose hash keys are kept. Rows that stay are not touched:
/// no existential, no `AnyHashable`, no reference count of their view model.
@MainActor
final class RowIndex<ID: Hashable> {
  /// The ids of the rows, in order, with their hash keys.
  private var ids: ContiguousArray<ID>
  private var keys: [Int]
  /// The rows and the identities of their view models, in order.
  private var rows: [RowWidget]
  private var identities: [ObjectIdentifier]
  /// Each row's slot: a number that stays with the row while it is shown, so that the lookup
  /// of hash keys (`slotByKey`) changes only for the rows that come and go.
  private var slots: [Int]
  private var slotByKey: [Int: Int]
  private var positionOfSlot: [Int]
  private var freeSlots: [Int] = []

  /// Indexes `models`, shown by `rows`; `nil` when two ids share a hash key.
  init?<Row: RowModel>(_ models: [Row], rows: [RowWidget]) where Row.ID == ID {
    var ids = ContiguousArray<ID>()
    ids.reserveCapacity(models.count)
    var keys: [Int] = []
    keys.reserveCapacity(models.count)
    var slotByKey: [Int: Int] = [:]
    slotByKey.reserveCapacity(models.count)
    var isUnique = true
    withEachRow(of: models) { position, model in
      let id = model._withUnsafeGuaranteedRef { $0.id }
      let key = id.hashValue
      if slotByKey.updateValue(position, forKey: key) != nil { isUnique = false }
      ids.append(id)
      keys.append(key)
    }
    guard isUnique else { return nil }
    self.ids = ids
    self.keys = keys
    self.rows = rows
    var identities: [ObjectIdentifier] = []
    identities.reserveCapacity(models.count)
    withEachRow(of: models) { _, model in identities.append(model._withUnsafeGuaranteedRef { ObjectIdentifier($0) }) }
    self.identities = identities
    self.slots = Array(models.indices)
    self.slotByKey = slotByKey
    self.positionOfSlot = Array(models.indices)
  }

  /// What a new collection changes: for each new row, the old position it comes from.
  struct Plan {
    var ids: ContiguousArray<ID>
    var keys: [Int]
    /// The old position of each new row, or -1 for a row inserted.
    var sources: [Int]
    /// The new position of each old row, or -1 for a row deleted.
    var targets: [Int]
  }

  /// Matches `models` with the rows shown; `nil` when an id repeats or two ids share a hash
  /// key, which the general path reports or handles.
  func plan<Row: RowModel>(_ models: [Row]) -> Plan? where Row.ID == ID {
    let oldCount = ids.count
    var plan = Plan(
      ids: [], keys: [], sources: [], targets: [Int](repeating: -1, count: oldCount))
    plan.ids.reserveCapacity(models.count)
    plan.keys.reserveCapacity(models.count)
    plan.sources.reserveCapacity(models.count)
    var insertedKeys: [Int: Int] = [:]
    var expected = 0
    var isValid = true
    withEachRow(of: models) { position, model in
      guard isValid else { return }
      let id = model._withUnsafeGuaranteedRef { $0.id }
      while expected < oldCount && plan.targets[expected] >= 0 { expected += 1 }
      if expected < oldCount && ids[expected] == id {
        plan.targets[expected] = position
        plan.sources.append(expected)
        plan.keys.append(keys[expected])
        expected += 1
      } else {
        let key = id.hashValue
        if let slot = slotByKey[key] {
          let old = positionOfSlot[slot]
          guard ids[old] == id, plan.targets[old] < 0 else {
            isValid = false
            return
          }
          plan.targets[old] = position
          plan.sources.append(old)
          // The walk goes on after the row found: the rows after it most likely follow it.
          expected = old + 1
        } else {
          guard insertedKeys.updateValue(position, forKey: key) == nil else {
            isValid = false
            return
          }
          plan.sources.append(-1)
        }
        plan.keys.append(key)
      }
      plan.ids.append(id)
    }
    return isValid ? plan : nil
  }

  /// Applies `plan`, made for `models`: unmounts the rows deleted, mounts those inserted (and
  /// those whose id stays with another view model), records the changes, and keeps the others.
  func apply<Row: RowModel>(
    _ plan: Plan, _ models: [Row], to list: ListView, animation: RowAnimation,
    mounter: any ChildMounter
  ) where Row.ID == ID {
    var changes = ListChanges(animation: animation)
    var problems: [String] = []
    for old in plan.targets.indices where plan.targets[old] < 0 {
      let row = rows[old]
      changes.deletedRows.append("\(ids[old])")
      list.rowsByID[row.rowID] = nil
      list.retire(row)
      slotByKey[keys[old]] = nil
      freeSlots.append(slots[old])
    }
    var staying: [Int] = []
    staying.reserveCapacity(rows.count)
    for (position, old) in plan.sources.enumerated() {
      if old >= 0 {
        staying.append(old)
      } else {
        changes.insertedRows.append("\(plan.ids[position])")
      }
    }
    let inPlace = increasingRun(in: staying)
    var stayed = 0
    for (position, old) in plan.sources.enumerated() where old >= 0 {
      if !inPlace[stayed] { changes.movedRows.append("\(plan.ids[position])") }
      stayed += 1
    }

    var newRows: [RowWidget] = []
    newRows.reserveCapacity(models.count)
    var newModels: [ObjectIdentifier] = []
    newModels.reserveCapacity(models.count)
    var newSlots: [Int] = []
    newSlots.reserveCapacity(models.count)
    var isComplete = true
    for position in models.indices {
      let old = plan.sources[position]
      let identity = identity(of: models, at: position)
      if old >= 0 && identities[old] == identity {
        newRows.append(rows[old])
        newModels.append(identity)
        newSlots.append(slots[old])
        continue
      }
      let model = models[position]
      let id = plan.ids[position]
      let rowID = AnyHashable(id)
      var slot: Int
      if old >= 0 {
        // The id stays with another view model: the row is mounted anew, in the same slot.
        let row = rows[old]
        changes.updatedRows.append("\(id)")
        list.retire(row)
        list.rowsByID[rowID] = nil
        slot = slots[old]
      } else {
        slot = freeSlots.popLast() ?? positionOfSlot.count
        if slot == positionOfSlot.count { positionOfSlot.append(0) }
        slotByKey[plan.keys[position]] = slot
      }
      guard let row = list.mount(model, role: .row, rowID: rowID, mounter: mounter, problems: &problems)
      else {
        isComplete = false
        continue
      }
      list.rowsByID[rowID] = row
      newRows.append(row)
      newModels.append(identity)
      newSlots.append(slot)
    }

    ids = plan.ids
    keys = plan.keys
    rows = newRows
    identities = newModels
    slots = newSlots
    for (position, slot) in slots.enumerated() { positionOfSlot[slot] = position }
    list.sections = [SectionState(id: AnyHashable(0), rows: newRows)]
    list.lastChanges = changes
    list.problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    // NB: a row that could not be mounted is missing from the rows, which no longer line up
    // with the ids: the next content takes the general path, which indexes it again.
    if !isComplete { list.rowIndex = nil }
  }
}

/// Calls `body` with each row of `models` and its position, borrowed: a row's view model is not
/// retained (view models referenced weakly elsewhere have side tables, which make every retain
/// and release slow).
@MainActor
private func withEachRow<Row: RowModel>(
  of models: [Row], _ body: (Int, Unmanaged<Row>) -> Void
) {
  models.withUnsafeBufferPointer { buffer in
    // NB: an array of class references holds one reference per element, laid out as
    // `Unmanaged` is.
    buffer.withMemoryRebound(to: Unmanaged<Row>.self) { rows in
      for position in rows.indices { body(position, rows[position]) }
    }
  }
}

/// The identity of the view model at `position`, read without retaining it.
private func identity<Row: RowModel>(of models: [Row], at position: Int) -> ObjectIdentifier {
  models.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: Unmanaged<Row>.self) {
      $0[position]._withUnsafeGuaranteedRef { ObjectIdentifier($0) }
    }
  }
}
