import Dispatch
import Observation

/// A node of a mounted graph. Nodes are updated by the ``Engine`` in rank order: sources have
/// rank 0 and a derived node ranks above every node it reads. What the engine keeps about a
/// node (whether it is dirty or queued, the registration observing it) lives in the engine,
/// under the node's ``number``. The engine makes and numbers nodes (``Engine/add(reading:_:)``)
/// and calls them; a node does not call the engine back while the engine is flushing: it
/// answers whether it handed a new value on, and the engine queues what reads it.
@MainActor
class RuntimeNode {
  // NB: the number and the flags share one word (the flags of the source subclass included: a
  // subclass's fields start after its superclass's), so that a row's three sources fit
  // allocations a size class smaller.
  final let storedNumber: Int32
  /// Whether the graph (or the row holding the node) unmounted: a torn-down node holds nothing
  /// and is never observed or queued again.
  final private(set) var isTornDown = false
  /// For a source: whether the last ``readTracked()`` found a value to hand on at the next
  /// update.
  fileprivate final var hasValueToDeliver = false
  /// For a source: whether a two-way binding wrote an edit into the value since the last
  /// update.
  fileprivate final var wasEdited = false
  /// The engine of the graph; it outlives every node (the graph's mount holds it).
  final unowned let engine: Engine

  /// The node's index in its engine's tables.
  final var number: Int { Int(storedNumber) }

  /// Makes node `number` of `engine`, which numbered it (see ``Engine/add(reading:_:)``).
  init(number: Int, engine: Engine) {
    self.storedNumber = Int32(number)
    self.engine = engine
  }

  /// Brings the node up to date and hands a changed value on to its sinks. A source hands on
  /// the value it last read with ``readTracked()``.
  ///
  /// - Returns: Whether a new value was handed on, and the node is still in the graph: the
  ///   engine then queues the derived nodes that read it.
  func update() -> Bool { false }

  /// For a source: reads its value without observing it, and tells whether it differs from
  /// the value the node holds (always `true` when the type is not `Equatable`).
  func hasChanged() -> Bool { false }

  /// For a source: reads its value, inside the observation of the registration it joins.
  func readTracked() {}

  /// Whether the node can tell an equal value from a changed one (its type is `Equatable`).
  /// A source that cannot is observed alone, so that others changing never re-deliver it.
  var isComparable: Bool { true }

  /// Drops everything the node holds; called when the graph unmounts, which then tells the
  /// engine (``Engine/nodeRemoved(_:)``).
  ///
  /// - Returns: Whether the node was in the graph until now.
  @discardableResult
  func tearDown() -> Bool {
    guard !isTornDown else { return false }
    isTornDown = true
    return true
  }
}

/// A node holding a value, with sinks (widget writes) and dependents (derived nodes).
@MainActor
class ValueNode<Value>: RuntimeNode {
  final var value: Value
  final let isEqual: Equality<Value>?
  // NB: most nodes have one sink (a row's always do), stored inline; a node that gets a second
  // one puts them in a `SinkSet` in its place (two inline, more in an array). No code of a
  // one-sink node touches an array: in a node's unspecialized code, even an empty array of
  // sinks looks its generic type up at run time. A second inline sink and an array field cost
  // every node 24 bytes, a row's sources a size class each.
  private final var sink: Sink<Value>?

  /// Makes node `number` holding `value`, which `isEqual` compares when `Value` is
  /// `Equatable`.
  init(number: Int, value: Value, isEqual: Equality<Value>?, engine: Engine) {
    self.value = value
    self.isEqual = isEqual
    super.init(number: number, engine: engine)
  }

  /// Adds a sink and delivers the current value to it at once, so a widget starts in sync.
  ///
  /// - Parameters:
  ///   - ignoringFirstValue: Whether `sink` does nothing with the value delivered now, during
  ///     the install: a mount that runs no other code that may write into a view model then
  ///     reads each of its values once (see ``Engine/noteInstallEffect()``).
  ///   - sink: Called with each value.
  final func addSink(ignoringFirstValue: Bool = false, _ sink: @escaping (Value) -> Void) {
    add(.object(ClosureSink(sink, ignoresFirstValue: ignoringFirstValue)))
  }

  /// Adds a sink and delivers the current value to it at once, so a widget starts in sync.
  final func add(_ sink: Sink<Value>) {
    switch self.sink {
    case nil: self.sink = sink
    case .fanOut(let set)?: set.rest.append(sink)
    case let first?: self.sink = .fanOut(SinkSet(first, sink))
    }
    if sink.receivingMayWrite { engine.noteInstallEffect() }
    sink.send(value)
  }

  /// Stores `newValue`; if it differs from the old one, writes every sink.
  ///
  /// - Returns: Whether the value was handed on (see ``deliver()``).
  final func store(_ newValue: Value) -> Bool {
    if let isEqual, isEqual(value, newValue) { return false }
    value = newValue
    return deliver()
  }

  /// Hands the value on: writes every sink.
  ///
  /// - Returns: Whether the node is still in the graph once its sinks are written (a sink may
  ///   unmount the graph): the engine then queues every dependent.
  final func deliver() -> Bool {
    switch sink {
    case nil: break
    case .fanOut(let set)?:
      // NB: a sink that unmounted the graph tore this node down; the sinks after it are not
      // written. Plain loops: a closure per sink cost the fan-out a tenth.
      set.first.send(value)
      if isTornDown { return false }
      set.second.send(value)
      for sink in set.rest {
        if isTornDown { return false }
        sink.send(value)
      }
    case let one?: one.send(value)
    }
    return !isTornDown
  }

  /// Tells the object sinks that the value is unchanged though an edit arrived; nothing is
  /// delivered.
  final func tellSinksEditLeftValueUnchanged() {
    guard case .fanOut(let set)? = sink else {
      sink?.editLeftValueUnchanged(value)
      return
    }
    set.first.editLeftValueUnchanged(value)
    if isTornDown { return }
    set.second.editLeftValueUnchanged(value)
    for sink in set.rest {
      if isTornDown { return }
      sink.editLeftValueUnchanged(value)
    }
  }

  override func tearDown() -> Bool {
    sink?.detach()
    sink = nil
    return super.tearDown()
  }
}

/// A view-model value read through Observation. One source node exists per distinct key path
/// (or command property) in a mounted graph, so a change pays for one re-read however many
/// widgets show the value; sources that change together share one registration.
@MainActor
class SourceNode<Value>: ValueNode<Value> {
  /// `value` is the initial value, read unobserved: the graph observes its new sources
  /// together once every declaration is installed.
  override init(number: Int, value: Value, isEqual: Equality<Value>?, engine: Engine) {
    super.init(number: number, value: value, isEqual: isEqual, engine: engine)
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
    hasValueToDeliver = true
  }

  /// Called by a two-way binding that wrote an edit into the view model: the next flush visits
  /// the source even if the value then equals the last one read (the view model set it back
  /// before the flush, and Observation, having fired for the edit, stays silent), so that a
  /// field showing the edit shows the view model's value again.
  final func editArrived() {
    guard !isTornDown else { return }
    wasEdited = true
    engine.sourceChanged(number)
  }

  /// Asks the next flush to hand the current value to every sink and dependent even if it
  /// equals the last one read: a value waiting for a command's `canExecute` is retried at the
  /// next flush, though `canExecute` may have turned false and true again before it.
  final func deliverAgainAtNextFlush() {
    guard !isTornDown else { return }
    hasValueToDeliver = true
    engine.sourceChanged(number)
  }

  override final func update() -> Bool {
    if hasValueToDeliver {
      hasValueToDeliver = false
      wasEdited = false
      return deliver()
    } else if wasEdited {
      wasEdited = false
      tellSinksEditLeftValueUnchanged()
    }
    return false
  }

  override func tearDown() -> Bool {
    hasValueToDeliver = false
    wasEdited = false
    return super.tearDown()
  }
}

/// A source reading a key path of the view model, through the function ``reader(_:)`` makes
/// for it.
@MainActor
final class KeyPathSourceNode<Model: AnyObject, Value>: SourceNode<Value> {
  // NB: the graph's mount holds the view model while the node is in the graph.
  unowned let model: Model
  private let reader: (Model) -> Value

  /// A source reading `model` through `read`, which reads one key path (the one the mount
  /// knows the node by); `isEqual` is `equality(for: Value.self)`, which a declaration mounted
  /// many times looks up once.
  init(
    number: Int, model: Model, read: @escaping (Model) -> Value, isEqual: Equality<Value>?,
    engine: Engine
  ) {
    self.model = model
    self.reader = read
    super.init(number: number, value: read(model), isEqual: isEqual, engine: engine)
  }

  override func read() -> Value { reader(model) }
}

/// The function that reads `keyPath`, for ``MountContext/source(_:reading:)``.
func reader<Model, Value>(_ keyPath: KeyPath<Model, Value>) -> (Model) -> Value {
  { $0[keyPath: keyPath] }
}

/// A source reading a value through a closure (a command's state).
@MainActor
final class ClosureSourceNode<Value>: SourceNode<Value> {
  private var reader: (() -> Value)?

  init(number: Int, read: @escaping () -> Value, engine: Engine) {
    self.reader = read
    super.init(number: number, value: read(), isEqual: equality(for: Value.self), engine: engine)
  }

  override func read() -> Value { reader?() ?? value }

  override func tearDown() -> Bool {
    reader = nil
    return super.tearDown()
  }
}

/// A value the graph computes from other nodes, updated once per flush after all of its inputs.
@MainActor
final class DerivedNode<Value>: ValueNode<Value> {
  private var compute: (() -> Value)?

  /// Makes node `number`, which the engine ranked above the nodes it reads and queues
  /// whenever one of them changes (see ``Engine/add(reading:_:)``).
  init(number: Int, engine: Engine, compute: @escaping () -> Value) {
    self.compute = compute
    super.init(
      number: number, value: compute(), isEqual: equality(for: Value.self), engine: engine)
  }

  override func update() -> Bool {
    guard let compute else { return false }
    return store(compute())
  }

  override func tearDown() -> Bool {
    compute = nil
    return super.tearDown()
  }
}
