/// What holds an engine without keeping it alive: pending Observation registrations (each a
/// ``Subscription``) reach the engine through it, and a scheduler is given it to flush.
///
/// Observation cannot cancel a registration, and a scheduler may flush after the graph is
/// gone.
@MainActor
final class EngineRelay: Flushable {
  /// The engine, while it exists.
  weak var engine: Engine?

  var needsFlush: Bool { engine?.hasPendingChanges ?? false }

  func flush() -> Bool {
    engine?.flush() ?? false
  }
}

/// Everything the engine keeps per graph run: the flush's state machine, and per node number
/// the node, the subscription observing it and the derived nodes reading it.
struct EngineTables {
  var machine = FlushStateMachine()
  /// The nodes' numbers (their index in the tables below) and ranks.
  var numbers = NodeNumbers()
  var nodes: [RuntimeNode?] = []
  /// Per node number: the subscription that observes the source now; `nil` when none does (it
  /// fired, or the node was removed).
  var observers: [Subscription?] = []
  /// By node number: the derived nodes that read it, for the nodes that some derived node
  /// reads (few: a table for every node cost a row a word per source).
  var dependents: [Int: [Int]] = [:]
  /// Per node number: whether the node is in the graph and can compare its values (see
  /// ``RuntimeNode/isComparable``), so that sources changing together share a registration.
  var observable: [Bool] = []
  /// How many Observation registrations the engine made.
  var registrationsMade = 0
  var updateCount = 0
  /// See ``Engine/installEffects``.
  var installEffects = 0
}
