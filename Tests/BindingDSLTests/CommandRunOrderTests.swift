import BindingDSL
import Observation
import Testing

private struct Boom: Error, Equatable {}

/// A view model whose queued `save` records how many runs do their work at once.
@MainActor
@Observable
private final class QueuedSaveModel {
  @ObservationIgnored let clock: VirtualClock
  @ObservationIgnored var log: [String] = []
  @ObservationIgnored var running = 0
  @ObservationIgnored var maxRunning = 0

  init(clock: VirtualClock) { self.clock = clock }

  @ObservationIgnored private(set) lazy var save = Command<String, Void>(
    "queuedSave", owner: self, policy: .queue
  ) { vm, item in
    try await vm.perform(item)
  }

  private func perform(_ item: String) async throws {
    log.append("start \(item)")
    running += 1
    maxRunning = max(maxRunning, running)
    defer { running -= 1 }
    try await clock.sleep(for: .seconds(1))
    log.append("end \(item)")
  }
}

/// A view model whose `load` (concurrent unless told otherwise) sleeps as many seconds as its
/// input.
@MainActor
@Observable
private final class ConcurrentLoadModel {
  @ObservationIgnored let clock: VirtualClock
  @ObservationIgnored let policy: ExecutionPolicy

  init(clock: VirtualClock, policy: ExecutionPolicy = .concurrent) {
    self.clock = clock
    self.policy = policy
  }

  @ObservationIgnored private(set) lazy var load = Command<Int, Int>(
    "concurrentLoad", owner: self, policy: policy
  ) { vm, seconds in
    try await vm.wait(seconds)
  }

  /// Sleeps `abs(seconds)`; a negative input fails afterwards.
  private func wait(_ seconds: Int) async throws -> Int {
    try await clock.sleep(for: .seconds(abs(seconds)))
    if seconds < 0 { throw Boom() }
    return seconds
  }
}

/// Runs that end, fail or are cancelled out of order: queued runs never overlap, the status
/// shows the newest run's outcome, and error handlers see the run ended.
@MainActor
@Suite struct CommandRunOrderTests {
  let scheduler = ManualScheduler()

  /// `.queue` promises "waits for the runs before it, then runs, in order". A run queued behind a
  /// run that a screen started must still wait for the run before *that* one when the screen
  /// goes away and its queued run is cancelled. (`cancelRuns(startedBy:)` is what
  /// `MountedGraph.unmount()` calls for each command the mount registered; the package entry
  /// points are used only to get hold of run 2's task, so that the test knows when it ended.)
  @Test func aQueuedRunStillWaitsWhenTheRunBetweenIsCancelledByUnmount()
    async throws
  {
    let clock = VirtualClock()
    let model = QueuedSaveModel(clock: clock)
    let screen = WorkToken.make()  // stands for a mounted screen
    var second: Task<Void, Never>?
    clock.withTracking {
      model.save.execute("first")  // run 1, started by the view model itself
      second = model.save.execute("second", origin: screen)  // run 2, started by the screen
      model.save.execute("third")  // run 3, queued behind run 2
    }
    try await clock.advance(by: .zero)
    #expect(model.log == ["start first"])
    #expect(model.save.activeRuns == 3)

    // The screen goes away: only its run (2) is cancelled; run 1 is still saving.
    model.save.cancelRuns(startedBy: screen)
    await second?.value
    try await model.save.settle()

    #expect(model.maxRunning == 1, "run 3 started while run 1 was still running: \(model.log)")
    #expect(model.log == ["start first"])

    try await clock.advance(by: .seconds(3))
    try await model.save.settle()
    #expect(model.log == ["start first", "end first", "start third", "end third"])
  }

  /// An error handler (`addErrorHandler`) is called once the run has ended, so that a handler that retries can.
  @Test func anErrorHandlerSeesTheRunEndedAndCanRetry() async throws {
    var attempts = 0
    let command = Command<Void, Void>("flaky") {
      attempts += 1
      if attempts == 1 { throw Boom() }
    }
    var seen: (status: CommandStatus, activeRuns: Int, canExecute: Bool)?
    var retry: Task<Void, Never>?
    command.addErrorHandler { [unowned command] _ in
      seen = (command.status, command.activeRuns, command.canExecute)
      retry = command.execute()
    }
    await command.execute()?.value
    #expect(seen?.status != .executing, "the handler saw \(String(describing: seen))")
    #expect(seen?.activeRuns == 0, "the handler saw \(String(describing: seen))")
    #expect(retry != nil, "execute() from the error handler was ignored")
    await retry?.value
    #expect(attempts == 2)
  }

  /// `.concurrent`: "an older run finishing late never overwrites a newer one's result", and the
  /// status "shows the newest run's outcome". An older run cancelled because its screen went away
  /// must not turn the newest run's success into `cancelled`.
  @Test func cancellingAnOlderRunByUnmountKeepsTheNewestOutcome()
    async throws
  {
    let clock = VirtualClock()
    let model = ConcurrentLoadModel(clock: clock)
    let button = TestButton("load")
    let mounted = try BindingGraph<ConcurrentLoadModel> {
      command(model.load, on: button) { 10 }
    }.mount(on: model, scheduler: scheduler, clock: clock)

    clock.withTracking {
      button.tap.send()  // run 1: 10 s, started by the screen
      model.load.execute(1)  // run 2: 1 s, newer
    }
    try await clock.advance(by: .seconds(1))
    try await model.load.settle()
    #expect(model.load.lastOutput == 1)
    #expect(model.load.status == .executing, "run 1 still runs")

    mounted.unmount()  // cancels run 1 only
    #expect(model.load.lastOutput == 1)
    #expect(
      model.load.status == .succeeded,
      "the newest run (2) succeeded, yet the status is \(model.load.status)")
    try await clock.advance(by: .seconds(10))
    try await model.load.settle()
    #expect(model.load.status == .succeeded)
  }

  /// `.concurrent`: an older run that outlives a newer failed one, while the newest run (a
  /// screen's) is cancelled by unmount. The command ends `failed` with no `lastError`, so a
  /// `feedback` display shows the generic "Failed" instead of the error.
  @Test func aConcurrentCommandNeverEndsFailedWithoutAnError() async throws {
    let clock = VirtualClock()
    let model = ConcurrentLoadModel(clock: clock)
    let button = TestButton("load")
    let mounted = try BindingGraph<ConcurrentLoadModel> {
      command(model.load, on: button) { 10 }
    }.mount(on: model, scheduler: scheduler, clock: clock)
    clock.withTracking {
      model.load.execute(10)  // run 1: 10 s
      model.load.execute(-1)  // run 2: fails after 1 s
    }
    try await clock.advance(by: .seconds(1))
    try await model.load.settle()
    #expect(model.load.lastError is Boom)
    clock.withTracking { button.tap.send() }  // run 3, the screen's
    mounted.unmount()  // cancels run 3 only
    try await clock.advance(by: .seconds(10))
    try await model.load.settle()
    let status = model.load.status
    let error = model.load.lastError
    #expect(
      (status == .failed) == (error != nil),
      "status \(status) with lastError \(String(describing: error))")
  }

  /// `.queue` after `cancel()`: a run whose work ignores cancellation is still unwinding; a new
  /// queued run waits for it, so that queued work never overlaps.
  @Test func aQueuedRunAfterCancelWaitsForUnwindingWork() async throws {
    let clock = VirtualClock()
    var running = 0
    var maxRunning = 0
    let command = Command<Int, Void>("stubborn", policy: .queue) { _ in
      running += 1
      maxRunning = max(maxRunning, running)
      defer { running -= 1 }
      // ignores cancellation: sleeps in a task of its own, which cancellation does not reach
      await Task { try? await clock.sleep(for: .seconds(1)) }.value
    }
    clock.withTracking { command.execute(1) }
    try await clock.advance(by: .zero)
    command.cancel()
    clock.withTracking { command.execute(2) }
    try await clock.advance(by: .zero)
    try await clock.advance(by: .seconds(10))
    try await command.settle()
    #expect(maxRunning == 1, "two queued runs did their work at once")
  }

  /// Testing.md's advice for a run that awaits other work: a `Task { … }` started in the run
  /// belongs to it, so its sleep lets the clock move on, where another tracked run would not.
  /// The test waits for the inner task's sleep itself, so no real-time limit decides it.
  @Test func aRunAwaitingATaskItStartedLetsTheClockMoveOn() async throws {
    let clock = VirtualClock()
    var log: [String] = []
    let refresh = Command<Void, Void>("refreshAwaitingATask") {
      await Task {
        try? await clock.sleep(for: .seconds(1))
        log.append("loaded")
      }.value
      log.append("refreshed")
    }
    clock.withTracking { refresh.execute() }
    #expect(busyWork(of: refresh) == ["command 'refreshAwaitingATask'"], "it starts busy")
    await WorkLedger.shared.wait { clock.sleeperCount == 1 }
    try #require(
      busyWork(of: refresh).isEmpty,
      "while the task it awaits sleeps on the clock, the run is not busy: the clock may move on")
    try await clock.advance(by: .seconds(1))
    try await refresh.settle()
    #expect(log == ["loaded", "refreshed"])
  }

  /// Run 1 (the view model's own) runs; run 2 (a screen's) is queued behind it; the screen
  /// unmounts, cancelling run 2 only. Run 1 still records what it ends with.
  @Test(arguments: [-2, 2])
  func anOlderRunEndingAfterANewerQueuedRunIsCancelledRecordsItsResult(seconds: Int) async throws {
    let clock = VirtualClock()
    let model = ConcurrentLoadModel(clock: clock, policy: .queue)
    let button = TestButton("save")
    let mounted = try BindingGraph<ConcurrentLoadModel> {
      command(model.load, on: button) { 1 }
    }.mount(on: model, scheduler: scheduler, clock: clock)
    var handled: [any Error] = []
    model.load.addErrorHandler { handled.append($0) }
    clock.withTracking {
      model.load.execute(seconds)  // run 1: fails (negative) or succeeds after 2 s
      button.tap.send()  // run 2: the screen's, queued
    }
    try await clock.advance(by: .seconds(1))
    mounted.unmount()
    try await clock.advance(by: .seconds(5))
    try await model.load.settle()
    if seconds < 0 {
      #expect(handled.count == 1)
      #expect(model.load.lastError is Boom)
      #expect(model.load.status == .failed)
    } else {
      #expect(model.load.lastOutput == 2)
      #expect(model.load.status == .succeeded)
    }
  }

  /// A run queued after a cancelled run that was itself waiting behind unwinding work waits for
  /// that work too, and the virtual clock sees it waiting, not busy.
  @Test func aRunQueuedBehindCancelledRunsWaitsForTheUnwindingWork()
    async throws
  {
    let clock = VirtualClock()
    var running = 0
    var maxRunning = 0
    var done: [Int] = []
    let command = Command<Int, Void>("stubbornQueue", policy: .queue) { item in
      running += 1
      maxRunning = max(maxRunning, running)
      defer { running -= 1 }
      // ignores cancellation: sleeps in a task of its own, which cancellation does not reach
      await Task { try? await clock.sleep(for: .seconds(1)) }.value
      done.append(item)
    }
    clock.withTracking { command.execute(1) }
    try await clock.advance(by: .zero)
    command.cancel()
    let second = clock.withTracking { command.execute(2) }
    command.cancel()
    await second?.value  // the cancelled run 2 has ended before run 3 is queued
    clock.withTracking { command.execute(3) }
    await WorkLedger.shared.wait { clock.sleeperCount == 1 }
    try #require(
      busyWork(of: command).isEmpty,
      "run 1 sleeps (cancelled, still unwinding) and run 3 waits behind it: neither is busy")
    try await clock.advance(by: .seconds(3))
    try await command.settle()
    #expect(maxRunning == 1)
    #expect(done == [1, 3])
  }

  /// A thousand queued runs each wait for the one before and run in order.
  @Test func aThousandQueuedRunsRunInOrder() async {
    var order: [Int] = []
    let command = Command<Int, Void>("longQueue", policy: .queue) { item in order.append(item) }
    var last: Task<Void, Never>?
    for item in 0..<1_000 { last = command.execute(item) }
    await last?.value
    #expect(order == Array(0..<1_000))
  }
}
