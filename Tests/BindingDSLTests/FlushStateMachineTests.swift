import Testing

@testable import BindingDSL

/// Every transition of the flush's bookkeeping, without Observation, nodes or tasks: node
/// numbers stand for nodes.
@Suite struct FlushStateMachineTests {
  /// A machine with `sources` sources (numbers `0..<sources`) and derived nodes of the given
  /// ranks after them.
  private func machine(sources: Int, derivedRanks: [Int] = []) -> FlushStateMachine {
    var machine = FlushStateMachine()
    for _ in 0..<sources { _ = machine.nodeAdded(rank: 0) }
    for rank in derivedRanks { _ = machine.nodeAdded(rank: rank) }
    return machine
  }

  /// Calls ``FlushStateMachine/nextDerived()`` until it answers `nil`.
  private func drain(_ machine: inout FlushStateMachine) -> [Int] {
    var order: [Int] = []
    while let node = machine.nextDerived() { order.append(node) }
    return order
  }

  @Test func theFirstChangeAsksForAFlushAndLaterOnesDoNot() {
    var machine = machine(sources: 3)
    let answer1 = machine.sourceChanged(0)
    #expect(answer1 == .requestFlush)
    let answer2 = machine.sourceChanged(1)
    #expect(answer2 == .none)
    let answer3 = machine.sourceChanged(0)
    #expect(answer3 == .none)
    #expect(machine.hasDirtySources)
    #expect(machine.phase == .idle)
  }

  @Test func aFlushTakesTheDirtySourcesOnceEachInTheOrderTheyChanged() {
    var machine = machine(sources: 3)
    _ = machine.sourceChanged(2)
    _ = machine.sourceChanged(0)
    _ = machine.sourceChanged(2)
    let answer1 = machine.flushBegan()
    #expect(answer1 == .reReadSources)
    #expect(machine.takenSources == [2, 0])
    #expect(machine.phase == .flushing(pass: 1))
    #expect(!machine.hasDirtySources)
  }

  @Test func aFlushWithNothingDirtyFinishesAtOnce() {
    var machine = machine(sources: 1)
    let answer1 = machine.flushBegan()
    #expect(answer1 == .finished)
    #expect(machine.phase == .idle)
  }

  @Test func aFlushBeganInsideAFlushDoesNothing() {
    var machine = machine(sources: 1)
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    let answer1 = machine.flushBegan()
    #expect(answer1 == .none)
    #expect(machine.phase == .flushing(pass: 1))
  }

  @Test func aChangeDuringAFlushIsTakenByAnotherPassWithoutAskingForAFlush() {
    var machine = machine(sources: 2)
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    // A sink wrote into the view model while the taken source was handed on.
    let answer1 = machine.sourceChanged(1)
    #expect(answer1 == .none)
    let answer2 = machine.sourceChanged(0)
    #expect(answer2 == .none)
    let answer3 = machine.sourcesReRead()
    #expect(answer3 == .reReadSources)
    #expect(machine.takenSources == [1, 0])
    #expect(machine.phase == .flushing(pass: 2))
    let answer4 = machine.sourcesReRead()
    #expect(answer4 == .updateDerived)
    let answer5 = machine.nextDerived()
    #expect(answer5 == nil)
    let answer6 = machine.passEnded()
    #expect(answer6 == .finished)
    #expect(machine.phase == .idle)
    let answer7 = machine.sourceChanged(0)
    #expect(answer7 == .requestFlush)
  }

  @Test func derivedNodesComeOutByRankEachOncePerPass() {
    // Sources 0 and 1; derived 2 (rank 1), 3 (rank 2), 4 (rank 1), 5 (rank 3).
    var machine = machine(sources: 2, derivedRanks: [1, 2, 1, 3])
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(5)
    machine.dependentQueued(3)
    machine.dependentQueued(2)
    machine.dependentQueued(4)
    machine.dependentQueued(2)
    let answer1 = machine.sourcesReRead()
    #expect(answer1 == .updateDerived)
    #expect(drain(&machine) == [2, 4, 3, 5])
    let answer2 = machine.passEnded()
    #expect(answer2 == .finished)
  }

  @Test func aNodeQueuedWhileDerivedNodesUpdateWaitsForItsRank() {
    var machine = machine(sources: 1, derivedRanks: [1, 2, 3])
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1)
    let answer1 = machine.sourcesReRead()
    #expect(answer1 == .updateDerived)
    let answer2 = machine.nextDerived()
    #expect(answer2 == 1)
    // Node 1 changed: its dependents 2 and 3 are queued.
    machine.dependentQueued(3)
    machine.dependentQueued(2)
    let answer3 = machine.nextDerived()
    #expect(answer3 == 2)
    let answer4 = machine.nextDerived()
    #expect(answer4 == 3)
    let answer5 = machine.nextDerived()
    #expect(answer5 == nil)
  }

  @Test func aNodeQueuedBelowTheRankBeingUpdatedStillUpdatesInThisPass() {
    // A sink of rank 3 mounted a row whose derived node, of rank 1, takes its first values.
    var machine = machine(sources: 1, derivedRanks: [3, 1])
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1)
    let answer1 = machine.sourcesReRead()
    #expect(answer1 == .updateDerived)
    let answer2 = machine.nextDerived()
    #expect(answer2 == 1)
    machine.dependentQueued(2)
    let answer3 = machine.nextDerived()
    #expect(answer3 == 2)
    let answer4 = machine.nextDerived()
    #expect(answer4 == nil)
    let answer5 = machine.passEnded()
    #expect(answer5 == .finished)
  }

  @Test func aDerivedNodeThatMadeASourceDirtyStartsAnotherPass() {
    var machine = machine(sources: 1, derivedRanks: [1])
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1)
    _ = machine.sourcesReRead()
    let answer1 = machine.nextDerived()
    #expect(answer1 == 1)
    let answer2 = machine.sourceChanged(0)
    #expect(answer2 == .none)
    let answer3 = machine.nextDerived()
    #expect(answer3 == nil)
    let answer4 = machine.passEnded()
    #expect(answer4 == .reReadSources)
    #expect(machine.takenSources == [0])
    #expect(machine.phase == .flushing(pass: 2))
  }

  @Test func aGraphThatKeepsChangingIsGivenUpAfterThePassLimit() {
    var machine = machine(sources: 1)
    _ = machine.sourceChanged(0)
    var action = machine.flushBegan()
    var passes = 0
    while action == .reReadSources {
      passes += 1
      // Every pass re-reads a value that changed again.
      _ = machine.sourceChanged(0)
      action = machine.sourcesReRead()
    }
    #expect(action == .giveUp)
    #expect(passes == FlushStateMachine.passLimit)
    #expect(machine.takenSources == [0])
    #expect(machine.phase == .idle)
    #expect(!machine.hasDirtySources)
    let answer1 = machine.sourceChanged(0)
    #expect(answer1 == .requestFlush)
  }

  @Test func unmountingDuringAFlushStopsItAndForgetsEverything() {
    var machine = machine(sources: 2, derivedRanks: [1])
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(2)
    _ = machine.sourceChanged(1)
    let answer1 = machine.graphUnmounted()
    #expect(answer1)
    #expect(machine.isStopping)
    #expect(!machine.hasDirtySources)
    let answer2 = machine.sourcesReRead()
    #expect(answer2 == .stop)
    #expect(machine.phase == .idle)
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
    var machine = machine(sources: 1, derivedRanks: [1, 1])
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1)
    machine.dependentQueued(2)
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
    var machine = machine(sources: 1)
    _ = machine.sourceChanged(0)
    let answer1 = machine.graphUnmounted()
    #expect(!answer1)
    #expect(!machine.hasDirtySources)
    let answer2 = machine.flushBegan()
    #expect(answer2 == .finished)
  }

  @Test func aRemovedSourceIsNoLongerDirtyAndItsNumberIsReused() {
    var machine = machine(sources: 3)
    _ = machine.sourceChanged(0)
    _ = machine.sourceChanged(1)
    machine.nodeRemoved(1)
    let answer1 = machine.nodeAdded(rank: 2)
    #expect(answer1 == 1)
    #expect(machine.rank(of: 1) == 2)
    let answer2 = machine.flushBegan()
    #expect(answer2 == .reReadSources)
    #expect(machine.takenSources == [0])
  }

  @Test func aNodeRemovedDuringAFlushKeepsItsNumberUntilTheFlushEnds() {
    var machine = machine(sources: 1, derivedRanks: [1, 1])
    _ = machine.sourceChanged(0)
    _ = machine.flushBegan()
    machine.dependentQueued(1)
    machine.dependentQueued(2)
    machine.nodeRemoved(1)
    let answer1 = machine.nodeAdded(rank: 1)
    #expect(answer1 == 3)
    _ = machine.sourcesReRead()
    #expect(drain(&machine) == [2])
    let answer2 = machine.passEnded()
    #expect(answer2 == .finished)
    let answer3 = machine.nodeAdded(rank: 0)
    #expect(answer3 == 1)
    #expect(machine.capacity == 4)
  }
}
