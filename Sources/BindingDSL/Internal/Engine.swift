/// Propagates changes through one mounted graph, glitch-free.
///
/// Sources that Observation reported as changed are read once each at the flush; a changed value
/// writes its widget sinks at once (a sink reads only that node, so it is already final) and
/// queues its dependents by rank. Derived nodes then update in rank order, each once per pass,
/// after every input it reads: a diamond writes its widget once, with consistent inputs.
@MainActor
final class Engine {
  /// How many passes a flush may take before it gives up on a graph that keeps changing itself.
  static let passLimit = 100

  /// Called once when the first source becomes dirty after a flush.
  var requestFlush: () -> Void = {}
  /// How many node values have changed since the engine was created (for benchmarks and tests).
  var updateCount = 0
  /// Set when a flush gave up because changes kept arriving; cleared by the next calm flush.
  private(set) var unsettledReport: String?

  private var dirtySources: [RuntimeNode] = []
  /// The sources being updated by the current pass; swapped with `dirtySources` so that neither
  /// buffer is reallocated from one flush to the next.
  private var updatingSources: [RuntimeNode] = []
  private var queue: [[RuntimeNode]] = []
  private var isFlushing = false

  var hasPendingChanges: Bool { !dirtySources.isEmpty }

  func sourceChanged(_ node: RuntimeNode) {
    guard !node.isQueued else { return }
    node.isQueued = true
    dirtySources.append(node)
    if dirtySources.count == 1 && !isFlushing { requestFlush() }
  }

  func enqueue(_ node: RuntimeNode) {
    guard !node.isQueued else { return }
    node.isQueued = true
    while queue.count <= node.rank { queue.append([]) }
    queue[node.rank].append(node)
  }

  /// Brings every dirty node up to date. Changes made while flushing (a widget writing back into
  /// the view model) are taken in further passes of the same flush.
  func flush() {
    guard !isFlushing else { return }
    isFlushing = true
    defer { isFlushing = false }
    var passes = 0
    while !dirtySources.isEmpty {
      passes += 1
      if passes > Self.passLimit {
        unsettledReport =
          "the graph was still changing after \(Self.passLimit) passes of one flush; "
          + "a view-model property that changes whenever it is read, or two properties that "
          + "update each other, keep it from settling"
        // NB: Observation has already fired for these sources; re-arm them, or the graph
        // would never hear of their changes again.
        for node in dirtySources {
          node.isQueued = false
          node.rearm()
        }
        dirtySources = []
        return
      }
      swap(&dirtySources, &updatingSources)
      for node in updatingSources {
        node.isQueued = false
        node.update(in: self)
      }
      updatingSources.removeAll(keepingCapacity: true)
      var rank = 1
      while rank < queue.count {
        var index = 0
        while index < queue[rank].count {
          let node = queue[rank][index]
          node.isQueued = false
          node.update(in: self)
          index += 1
        }
        queue[rank].removeAll(keepingCapacity: true)
        rank += 1
      }
    }
    unsettledReport = nil
  }
}
