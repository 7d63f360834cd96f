import BindingDSL
import Testing

/// A gate a test opens by hand: work that waits on it waits on something the virtual clock cannot
/// advance.
@MainActor
private final class Gate {
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var watchers: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    await withCheckedContinuation {
      waiting.append($0)
      for watcher in watchers { watcher.resume() }
      watchers = []
    }
  }

  /// Waits until some work waits on the gate.
  func waitUntilSomeoneWaits() async {
    while waiting.isEmpty { await withCheckedContinuation { watchers.append($0) } }
  }

  func open() {
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

/// Work that takes many scheduling turns off the main actor before it comes back: what a
/// preempted thread looks like to a clock that counts turns.
private func hopAround() async {
  await Task.detached {
    for _ in 0..<2_000 { await Task.yield() }
  }.value
}

@MainActor
@Suite struct VirtualClockTests {
  @Test func wokenWorkThatIsSlowToSleepAgainLosesNoTick() async throws {
    let clock = VirtualClock()
    var ticks: [Duration] = []
    let countdown = Command<Void, Void>("countdown") {
      for _ in 0..<5 {
        try await clock.sleep(for: .seconds(1))
        ticks.append(clock.now.offset)
        await hopAround()
      }
    }
    clock.withTracking { countdown.execute() }
    try await clock.advance(by: .seconds(5))
    try await countdown.settle()
    #expect(ticks == [1, 2, 3, 4, 5].map { Duration.seconds($0) })
    #expect(countdown.status == .succeeded)
  }

  @Test func aTrackedTaskIsWaitedForFromItsFirstMoment() async throws {
    let clock = VirtualClock()
    var ticks = 0
    let ticker = clock.withTracking {
      trackedTask(named: "ticker") {
        for _ in 0..<3 {
          try await clock.sleep(for: .seconds(1))
          ticks += 1
          await hopAround()
        }
      }
    }
    try await clock.advance(by: .seconds(3))
    #expect(ticks == 3)
    try await ticker.value
  }

  @Test func aCommandRunStartedByWokenWorkIsWaitedForBeforeTimeMovesOn() async throws {
    let clock = VirtualClock()
    var log: [String] = []
    let save = Command<Void, Void>("save") {
      await hopAround()
      log.append("saving at \(clock.now)")
      try await clock.sleep(for: .seconds(2))
      log.append("saved at \(clock.now)")
    }
    let timer = clock.withTracking {
      trackedTask(named: "autosave") {
        try await clock.sleep(for: .seconds(1))
        save.execute()
      }
    }
    try await clock.advance(by: .seconds(5))
    #expect(log == ["saving at t+1.0 seconds", "saved at t+3.0 seconds"])
    try await timer.value
  }

  @Test func aSecondAdvanceWhileOneRunsIsRejectedAndTimeNeverGoesBack() async throws {
    let clock = VirtualClock()
    let gate = Gate()
    var seen: [VirtualClock.Instant] = []
    let job = Command<Void, Void>("job") {
      try await clock.sleep(for: .seconds(3))
      seen.append(clock.now)
      await gate.wait()
      try await clock.sleep(for: .seconds(1))
      seen.append(clock.now)
    }
    clock.withTracking { job.execute() }
    let long = Task { try await clock.advance(by: .seconds(10)) }
    await gate.waitUntilSomeoneWaits()
    let error = await #expect(throws: VirtualTimeError.self) {
      try await clock.advance(by: .seconds(1))
    }
    #expect(
      error?.message
        == "cannot advance by 1.0 seconds while an advance by 10.0 seconds is running (at "
        + "t+3.0 seconds); await one advance before starting the next")
    #expect(clock.now.offset == .seconds(3))
    gate.open()
    try await long.value
    #expect(seen.map(\.offset) == [.seconds(3), .seconds(4)])
    #expect(clock.now.offset == .seconds(10))
    try await clock.advance(by: .seconds(1))
    #expect(clock.now.offset == .seconds(11), "a rejected advance is not lost for later ones")
  }

  @Test func wokenWorkThatWaitsOnSomethingElseIsNamed() async throws {
    let clock = VirtualClock(stallTimeout: .milliseconds(50))
    let gate = Gate()
    let upload = Command<Void, Void>("upload") {
      try await clock.sleep(for: .seconds(1))
      await gate.wait()
    }
    clock.withTracking { upload.execute() }
    let line = #line + 1
    let error = await #expect(throws: VirtualTimeError.self) {
      try await clock.advance(by: .seconds(2))
    }
    #expect(
      error?.call == "advance(by:) at BindingDSLTests/VirtualClockTests.swift:\(line)",
      "a test framework that reports the error at the test's line still learns which call threw")
    let message = try #require(error?.message)
    #expect(
      message.hasPrefix(
        "the virtual clock cannot move on from t+1.0 seconds: command 'upload' has been busy for "
          + "0.05 seconds of real time without sleeping on a virtual clock or ending"))
    #expect(clock.now.offset == .seconds(1), "time stays where the stuck work woke")
    gate.open()
    try await upload.settle()
    #expect(upload.status == .succeeded)
  }

  @Test func aWaitWhoseDeadlineHasPassedReturnsEvenIfNothingChanges() async {
    // The deadline's timer may fire before the waiter suspends; the waiter must still return
    // (with false), not wait for a change that never comes.
    let ledger = WorkLedger()
    for _ in 0..<1_000 {
      let changed = await ledger.waitForChange(
        after: ledger.generation, until: ContinuousClock.now)
      #expect(!changed)
    }
    let id = ledger.begin("work", owner: nil)
    #expect(await ledger.waitForChange(after: 0, until: ContinuousClock.now), "it changed")
    ledger.end(id)
  }

  @Test func advanceRefusesNegativeAndAbsurdDurations() async throws {
    let clock = VirtualClock()
    let back = await #expect(throws: VirtualTimeError.self) {
      try await clock.advance(by: .seconds(-1))
    }
    #expect(back?.message == "cannot advance by -1.0 seconds: virtual time only moves forward")
    await #expect(throws: VirtualTimeError.self) {
      try await clock.advance(by: .seconds(Int64.max))
    }
    #expect(clock.now.offset == .zero)
  }

  /// A task the ledger does not follow is seen while it sleeps and until it returns from its
  /// sleep, not after: what it does next may come after the advance moved on. So each step
  /// advances to one deadline and awaits the task it woke before looking at what it did.
  @Test func aTaskOfTheTestsOwnIsWokenInOrderAndSeenUntilItReturnsFromItsSleep() async throws {
    let clock = VirtualClock()
    var order: [String] = []
    let late = Task { @MainActor in
      try await clock.sleep(for: .seconds(2))
      order.append("late")
    }
    let early = Task { @MainActor in
      try await clock.sleep(for: .seconds(1))
      order.append("early")
    }
    await WorkLedger.shared.wait { clock.sleeperCount == 2 }
    try await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1, "the early task has returned from its sleep")
    try await early.value
    #expect(order == ["early"])
    try await clock.advance(by: .seconds(1))
    try await late.value
    #expect(order == ["early", "late"])
  }

}
