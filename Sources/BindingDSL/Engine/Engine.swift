import Observation

/// Propagates changes through one mounted graph (and the children mounted in its run),
/// glitch-free.
///
/// The engine performs what its ``FlushStateMachine`` decides: sources that Observation
/// reported as changed are re-read at the flush and observed again, grouped so that sources
/// changing together share one registration; a changed value writes its widget sinks at once (a
/// sink reads only that node, so it is already final) and queues its dependents by rank. Derived
/// nodes then update in rank order, each once per pass, after every input it reads: a diamond
/// writes its widget once, with consistent inputs.
@MainActor
final class Engine {
  /// Up to how many dirty sources are observed again as they are, without splitting off the
  /// ones whose value did not change.
  static let smallGroup = 4

  /// Asked for a flush once when the first source becomes dirty after one; `nil` once the
  /// graph unmounted.
  var scheduler: (any FlushScheduler)?
  /// Set when a flush gave up because changes kept arriving; cleared by the next calm flush.
  private(set) var unsettledReport: String?

  /// The flush's bookkeeping: dirty sources, queued derived nodes, where a flush stands.
  var machine = FlushStateMachine()
  /// The nodes' numbers (their index in the tables below) and ranks.
  var numbers = NodeNumbers()

  // The tables, by node number.

  /// The node; `nil` once removed.
  var nodes: [RuntimeNode?] = []
  /// The subscription that observes the source now; `nil` when none does (it fired, or the
  /// node was removed).
  var observers: [Subscription?] = []
  /// Whether the node is in the graph and can compare its values (see
  /// ``RuntimeNode/isComparable``), so that sources changing together share a registration.
  var observable: [Bool] = []
  /// The derived nodes that read the node, for the nodes that some derived node reads (few: a
  /// table for every node cost a row a word per source).
  var dependents: [Int: [Int]] = [:]

  /// How many node values have changed since the engine was created (for benchmarks and tests).
  private(set) var updateCount = 0

  /// How many Observation registrations the engine has made (`withObservationTracking` calls;
  /// a registration taken over is not one).
  var registrationsMade = 0

  var hasPendingChanges: Bool { machine.hasDirtySources }

  /// How many times code that may write into a view model ran in this graph run: a sink given a
  /// value it acts on (focus; a closure), a widget that reacts to a new value (a tab view
  /// switching tabs), a write of the library's own (a one-time or one-way-to-source binding), a
  /// command a mount executes. ``installObserving(_:newSources:)`` compares it before and after
  /// an install: a write made during the install is not seen by a registration made after it,
  /// so the install's sources are then read again.
  ///
  /// A converter (`bind(_:to:transform:)`'s `transform`, a combination's) must not write into a
  /// view model, nor may a property's getter or a widget kit's handler registration: they are
  /// not counted (see Docs/Decisions/0010-a-mount-reads-each-value-once.md).
  private(set) var installEffects = 0

  /// Notes that code that may write into a view model is about to run (see
  /// ``installEffects``).
  func noteInstallEffect() {
    installEffects &+= 1
  }

  /// What pending Observation registrations hold instead of the engine (see ``EngineRelay``).
  let relay = EngineRelay()

  /// Where the mounts of the graph run leave their pending registrations when they unmount for
  /// good, and find what earlier mounts on their view model left: the store of whoever mounted
  /// the run (an app host, a caller's mount cache), unless a mount was given its own (see
  /// ``MountContext/parked``); `nil` to park nothing.
  var parked: ParkedSubscriptions?

  /// The clock that the timers of the graph run sleep on (debounce, throttle, timed commands):
  /// one for the run, so that each of its mounts does not hold it.
  var clock: any Clock<Duration> = ContinuousClock()

  init() {
    relay.engine = self
  }

  isolated deinit {
    relay.engine = nil
  }

  // MARK: Nodes

  /// Makes a node computed from `inputs` (none for a source) with `make`, given the node's
  /// number, and holds it until it is removed: this is the one place a node is numbered and
  /// ranked (0 for a source, above every input for a derived node), and joins its inputs'
  /// dependents.
  ///
  /// - Parameters:
  ///   - inputs: The nodes the new node reads.
  ///   - make: Makes the node, given its number.
  /// - Returns: The node.
  func add<Node: RuntimeNode>(reading inputs: [RuntimeNode] = [], _ make: (Int) -> Node) -> Node {
    let node = make(number(forNodeReading: inputs))
    nodeCreated(node)
    return node
  }

  /// A number for a new node computed from `inputs`, ranked above them.
  func number(forNodeReading inputs: [RuntimeNode]) -> Int {
    var rank = 0
    for input in inputs { rank = max(rank, numbers.rank(of: input.number) + 1) }
    let number = numbers.add(rank: rank)
    if number == nodes.count {
      nodes.append(nil)
      observers.append(nil)
      observable.append(false)
    }
    for input in inputs { dependents[input.number, default: []].append(number) }
    return number
  }

  /// Makes room for `count` more nodes: a graph knows about how many it will make.
  func reserveCapacity(_ count: Int) {
    let total = nodes.count + count
    nodes.reserveCapacity(total)
    observers.reserveCapacity(total)
    observable.reserveCapacity(total)
    numbers.reserveCapacity(total)
  }

  /// Holds `node`, which took its number from ``number(forNodeReading:)``, until it is removed.
  func nodeCreated(_ node: RuntimeNode) {
    nodes[node.number] = node
    observable[node.number] = node.isComparable
  }

  /// Forgets node `number`, torn down: it is no longer observed, dirty or queued.
  func nodeRemoved(_ number: Int) {
    nodes[number] = nil
    observers[number] = nil
    if !dependents.isEmpty { dependents[number] = nil }
    observable[number] = false
    machine.nodeRemoved(number)
    numbers.remove(number, duringFlush: machine.isFlushing)
  }

  /// Node `number`, if it is still in the graph. (A copy of the reference: the access to the
  /// tables ends before the caller calls the node.)
  func node(_ number: Int) -> RuntimeNode? { nodes[number] }

  // MARK: Events

  /// Source `number` changed: Observation fired for it, or an edit or retry reached it.
  func sourceChanged(_ number: Int) {
    guard nodes[number] != nil else { return }
    if machine.sourceChanged(number) == .requestFlush { scheduler?.scheduleFlush(relay) }
  }

  /// Node `number` handed a new value on (its sinks are written): each derived node reading it
  /// updates later in this pass.
  func valueChanged(_ number: Int) {
    updateCount &+= 1
    guard !dependents.isEmpty, let readers = dependents[number] else { return }
    for dependent in readers {
      machine.dependentQueued(dependent, rank: numbers.rank(of: dependent))
    }
  }

  // MARK: Flushing

  /// Brings every dirty node up to date. Changes made while flushing (a widget writing back into
  /// the view model) are taken in further passes of the same flush.
  ///
  /// - Returns: Whether a node handed a new value on.
  @discardableResult
  func flush() -> Bool {
    let updatesBefore = updateCount
    var action = machine.flushBegan()
    while true {
      switch action {
      case .nothingWaiting:
        // NB: a report of a flush that gave up stays until a flush that had changes settles.
        return false
      case .alreadyFlushing:
        return updateCount != updatesBefore
      case .reReadSources(let sources):
        reReadSources(sources)
        action = machine.sourcesReRead()
      case .updateDerived:
        while let number = machine.nextDerived() {
          if node(number)?.update() == true { valueChanged(number) }
        }
        action = machine.passEnded()
      case .giveUp(let sources):
        numbers.flushEnded()
        unsettledReport =
          "the graph was still changing after \(FlushStateMachine.passLimit) passes of one "
          + "flush; a view-model property that changes whenever it is read, or two properties "
          + "that update each other, keep it from settling"
        // Observation has already fired for these sources; observe them again, or the graph
        // would never hear of their changes again.
        trackComparableTogether(sources)
        return updateCount != updatesBefore
      case .stop:
        numbers.flushEnded()
        return updateCount != updatesBefore
      case .finished:
        numbers.flushEnded()
        unsettledReport = nil
        return updateCount != updatesBefore
      }
    }
  }

  /// Forgets every waiting change: the graph unmounted, and its torn-down sources must not be
  /// kept, or observed again, by a later flush. Called from a sink during a flush, it also
  /// stops that flush once the sink returns.
  func reset() {
    _ = machine.graphUnmounted()
  }

  /// Re-reads the taken sources, observes them again (those that changed in one registration,
  /// the others in another, and each that cannot be compared alone), then hands the changed
  /// values on. No sink runs before every taken source is observed again: a sink that writes
  /// into the view model must be seen by a registration.
  private func reReadSources(_ sources: [Int]) {
    if sources.count == 1 {
      track(sources)
      if node(sources[0])?.update() == true { valueChanged(sources[0]) }
      return
    }
    if sources.count <= Self.smallGroup {
      // A small group is read once, under one registration, and stays together: re-reading
      // its members to split off the unchanged ones would cost more than it saves.
      trackComparableTogether(sources)
    } else {
      var changed: [Int] = []
      var unchanged: [Int] = []
      for source in sources {
        guard let node = node(source) else { continue }
        if !node.isComparable {
          track([source])
        } else if node.hasChanged() {
          changed.append(source)
        } else {
          unchanged.append(source)
        }
      }
      track(unchanged)
      track(changed)
    }
    // NB: every taken source, not only the changed ones: a source that read a new value while
    // it was observed again holds it until its update hands it on.
    for source in sources {
      if node(source)?.update() == true { valueChanged(source) }
      if machine.isStopping { return }
    }
  }
}
