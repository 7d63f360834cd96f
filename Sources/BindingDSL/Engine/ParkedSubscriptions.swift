/// The subscriptions that mounts left as they unmounted, by their view model's identity, for the
/// next mount on the same view model to take over (see ``Subscription``): a screen shown again,
/// an embedded screen showing a child view model again, a row taken out of a list and put back.
///
/// One belongs to an owner and goes with it (Decisions/0130): the mount cache of an app host, of
/// an embedded screen, or of a caller that mounts a screen again and again (Headless's
/// `ScreenMountCache`), and a list's for the rows taken out of it. A mount is given one by what
/// mounts it, and its children (rows, embedded screens) are given the same one unless their
/// mounter has its own. A mount given none registers anew and parks nothing: a view model
/// mounted again and again that way keeps one registration per mount in its registrar until a
/// value it observes changes.
///
/// A subscription is held weakly: Observation holds it while its registration is pending and
/// lets it go when a value it observes changes or the view model is freed, so an identity freed
/// and taken by another object finds nothing. One is kept per view model, the last.
@MainActor
package final class ParkedSubscriptions {
  private struct Entry {
    weak var subscription: Subscription?
  }

  private var entries: [ObjectIdentifier: Entry] = [:]
  /// How many entries may be kept before the ones whose registration ended are dropped.
  private var pruneAt = 64

  /// Makes an empty store.
  package init() {}

  /// How many of the kept subscriptions are still pending: what a test reads to see that a
  /// store lets go of what a freed view model left.
  package var count: Int { entries.values.count { $0.subscription != nil } }

  /// Keeps `subscription`, which a mount on `model` left as it unmounted for good, for the next
  /// mount on `model`; replaces what an earlier mount on it left. Does nothing for `nil`.
  ///
  /// - Parameters:
  ///   - subscription: What the mount left (see ``Subscription/leftByItsMount()``).
  ///   - model: The view model the mount was on.
  package func keep(_ subscription: Subscription?, of model: AnyObject) {
    guard let subscription else { return }
    if entries.count >= pruneAt {
      entries = entries.filter { $0.value.subscription != nil }
      pruneAt = max(64, entries.count * 2)
    }
    entries[ObjectIdentifier(model)] = Entry(subscription: subscription)
  }

  /// What the last mount on `model` left, if its registration is still pending; the store
  /// forgets it.
  ///
  /// - Parameter model: The view model about to be mounted.
  /// - Returns: The subscription, or `nil`.
  package func take(of model: AnyObject) -> Subscription? {
    guard !entries.isEmpty else { return nil }
    return entries.removeValue(forKey: ObjectIdentifier(model))?.subscription
  }
}
