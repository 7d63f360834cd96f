import Dispatch
import Observation

// NB: the engine's state is touched only on the main actor and never while a caller holds an
// access to the same property (no property is passed `inout` across a call that could reach
// it again), so the hot stored properties opt out of dynamic exclusivity checks, which cost
// about a fifth of the engine's own work per change.

/// A node of a mounted graph. Nodes are updated by the ``Engine`` in rank order: sources have
/// rank 0 and a derived node ranks above every node it reads.
@MainActor
class RuntimeNode {
  final let rank: Int
  /// The engine of the graph; it outlives every node that is still registered (a torn-down
  /// node has no registration, so nothing reaches the engine through it).
  final unowned let engine: Engine
  @exclusivity(unchecked) final var isQueued = false
  /// For a source, the number of the Observation registration that observes it now; 0 when
  /// none does (it fired, or the node was torn down).
  @exclusivity(unchecked) final var registration: UInt = 0
  /// For a source observed with others, the group that registration belongs to; a source
  /// observed alone is its own registration and has no group.
  @exclusivity(unchecked) final var group: TrackingGroup?

  init(rank: Int, engine: Engine) {
    self.rank = rank
    self.engine = engine
  }

  /// Brings the node up to date and hands a changed value on. A source hands on the value it
  /// last read with ``readTracked()``.
  func update(in engine: Engine) {}

  /// For a source: reads its value without observing it, and tells whether it differs from
  /// the value the node holds (always `true` when the type is not `Equatable`).
  func hasChanged() -> Bool { false }

  /// For a source: reads its value, inside the observation of the registration it joins.
  func readTracked() {}

  /// Whether the node can tell an equal value from a changed one (its type is `Equatable`).
  /// A source that cannot is observed alone, so that others changing never re-deliver it.
  var isComparable: Bool { true }

  /// Called when the registration numbered `number` fired: marks the source dirty if that
  /// registration still observes it.
  final func registrationFired(_ number: UInt) {
    guard registration == number else { return }
    registration = 0
    group = nil
    engine.sourceChanged(self)
  }

  /// Whether the graph unmounted: a torn-down node is never observed or queued again.
  @exclusivity(unchecked) final var isTornDown = false

  /// Drops everything the node holds; called when the graph unmounts.
  func tearDown() {
    isTornDown = true
    registration = 0
    group = nil
  }
}

/// Sources observed by one Observation registration. Whichever of them changes first, the
/// registration fires once and marks every member dirty; the flush re-reads them and regroups
/// them by whether they changed, so sources that change together share a registration and a
/// source that changes alone soon has its own. A source observed alone needs no group: it is
/// its own registration (see ``Engine/track(_:)``).
@MainActor
final class TrackingGroup {
  private let number: UInt
  @exclusivity(unchecked) private var members: [RuntimeNode]

  init(number: UInt, members: [RuntimeNode]) {
    self.number = number
    // NB: a copy of its own, so that the engine's buffer it came from stays unique and is
    // emptied without being reallocated.
    var copy: [RuntimeNode] = []
    copy.reserveCapacity(members.count)
    copy.append(contentsOf: members)
    self.members = copy
  }

  func fire() {
    let fired = members
    members = []
    for member in fired { member.registrationFired(number) }
  }
}

/// Runs `body` on the main actor: at once when Observation reports a change on the main queue
/// (the main actor's executor), through a main-actor task when a view model changed elsewhere.
@inline(__always)
func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  if MainQueue.isCurrent {
    MainActor.assumeIsolated { body() }
  } else {
    Task { @MainActor in body() }
  }
}

/// Where a node writes its value: a widget property, an object of the engine, or a closure.
enum Sink<Value> {
  case target(any ValueTarget<Value>)
  case object(NodeSink<Value>)
  case closure((Value) -> Void)

  @MainActor
  @inline(__always)
  func send(_ value: Value) {
    switch self {
    case .target(let target): target.receive(value)
    case .object(let object): object.receive(value)
    case .closure(let closure): closure(value)
    }
  }

  /// Tells an object sink that the value did not change although an edit arrived.
  @MainActor
  func settle(_ value: Value) {
    if case .object(let object) = self { object.settle(value) }
  }
}

/// An object that receives a node's values (a two-way binding's link).
@MainActor
class NodeSink<Value> {
  func receive(_ value: Value) {}

  /// Called at a flush when an edit reached the source but its value did not change: a sink
  /// whose widget shows an edit the view model no longer holds shows `value` again.
  func settle(_ value: Value) {}
}

/// A node holding a value, with sinks (widget writes) and dependents (derived nodes).
@MainActor
class ValueNode<Value>: RuntimeNode {
  @exclusivity(unchecked) final var value: Value
  final let isEqual: Equality<Value>?
  // NB: most nodes have one or two sinks; they are stored inline, the rest in an array.
  @exclusivity(unchecked) private final var firstSink: Sink<Value>?
  @exclusivity(unchecked) private final var secondSink: Sink<Value>?
  @exclusivity(unchecked) private final var otherSinks: [Sink<Value>] = []
  @exclusivity(unchecked) private final var dependents: [RuntimeNode] = []

  init(rank: Int, value: Value, engine: Engine) {
    self.value = value
    self.isEqual = equality(for: Value.self)
    super.init(rank: rank, engine: engine)
  }

  /// Adds a sink and delivers the current value to it at once, so a widget starts in sync.
  final func addSink(_ sink: @escaping (Value) -> Void) {
    add(.closure(sink))
  }

  /// Adds a sink and delivers the current value to it at once, so a widget starts in sync.
  final func add(_ sink: Sink<Value>) {
    if firstSink == nil {
      firstSink = sink
    } else if secondSink == nil {
      secondSink = sink
    } else {
      otherSinks.append(sink)
    }
    sink.send(value)
  }

  final func addDependent(_ node: RuntimeNode) {
    dependents.append(node)
  }

  /// Stores `newValue`; if it differs from the old one, writes every sink and queues every
  /// dependent.
  final func store(_ newValue: Value, in engine: Engine) {
    if let isEqual, isEqual(value, newValue) { return }
    value = newValue
    deliver(in: engine)
  }

  /// Hands the value on: writes every sink and queues every dependent.
  final func deliver(in engine: Engine) {
    engine.updateCount &+= 1
    if let firstSink {
      firstSink.send(value)
      if let secondSink {
        secondSink.send(value)
        for sink in otherSinks {
          // NB: the loop runs over a copy; a sink that unmounted the graph tore this node down.
          if isTornDown { return }
          sink.send(value)
        }
      }
    }
    for dependent in dependents { engine.enqueue(dependent) }
  }

  /// Tells the object sinks that the value is unchanged though an edit arrived; nothing is
  /// delivered.
  final func settleSinks() {
    guard let firstSink else { return }
    firstSink.settle(value)
    guard let secondSink else { return }
    secondSink.settle(value)
    for sink in otherSinks {
      if isTornDown { return }
      sink.settle(value)
    }
  }

  override func tearDown() {
    firstSink = nil
    secondSink = nil
    otherSinks = []
    dependents = []
    super.tearDown()
  }
}

/// A view-model value read through Observation. One source node exists per distinct key path
/// (or command property) in a mounted graph, so a change pays for one re-read however many
/// widgets show the value, and sources share registrations through ``TrackingGroup``s.
@MainActor
class SourceNode<Value>: ValueNode<Value> {
  /// Whether the last ``readTracked()`` found a value to hand on at the next update.
  @exclusivity(unchecked) private final var isFresh = false
  /// Whether a two-way binding wrote an edit into the value since the last update.
  @exclusivity(unchecked) private final var wasEdited = false

  /// `value` is the initial value, read unobserved: the graph observes its new sources
  /// together once every declaration is installed.
  init(value: Value, engine: Engine) {
    super.init(rank: 0, value: value, engine: engine)
  }

  /// Reads the value from the view model.
  func read() -> Value { value }

  override final var isComparable: Bool { isEqual != nil }

  override final func hasChanged() -> Bool {
    guard !isTornDown else { return false }
    guard let isEqual else { return true }
    return !isEqual(value, read())
  }

  override final func readTracked() {
    guard !isTornDown else { return }
    let newValue = read()
    if let isEqual, isEqual(value, newValue) { return }
    // NB: stored at once; nothing reads a source's value between this read and the update
    // that hands it on (derived nodes compute after every source of the pass).
    value = newValue
    isFresh = true
  }

  /// Called by a two-way binding that wrote an edit into the view model: the next flush visits
  /// the source even if the value then equals the last one read (the view model set it back
  /// before the flush, and Observation, having fired for the edit, stays silent), so that a
  /// field showing the edit shows the view model's value again.
  final func editArrived() {
    guard !isTornDown else { return }
    wasEdited = true
    engine.sourceChanged(self)
  }

  /// Asks the next flush to hand the current value to every sink and dependent even if it
  /// equals the last one read: a value waiting for a command's `canExecute` is retried at the
  /// next flush, though `canExecute` may have turned false and true again before it.
  final func redeliver() {
    guard !isTornDown else { return }
    isFresh = true
    engine.sourceChanged(self)
  }

  override final func update(in engine: Engine) {
    if isFresh {
      isFresh = false
      wasEdited = false
      deliver(in: engine)
    } else if wasEdited {
      wasEdited = false
      settleSinks()
    }
  }

  override func tearDown() {
    isFresh = false
    wasEdited = false
    super.tearDown()
  }
}

/// A source reading a key path of the view model.
@MainActor
final class KeyPathSourceNode<Model: AnyObject, Value>: SourceNode<Value> {
  private unowned let model: Model
  private let keyPath: KeyPath<Model, Value>

  init(model: Model, keyPath: KeyPath<Model, Value>, engine: Engine) {
    self.model = model
    self.keyPath = keyPath
    super.init(value: model[keyPath: keyPath], engine: engine)
  }

  override func read() -> Value { model[keyPath: keyPath] }
}

/// A source reading a value through a closure (a command's state).
@MainActor
final class ClosureSourceNode<Value>: SourceNode<Value> {
  private var reader: (() -> Value)?

  init(read: @escaping () -> Value, engine: Engine) {
    self.reader = read
    super.init(value: read(), engine: engine)
  }

  override func read() -> Value { reader?() ?? value }

  override func tearDown() {
    reader = nil
    super.tearDown()
  }
}

/// A value the graph computes from other nodes, updated once per flush after all of its inputs.
@MainActor
final class DerivedNode<Value>: ValueNode<Value> {
  private var compute: (() -> Value)?

  init(rank: Int, engine: Engine, compute: @escaping () -> Value) {
    self.compute = compute
    super.init(rank: rank, value: compute(), engine: engine)
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
