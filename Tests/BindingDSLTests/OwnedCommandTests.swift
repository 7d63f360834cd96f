import BindingDSL
import Observation
import Synchronization
import Testing

@MainActor
@Observable
private final class Timer: CommandOwner {
  let commands = CommandStore()
  var limit = 2
  private(set) var ticks = 0
  let clock: VirtualClock

  init(clock: VirtualClock) { self.clock = clock }

  var tick: Command<Void, Int> {
    .owned(by: self, enabledWhen: { $0.ticks < $0.limit }) { timer in
      try await timer.clock.sleep(for: .seconds(1))
      timer.ticks += 1
      return timer.ticks
    }
  }

  var add: Command<Int, Int> {
    .owned(by: self, "addTicks", policy: .queue) { timer, count in
      timer.ticks += count
      return timer.ticks
    }
  }
}

@MainActor
@Suite struct OwnedCommandTests {
  @Test func everyReadReturnsTheSameCommandForTheSameOwner() {
    let first = Timer(clock: VirtualClock())
    let second = Timer(clock: VirtualClock())
    #expect(first.tick === first.tick)
    #expect(first.tick !== second.tick)
    #expect(first.tick.name == "tick", "named after the property")
    #expect(first.add.name == "addTicks")
    #expect(first.add.policy == .queue)
  }

  @Test func theWorkSleepsOnTheClockAndTheStatusIsObservable() async throws {
    let clock = VirtualClock()
    let timer = Timer(clock: clock)
    let changes = Mutex(0)
    withObservationTracking {
      _ = timer.tick.status
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    timer.tick.execute()
    #expect(changes.withLock { $0 } == 1)
    #expect(timer.tick.isExecuting)
    #expect(!timer.tick.canExecute)
    try await timer.tick.settle()
    #expect(timer.tick.isExecuting, "asleep on the clock")
    try await clock.advance(by: .seconds(1))
    try await timer.tick.settle()
    #expect(timer.tick.status == .succeeded)
    #expect(timer.tick.lastOutput == 1)
  }

  @Test func thePredicateReceivesTheOwner() async throws {
    let timer = Timer(clock: VirtualClock())
    await timer.add.execute(2)?.value
    #expect(timer.ticks == 2)
    #expect(!timer.tick.canExecute, "ticks reached the limit")
    timer.limit = 3
    #expect(timer.tick.canExecute)
  }

  @Test func cancellingEndsTheRunAsCancelled() async throws {
    let clock = VirtualClock()
    let timer = Timer(clock: clock)
    let run = timer.tick.execute()
    timer.tick.cancel()
    await run?.value
    #expect(timer.tick.status == .cancelled)
    #expect(timer.ticks == 0)
  }

  @Test func twoOwnersOfTheSameTypeGetDifferentCommands() {
    let first = Timer(clock: VirtualClock())
    let second = Timer(clock: VirtualClock())
    #expect(first.tick !== second.tick)
    #expect(first.add !== second.add)
    #expect(first.commands !== second.commands, "each owner holds a store of its own")
  }

  @Test func oneOwnerGetsTheSameCommandAtEachRead() {
    let timer = Timer(clock: VirtualClock())
    #expect(timer.commands.count == 0, "a command is made the first time it is read")
    let tick = timer.tick
    #expect(timer.tick === tick)
    #expect(timer.commands.count == 1)
    let add = timer.add
    #expect(timer.add === add)
    #expect(add !== tick, "one command per place")
    #expect(timer.commands.count == 2)
    for _ in 0..<10 { _ = (timer.tick, timer.add) }
    #expect(timer.commands.count == 2, "reads make no new commands")
  }

  @Test func theOwnerIsReleasedAndItsCommandsWithIt() async {
    weak var weakTimer: Timer?
    weak var weakTick: Command<Void, Int>?
    weak var weakAdd: Command<Int, Int>?
    do {
      let timer = Timer(clock: VirtualClock())
      weakTimer = timer
      weakTick = timer.tick
      weakAdd = timer.add
      await timer.add.execute(1)?.value
      #expect(weakTick != nil && weakAdd != nil, "the owner keeps its commands")
    }
    #expect(weakTimer == nil, "no cycle between the view model and its commands")
    #expect(weakTick == nil, "the commands go with their owner")
    #expect(weakAdd == nil, "the commands go with their owner")
  }

  @Test func noStoreOutlivesItsOwner() {
    weak var weakStore: CommandStore?
    weak var weakCommand: Command<Void, Int>?
    var timer: Timer? = Timer(clock: VirtualClock())
    weakStore = timer?.commands
    weakCommand = timer?.tick
    #expect(weakStore != nil)
    timer = nil
    #expect(weakStore == nil, "the store is the owner's, and nothing else holds it")
    #expect(weakCommand == nil)
  }

  @Test func aCommandKeptAfterItsOwnerIsReleasedCannotRun() async throws {
    var timer: Timer? = Timer(clock: VirtualClock())
    let tick = try #require(timer?.tick)
    #expect(tick.canExecute)
    timer = nil
    #expect(!tick.canExecute, "the predicate is false once the owner is gone")
    #expect(tick.execute() == nil)
  }
}
