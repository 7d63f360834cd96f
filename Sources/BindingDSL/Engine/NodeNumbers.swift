/// The numbers and ranks of a graph run's nodes: the index of each node in the engine's tables,
/// and how many derived nodes stand between it and the sources (0 for a source, above each
/// input for a derived node).
///
/// A number freed during a flush is reused only once the flush ends, since a list the flush is
/// working through may still hold it.
struct NodeNumbers {
  /// Per number: the node's rank.
  private var ranks: [Int] = []
  /// Numbers free for new nodes.
  private var free: [Int] = []
  /// Numbers of nodes removed during a flush, free once it ends.
  private var held: [Int] = []

  /// How many numbers are in use or free: the size of the engine's tables.
  var capacity: Int { ranks.count }

  /// The rank of node `node`.
  func rank(of node: Int) -> Int { ranks[node] }

  /// Makes room for `count` nodes in all.
  mutating func reserveCapacity(_ count: Int) {
    ranks.reserveCapacity(count)
  }

  /// A number for a new node of rank `rank`, reusing a free one.
  mutating func add(rank: Int) -> Int {
    if let number = free.popLast() {
      ranks[number] = rank
      return number
    }
    ranks.append(rank)
    return ranks.count - 1
  }

  /// Frees `number`: at once, or when the running flush ends (``flushEnded()``).
  mutating func remove(_ number: Int, duringFlush: Bool) {
    if duringFlush { held.append(number) } else { free.append(number) }
  }

  /// The flush ended: the numbers freed during it can be reused.
  mutating func flushEnded() {
    free.append(contentsOf: held)
    held.removeAll()
  }
}
