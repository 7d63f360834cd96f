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
  private var identities: [UnsafeRawPointer]
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
    models.withUnsafeBufferPointer { models in
      for position in models.indices {
        // NB: read in place: a copy of the view model would retain it.
        let id = models[position].id
        let key = id.hashValue
        if slotByKey.updateValue(position, forKey: key) != nil { isUnique = false }
        ids.append(id)
        keys.append(key)
      }
    }
    guard isUnique else { return nil }
    self.ids = ids
    self.keys = keys
    self.rows = rows
    self.identities = addresses(of: models)
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
    // NB: this code is not specialized for `ID`: the plan is built in local arrays, and the
    // index's are read from locals, because each access to a field of a generic type (`Plan`,
    // or a stored property of this class) would look up the type's metadata at run time.
    let ids = ids
    let keys = keys
    let slotByKey = slotByKey
    let positionOfSlot = positionOfSlot
    // NB: ids are read and compared through buffer pointers, whose accessors are inlined:
    // the array's are not, and each call would look up the array type's metadata.
    let newIDs = ContiguousArray<ID>(unsafeUninitializedCapacity: models.count) { new, count in
      models.withUnsafeBufferPointer { models in
        guard let base = new.baseAddress else { return }
        // NB: read in place: a copy of the view model would retain it.
        for position in models.indices { (base + position).initialize(to: models[position].id) }
      }
      count = models.count
    }
    let matched = ids.withUnsafeBufferPointer { ids in
      newIDs.withUnsafeBufferPointer { newIDs in
        // NB: the common id types are matched by code specialized for them: comparing and
        // hashing through the `Hashable` conformance cost more than the walk itself.
        if ID.self == Int.self {
          return matchIDs(
            old: ids.rebound(to: Int.self), new: newIDs.rebound(to: Int.self), keys: keys,
            slotByKey: slotByKey, positionOfSlot: positionOfSlot)
        }
        if ID.self == String.self {
          return matchIDs(
            old: ids.rebound(to: String.self), new: newIDs.rebound(to: String.self), keys: keys,
            slotByKey: slotByKey, positionOfSlot: positionOfSlot)
        }
        return matchIDs(
          old: ids, new: newIDs, keys: keys, slotByKey: slotByKey, positionOfSlot: positionOfSlot)
      }
    }
    guard let (newKeys, sources, targets) = matched else { return nil }
    return Plan(ids: newIDs, keys: newKeys, sources: sources, targets: targets)
  }

  /// Applies `plan`, made for `models`: unmounts the rows deleted, mounts those inserted (and
  /// those whose id stays with another view model), records the changes, and keeps the others.
  func apply<Row: RowModel>(
    _ plan: Plan, _ models: [Row], to list: ListView, animation: RowAnimation,
    mounter: any ChildMounter
  ) where Row.ID == ID {
    // NB: the plan's arrays are read from locals (see `plan(_:)`).
    let sources = plan.sources
    let targets = plan.targets
    let newKeys = plan.keys
    var changes = ListChanges(animation: animation)
    var problems: [String] = []
    for old in targets.indices where targets[old] < 0 {
      let row = rows[old]
      changes.deletedRows.append(describeRowID(ids[old]))
      list.retire(row)
      slotByKey[keys[old]] = nil
      freeSlots.append(slots[old])
    }
    var staying: [Int] = []
    staying.reserveCapacity(rows.count)
    // NB: inserted rows are recorded below, where their widgets are made with the same text.
    for old in sources where old >= 0 { staying.append(old) }
    let inPlace = increasingRun(in: staying)
    var stayed = 0
    for (position, old) in sources.enumerated() where old >= 0 {
      if !inPlace[stayed] { changes.movedRows.append(describeRowID(plan.ids[position])) }
      stayed += 1
    }

    // Rows mounted anew (inserted, or whose id stays with another view model), by position.
    // Mounting calls out (the template's bindings, `willDisplay`), so it happens while the
    // list still shows its old rows, as on the general path.
    // NB: the index's arrays read once per row are read from locals (see `plan(_:)`).
    let identities = identities
    let slots = slots
    // NB: the rows mounted anew, in order of position; `kept` marks their positions `-1`, and
    // `-2` a position whose row could not be mounted.
    var mounted: [RowWidget] = []
    var kept = [Int](repeating: -1, count: models.count)
    let addresses = addresses(of: models)
    var newIdentities: [UnsafeRawPointer] = []
    newIdentities.reserveCapacity(models.count)
    var newSlots: [Int] = []
    newSlots.reserveCapacity(models.count)
    var isComplete = true
    // The rows that stay are found first, and the widgets of the rows mounted anew made,
    // together (see `prepareRow`), in the order the walk below takes them.
    var prepared: [Result<PreparedRow, RowProblem>] = []
    for position in models.indices {
      let old = sources[position]
      if old >= 0 && identities[old] == addresses[position] {
        kept[position] = old
        continue
      }
      let id = plan.ids[position]
      let described = describeRowID(id)
      if old < 0 { changes.insertedRows.append(described) }
      prepared.append(
        list.prepare(models[position], role: .row, rowID: AnyHashable(id), described: described))
    }
    mounted.reserveCapacity(prepared.count)
    // NB: taken from the end, each prepared row is moved out of the array, not copied (three
    // references retained and released again per row).
    prepared.reverse()
    for position in models.indices {
      let old = sources[position]
      let identity = addresses[position]
      if kept[position] >= 0 {
        newIdentities.append(identity)
        newSlots.append(slots[old])
        continue
      }
      let id = plan.ids[position]
      let made = prepared.removeLast()
      var slot: Int
      if old >= 0 {
        // The id stays with another view model: the row is mounted anew, in the same slot.
        changes.updatedRows.append(describeRowID(id))
        list.retire(rows[old])
        slot = slots[old]
      } else {
        slot = freeSlots.popLast() ?? positionOfSlot.count
        if slot == positionOfSlot.count { positionOfSlot.append(0) }
        slotByKey[newKeys[position]] = slot
      }
      guard let row = list.finish(made, mounter: mounter, problems: &problems) else {
        kept[position] = -2
        isComplete = false
        if old < 0 { slotByKey[newKeys[position]] = nil }
        freeSlots.append(slot)
        continue
      }
      mounted.append(row)
      newIdentities.append(identity)
      newSlots.append(slot)
    }
    let newRows = composeRows(kept: kept, mounted: mounted, list: list)

    ids = plan.ids
    keys = plan.keys
    rows = newRows
    self.identities = newIdentities
    self.slots = newSlots
    var positions = positionOfSlot
    positionOfSlot = []
    for (position, slot) in newSlots.enumerated() { positions[slot] = position }
    positionOfSlot = positions
    list.sections = [SectionState(id: AnyHashable(0), rows: newRows)]
    list.lastChanges = changes
    list.problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    // NB: a row that could not be mounted is missing from the rows, which no longer line up
    // with the ids: the next content takes the general path, which indexes it again.
    if !isComplete { list.rowIndex = nil }
  }

  /// The new rows in order: for each position, the old row `kept` names, moved (not copied)
  /// out of the old rows, or, where `kept` holds -1, the next of the rows `mounted` anew (-2: no
  /// row could be mounted there). Copying would retain and release every row that stays,
  /// touching each of them; moving touches only the arrays.
  private func composeRows(kept: [Int], mounted: [RowWidget], list: ListView) -> [RowWidget] {
    // NB: the list's sections share the rows' buffer; with them gone it has one owner, and its
    // elements can be moved out. The places they leave are filled with one placeholder row,
    // which costs a retain of one object (in cache) instead of one of each row.
    list.sections = []
    var oldRows = rows
    rows = []
    let placeholder = rowPlaceholder
    return oldRows.withUnsafeMutableBufferPointer { oldRows in
      [RowWidget](unsafeUninitializedCapacity: kept.count) { newRows, initialized in
        guard let from = oldRows.baseAddress, let to = newRows.baseAddress else { return }
        var nextMounted = 0
        for old in kept {
          if old >= 0 {
            (to + initialized).moveInitialize(from: from + old, count: 1)
            (from + old).initialize(to: placeholder)
            initialized += 1
          } else if old == -1 {
            (to + initialized).initialize(to: mounted[nextMounted])
            nextMounted += 1
            initialized += 1
          }
        }
      }
    }
  }
}

/// Matches the new ids with the old ones in one walk: each new id is compared with the old id
/// at the position the walk expects, and only where they differ is it hashed and looked up
/// among the old rows. Returns each new row's hash key and old position (-1 when inserted) and
/// each old row's new position (-1 when deleted); `nil` when an id repeats or two ids share a
/// hash key.
private func matchIDs<Key: Hashable>(
  old ids: UnsafeBufferPointer<Key>, new newIDs: UnsafeBufferPointer<Key>, keys: [Int],
  slotByKey: [Int: Int], positionOfSlot: [Int]
) -> (keys: [Int], sources: [Int], targets: [Int])? {
  let oldCount = ids.count
  var newKeys: [Int] = []
  newKeys.reserveCapacity(newIDs.count)
  var sources: [Int] = []
  sources.reserveCapacity(newIDs.count)
  var targets = [Int](repeating: -1, count: oldCount)
  var insertedKeys: [Int: Int] = [:]
  var expected = 0
  for position in newIDs.indices {
    let id = newIDs[position]
    while expected < oldCount && targets[expected] >= 0 { expected += 1 }
    if expected < oldCount && ids[expected] == id {
      targets[expected] = position
      sources.append(expected)
      newKeys.append(keys[expected])
      expected += 1
    } else {
      let key = id.hashValue
      if let slot = slotByKey[key] {
        let old = positionOfSlot[slot]
        guard ids[old] == id, targets[old] < 0 else { return nil }
        targets[old] = position
        sources.append(old)
        // The walk goes on after the row found: the rows after it most likely follow it.
        expected = old + 1
      } else {
        guard insertedKeys.updateValue(position, forKey: key) == nil else { return nil }
        sources.append(-1)
      }
      newKeys.append(key)
    }
  }
  return (newKeys, sources, targets)
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
private let rowPlaceholder = RowWidget(
  listID: "", role: .row, rowID: AnyHashable(0), model: PlaceholderModel())

private final class PlaceholderModel: Identifiable {}
