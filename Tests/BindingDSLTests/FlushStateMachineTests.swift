import Testing

@testable import BindingDSL

/// Every transition of the flush's bookkeeping, without Observation, nodes or tasks: node
/// numbers stand for nodes, and each test passes the rank a node has.
@Suite struct FlushStateMachineTests {
  /// Calls ``FlushStateMachine/nextDerived()`` until it answers `nil`.
  private func drain(_ machine: inout FlushStateMachine) -> [Int] {
    var order: [Int] = []
    while let node = machine.nextDerived() { order.append(node) }
    return order
  }

  private func isIdle(_ machine: FlushStateMachine) -> Bool { !machine.isFlushing }

  private func pass(of machine: FlushStateMachine) -> Int? {
    switch machine.state {
    case .reReadingSources(let pass, _, _), .updatingDerived(let pass, _, _): pass
    case .idle, .stopping, .modifying: nil
    }
  }

  @Test func theFirstChangeAsksForAFlushAndLaterOnesDoNot() {
    var machine = FlushStateMachine()
    let answer1 = machine.sourceChanged(0)
    #expect(answer1 == .requestFlush)
    let answer2 = machine.sourceChanged(1)
    #expect(answer2 == .none)
    let answer3 = machine.sourceChanged(0)
    #expect(answer3 == .none)
    #expect(machine.hasDirtySources)
    #expect(isIdle(machine))
  }

  @Test func aFlushTakesTheDirtySourcesOnceEachInTheOrderTheyChanged() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(2)
    _ = machine.sourceChanged(0)
    _ = machine.sourceChanged(2)
    let answer1 = machine.flushBegan()
    #expect(answer1 == .reReadSources([2, 0]))
    #expect(pass(of: machine) == 1)
    #expect(!machine.hasDirtySources)
  }

  @Test func aFlushWithNothingDirtyFinishesAtOnce() {
    var machine = FlushStateMachine()
    let answer1 = machine.flushBegan()
    #expect(answer1 == .nothingWaiting)
    #expect(isIdle(machine))
  }

  @Test func aFlushBeganInsideAFlushLeavesTheChangesToIt() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    let answer1 = machine.flushBegan()
    #expect(answer1 == .alreadyFlushing)
    #expect(pass(of: machine) == 1)
  }

  @Test func aChangeDuringAFlushIsTakenByAnotherPassWithoutAskingForAFlush() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    // A sink wrote into the view model while the taken source was handed on.
    let answer1 = machine.sourceChanged(1)
    #expect(answer1 == .none)
    let answer2 = machine.sourceChanged(0)
    #expect(answer2 == .none)
    let answer3 = machine.sourcesReRead()
    #expect(answer3 == .reReadSources([1, 0]))
    #expect(pass(of: machine) == 2)
    let answer4 = machine.sourcesReRead()
    #expect(answer4 == .updateDerived)
    let answer5 = machine.nextDerived()
    #expect(answer5 == nil)
    let answer6 = machine.passEnded()
    #expect(answer6 == .finished)
    #expect(isIdle(machine))
    let answer7 = machine.sourceChanged(0)
    #expect(answer7 == .requestFlush)
  }

  @Test func derivedNodesComeOutByRankEachOncePerPass() {
    // Source 0; derived 2 (rank 1), 3 (rank 2), 4 (rank 1), 5 (rank 3).
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(5, rank: 3)
    machine.dependentQueued(3, rank: 2)
    machine.dependentQueued(2, rank: 1)
    machine.dependentQueued(4, rank: 1)
    machine.dependentQueued(2, rank: 1)
    let answer1 = machine.sourcesReRead()
    #expect(answer1 == .updateDerived)
    #expect(drain(&machine) == [2, 4, 3, 5])
    let answer2 = machine.passEnded()
    #expect(answer2 == .finished)
  }

  @Test func aNodeQueuedWhileDerivedNodesUpdateWaitsForItsRank() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1, rank: 1)
    let answer1 = machine.sourcesReRead()
    #expect(answer1 == .updateDerived)
    let answer2 = machine.nextDerived()
    #expect(answer2 == 1)
    // Node 1 changed: its dependents 2 (rank 2) and 3 (rank 3) are queued.
    machine.dependentQueued(3, rank: 3)
    machine.dependentQueued(2, rank: 2)
    let answer3 = machine.nextDerived()
    #expect(answer3 == 2)
    let answer4 = machine.nextDerived()
    #expect(answer4 == 3)
    let answer5 = machine.nextDerived()
    #expect(answer5 == nil)
  }

  @Test func aNodeQueuedBelowTheRankBeingUpdatedStillUpdatesInThisPass() {
    // A sink of rank 3 mounted a row whose derived node, of rank 1, takes its first values.
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1, rank: 3)
    let answer1 = machine.sourcesReRead()
    #expect(answer1 == .updateDerived)
    let answer2 = machine.nextDerived()
    #expect(answer2 == 1)
    machine.dependentQueued(2, rank: 1)
    let answer3 = machine.nextDerived()
    #expect(answer3 == 2)
    let answer4 = machine.nextDerived()
    #expect(answer4 == nil)
    let answer5 = machine.passEnded()
    #expect(answer5 == .finished)
  }

  @Test func aDerivedNodeThatMadeASourceDirtyStartsAnotherPass() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1, rank: 1)
    _ = machine.sourcesReRead()
    let answer1 = machine.nextDerived()
    #expect(answer1 == 1)
    let answer2 = machine.sourceChanged(0)
    #expect(answer2 == .none)
    let answer3 = machine.nextDerived()
    #expect(answer3 == nil)
    let answer4 = machine.passEnded()
    #expect(answer4 == .reReadSources([0]))
    #expect(pass(of: machine) == 2)
  }

  @Test func aGraphThatKeepsChangingIsGivenUpAfterThePassLimit() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    var action = machine.flushBegan()
    var passes = 0
    while case .reReadSources = action {
      passes += 1
      // Every pass re-reads a value that changed again.
      _ = machine.sourceChanged(0)
      action = machine.sourcesReRead()
    }
    #expect(action == .giveUp([0]))
    #expect(passes == FlushStateMachine.passLimit)
    #expect(isIdle(machine))
    #expect(!machine.hasDirtySources)
    let answer1 = machine.sourceChanged(0)
    #expect(answer1 == .requestFlush)
  }

  @Test func unmountingDuringAFlushStopsItAndForgetsEverything() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(2, rank: 1)
    _ = machine.sourceChanged(1)
    let answer1 = machine.graphUnmounted()
    #expect(answer1)
    #expect(machine.isStopping)
    #expect(!machine.hasDirtySources)
    let answer2 = machine.sourcesReRead()
    #expect(answer2 == .stop)
    #expect(isIdle(machine))
    // Nothing of the old flush is left: a later change asks for a flush again.
    let answer3 = machine.sourceChanged(1)
    #expect(answer3 == .requestFlush)
    _ = machine.flushBegan()
    let answer4 = machine.sourcesReRead()
    #expect(answer4 == .updateDerived)
    let answer5 = machine.nextDerived()
    #expect(answer5 == nil)
  }

  @Test func unmountingWhileDerivedNodesUpdateStopsBeforeTheNext() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1, rank: 1)
    machine.dependentQueued(2, rank: 1)
    _ = machine.sourcesReRead()
    let answer1 = machine.nextDerived()
    #expect(answer1 == 1)
    let answer2 = machine.graphUnmounted()
    #expect(answer2)
    let answer3 = machine.nextDerived()
    #expect(answer3 == nil)
    let answer4 = machine.passEnded()
    #expect(answer4 == .stop)
  }

  @Test func unmountingWhileIdleNeedsNoStop() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    let answer1 = machine.graphUnmounted()
    #expect(!answer1)
    #expect(!machine.hasDirtySources)
    let answer2 = machine.flushBegan()
    #expect(answer2 == .nothingWaiting, "the scheduler's flush after the unmount does nothing")
  }

  @Test func aRemovedSourceIsNoLongerDirty() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.sourceChanged(1)
    machine.nodeRemoved(1)
    let answer1 = machine.flushBegan()
    #expect(answer1 == .reReadSources([0]))
  }

  @Test func aNodeRemovedWhileQueuedIsSkipped() {
    var machine = FlushStateMachine()
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1, rank: 1)
    machine.dependentQueued(2, rank: 1)
    machine.nodeRemoved(1)
    _ = machine.sourcesReRead()
    #expect(drain(&machine) == [2])
    let answer1 = machine.passEnded()
    #expect(answer1 == .finished)
  }
}

/// Events that cannot happen in the state the machine is in stop the program.
@Suite struct FlushStateMachineInconsistencyTests {
  @Test func aPassEndingWhenNoFlushRunsStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var machine = FlushStateMachine()
      _ = machine.passEnded()
    }
  }
}

/// Node numbers: ranks, reuse, and numbers held while a flush may still list them.
@Suite struct NodeNumbersTests {
  @Test func aRemovedNumberIsReusedWithItsNewRank() {
    var numbers = NodeNumbers()
    for _ in 0..<3 { _ = numbers.add(rank: 0) }
    numbers.remove(1, duringFlush: false)
    let answer1 = numbers.add(rank: 2)
    #expect(answer1 == 1)
    #expect(numbers.rank(of: 1) == 2)
    #expect(numbers.capacity == 3)
  }

  @Test func aNumberRemovedDuringAFlushIsReusedOnlyOnceTheFlushEnds() {
    var numbers = NodeNumbers()
    for rank in [0, 1, 1] { _ = numbers.add(rank: rank) }
    numbers.remove(1, duringFlush: true)
    let answer1 = numbers.add(rank: 1)
    #expect(answer1 == 3)
    numbers.flushEnded()
    let answer2 = numbers.add(rank: 0)
    #expect(answer2 == 1)
    #expect(numbers.capacity == 4)
  }
}
