import BindingDSL
import Observation
import Testing

@MainActor
@Observable
private final class Counter {
  var limit = 2
  private(set) var count = 0

  @ObservationIgnored private(set) lazy var increment = Command<Int, Int>(
    "increment", owner: self, enabledWhen: { $0.count < $0.limit }
  ) { counter, step in
    counter.count += step
    return counter.count
  }
}

@MainActor
@Suite struct CommandOwnerTests {
  @Test func thePredicateAndTheWorkReceiveTheOwner() async {
    let counter = Counter()
    await counter.increment.execute(1)?.value
    #expect(counter.count == 1)
    #expect(counter.increment.lastOutput == 1)
    await counter.increment.execute(1)?.value
    #expect(!counter.increment.canExecute, "count reached the limit")
    #expect(counter.increment.execute(1) == nil)
    counter.limit = 3
    #expect(counter.increment.canExecute)
  }

  @Test func theCommandDoesNotKeepItsOwnerAlive() {
    weak var weakCounter: Counter?
    var command: Command<Int, Int>?
    do {
      let counter = Counter()
      weakCounter = counter
      command = counter.increment
    }
    #expect(weakCounter == nil, "no cycle between the view model and its command")
    #expect(command?.canExecute == false, "an ownerless command cannot execute")
  }

  @Test func aRunThatStartsAfterItsOwnerIsGoneIsCancelled() async throws {
    var owner: Counter? = Counter()
    let command = Command<Void, Void>("ping", owner: try #require(owner)) { _, _ in }
    owner = nil
    await command.execute()?.value
    #expect(command.status == .cancelled)
    #expect(command.lastError == nil, "cancellation is not an error")
  }
}
