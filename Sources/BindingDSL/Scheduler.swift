/// A mounted graph as a scheduler sees it: something that has changes waiting and can flush.
@MainActor
public protocol Flushable: AnyObject {
  /// Whether changes are waiting for a flush.
  var needsFlush: Bool { get }
  /// Applies every waiting change, glitch-free, and tells whether that changed anything: a
  /// scheduler whose host draws draws only after a flush that did. With nothing waiting (the
  /// graph unmounted after it asked), it changes nothing and returns `false`: schedulers call
  /// it without asking ``needsFlush`` first.
  ///
  /// - Returns: `true` when a value the graph shows changed.
  func flush() -> Bool
}

/// Decides when mounted graphs apply their changes.
///
/// A graph asks its scheduler for a flush the first time a view-model value it shows changes.
/// Changes that arrive before the flush coalesce: each widget is written once per flush.
/// A scheduler must flush later, never inside ``scheduleFlush(_:)``: Observation reports a change
/// before the new value is stored.
///
/// A mounted graph holds its scheduler. What a graph hands to ``scheduleFlush(_:)`` is a request
/// that does not keep the graph alive: a scheduler holds it until it flushes, and a graph
/// released before then has nothing left to flush.
@MainActor
public protocol FlushScheduler: AnyObject {
  /// Arranges for `graph` to flush later; asked once per batch of changes.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  func scheduleFlush(_ graph: any Flushable)
}

/// Flushes on the main actor's next turn, as an app wants.
///
/// A screen mounted without a scheduler, and an `AppHost` made without one, each make one of
/// their own: nothing is shared between them. Graphs that share one scheduler flush in one
/// main-actor task, in the order they asked.
@MainActor
public final class MainActorScheduler: FlushScheduler {
  private var pending: [any Flushable] = []
  private var isScheduled = false

  /// Creates a scheduler with nothing pending.
  public init() {}

  /// Flushes `graph` on the main actor's next turn, with every other graph that asked before
  /// then.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  public func scheduleFlush(_ graph: any Flushable) {
    pending.append(graph)
    guard !isScheduled else { return }
    isScheduled = true
    Task { @MainActor in self.run() }
  }

  private func run() {
    isScheduled = false
    let graphs = pending
    pending = []
    for graph in graphs { _ = graph.flush() }
  }
}

/// Flushes only when told to, as tests want: the test driver flushes after every interaction.
@MainActor
public final class ManualScheduler: FlushScheduler {
  private var pending: [any Flushable] = []
  /// The graphs being flushed; swapped with `pending` so that neither buffer is reallocated.
  private var flushing: [any Flushable] = []

  /// Creates a scheduler with nothing pending.
  public init() {}

  /// Whether a graph still mounted asked for a flush that has not happened yet.
  public var hasPendingFlush: Bool { pending.contains { $0.needsFlush } }

  /// Remembers that `graph` has changes; they flush at the next ``flush()``.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  public func scheduleFlush(_ graph: any Flushable) {
    pending.append(graph)
  }

  /// Flushes every graph that asked, until none asks again. Returns whether anything changed.
  ///
  /// - Returns: `true` when the flush of at least one graph changed a value it shows; `false`
  ///   when nothing asked, or what asked changed nothing (a value set and set back).
  @discardableResult
  public func flush() -> Bool {
    var changedAny = false
    while !pending.isEmpty {
      // NB: one graph asking, the usual case, is flushed without swapping the buffers.
      // A graph whose changes were taken meanwhile (it unmounted) has nothing to flush, and
      // its flush says so, as ``MainActorScheduler``'s does.
      if pending.count == 1 {
        if pending.removeLast().flush() { changedAny = true }
        continue
      }
      swap(&pending, &flushing)
      for entry in flushing where entry.flush() { changedAny = true }
      flushing.removeAll(keepingCapacity: true)
    }
    return changedAny
  }
}
