import Dispatch
import Observation

/// A node of a mounted graph. Nodes are updated by the ``Engine`` in rank order: sources have
/// rank 0 and a derived node ranks above every node it reads.
@MainActor
class RuntimeNode {
  final let rank: Int
  final var isQueued = false

  init(rank: Int) {
    self.rank = rank
  }

  /// Brings the node up to date and hands a changed value on.
  func update(in engine: Engine) {}

  /// Observes the node's inputs again without handing a value on; called for a source whose
  /// change a flush gave up on.
  func rearm() {}

  /// Drops everything the node holds; called when the graph unmounts.
  func tearDown() {}
}

/// A node holding a value, with sinks (widget writes) and dependents (derived nodes).
@MainActor
class ValueNode<Value>: RuntimeNode {
  final var value: Value
  final let isEqual: ((Value, Value) -> Bool)?
  private final var sinks: [(Value) -> Void] = []
  private final var dependents: [RuntimeNode] = []

  init(rank: Int, value: Value) {
    self.value = value
    self.isEqual = equality(for: Value.self)
    super.init(rank: rank)
  }

  /// Adds a sink and delivers the current value to it at once, so a widget starts in sync.
  final func addSink(_ sink: @escaping (Value) -> Void) {
    sinks.append(sink)
    sink(value)
  }

  final func addDependent(_ node: RuntimeNode) {
    dependents.append(node)
  }

  /// Stores `newValue`; if it differs from the old one, writes every sink and queues every
  /// dependent.
  final func store(_ newValue: Value, in engine: Engine) {
    if let isEqual, isEqual(value, newValue) { return }
    value = newValue
    engine.updateCount &+= 1
    for sink in sinks { sink(newValue) }
    for dependent in dependents { engine.enqueue(dependent) }
  }

  override func tearDown() {
    sinks = []
    dependents = []
  }
}

/// A view-model value read through Observation. One source node exists per distinct key path
/// (or command property) in a mounted graph, so a change pays for one re-registration however
/// many widgets show the value.
@MainActor
final class SourceNode<Value>: ValueNode<Value> {
  private var read: (() -> Value)?
  private unowned let engine: Engine

  init(engine: Engine, read: @escaping () -> Value) {
    self.engine = engine
    self.read = read
    // NB: the first read happens untracked; `track()` below reads again under observation.
    super.init(rank: 0, value: read())
    value = track()
  }

  /// Reads the value under observation so that the next change of anything it reads marks
  /// this node dirty. Observation calls `onChange` before the new value is stored, which is
  /// why the node only marks itself here and reads at the next flush.
  private func track() -> Value {
    guard let read else { return value }
    return withObservationTracking(read) { [weak self] in
      if MainQueue.isCurrent {
        MainActor.assumeIsolated { self?.markDirty() }
      } else {
        Task { @MainActor in self?.markDirty() }
      }
    }
  }

  private func markDirty() {
    guard read != nil else { return }
    engine.sourceChanged(self)
  }

  override func update(in engine: Engine) {
    store(track(), in: engine)
  }

  override func rearm() {
    value = track()
  }

  override func tearDown() {
    read = nil
    super.tearDown()
  }
}

/// A value the graph computes from other nodes, updated once per flush after all of its inputs.
@MainActor
final class DerivedNode<Value>: ValueNode<Value> {
  private var compute: (() -> Value)?

  init(rank: Int, compute: @escaping () -> Value) {
    self.compute = compute
    super.init(rank: rank, value: compute())
  }

  override func update(in engine: Engine) {
    guard let compute else { return }
    store(compute(), in: engine)
  }

  override func tearDown() {
    compute = nil
    super.tearDown()
  }
}

/// Tells whether code runs on the main queue, which is the main actor's executor.
///
/// NB: `Thread.isMainThread` is not the same question: where the main queue is drained by
/// `dispatchMain()` (as test runners on Linux do), main-actor code runs on another thread.
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
