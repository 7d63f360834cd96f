/// The bookkeeping of a graph's flushes, as a value: which sources are dirty, which derived
/// nodes are queued and by rank, and where a flush stands.
///
/// Nodes are known by number (their index in the engine's tables). Each mutating method is
/// named after what happened and returns what the engine must do next; the machine itself never
/// reads a value, calls a sink or touches Observation, so every transition is tested directly.
///
/// A flush runs as:
/// 1. ``flushBegan()``: the dirty sources are taken (``takenSources``) → `.reReadSources`.
/// 2. The engine re-reads and observes the taken sources again, then hands changed values on
///    (sinks, and ``dependentQueued(_:)`` for derived dependents), and calls
///    ``sourcesReRead()``: sources made dirty meanwhile start another pass (step 1's taking,
///    counted against ``passLimit``) → `.reReadSources`; otherwise → `.updateDerived`.
/// 3. The engine updates each node ``nextDerived()`` returns, lowest rank first, then calls
///    ``passEnded()``: dirty sources start another pass → `.reReadSources`; none → `.finished`.
/// 4. After ``passLimit`` passes the machine answers `.giveUp`: the engine observes the taken
///    sources again without handing them on, and reports the graph unsettled.
/// 5. ``graphUnmounted()`` forgets every dirty source and queued node, and, during a flush,
///    makes the next step `.stop`.
struct FlushStateMachine {
  /// How many passes a flush may take before it gives up on a graph that keeps changing itself.
  static let passLimit = 100

  /// Where the machine stands.
  enum Phase: Equatable {
    /// No flush runs.
    case idle
    /// A flush is in pass `pass` (counting from 1).
    case flushing(pass: Int)
    /// The graph unmounted during a flush: the next step stops it.
    case stopping
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
    /// Nothing: a flush is already running (the call came from inside it).
    case none
    /// Re-read the ``takenSources``, observe them again, hand changed values on, then call
    /// ``sourcesReRead()``.
    case reReadSources
    /// Update each node ``nextDerived()`` returns, then call ``passEnded()``.
    case updateDerived
    /// Observe the ``takenSources`` again without handing them on, and report the graph
    /// unsettled: it was still changing after ``passLimit`` passes.
    case giveUp
    /// The graph unmounted during the flush: stop.
    case stop
    /// Everything is up to date.
    case finished
  }

  private(set) var phase = Phase.idle
  /// Sources changed since they were last taken, in the order they changed.
  private var dirty: [Int] = []
  /// The sources the current pass re-reads; swapped with `dirty` so neither buffer is
  /// reallocated from one pass to the next.
  private(set) var takenSources: [Int] = []
  /// Derived nodes waiting for their update, by rank.
  private var queue: [[Int]] = []
  /// The rank and position in `queue` that ``nextDerived()`` reads next.
  private var cursor = (rank: 1, index: 0)
  /// Per node number: whether the source is in `dirty`.
  private var isDirty: [Bool] = []
  /// Per node number: whether the derived node waits in `queue` (a separate flag from
  /// `isDirty`: one node is never in both, but each queue is emptied on its own terms).
  private var isQueued: [Bool] = []
  /// Per node number: its rank (0 for sources, above each input for derived nodes).
  private var ranks: [Int32] = []
  /// Numbers free for new nodes.
  private var free: [Int] = []
  /// Numbers of nodes removed during a flush, free once it ends (a buffer may still hold them).
  private var released: [Int] = []

  /// Whether sources changed since they were last taken.
  var hasDirtySources: Bool { !dirty.isEmpty }

  /// Whether the graph unmounted during the running flush.
  var isStopping: Bool { phase == .stopping }

  /// How many node numbers are in use or free: the size of the engine's tables.
  var capacity: Int { ranks.count }

  /// The rank of node `node`.
  func rank(of node: Int) -> Int { Int(ranks[node]) }

  // MARK: Nodes

  /// Makes room for `count` nodes in all.
  mutating func reserveCapacity(_ count: Int) {
    ranks.reserveCapacity(count)
    isDirty.reserveCapacity(count)
    isQueued.reserveCapacity(count)
  }

  /// A node of rank `rank` joined the graph: returns its number, reusing a free one.
  mutating func nodeAdded(rank: Int) -> Int {
    if let number = free.popLast() {
      ranks[number] = Int32(rank)
      return number
    }
    ranks.append(Int32(rank))
    isDirty.append(false)
    isQueued.append(false)
    return ranks.count - 1
  }

  /// Node `node` left the graph (it was torn down): it is neither dirty nor queued any more,
  /// and its number is free once no buffer of a running flush can hold it.
  mutating func nodeRemoved(_ node: Int) {
    isQueued[node] = false
    if isDirty[node] {
      isDirty[node] = false
      if let index = dirty.firstIndex(of: node) { dirty.remove(at: index) }
    }
    if phase == .idle { free.append(node) } else { released.append(node) }
  }

  // MARK: Events

  /// Source `source` changed (Observation fired for it, or an edit or retry reached it).
  mutating func sourceChanged(_ source: Int) -> SourceChangedAction {
    guard !isDirty[source] else { return .none }
    isDirty[source] = true
    dirty.append(source)
    return dirty.count == 1 && phase == .idle ? .requestFlush : .none
  }

  /// A value changed: its derived dependent `node` must update in this pass, after every node
  /// of lower rank.
  mutating func dependentQueued(_ node: Int) {
    guard !isQueued[node] else { return }
    isQueued[node] = true
    let rank = Int(ranks[node])
    while queue.count <= rank { queue.append([]) }
    queue[rank].append(node)
    // NB: a node of lower rank than the one being updated (a row mounted by a sink hands its
    // first values on) is still updated in this pass.
    if rank < cursor.rank { cursor = (rank, 0) }
  }

  /// The scheduler asked for a flush (or a caller flushed directly).
  mutating func flushBegan() -> FlushAction {
    guard phase == .idle else { return .none }
    guard !dirty.isEmpty else { return .finished }
    phase = .flushing(pass: 1)
    takeDirtySources()
    return .reReadSources
  }

  /// The engine re-read the taken sources and handed their changed values on.
  mutating func sourcesReRead() -> FlushAction {
    guard case .flushing(let pass) = phase else { return stop() }
    // NB: sources first, until none is dirty (a sink may write into the view model): a derived
    // node must never compute from one new input and one that is about to change.
    if !dirty.isEmpty { return nextPass(after: pass) }
    cursor = (1, 0)
    return .updateDerived
  }

  /// The next derived node to update, lowest rank first; `nil` once none is queued (or the
  /// graph unmounted).
  mutating func nextDerived() -> Int? {
    guard phase != .stopping else { return nil }
    while cursor.rank < queue.count {
      if cursor.index < queue[cursor.rank].count {
        let node = queue[cursor.rank][cursor.index]
        cursor.index += 1
        // NB: a node removed while queued, or already updated after it was moved down a rank,
        // is skipped.
        guard isQueued[node] else { continue }
        isQueued[node] = false
        return node
      }
      queue[cursor.rank].removeAll(keepingCapacity: true)
      cursor = (cursor.rank + 1, 0)
    }
    return nil
  }

  /// Every queued derived node was updated.
  mutating func passEnded() -> FlushAction {
    guard case .flushing(let pass) = phase else { return stop() }
    if !dirty.isEmpty { return nextPass(after: pass) }
    end()
    return .finished
  }

  /// The graph unmounted (its nodes are torn down): nothing waiting is kept. Returns whether a
  /// running flush must stop.
  mutating func graphUnmounted() -> Bool {
    for node in dirty { isDirty[node] = false }
    dirty = []
    for rank in queue.indices {
      for node in queue[rank] { isQueued[node] = false }
    }
    queue = []
    cursor = (1, 0)
    guard phase != .idle else { return false }
    phase = .stopping
    return true
  }

  // MARK: Steps

  private mutating func nextPass(after pass: Int) -> FlushAction {
    takeDirtySources()
    guard pass < Self.passLimit else {
      end()
      return .giveUp
    }
    phase = .flushing(pass: pass + 1)
    return .reReadSources
  }

  private mutating func takeDirtySources() {
    takenSources.removeAll(keepingCapacity: true)
    swap(&dirty, &takenSources)
    for node in takenSources { isDirty[node] = false }
  }

  private mutating func stop() -> FlushAction {
    end()
    return .stop
  }

  private mutating func end() {
    phase = .idle
    // NB: most flushes remove no node; appending nothing to an empty array still allocated.
    guard !released.isEmpty else { return }
    free.append(contentsOf: released)
    released.removeAll(keepingCapacity: true)
  }
}
