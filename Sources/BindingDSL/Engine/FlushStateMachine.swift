/// The bookkeeping of a graph's flushes, as a value: which sources are dirty, which derived
/// nodes are queued and by rank, and where a flush stands.
///
/// Nodes are known by number (see ``NodeNumbers``). Each mutating method is named after what
/// happened and returns what the engine must do next; the machine itself never reads a value,
/// calls a sink or touches Observation, so every transition is tested directly. Each state
/// carries its own data, and an event that cannot happen in the state the machine is in (the
/// engine reporting the end of a step it was never asked to take) stops the program with a
/// message beginning "Internal inconsistency".
///
/// A flush runs as:
/// 1. ``flushBegan()``: the dirty sources are taken → `.reReadSources(taken)`; with none,
///    `.nothingWaiting`.
/// 2. The engine re-reads and observes the taken sources again, then hands changed values on
///    (sinks, and ``dependentQueued(_:rank:)`` for derived dependents), and calls
///    ``sourcesReRead()``: sources made dirty meanwhile start another pass (counted against
///    ``passLimit``) → `.reReadSources`; otherwise → `.updateDerived`.
/// 3. The engine updates each node ``nextDerived()`` returns, lowest rank first, then calls
///    ``passEnded()``: dirty sources start another pass → `.reReadSources`; none → `.finished`.
/// 4. After ``passLimit`` passes the machine answers `.giveUp(taken)`: the engine observes the
///    taken sources again without handing them on, and reports the graph unsettled.
/// 5. ``graphUnmounted()`` forgets every dirty source and queued node, and, during a flush,
///    makes the next step `.stop`.
struct FlushStateMachine {
  /// How many passes a flush may take before it gives up on a graph that keeps changing itself.
  static let passLimit = 100

  /// Where the machine stands, with the data of that stage. Every state holds the dirty
  /// sources and the derived queue, which keep their room from one flush to the next; outside
  /// a flush the queue is empty, but for the nodes a flush that gave up left waiting.
  enum State: Equatable {
    /// No flush runs; `dirty` changed since the last one.
    case idle(dirty: DirtySources, queue: DerivedQueue)
    /// Pass `pass` (counting from 1) re-reads the sources it took; `dirty` are the sources
    /// changed since, and `queue` the derived nodes their new values reach.
    case reReadingSources(pass: Int, dirty: DirtySources, queue: DerivedQueue)
    /// Pass `pass` updates the derived nodes of `queue`; `dirty` are the sources changed since
    /// the pass took its own.
    case updatingDerived(pass: Int, dirty: DirtySources, queue: DerivedQueue)
    /// The graph unmounted during a flush: the next step stops it. `dirty` are sources changed
    /// since (by nodes of the same run still in place).
    case stopping(dirty: DirtySources, queue: DerivedQueue)
    /// Only while a method changes the data of a state in place (so the data is not copied).
    case modifying
  }

  /// What the engine does after a source changed.
  enum SourceChangedAction: Equatable {
    /// Nothing: the source is already dirty, or a flush is running or already requested.
    case none
    /// Ask the scheduler for a flush: this is the first dirty source since the last flush.
    case requestFlush
  }

  /// What the engine does next in a flush.
  enum FlushAction: Equatable {
    /// Nothing: no source changed since the last flush (a scheduler flushes a graph that asked
    /// and was flushed since, or unmounted), so nothing about the last flush changes either.
    case nothingWaiting
    /// Nothing: a flush is already running (the engine was asked to flush from inside it, by a
    /// sink or a scheduler), and that flush takes the changes.
    case alreadyFlushing
    /// Re-read `sources`, observe them again, hand changed values on, then call
    /// ``sourcesReRead()``.
    case reReadSources([Int])
    /// Update each node ``nextDerived()`` returns, then call ``passEnded()``.
    case updateDerived
    /// Observe `sources` again without handing them on, and report the graph unsettled: it was
    /// still changing after ``passLimit`` passes.
    case giveUp([Int])
    /// The graph unmounted during the flush: stop.
    case stop
    /// Everything is up to date.
    case finished
  }

  private(set) var state = State.idle(dirty: DirtySources(), queue: DerivedQueue())

  /// Whether sources changed since they were last taken.
  var hasDirtySources: Bool {
    switch state {
    case .idle(let dirty, _), .reReadingSources(_, let dirty, _), .updatingDerived(_, let dirty, _),
      .stopping(let dirty, _):
      return !dirty.isEmpty
    case .modifying:
      preconditionFailure("Internal inconsistency: the state read while it is modified")
    }
  }

  /// Whether a flush runs (or is stopping).
  var isFlushing: Bool {
    if case .idle = state { return false }
    return true
  }

  /// Whether the graph unmounted during the running flush.
  var isStopping: Bool {
    if case .stopping = state { return true }
    return false
  }

  // MARK: Events

  /// Source `source` changed (Observation fired for it, or an edit or retry reached it).
  mutating func sourceChanged(_ source: Int) -> SourceChangedAction {
    var isFirst = false
    changeDirtyAndQueue { dirty, _, isIdle in
      isFirst = dirty.insert(source) && isIdle && dirty.count == 1
    }
    return isFirst ? .requestFlush : .none
  }

  /// A value changed: its derived dependent `node`, of rank `rank`, must update in this pass,
  /// after every node of lower rank.
  mutating func dependentQueued(_ node: Int, rank: Int) {
    switch state {
    case .reReadingSources, .updatingDerived:
      changeDirtyAndQueue { _, queue, _ in queue.insert(node, rank: rank) }
    case .stopping:
      // The graph unmounted: a sink still running hands its value to nodes torn down.
      break
    case .idle, .modifying:
      preconditionFailure(
        "Internal inconsistency: derived node \(node) queued in state \(state) (values are "
          + "handed on only by a flush)")
    }
  }

  /// The scheduler asked for a flush (or a caller flushed directly).
  mutating func flushBegan() -> FlushAction {
    switch state {
    case .idle(var dirty, let queue):
      guard !dirty.isEmpty else { return .nothingWaiting }
      state = .modifying
      let taken = dirty.order
      dirty.removeAll()
      state = .reReadingSources(pass: 1, dirty: dirty, queue: queue)
      return .reReadSources(taken)
    case .reReadingSources, .updatingDerived, .stopping:
      return .alreadyFlushing
    case .modifying:
      preconditionFailure("Internal inconsistency: a flush began while the state is modified")
    }
  }

  /// The engine re-read the taken sources and handed their changed values on.
  mutating func sourcesReRead() -> FlushAction {
    switch state {
    case .reReadingSources(let pass, let dirty, var queue):
      // Sources first, until none is dirty (a sink may write into the view model): a derived
      // node must never compute from one new input and one that is about to change.
      if !dirty.isEmpty { return nextPass(after: pass) }
      state = .modifying
      queue.rewind()
      state = .updatingDerived(pass: pass, dirty: dirty, queue: queue)
      return .updateDerived
    case .stopping(let dirty, let queue):
      state = .idle(dirty: dirty, queue: queue)
      return .stop
    case .idle, .updatingDerived, .modifying:
      preconditionFailure("Internal inconsistency: sources re-read in state \(state)")
    }
  }

  /// The next derived node to update, lowest rank first; `nil` once none is queued (or the
  /// graph unmounted).
  mutating func nextDerived() -> Int? {
    switch state {
    case .updatingDerived(let pass, let dirty, var queue):
      state = .modifying
      let node = queue.next()
      state = .updatingDerived(pass: pass, dirty: dirty, queue: queue)
      return node
    case .stopping:
      return nil
    case .idle, .reReadingSources, .modifying:
      preconditionFailure("Internal inconsistency: a derived node asked for in state \(state)")
    }
  }

  /// Every queued derived node was updated.
  mutating func passEnded() -> FlushAction {
    switch state {
    case .updatingDerived(let pass, let dirty, let queue):
      if !dirty.isEmpty { return nextPass(after: pass) }
      state = .idle(dirty: dirty, queue: queue)
      return .finished
    case .stopping(let dirty, let queue):
      state = .idle(dirty: dirty, queue: queue)
      return .stop
    case .idle, .reReadingSources, .modifying:
      preconditionFailure("Internal inconsistency: a pass ended in state \(state)")
    }
  }

  /// The graph unmounted (its nodes are torn down): nothing waiting is kept. Returns whether a
  /// running flush must stop.
  mutating func graphUnmounted() -> Bool {
    changeDirtyAndQueue { dirty, queue, _ in
      dirty.removeAll()
      queue.removeAll()
    }
    switch state {
    case .idle:
      return false
    case .reReadingSources(_, let dirty, let queue), .updatingDerived(_, let dirty, let queue),
      .stopping(let dirty, let queue):
      state = .stopping(dirty: dirty, queue: queue)
      return true
    case .modifying:
      preconditionFailure("Internal inconsistency: unmounted while the state is modified")
    }
  }

  /// Node `node` left the graph (it was torn down): it is neither dirty nor queued any more.
  mutating func nodeRemoved(_ node: Int) {
    changeDirtyAndQueue { dirty, queue, _ in
      dirty.remove(node)
      queue.remove(node)
    }
  }

  // MARK: Steps

  /// Takes the dirty sources for the next pass, or gives up after ``passLimit`` passes (the
  /// nodes still queued then wait for the next flush).
  private mutating func nextPass(after pass: Int) -> FlushAction {
    switch state {
    case .reReadingSources(_, var dirty, let queue), .updatingDerived(_, var dirty, let queue):
      state = .modifying
      let taken = dirty.order
      dirty.removeAll()
      guard pass < Self.passLimit else {
        state = .idle(dirty: dirty, queue: queue)
        return .giveUp(taken)
      }
      state = .reReadingSources(pass: pass + 1, dirty: dirty, queue: queue)
      return .reReadSources(taken)
    case .idle, .stopping, .modifying:
      preconditionFailure("Internal inconsistency: another pass in state \(state)")
    }
  }

  /// Calls `body` with the dirty sources and the queue of the current state, changed in place,
  /// and whether the machine is idle.
  private mutating func changeDirtyAndQueue(
    _ body: (inout DirtySources, inout DerivedQueue, Bool) -> Void
  ) {
    switch state {
    case .idle(var dirty, var queue):
      state = .modifying
      body(&dirty, &queue, true)
      state = .idle(dirty: dirty, queue: queue)
    case .reReadingSources(let pass, var dirty, var queue):
      state = .modifying
      body(&dirty, &queue, false)
      state = .reReadingSources(pass: pass, dirty: dirty, queue: queue)
    case .updatingDerived(let pass, var dirty, var queue):
      state = .modifying
      body(&dirty, &queue, false)
      state = .updatingDerived(pass: pass, dirty: dirty, queue: queue)
    case .stopping(var dirty, var queue):
      state = .modifying
      body(&dirty, &queue, false)
      state = .stopping(dirty: dirty, queue: queue)
    case .modifying:
      preconditionFailure("Internal inconsistency: the state changed while it is modified")
    }
  }
}

/// Sources changed since they were last taken, each once, in the order they changed.
struct DirtySources: Equatable {
  /// The sources, in the order they changed.
  private(set) var order: [Int] = []
  /// Per node number: whether the source is in `order`.
  private var isDirty: [Bool] = []

  var isEmpty: Bool { order.isEmpty }
  var count: Int { order.count }

  /// Adds `source`; returns whether it was not dirty yet.
  @discardableResult
  mutating func insert(_ source: Int) -> Bool {
    if isDirty.count <= source {
      isDirty += repeatElement(false, count: source + 1 - isDirty.count)
    }
    guard !isDirty[source] else { return false }
    isDirty[source] = true
    order.append(source)
    return true
  }

  mutating func remove(_ source: Int) {
    guard source < isDirty.count, isDirty[source] else { return }
    isDirty[source] = false
    order.removeAll { $0 == source }
  }

  /// Empties the set, keeping its room for the next sources.
  mutating func removeAll() {
    for source in order { isDirty[source] = false }
    order.removeAll(keepingCapacity: true)
  }
}

/// Derived nodes waiting for their update in one pass of a flush, by rank, each once. Emptied
/// by ``next()``, it keeps its room for the next flush.
struct DerivedQueue: Equatable {
  /// Per rank, the nodes queued at it in the order queued (a node removed or already updated
  /// stays here until its rank is done, and is skipped).
  private var byRank: [[Int]] = []
  /// Per node number: whether the node waits.
  private var isWaiting: [Bool] = []
  /// The rank and position in `byRank` that ``next()`` reads next.
  private var rank = 1
  private var index = 0

  /// Queues `node`, of rank `rank`, unless it waits already.
  mutating func insert(_ node: Int, rank nodeRank: Int) {
    if isWaiting.count <= node {
      isWaiting += repeatElement(false, count: node + 1 - isWaiting.count)
    }
    guard !isWaiting[node] else { return }
    isWaiting[node] = true
    while byRank.count <= nodeRank { byRank.append([]) }
    byRank[nodeRank].append(node)
    // A node of lower rank than the one being updated (a row mounted by a sink hands its
    // first values on) is still updated in this pass.
    if nodeRank < rank { (rank, index) = (nodeRank, 0) }
  }

  /// Forgets `node`, torn down.
  mutating func remove(_ node: Int) {
    if node < isWaiting.count { isWaiting[node] = false }
  }

  /// Forgets every node.
  mutating func removeAll() {
    for rank in byRank.indices {
      for node in byRank[rank] { isWaiting[node] = false }
      byRank[rank].removeAll(keepingCapacity: true)
    }
    rewind()
  }

  /// Starts reading from the lowest rank.
  mutating func rewind() {
    (rank, index) = (1, 0)
  }

  /// The next node waiting, lowest rank first; `nil` once none does.
  mutating func next() -> Int? {
    while rank < byRank.count {
      if index < byRank[rank].count {
        let node = byRank[rank][index]
        index += 1
        guard isWaiting[node] else { continue }
        isWaiting[node] = false
        return node
      }
      byRank[rank].removeAll(keepingCapacity: true)
      (rank, index) = (rank + 1, 0)
    }
    return nil
  }
}
