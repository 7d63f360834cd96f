import Observation

/// Propagates changes through one mounted graph, glitch-free.
///
/// Sources that Observation reported as changed are re-read at the flush and observed again,
/// grouped so that sources changing together share one registration; a changed value writes
/// its widget sinks at once (a sink reads only that node, so it is already final) and queues
/// its dependents by rank. Derived nodes then update in rank order, each once per pass,
/// after every input it reads: a diamond writes its widget once, with consistent inputs.
@MainActor
final class Engine {
  /// How many passes a flush may take before it gives up on a graph that keeps changing itself.
  static let passLimit = 100
  /// Up to how many dirty sources are observed again as they are, without splitting off the
  /// ones whose value did not change.
  static let smallGroup = 4

  /// Called once when the first source becomes dirty after a flush.
  var requestFlush: () -> Void = {}
  /// How many node values have changed since the engine was created (for benchmarks and tests).
  @exclusivity(unchecked) var updateCount = 0
  /// Set when a flush gave up because changes kept arriving; cleared by the next calm flush.
  private(set) var unsettledReport: String?

  // NB: see Nodes.swift for why the hot properties skip dynamic exclusivity checks.
  @exclusivity(unchecked) private var dirtySources: [RuntimeNode] = []
  /// The sources being updated by the current pass; swapped with `dirtySources` so that neither
  /// buffer is reallocated from one flush to the next.
  @exclusivity(unchecked) private var updatingSources: [RuntimeNode] = []
  @exclusivity(unchecked) private var changedSources: [RuntimeNode] = []
  @exclusivity(unchecked) private var unchangedSources: [RuntimeNode] = []
  @exclusivity(unchecked) private var queue: [[RuntimeNode]] = []
  @exclusivity(unchecked) private var isFlushing = false
  /// Set when the graph unmounts during a flush (a sink unmounted it): the flush stops at the
  /// next node instead of reading buffers and nodes that were torn down.
  @exclusivity(unchecked) private var isStopped = false
  /// The number of the last Observation registration the engine made.
  @exclusivity(unchecked) private var registrations: UInt = 0

  var hasPendingChanges: Bool { !dirtySources.isEmpty }

  func sourceChanged(_ node: RuntimeNode) {
    guard !node.isQueued, !node.isTornDown else { return }
    node.isQueued = true
    dirtySources.append(node)
    if dirtySources.count == 1 && !isFlushing { requestFlush() }
  }

  /// Reads `source` under a registration of its own: the source is its own group, so a change
  /// costs no group object.
  func track(_ source: RuntimeNode) {
    guard !source.isTornDown else { return }
    registrations &+= 1
    let number = registrations
    source.group = nil
    source.registration = number
    withObservationTracking {
      source.readTracked()
    } onChange: { [weak source] in
      // NB: the pending registration, which Observation cannot cancel, holds the source only
      // weakly: an unmounted graph's nodes are not kept alive by it.
      onMainActor { source?.registrationFired(number) }
    }
  }

  /// Reads `sources` under one registration.
  func track(_ sources: [RuntimeNode]) {
    guard sources.count > 1 else {
      if let source = sources.first { track(source) }
      return
    }
    // NB: sources torn down mid-flush (a sink unmounted the graph) are not observed again; a
    // group holding them would keep them, and the values they hold, alive.
    if sources.contains(where: \.isTornDown) {
      track(sources.filter { !$0.isTornDown })
      return
    }
    registrations &+= 1
    let number = registrations
    let group = TrackingGroup(number: number, members: sources)
    withObservationTracking {
      for source in sources {
        source.group = group
        source.registration = number
        source.readTracked()
      }
    } onChange: { [weak group] in
      // NB: the pending registration holds only this weak reference: an unmounted graph's
      // group is gone when its sources let go of it.
      onMainActor { group?.fire() }
    }
  }

  func enqueue(_ node: RuntimeNode) {
    guard !node.isQueued, !node.isTornDown else { return }
    node.isQueued = true
    while queue.count <= node.rank { queue.append([]) }
    queue[node.rank].append(node)
  }

  /// Observes `sources`, new to the graph, with one registration, and hands on any value that
  /// changed since they were first read.
  func observe(_ sources: [RuntimeNode]) {
    // NB: a buffer of its own, not `changedSources`: a child mounted by a sink during a flush
    // (a list's new rows) observes its sources while the flush still holds the parent's
    // changed sources there, which must neither join the child's registration nor be handed
    // on before their turn.
    var comparable: [RuntimeNode] = []
    for source in sources {
      if source.isComparable { comparable.append(source) } else { track(source) }
    }
    track(comparable)
    // NB: only values that can be compared are handed on: one written into the view model
    // while the graph was mounting reaches the widgets installed before the write. A value
    // that cannot be compared would be sent again unchanged.
    for source in comparable { source.update(in: self) }
  }

  /// Observes `sources`: those that can be compared under one registration (left in
  /// `changedSources` for the caller to empty), each that cannot alone, so that others changing
  /// never re-deliver it.
  private func trackComparableTogether(_ sources: [RuntimeNode]) {
    for source in sources {
      if source.isComparable { changedSources.append(source) } else { track(source) }
    }
    track(changedSources)
  }

  /// Re-reads the dirty sources, observes them again (those that changed in one registration,
  /// the others in another, and each that cannot be compared alone), then hands the changed
  /// values on. No sink runs before every dirty source is observed again: a sink that writes
  /// into the view model must be seen by a registration.
  private func updateSources() {
    for node in updatingSources { node.isQueued = false }
    if updatingSources.count == 1 {
      let node = updatingSources[0]
      track(node)
      node.update(in: self)
      return
    }
    if updatingSources.count <= Self.smallGroup {
      // A small group is read once, under one registration, and stays together: re-reading
      // its members to split off the unchanged ones would cost more than it saves.
      trackComparableTogether(updatingSources)
    } else {
      for node in updatingSources {
        if !node.isComparable {
          track(node)
        } else if node.hasChanged() {
          changedSources.append(node)
        } else {
          unchangedSources.append(node)
        }
      }
      track(unchangedSources)
      track(changedSources)
    }
    // NB: every dirty source, not only the changed ones: a source that read a new value while
    // it was observed again holds it until its update hands it on.
    for node in updatingSources {
      node.update(in: self)
      if isStopped { break }
    }
    changedSources.removeAll(keepingCapacity: true)
    unchangedSources.removeAll(keepingCapacity: true)
  }

  /// Forgets every waiting change: the graph unmounted, and its torn-down sources must not be
  /// kept, or observed again, by a later flush. Called from a sink during a flush, it also
  /// stops that flush once the sink returns.
  func reset() {
    if isFlushing { isStopped = true }
    for node in dirtySources { node.isQueued = false }
    dirtySources = []
    for rank in queue.indices {
      for node in queue[rank] { node.isQueued = false }
    }
    queue = []
  }

  /// Brings every dirty node up to date. Changes made while flushing (a widget writing back into
  /// the view model) are taken in further passes of the same flush.
  func flush() {
    guard !isFlushing else { return }
    isFlushing = true
    defer {
      isFlushing = false
      isStopped = false
    }
    var passes = 0
    while !dirtySources.isEmpty {
      passes += 1
      if passes > Self.passLimit {
        unsettledReport =
          "the graph was still changing after \(Self.passLimit) passes of one flush; "
          + "a view-model property that changes whenever it is read, or two properties that "
          + "update each other, keep it from settling"
        // NB: Observation has already fired for these sources; observe them again, or the
        // graph would never hear of their changes again.
        swap(&dirtySources, &updatingSources)
        for node in updatingSources { node.isQueued = false }
        trackComparableTogether(updatingSources)
        changedSources.removeAll(keepingCapacity: true)
        updatingSources.removeAll(keepingCapacity: true)
        return
      }
      swap(&dirtySources, &updatingSources)
      updateSources()
      updatingSources.removeAll(keepingCapacity: true)
      // NB: a sink unmounted the graph: `reset()` emptied the buffers and the nodes are torn
      // down, so nothing is left to read.
      if isStopped { return }
      // Sources first, until none is dirty (a sink may write into the view model): a derived
      // node must never compute from one new input and one that is about to change.
      if !dirtySources.isEmpty { continue }
      var rank = 1
      while rank < queue.count {
        var index = 0
        while index < queue[rank].count {
          let node = queue[rank][index]
          node.isQueued = false
          node.update(in: self)
          if isStopped { return }
          index += 1
        }
        queue[rank].removeAll(keepingCapacity: true)
        rank += 1
      }
    }
    unsettledReport = nil
  }
}
