import BindingDSL
import Testing

/// Work whose result the test hands over by hand, ignoring cancellation, to prove that a late
/// result is discarded by the command rather than by the work.
@MainActor
private final class ManualWork {
  private var waiting: [String: CheckedContinuation<String, Never>] = [:]

  func run(_ input: String) async -> String {
    await withCheckedContinuation { waiting[input] = $0 }
  }

  var pending: Set<String> { Set(waiting.keys) }

  func finish(_ input: String, with output: String) {
    waiting.removeValue(forKey: input)?.resume(returning: output)
  }
}

@MainActor
private final class FlakyService {
  var fails = true
}

private func yieldALot() async {
  for _ in 0..<50 { await Task.yield() }
}

@MainActor
@Suite struct CommandPolicyTests {
  @Test func ignoreWhileExecutingDropsTheSecondExecution() async {
    let clock = VirtualClock()
    var started: [Int] = []
    let command = Command<Int, Int>("double") { value in
      started.append(value)
      try await clock.sleep(for: .seconds(1))
      return value * 2
    }
    #expect(command.execute(1) != nil)
    #expect(command.canExecute == false)
    #expect(command.execute(2) == nil)
    await clock.advance(by: .seconds(1))
    await yieldALot()
    #expect(started == [1])
    #expect(command.status == .succeeded)
    #expect(command.lastOutput == 2)
  }

  @Test func cancelPreviousKeepsOnlyTheNewestResult() async {
    let work = ManualWork()
    let command = Command<String, String>("search", policy: .cancelPrevious) { query in
      await work.run(query)
    }
    command.execute("a")
    await yieldALot()
    #expect(command.canExecute, "cancel-previous accepts executions while running")
    command.execute("ap")
    await yieldALot()
    #expect(work.pending == ["a", "ap"])
    work.finish("ap", with: "results for ap")
    await yieldALot()
    #expect(command.status == .succeeded)
    #expect(command.lastOutput == "results for ap")
    // The slow first search ignores cancellation and finishes last: it must not win.
    work.finish("a", with: "results for a")
    await yieldALot()
    #expect(command.lastOutput == "results for ap")
    #expect(command.status == .succeeded)
  }

  @Test func cancelPreviousCancelsTheRunningWork() async {
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
    command.execute("a")
    await yieldALot()
    command.execute("b")
    await clock.advance(by: .seconds(1))
    await yieldALot()
    #expect(cancelled == ["a"])
    #expect(command.lastOutput == "B")
    #expect(command.status == .succeeded)
  }

  @Test func queueRunsExecutionsInOrderOneAtATime() async {
    let clock = VirtualClock()
    var log: [String] = []
    let command = Command<String, String>("save", policy: .queue) { item in
      log.append("start \(item)")
      try await clock.sleep(for: .seconds(1))
      log.append("end \(item)")
      return item
    }
    command.execute("first")
    command.execute("second")
    #expect(command.activeRuns == 2)
    await clock.advance(by: .seconds(1))
    #expect(log == ["start first", "end first", "start second"])
    #expect(command.status == .executing)
    #expect(command.lastOutput == "first")
    await clock.advance(by: .seconds(1))
    await yieldALot()
    #expect(log == ["start first", "end first", "start second", "end second"])
    #expect(command.status == .succeeded)
    #expect(command.lastOutput == "second")
    #expect(command.activeRuns == 0)
  }

  @Test func concurrentRunsKeepTheNewestStartedResult() async {
    let work = ManualWork()
    let command = Command<String, String>("fetch", policy: .concurrent) { id in
      await work.run(id)
    }
    command.execute("1")
    command.execute("2")
    await yieldALot()
    #expect(work.pending == ["1", "2"])
    #expect(command.activeRuns == 2)
    work.finish("2", with: "two")
    await yieldALot()
    #expect(command.lastOutput == "two")
    #expect(command.status == .executing, "run 1 is still going")
    work.finish("1", with: "one")
    await yieldALot()
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
    command.execute("a")
    command.execute("b")
    await yieldALot()
    command.cancel()
    #expect(command.status == .cancelled)
    #expect(command.activeRuns == 0)
    for input in work.pending { work.finish(input, with: "late \(input)") }
    await yieldALot()
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
    let token = command.onError { seen.append("\($0)") }
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

  @Test func cancellationIsNotAnError() async {
    let clock = VirtualClock()
    var errors = 0
    let command = Command<Void, Void>("wait") { try await clock.sleep(for: .seconds(5)) }
    command.onError { _ in errors += 1 }
    let run = command.execute()
    await yieldALot()
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
