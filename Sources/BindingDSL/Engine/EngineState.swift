import Observation

/// The sources one registration made by ``Engine/installObserving(_:newSources:signature:)``
/// observes, known only once the install that read them has returned.
///
/// The group also holds what its registration's change handler needs (the registration's
/// number and the engine's relay), so that the handler captures the group alone.
///
/// A group outlives its mount while Observation holds its registration, which it cannot cancel:
/// until one of the values it observes changes. A row that leaves a list's window hands its
/// group to the list (``ChildMount/unmountKeepingObservation()``), and the row's next mount on
/// the same view model takes it over instead of registering again, when it reads what the group
/// observes (its ``signature``): a row scrolled out and back in a thousand times otherwise left
/// a thousand registrations in its view model's registrar.
@MainActor
package final class ObservedGroup {
  /// The sources' numbers, in the order appended.
  private var numbers: [Int] = []
  /// The registration observing the group's sources, as the engine that observes them numbers
  /// it.
  private(set) var registration: UInt32
  /// What reaches the engine while it exists.
  private var relay: EngineRelay
  /// What the registration observes, as ``MountNodes/signature`` tells it; 0 when a later mount
  /// cannot tell whether it reads the same (see ``canBeTakenOver(by:)``).
  var signature = 0
  /// Whether Observation called the registration's handler, which ends it.
  private(set) var hasFired = false

  init(registration: UInt32, relay: EngineRelay) {
    self.registration = registration
    self.relay = relay
  }

  /// Tells the engine, if it still exists, that the registration fired for each source.
  func fired() {
    hasFired = true
    guard let engine = relay.engine else { return }
    callWithEachNumber { engine.registrationFired($0, registration) }
  }

  /// Whether a mount whose sources have `signature` can take the group's registration over:
  /// it has not fired, and it observes what the mount reads.
  func canBeTakenOver(by signature: Int) -> Bool {
    !hasFired && self.signature != 0 && self.signature == signature
  }

  /// Makes the group tell `relay`'s engine, which numbers its registration `registration`,
  /// when it fires: the engine of the mount that took it over, which may be another graph run
  /// than the one that made it (a screen shown again).
  func adopt(relay: EngineRelay, registration: UInt32) {
    self.relay = relay
    self.registration = registration
  }

  func append(_ number: Int) {
    numbers.append(number)
  }

  /// Forgets the sources: their mount unmounted.
  func removeAll() {
    numbers = []
  }

  /// Calls `body` with each number, in the order appended.
  func callWithEachNumber(_ body: (Int) -> Void) {
    numbers.forEach(body)
  }
}

/// The pending Observation registrations of mounts that unmounted, by their view model's
/// address, for the next mount on the same view model to take over (see ``ObservedGroup``): a
/// screen shown again on a view model that lives on, an embedded screen shown again, a row taken
/// out of a list and put back (a filter turned off and on again). Without it each of those left
/// one more registration in the view model's registrar every time.
///
/// A registration is held weakly: Observation holds it while it is pending in the view model's
/// registrar, and lets it go when a value it observes changes or the view model is freed. An
/// address whose view model was freed and then taken by another object therefore finds nothing.
/// One registration is kept per view model, the last one left.
@MainActor
package enum ParkedObservations {
  private struct Left {
    weak var group: ObservedGroup?
  }

  private static var left: [ObjectIdentifier: Left] = [:]
  /// How many entries the table may hold before the ones whose registration ended are dropped.
  private static var pruneAt = 64

  /// Keeps `group`, what a mount on `model` left as it unmounted.
  ///
  /// - Parameters:
  ///   - group: The mount's pending registration.
  ///   - model: The view model the mount was on.
  package static func keep(_ group: ObservedGroup, of model: AnyObject) {
    if left.count >= pruneAt {
      left = left.filter { $0.value.group != nil }
      pruneAt = max(64, left.count * 2)
    }
    left[ObjectIdentifier(model)] = Left(group: group)
  }

  /// What the last mount on `model` left as it unmounted, if its registration is still
  /// pending; the table forgets it.
  ///
  /// - Parameter model: The view model a mount is about to install on.
  /// - Returns: The registration, or `nil`.
  static func take(of model: AnyObject) -> ObservedGroup? {
    guard !left.isEmpty else { return nil }
    return left.removeValue(forKey: ObjectIdentifier(model))?.group
  }
}

/// What holds an engine without keeping it alive: pending Observation registrations reach the
/// engine through it, and a scheduler is given it to flush.
///
/// Observation cannot cancel a registration, and a scheduler may flush after the graph is
/// gone.
@MainActor
final class EngineRelay: Flushable {
  /// The engine, while it exists.
  weak var engine: Engine?

  var needsFlush: Bool { engine?.hasPendingChanges ?? false }

  /// Tells the engine that the registration numbered `registration` fired for source `source`:
  /// at once when Observation reports the change on the main queue, through a main-actor task
  /// when a view model changed elsewhere.
  nonisolated func registrationFired(_ source: Int, _ registration: UInt32) {
    onMainActor { self.engine?.registrationFired(source, registration) }
  }

  /// Tells the engine that the registration numbered `registration` fired for `sources`, as
  /// ``registrationFired(_:_:)-(Int,_)`` does for one.
  nonisolated func registrationFired(_ sources: [Int], _ registration: UInt32) {
    onMainActor { self.fire(sources, registration) }
  }

  private func fire(_ sources: [Int], _ registration: UInt32) {
    guard let engine else { return }
    for source in sources { engine.registrationFired(source, registration) }
  }

  func flush() -> Bool {
    engine?.flush() ?? false
  }
}

/// Everything the engine keeps per graph run: the flush's state machine, and per node number
/// the node, the registration observing it and the derived nodes reading it.

struct EngineTables {
  var machine = FlushStateMachine()
  /// The nodes' numbers (their index in the tables below) and ranks.
  var numbers = NodeNumbers()
  var nodes: [RuntimeNode?] = []
  /// Per node number: the number of the Observation registration that observes the source
  /// now; 0 when none does (it fired, or the node was removed).
  var registrations: [UInt32] = []
  /// By node number: the derived nodes that read it, for the nodes that some derived node
  /// reads (few: a table for every node cost a row a word per source).
  var dependents: [Int: [Int]] = [:]
  /// Per node number: whether the node is in the graph and can compare its values (see
  /// ``RuntimeNode/isComparable``), so that sources changing together share a registration.
  var observable: [Bool] = []
  /// The number of the last Observation registration the engine made.
  var lastRegistration: UInt32 = 0
  /// How many Observation registrations the engine made.
  var registrationsMade = 0
  var updateCount = 0
  /// See ``Engine/installEffects``.
  var installEffects = 0
}
