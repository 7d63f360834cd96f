import Testing

@testable import Headless

// The table `Int` ids are matched through, and the match it gives, against the general one
// keyed by hash values.

/// A seeded generator, so that a failure replays.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

@Suite("Matching row ids")
struct RowMatchingTests {
  @Test("the Int table finds every id it holds, refuses repeats, and grows past its capacity")
  func intTableHoldsEveryID() {
    // NB: ids that differ only in their high bits, negative ids, and more than the capacity.
    let ids = (0..<3_000).map { $0 << 40 } + (1...500).map { -$0 } + [Int.min, Int.max]
    var table = IntPositions(capacity: 10)
    var refused = 0
    for (position, id) in ids.enumerated() where !table.insert(id, at: position) { refused += 1 }
    #expect(refused == 0)
    var found: [Int?] = []
    for id in ids { found.append(table.position(of: id)) }
    let expected: [Int?] = Array(ids.indices)
    #expect(found == expected)
    let repeated = table.insert(ids[7], at: 99)
    #expect(!repeated)
    #expect(table.position(of: ids[7]) == 7)
    #expect(table.position(of: 1) == nil)
    #expect(table.position(of: 5 << 40 + 1) == nil)
  }

  @Test("Int ids are matched as the general path matches them", arguments: 0..<20)
  func intMatchAgreesWithHashedMatch(seed: UInt64) {
    var random = SplitMix(state: seed)
    let old = (0..<300).map { _ in Int.random(in: -1_000...1_000, using: &random) }
    let oldIDs = Array(Set(old)).shuffled(using: &random)
    var newIDs = oldIDs.filter { _ in Int.random(in: 0..<10, using: &random) > 0 }
    for _ in 0..<20 {
      newIDs.insert(
        Int.random(in: 2_000...3_000, using: &random),
        at: Int.random(in: 0...newIDs.count, using: &random))
    }
    for _ in 0..<5 where newIDs.count > 1 {
      let moved = newIDs.remove(at: Int.random(in: 0..<newIDs.count, using: &random))
      newIDs.insert(moved, at: Int.random(in: 0...newIDs.count, using: &random))
    }
    // NB: inserted ids may repeat: both must then refuse the match.
    let (before, after) = (ContiguousArray(oldIDs), ContiguousArray(newIDs))
    let byTable = matchIDs(old: before, new: after, by: IntPositions.self)
    let byHash = matchIDs(old: before, new: after, by: HashedPositions<Int>.self)
    let exactly = matchIDs(old: before, new: after, by: ExactPositions<Int>.self)
    #expect(byTable?.sources == byHash?.sources)
    #expect(byTable?.targets == byHash?.targets)
    #expect(byTable?.sources == exactly?.sources)
    #expect(byTable?.targets == exactly?.targets)
    #expect((byTable == nil) == (Set(newIDs).count != newIDs.count))
  }

  @Test("increasing ids are told from ids that repeat or go down")
  func increasingIDs() {
    func increasing(_ ids: [Int]) -> Bool { isIncreasing(ContiguousArray(ids)) }
    #expect(increasing([]))
    #expect(increasing([4]))
    #expect(increasing([-3, 0, 7, 1 << 50]))
    #expect(!increasing([1, 2, 2, 3]))
    #expect(!increasing([1, 3, 2]))
  }
}
