/// What changed between two lists of ids: the ids inserted (in their new order), deleted (in
/// their old order), and moved (kept, but out of the longest run that kept its order).
struct IDChanges: Equatable {
  var inserted: [Int] = []
  var deleted: [Int] = []
  var moved: [Int] = []

  /// The same changes, order ignored.
  var sets: [Set<Int>] { [Set(inserted), Set(deleted), Set(moved)] }
}

/// A diff of unique ids written by hand: a dictionary of old positions, then the longest
/// increasing subsequence of the kept ids' old positions (patience sorting, O(n log n)); kept
/// ids outside it are the moves. The lower bound for an identity diff that reports moves.
func diffByHand(from old: [Int], to new: [Int]) -> IDChanges {
  var oldPosition = [Int: Int](minimumCapacity: old.count)
  for (position, id) in old.enumerated() { oldPosition[id] = position }

  var changes = IDChanges()
  var isKept = [Bool](repeating: false, count: old.count)
  // The kept ids, in their new order, with their old positions.
  var keptIDs: [Int] = []
  var keptPositions: [Int] = []
  keptIDs.reserveCapacity(new.count)
  keptPositions.reserveCapacity(new.count)
  for id in new {
    if let position = oldPosition[id] {
      isKept[position] = true
      keptIDs.append(id)
      keptPositions.append(position)
    } else {
      changes.inserted.append(id)
    }
  }
  for (position, id) in old.enumerated() where !isKept[position] {
    changes.deleted.append(id)
  }

  // Longest increasing subsequence of `keptPositions`: `tails[k]` is the index of the smallest
  // tail of an increasing run of length k + 1, `previous` links each element to the one before
  // it in its run.
  var tails: [Int] = []
  var previous = [Int](repeating: -1, count: keptPositions.count)
  for (index, position) in keptPositions.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if keptPositions[tails[middle]] < position { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var inOrder = [Bool](repeating: false, count: keptPositions.count)
  var index = tails.last ?? -1
  while index >= 0 {
    inOrder[index] = true
    index = previous[index]
  }
  for (index, id) in keptIDs.enumerated() where !inOrder[index] {
    changes.moved.append(id)
  }
  return changes
}

/// The standard library's diff of the same ids: `difference(from:).inferringMoves()` (Myers'
/// algorithm, then removals and insertions of one element paired as moves).
func diffWithStandardLibrary(from old: [Int], to new: [Int]) -> IDChanges {
  var changes = IDChanges()
  for change in new.difference(from: old).inferringMoves() {
    switch change {
    case .remove(_, let id, let associated):
      if associated == nil { changes.deleted.append(id) }
    case .insert(_, let id, let associated):
      if associated == nil { changes.inserted.append(id) } else { changes.moved.append(id) }
    }
  }
  return changes
}
