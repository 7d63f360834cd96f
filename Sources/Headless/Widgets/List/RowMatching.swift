import BindingDSL

/// Positions of rows by id, as ``matchIDs(old:new:by:)`` looks them up.
protocol PositionTable {
  associatedtype Key: Hashable
  /// An empty table for about `capacity` ids.
  init(capacity: Int)
  /// Records `position` for `key`; `false` (and nothing recorded) when the table holds `key`
  /// already, or another key it cannot tell from it.
  mutating func insert(_ key: Key, at position: Int) -> Bool
  /// The position recorded for `key`, or for a key the table cannot tell from it.
  func position(of key: Key) -> Int?
}

/// Positions by the ids' hash keys: any `Hashable` id, without keeping the ids. Two ids that
/// share a hash key cannot be told apart, and are refused. The hash keys are kept in an
/// ``IntPositions`` table, which hashes them no further.
struct HashedPositions<Key: Hashable>: PositionTable {
  private var byHash: IntPositions

  init(capacity: Int) { byHash = IntPositions(capacity: capacity) }

  mutating func insert(_ key: Key, at position: Int) -> Bool {
    byHash.insert(key.hashValue, at: position)
  }

  func position(of key: Key) -> Int? { byHash.position(of: key.hashValue) }
}

/// Positions by the whole ids: slower than by their hash keys, and never refuses two ids that
/// differ.
struct ExactPositions<Key: Hashable>: PositionTable {
  private var byKey: [Key: Int] = [:]

  init(capacity: Int) { byKey.reserveCapacity(capacity) }

  mutating func insert(_ key: Key, at position: Int) -> Bool {
    byKey.updateValue(position, forKey: key) == nil
  }

  func position(of key: Key) -> Int? { byKey[key] }
}

/// Positions by `Int` id, in a table of open addressing with a multiplicative hash: no hasher
/// runs, and ids are told apart exactly. What diffing a list of `Int` ids costs most, beside
/// reading the ids, is making the table of the old rows.
struct IntPositions: PositionTable {
  /// Each slot is two entries, its key and then its position (-1 where the slot is empty), in
  /// one array: one allocation for the table.
  private var slots: [Int]
  private var count = 0
  private var shift: Int
  /// How many keys the table takes before it grows: five eighths of its slots.
  private var limit: Int

  init(capacity: Int) {
    // At most five eighths full: probes stay short (under two for a key found).
    var bits = 3
    while (1 << bits) * 5 < 8 * capacity { bits += 1 }
    slots = [Int](repeating: -1, count: 2 << bits)
    shift = Int.bitWidth - bits
    limit = (5 << bits) / 8
  }

  /// The slot `key` is in, or the empty slot where it would go.
  private func slot(of key: Int) -> Int {
    let mask = slots.count / 2 - 1
    var slot = Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while slots[2 * slot + 1] >= 0 && slots[2 * slot] != key { slot = (slot + 1) & mask }
    return slot
  }

  mutating func insert(_ key: Int, at position: Int) -> Bool {
    if count + 1 > limit { grow() }
    let slot = slot(of: key)
    guard slots[2 * slot + 1] < 0 else { return false }
    slots[2 * slot] = key
    slots[2 * slot + 1] = position
    count += 1
    return true
  }

  func position(of key: Int) -> Int? {
    let found = slots[2 * slot(of: key) + 1]
    return found >= 0 ? found : nil
  }

  private mutating func grow() {
    var larger = IntPositions(capacity: 2 * limit + 1)
    for slot in 0..<(slots.count / 2) where slots[2 * slot + 1] >= 0 {
      _ = larger.insert(slots[2 * slot], at: slots[2 * slot + 1])
    }
    self = larger
  }
}

/// Matches the new ids with the old ones in one walk: each new id is compared with the old id
/// at the position the walk expects, and only where they differ is it hashed and looked up
/// among the old rows (whose positions by hash key are gathered when first needed). Returns each
/// new row's old position (-1 when inserted) and each old row's new position (-1 when deleted);
/// `nil` when an id repeats or two ids share a hash key the table cannot tell apart.
func matchIDs<Table: PositionTable>(
  old ids: ContiguousArray<Table.Key>, new newIDs: ContiguousArray<Table.Key>,
  by table: Table.Type
) -> (sources: [Int], targets: [Int])? {
  let oldCount = ids.count
  var sources: [Int] = []
  sources.reserveCapacity(newIDs.count)
  var targets = [Int](repeating: -1, count: oldCount)
  // Made only when the walk first misses: a change that only appends or removes at the end
  // hashes no old id.
  var positionByKey: Table?
  var insertedKeys = Table(capacity: max(0, newIDs.count - oldCount))
  var expected = 0
  for position in newIDs.indices {
    let id = newIDs[position]
    while expected < oldCount && targets[expected] >= 0 { expected += 1 }
    if expected < oldCount && ids[expected] == id {
      targets[expected] = position
      sources.append(expected)
      expected += 1
      continue
    }
    if positionByKey == nil {
      var byKey = Table(capacity: oldCount)
      for old in ids.indices {
        guard byKey.insert(ids[old], at: old) else { return nil }
      }
      positionByKey = byKey
    }
    if let old = positionByKey?.position(of: id) {
      guard ids[old] == id, targets[old] < 0 else { return nil }
      targets[old] = position
      sources.append(old)
      // The walk goes on after the row found: the rows after it most likely follow it.
      expected = old + 1
    } else {
      guard insertedKeys.insert(id, at: position) else { return nil }
      sources.append(-1)
    }
  }
  return (sources, targets)
}

/// Whether `ids` are in strictly increasing order, and so each appears once.
func isIncreasing(_ ids: ContiguousArray<Int>) -> Bool {
  guard ids.count > 1 else { return true }
  for position in 1..<ids.count where ids[position - 1] >= ids[position] { return false }
  return true
}
