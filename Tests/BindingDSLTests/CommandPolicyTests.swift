import BindingDSL
import Observation
import Synchronization
import Testing

/// Work whose result the test hands over by hand, ignoring cancellation, to prove that a late
/// result is discarded by the command rather than by the work.
@MainActor
private final class ManualWork {
  private var waiting: [String: CheckedContinuation<String, Never>] = [:]
  private var watchers: [CheckedContinuation<Void, Never>] = []

  func run(_ input: String) async -> String {
    await withCheckedContinuation {
      waiting[input] = $0
      for watcher in watchers { watcher.resume() }
      watchers = []
    }
  }

  var pending: Set<String> { Set(waiting.keys) }

  /// Waits until the work for each of `inputs` has started and waits for its result.
  func waitUntilPending(_ inputs: Set<String>) async {
    while !inputs.isSubset(of: pending) {
      await withCheckedContinuation { watchers.append($0) }
    }
  }

  func finish(_ input: String, with output: String) {
    waiting.removeValue(forKey: input)?.resume(returning: output)
  }
}

@MainActor
private final class FlakyService {
  var fails = true
}

@MainActor
@Suite struct CommandPolicyTests {
  @Test func ignoreWhileExecutingDropsTheSecondExecution() async throws {
    let clock = VirtualClock()
    var started: [Int] = []
    let command = Command<Int, Int>("double") { value in
      started.append(value)
      try await clock.sleep(for: .seconds(1))
      return value * 2
    }
    clock.withTracking { #expect(command.execute(1) != nil) }
    #expect(command.canExecute == false)
    #expect(command.execute(2) == nil)
    try await clock.advance(by: .seconds(1))
    try await command.settle()
    #expect(started == [1])
    #expect(command.status == .succeeded)
    #expect(command.lastOutput == 2)
  }

  @Test func anOptionalOutputOfNilIsAnOutputAndItsChangeIsObserved() async throws {
    let command = Command<Int, Int?>("look up") { $0 > 0 ? $0 : nil }
    #expect(command.lastOutput == nil, "no run yet")
    let changes = Mutex(0)
    withObservationTracking {
      _ = command.lastOutput
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    command.execute(0)
    try await command.settle()
    #expect(changes.withLock { $0 } == 1)
    #expect(command.lastOutput == .some(nil), "the run's output, nil, is kept as an output")
    command.execute(7)
    try await command.settle()
    #expect(command.lastOutput == .some(7))
  }

  @Test func cancelPreviousKeepsOnlyTheNewestResult() async {
    let work = ManualWork()
    let command = Command<String, String>("search", policy: .cancelPrevious) { query in
      await work.run(query)
    }
    let first = command.execute("a")
    await work.waitUntilPending(["a"])
    #expect(command.canExecute, "cancel-previous accepts executions while running")
    let second = command.execute("ap")
    await work.waitUntilPending(["a", "ap"])
    #expect(command.unwindingRuns == 1, "the cancelled run is followed until it ends")
    work.finish("ap", with: "results for ap")
    await second?.value
    #expect(command.status == .succeeded)
    #expect(command.lastOutput == "results for ap")
    // The slow first search ignores cancellation and finishes last: it must not win.
    work.finish("a", with: "results for a")
    await first?.value
    #expect(command.unwindingRuns == 0)
    #expect(command.lastOutput == "results for ap")
    #expect(command.status == .succeeded)
  }

  @Test func cancelPreviousCancelsTheRunningWork() async throws {
    let clock = VirtualClock()
    var cancelled: [String] = []
    let command = Command<String, String>("search", policy: .cancelPrevious) { query in
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        cancelled.append(query)
        throw error
      }
      return query.uppercased()
    }
    clock.withTracking { command.execute("a") }
    try await clock.advance(by: .zero)
    clock.withTracking { command.execute("b") }
    try await clock.advance(by: .seconds(1))
    try await command.settle()
    #expect(cancelled == ["a"])
    #expect(command.lastOutput == "B")
    #expect(command.status == .succeeded)
  }

  @Test func queueRunsExecutionsInOrderOneAtATime() async throws {
    let clock = VirtualClock()
    var log: [String] = []
    let command = Command<String, String>("save", policy: .queue) { item in
      log.append("start \(item)")
      try await clock.sleep(for: .seconds(1))
      log.append("end \(item)")
      return item
    }
    clock.withTracking {
      command.execute("first")
      command.execute("second")
    }
    #expect(command.activeRuns == 2)
    try await clock.advance(by: .seconds(1))
    #expect(log == ["start first", "end first", "start second"])
    #expect(command.status == .executing)
    #expect(command.lastOutput == "first")
    try await clock.advance(by: .seconds(1))
    #expect(log == ["start first", "end first", "start second", "end second"])
    #expect(command.status == .succeeded)
    #expect(command.lastOutput == "second")
    #expect(command.activeRuns == 0)
  }

  @Test func aCancelledQueuedRunEndsWithoutWaitingForTheRunBeforeIt() async {
    let work = ManualWork()
    var started: [String] = []
    let command = Command<String, String>("save", policy: .queue) { item in
      started.append(item)
      return await work.run(item)
    }
    command.execute("first")
    let second = command.execute("second")
    await work.waitUntilPending(["first"])
    command.cancel()
    await second?.value
    #expect(started == ["first"], "the queued run never started")
    #expect(command.unwindingRuns == 1, "only the first run, which ignores cancellation, is left")
    work.finish("first", with: "late")
    try? await command.settle()
    #expect(command.unwindingRuns == 0)
    #expect(command.status == .cancelled)
  }

  @Test func concurrentRunsKeepTheNewestStartedResult() async {
    let work = ManualWork()
    let command = Command<String, String>("fetch", policy: .concurrent) { id in
      await work.run(id)
    }
    let one = command.execute("1")
    let two = command.execute("2")
    await work.waitUntilPending(["1", "2"])
    #expect(command.activeRuns == 2)
    work.finish("2", with: "two")
    await two?.value
    #expect(command.lastOutput == "two")
    #expect(command.status == .executing, "run 1 is still going")
    work.finish("1", with: "one")
    await one?.value
    #expect(command.lastOutput == "two", "an older run finishing later must not overwrite")
    #expect(command.status == .succeeded)
  }

  @Test(arguments: [ExecutionPolicy.ignoreWhileExecuting, .cancelPrevious, .queue, .concurrent])
  func cancelStopsEveryRunAndDiscardsLateResults(policy: ExecutionPolicy) async {
    let work = ManualWork()
    var ran: [String] = []
    let command = Command<String, String>("job", policy: policy) { input in
      ran.append(input)
      return await work.run(input)
    }
    let runs = [command.execute("a"), command.execute("b")]
    // A cancelled run that had not started never reaches the work.
    let started: Set<String> =
      switch policy {
      case .concurrent: ["a", "b"]
      case .cancelPrevious: ["b"]
      case .ignoreWhileExecuting, .queue: ["a"]
      }
    await work.waitUntilPending(started)
    command.cancel()
    #expect(command.status == .cancelled)
    #expect(command.activeRuns == 0)
    for input in work.pending { work.finish(input, with: "late \(input)") }
    for run in runs { await run?.value }
    #expect(command.unwindingRuns == 0)
    #expect(command.status == .cancelled)
    #expect(command.lastOutput == nil)
    if policy == .queue { #expect(ran == ["a"], "a queued run never starts after cancel") }
  }

  @Test func errorsBecomeFailedStatusAndReachErrorHandlers() async {
    struct Offline: Error, Equatable {}
    let service = FlakyService()
    var seen: [String] = []
    let command = Command<Void, Int>("load") {
      if service.fails { throw Offline() }
      return 1
    }
    let token = command.addErrorHandler { seen.append("\($0)") }
    await command.execute()?.value
    #expect(command.status == .failed)
    #expect(command.lastError is Offline)
    #expect(seen == ["Offline()"])
    service.fails = false
    await command.execute()?.value
    #expect(command.status == .succeeded)
    #expect(command.lastError == nil)
    command.removeErrorHandler(token)
    service.fails = true
    await command.execute()?.value
    #expect(seen.count == 1, "a removed handler is not called")
  }

  @Test func cancellationIsNotAnError() async throws {
    let clock = VirtualClock()
    var errors = 0
    let command = Command<Void, Void>("wait") { try await clock.sleep(for: .seconds(5)) }
    command.addErrorHandler { _ in errors += 1 }
    let run = clock.withTracking { command.execute() }
    try await command.settle()
    #expect(clock.sleeperCount == 1)
    run?.cancel()
    await run?.value
    #expect(command.status == .cancelled)
    #expect(errors == 0)
  }

  @Test func aDisabledCommandIgnoresExecute() async {
    let gate = FlakyService()
    gate.fails = true
    var runs = 0
    let command = Command<Void, Void>("go", enabledWhen: { !gate.fails }) { runs += 1 }
    #expect(command.execute() == nil)
    gate.fails = false
    await command.execute()?.value
    #expect(runs == 1)
  }
}
