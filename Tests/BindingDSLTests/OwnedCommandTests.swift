import BindingDSL
import Observation
import Synchronization
import Testing

@MainActor
@Observable
private final class Timer {
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

  @Test func theOwnerIsReleasedAndItsCommandsWithIt() async {
    weak var weakTimer: Timer?
    weak var weakCommand: Command<Int, Int>?
    do {
      let timer = Timer(clock: VirtualClock())
      weakTimer = timer
      weakCommand = timer.add
      await timer.add.execute(1)?.value
    }
    #expect(weakTimer == nil, "no cycle between the view model and its commands")
    _ = OwnedCommands.sweep()
    #expect(weakCommand == nil, "the commands of a released owner are dropped")
  }

  @Test func manyReleasedOwnersDoNotAccumulate() {
    let living = (0..<3).map { _ in Timer(clock: VirtualClock()) }
    for timer in living { _ = timer.tick }
    for _ in 0..<1_000 { _ = Timer(clock: VirtualClock()).tick }
    let left = OwnedCommands.sweep()
    #expect(left >= living.count)
    #expect(left < 200, "released owners were swept as the table grew")
    for timer in living { #expect(timer.tick === timer.tick) }
  }
}
