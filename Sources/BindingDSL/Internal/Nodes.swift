import Dispatch
import Observation

/// A node of a mounted graph. Nodes are updated by the ``Engine`` in rank order: sources have
/// rank 0 and a derived node ranks above every node it reads.
@MainActor
class RuntimeNode {
  final let rank: Int
  final var isQueued = false
  /// For a source, the registration that observes it now.
  final var group: TrackingGroup?

  init(rank: Int) {
    self.rank = rank
  }

  /// Brings the node up to date and hands a changed value on. A source hands on the value it
  /// last read with ``readTracked()``.
  func update(in engine: Engine) {}

  /// For a source: reads its value without observing it, and tells whether it differs from
  /// the value the node holds (always `true` when the type is not `Equatable`).
  func hasChanged() -> Bool { false }

  /// For a source: reads its value, inside the observation of the group it joins.
  func readTracked() {}

  /// Whether the node can tell an equal value from a changed one (its type is `Equatable`).
  /// A source that cannot is observed alone, so that others changing never re-deliver it.
  var isComparable: Bool { true }

  /// Drops everything the node holds; called when the graph unmounts.
  func tearDown() {
    group = nil
  }
}

/// Sources observed by one Observation registration. Whichever of them changes first, the
/// registration fires once and marks every member dirty; the flush re-reads them and regroups
/// them by whether they changed, so sources that change together share a registration and a
/// source that changes alone soon has its own.
@MainActor
final class TrackingGroup {
  private var members: [RuntimeNode]
  private unowned let engine: Engine

  private init(members: [RuntimeNode], engine: Engine) {
    self.members = members
    self.engine = engine
  }

  /// Reads `sources` under one registration.
  static func track(_ sources: [RuntimeNode], in engine: Engine) {
    guard !sources.isEmpty else { return }
    let group = TrackingGroup(members: sources, engine: engine)
    withObservationTracking {
      for source in sources {
        source.group = group
        source.readTracked()
      }
    } onChange: { [weak group] in
      // NB: the pending registration, which Observation cannot cancel, holds only this weak
      // reference: an unmounted graph's group is gone when its sources let go of it.
      if MainQueue.isCurrent {
        MainActor.assumeIsolated { group?.fire() }
      } else {
        Task { @MainActor in group?.fire() }
      }
    }
  }

  private func fire() {
    let fired = members
    members = []
    for member in fired where member.group === self {
      member.group = nil
      engine.sourceChanged(member)
    }
  }
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
    super.tearDown()
  }
}

/// A view-model value read through Observation. One source node exists per distinct key path
/// (or command property) in a mounted graph, so a change pays for one re-read however many
/// widgets show the value, and sources share registrations through ``TrackingGroup``s.
@MainActor
final class SourceNode<Value>: ValueNode<Value> {
  private var read: (() -> Value)?
  /// The value read by the last ``readTracked()``, handed on by the next update.
  private var fresh: Value

  /// Reads the initial value, unobserved: the graph observes its new sources together once
  /// every declaration is installed.
  init(read: @escaping () -> Value) {
    self.read = read
    let value = read()
    self.fresh = value
    super.init(rank: 0, value: value)
  }

  override var isComparable: Bool { isEqual != nil }

  override func hasChanged() -> Bool {
    guard let read else { return false }
    guard let isEqual else { return true }
    return !isEqual(value, read())
  }

  override func readTracked() {
    guard let read else { return }
    fresh = read()
  }

  override func update(in engine: Engine) {
    guard read != nil else { return }
    store(fresh, in: engine)
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
