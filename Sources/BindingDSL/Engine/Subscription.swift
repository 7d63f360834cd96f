import Dispatch
import Observation

/// One Observation registration of the engine's: the sources it observes, by number, and what
/// it tells when one of them changes. Every registration the engine makes is one of these (a
/// mount's install, the sources a flush observes again), and every one fires the same way:
/// ``fired()``, on the main actor, tells the engine that its sources changed.
///
/// Observation cannot cancel a registration: a subscription lives until a value it observes
/// changes or its view model is freed. The engine keeps, for each source, the subscription that
/// observes it now, so one that fires after another replaced it, or after its source was
/// removed, changes nothing.
///
/// **Taking over** (Decisions/0048). A mount's install subscription outlives the mount while it
/// has not fired. The next mount on the same view model that reads what it observes (its
/// ``signature``) takes it over instead of registering again: a row scrolled out and back in a
/// thousand times, or a screen shown again on a view model that lives on, otherwise left one
/// registration more each time in the view model's registrar. A row leaving a list's window
/// leaves its subscription with the list, and so does a row taken out of a list; every other
/// unmount leaves it in the ``ParkedSubscriptions`` of its mount's owner (an app host's, an
/// embedded screen's, or the one a caller mounts a screen with), if it has one (Decisions/0130).
@MainActor
package final class Subscription {
  /// The sources' numbers, in the order added.
  private(set) var sources: [Int]
  /// What reaches the engine that numbers the sources, while it exists.
  private var relay: EngineRelay
  /// What the subscription observes, as ``MountNodes/signature(keeping:)`` tells it; 0 when a
  /// later mount cannot tell whether it reads the same (see ``canBeTakenOver(by:)``).
  var signature = 0
  /// Whether Observation called the registration's change handler, which ends it.
  private(set) var hasFired = false

  /// A subscription for `sources`, telling `relay`'s engine when they change once it is armed.
  ///
  /// - Parameters:
  ///   - sources: The sources' numbers; an install adds them with ``add(_:)`` once it knows
  ///     them.
  ///   - relay: What reaches the engine.
  init(observing sources: [Int], relay: EngineRelay) {
    self.sources = sources
    self.relay = relay
  }

  /// Registers with Observation what `read` reads: the first change to any of it calls
  /// ``fired()``. Called once.
  ///
  /// - Parameter read: Reads the values to observe.
  func arm(reading read: () -> Void) {
    withObservationTracking(read) { [self] in
      // NB: the one hop to the main actor. Observation calls this where the view model
      // changed: on the main queue, the main actor's executor, for a `@MainActor` view model,
      // so it runs at once; from elsewhere, through a main-actor task.
      if DispatchQueue.getSpecific(key: Self.mainQueueKey) == true {
        MainActor.assumeIsolated { self.fired() }
      } else {
        Task { @MainActor in self.fired() }
      }
    }
  }

  /// Marks the main queue, to tell whether Observation reports a change on it.
  /// `Thread.isMainThread` is not the same question: where the main queue is drained by
  /// `dispatchMain()` (as test runners on Linux do), main-actor code runs on another thread.
  /// That the main queue *is* the main actor's executor is the default executors'
  /// arrangement, which `MainActor.assumeIsolated` checks at each call.
  private nonisolated static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Tells the engine, if it still exists, that the sources changed. Observation calls it once.
  private func fired() {
    hasFired = true
    relay.engine?.subscriptionFired(self)
  }

  /// Adds source `number`, read by the registration already.
  func add(_ number: Int) {
    sources.append(number)
  }

  /// Whether a mount whose sources have `signature` can take the subscription over: it has not
  /// fired, and it observes what the mount reads.
  func canBeTakenOver(by signature: Int) -> Bool {
    !hasFired && self.signature != 0 && self.signature == signature
  }

  /// Makes the subscription observe, for `relay`'s engine, the sources `numbers`: those of the
  /// mount taking it over, which may belong to another graph run than the one that made it (a
  /// screen shown again).
  func takeOver(for relay: EngineRelay, sources numbers: [Int]) {
    self.relay = relay
    sources = numbers
  }

  /// Forgets the sources, which their mount is tearing down, and returns the subscription if a
  /// later mount on the same view model could take it over.
  ///
  /// - Returns: `self`, or `nil` when it fired or has no signature.
  func leftByItsMount() -> Subscription? {
    sources = []
    return hasFired || signature == 0 ? nil : self
  }
}
