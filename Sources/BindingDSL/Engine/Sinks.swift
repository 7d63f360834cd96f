/// Where a node writes its value: a widget property, or an object of the engine.
///
/// NB: every case holds one object reference first, so an optional sink takes 16 bytes, not 24:
/// a closure is kept in a ``ClosureSink`` object, not as a case of its own.
enum Sink<Value> {
  case target(any ValueTarget<Value>)
  case object(NodeSink<Value>)
  /// Several sinks of one node, which writes them in turn and stops when a write unmounted it
  /// (see ``ValueNode/deliver()``).
  case fanOut(SinkSet<Value>)

  /// A sink calling `body` with each value.
  @MainActor
  static func closure(_ body: @escaping (Value) -> Void) -> Sink {
    .object(ClosureSink(body))
  }

  @MainActor
  func send(_ value: Value) {
    switch self {
    case .target(let target): target.receive(value)
    case .object(let object): object.receive(value)
    case .fanOut(let set): set.sendEach(value)
    }
  }

  /// Whether delivering a value may run code that writes into a view model (see
  /// ``Engine/noteInstallEffect()``).
  @MainActor
  var receivingMayWrite: Bool {
    switch self {
    case .target(let target): !target.receivesWithoutSideEffects
    case .object(let object): object.receivingMayWrite
    case .fanOut(let set):
      set.first.receivingMayWrite || set.second.receivingMayWrite
        || set.rest.contains { $0.receivingMayWrite }
    }
  }

  /// Tells an object sink that the value did not change although an edit arrived.
  @MainActor
  func editLeftValueUnchanged(_ value: Value) {
    switch self {
    case .target: break
    case .object(let object): object.editLeftValueUnchanged(value)
    case .fanOut(let set): set.editLeftValueUnchangedEach(value)
    }
  }

  /// Tells an object sink that its node was torn down.
  @MainActor
  func detach() {
    switch self {
    case .target: break
    case .object(let object): object.detach()
    case .fanOut(let set): set.detachEach()
    }
  }
}

/// An object that receives a node's values (a two-way binding's link, a converting write).
@MainActor
class NodeSink<Value> {
  init() {}

  func receive(_ value: Value) {}

  /// Called at a flush when an edit reached the source but its value did not change: a sink
  /// whose widget shows an edit the view model no longer holds shows `value` again.
  func editLeftValueUnchanged(_ value: Value) {}

  /// Called when the node writing this sink is torn down (its graph or row unmounted): a sink
  /// that listens to its widget stops.
  func detach() {}

  /// Whether a value's delivery may run code that writes into a view model: yes, unless a
  /// subclass knows better.
  var receivingMayWrite: Bool { true }
}

/// A sink calling a closure.
@MainActor
final class ClosureSink<Value>: NodeSink<Value> {
  private let body: (Value) -> Void
  /// Whether `body` does nothing with the value delivered when the sink is added (a list's
  /// first rows wait for the end of the install), so that delivery cannot write into a view
  /// model.
  private let ignoresFirstValue: Bool

  init(_ body: @escaping (Value) -> Void, ignoresFirstValue: Bool = false) {
    self.body = body
    self.ignoresFirstValue = ignoresFirstValue
  }

  override func receive(_ value: Value) { body(value) }

  override var receivingMayWrite: Bool { !ignoresFirstValue }
}

/// A sink writing a converted value into a widget property: one object, where a closure
/// capturing the widget and the converter would be a context and a thunk.
@MainActor
final class ConvertingSink<Value, Target: ValueTarget>: NodeSink<Value> {
  private let target: Target
  private let convert: (Value) -> Target.Value

  init(target: Target, convert: @escaping (Value) -> Target.Value) {
    self.target = target
    self.convert = convert
  }

  override func receive(_ value: Value) { target.receive(convert(value)) }

  override var receivingMayWrite: Bool { !target.receivesWithoutSideEffects }
}

/// The sinks of a node that writes more than one, in the order added (see ``ValueNode``): the
/// first two inline, as a form's field and the label mirroring it have, the rest in an array.
@MainActor
final class SinkSet<Value> {
  let first: Sink<Value>
  let second: Sink<Value>
  var rest: [Sink<Value>] = []

  init(_ first: Sink<Value>, _ second: Sink<Value>) {
    self.first = first
    self.second = second
  }

  /// Writes `value` into each sink, in order, for code that holds the set as one sink; a node
  /// writes its own set's sinks itself, and stops when one unmounted it.
  ///
  /// - Parameter value: The value to write.
  func sendEach(_ value: Value) {
    first.send(value)
    second.send(value)
    for sink in rest { sink.send(value) }
  }

  /// Tells each sink that the value did not change although an edit arrived.
  ///
  /// - Parameter value: The value the sinks were last written.
  func editLeftValueUnchangedEach(_ value: Value) {
    first.editLeftValueUnchanged(value)
    second.editLeftValueUnchanged(value)
    for sink in rest { sink.editLeftValueUnchanged(value) }
  }

  /// Tells each sink that its node was torn down.
  func detachEach() {
    first.detach()
    second.detach()
    for sink in rest { sink.detach() }
  }
}
