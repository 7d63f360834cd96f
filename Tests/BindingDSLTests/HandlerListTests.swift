import BindingDSL
import Testing

@Suite struct HandlerListTests {
  @Test func handlersRunInOrderAndTokensRemoveExactlyTheirOwn() {
    var list = HandlerList<(inout [String]) -> Void>()
    let first = list.add { $0.append("first") }
    _ = list.add { $0.append("second") }
    let third = list.add { $0.append("third") }
    list.remove(first)
    list.remove(first)
    var calls: [String] = []
    for handler in list.handlers { handler(&calls) }
    #expect(calls == ["second", "third"])
    #expect(list.count == 2)
    list.remove(third)
    let fourth = list.add { $0.append("fourth") }
    #expect(fourth != third, "a token is never reused")
  }

  @Test func changingTheListWhileCallingItDoesNotChangeTheCallsUnderWay() {
    var list = HandlerList<() -> Void>()
    var calls = 0
    for _ in 0..<3 { _ = list.add { calls += 1 } }
    let snapshot = list.handlers
    list = HandlerList()
    for handler in snapshot { handler() }
    #expect(calls == 3)
    #expect(list.count == 0)
  }

  @Test func anyOrderOfAddsAndRemovesKeepsTheOrderOfAdding() {
    // The first handler is kept apart from the others; whatever is added and removed, the list
    // must match a plain array of what is left.
    var generator = SplitMix64(state: 42)
    for _ in 0..<200 {
      var list = HandlerList<Int>()
      var reference: [(token: HandlerToken, value: Int)] = []
      for step in 0..<20 {
        if reference.isEmpty || Bool.random(using: &generator) {
          reference.append((list.add(step), step))
        } else {
          let index = Int.random(in: 0..<reference.count, using: &generator)
          list.remove(reference.remove(at: index).token)
        }
        #expect(Array(list.handlers) == reference.map(\.value))
        #expect(list.count == reference.count)
        #expect(list.handlers.count == reference.count)
      }
    }
  }
}
