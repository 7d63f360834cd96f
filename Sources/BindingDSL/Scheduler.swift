/// A mounted graph as a scheduler sees it: something that has changes waiting and can flush.
@MainActor
public protocol Flushable: AnyObject {
  /// Whether changes are waiting for a flush.
  var needsFlush: Bool { get }
  /// Applies every waiting change, glitch-free.
  func flush()
}

/// Decides when mounted graphs apply their changes.
///
/// A graph asks its scheduler for a flush the first time a view-model value it shows changes.
/// Changes that arrive before the flush coalesce: each widget is written once per flush.
/// A scheduler must flush later, never inside ``scheduleFlush(_:)``: Observation reports a change
/// before the new value is stored.
///
/// A mounted graph holds its scheduler; a scheduler should hold the graphs waiting for a flush
/// weakly, so that a graph released before its flush is not kept alive by the request.
@MainActor
public protocol FlushScheduler: AnyObject {
  /// Arranges for `graph` to flush later; asked once per batch of changes.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  func scheduleFlush(_ graph: any Flushable)
}

/// Flushes on the main actor's next turn, as an app wants.
@MainActor
public final class MainActorScheduler: FlushScheduler {
  /// One scheduler for the app's main actor.
  public static let shared = MainActorScheduler()

  private var pending: [WeakFlushable] = []
  private var isScheduled = false

  /// Creates a scheduler of its own; most code uses ``shared``.
  public init() {}

  /// Flushes `graph` on the main actor's next turn, with every other graph that asked before
  /// then.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  public func scheduleFlush(_ graph: any Flushable) {
    pending.append(WeakFlushable(graph))
    guard !isScheduled else { return }
    isScheduled = true
    Task { @MainActor in self.run() }
  }

  private func run() {
    isScheduled = false
    let graphs = pending
    pending = []
    for graph in graphs { graph.value?.flush() }
  }
}

/// Flushes only when told to, as tests want: the test driver flushes after every interaction.
@MainActor
public final class ManualScheduler: FlushScheduler {
  private var pending: [WeakFlushable] = []
  /// The graphs being flushed; swapped with `pending` so that neither buffer is reallocated.
  private var flushing: [WeakFlushable] = []

  /// Creates a scheduler with nothing pending.
  public init() {}

  /// Whether a graph still mounted asked for a flush that has not happened yet.
  public var hasPendingFlush: Bool { pending.contains { $0.value?.needsFlush == true } }

  /// Remembers that `graph` has changes; they flush at the next ``flush()``.
  ///
  /// - Parameter graph: The graph that has changes to flush.
  public func scheduleFlush(_ graph: any Flushable) {
    pending.append(WeakFlushable(graph))
  }

  /// Flushes every graph that asked, until none asks again. Returns whether anything flushed.
  ///
  /// - Returns: `true` when at least one graph flushed.
  @discardableResult
  public func flush() -> Bool {
    var flushedAny = false
    while !pending.isEmpty {
      swap(&pending, &flushing)
      for entry in flushing {
        guard let graph = entry.value, graph.needsFlush else { continue }
        graph.flush()
        flushedAny = true
      }
      flushing.removeAll(keepingCapacity: true)
    }
    return flushedAny
  }
}

/// A graph waiting for a flush, held weakly.
@MainActor
private struct WeakFlushable {
  weak var value: (any Flushable)?

  init(_ value: any Flushable) {
    self.value = value
  }
}
