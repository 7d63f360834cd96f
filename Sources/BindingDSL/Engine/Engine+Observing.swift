// MARK: Observing

/// How the engine observes its sources: every registration is a ``Subscription``, made by
/// ``subscribe(_:reading:)``, and every one that fires comes back through
/// ``subscriptionFired(_:)`` (Decisions/0009, 0010, 0048).
extension Engine {

  /// Registers what `read` reads as observing `sources`, which it records as the subscription
  /// that observes each of them now.
  ///
  /// - Parameters:
  ///   - sources: The sources' numbers; an install passes none and adds them once it knows
  ///     them.
  ///   - read: Reads the values to observe.
  /// - Returns: The subscription.
  private func subscribe(_ sources: [Int], reading read: () -> Void) -> Subscription {
    registrationsMade &+= 1
    let subscription = Subscription(observing: sources, relay: relay)
    for source in sources { observers[source] = subscription }
    subscription.arm(reading: read)
    return subscription
  }

  /// A subscription fired: each source it still observes is dirty. One that another replaced,
  /// or whose source was removed, changes nothing.
  func subscriptionFired(_ subscription: Subscription) {
    for source in subscription.sources
    where source < observers.count && observers[source] === subscription {
      observers[source] = nil
      sourceChanged(source)
    }
  }

  /// Reads `sources` under one registration, leaving out those no longer in the graph (a sink
  /// unmounted a row mid-flush).
  func track(_ sources: [Int]) {
    let inGraph =
      sources.allSatisfy { nodes[$0] != nil }
      ? sources : sources.filter { nodes[$0] != nil }
    guard !inGraph.isEmpty else { return }
    _ = subscribe(inGraph) {
      for source in inGraph { node(source)?.readTracked() }
    }
  }

  /// Observes `sources`: those that can be compared under one registration, each that cannot
  /// alone, so that others changing never re-deliver it.
  func trackComparableTogether(_ sources: [Int]) {
    var comparable: [Int] = []
    comparable.reserveCapacity(sources.count)
    for source in sources where nodes[source] != nil {
      if observable[source] { comparable.append(source) } else { track([source]) }
    }
    track(comparable)
  }

  /// Observes `sources`, new to the graph, and hands on any value that changed since they were
  /// first read.
  func observe(_ sources: ArraySlice<RuntimeNode>) {
    trackComparableTogether(sources.map(\.number))
    // NB: only values that can be compared are handed on: one written into the view model
    // while the graph was mounting reaches the widgets installed before the write. A value
    // that cannot be compared would be sent again unchanged.
    for source in sources where source.isComparable {
      if source.update() { valueChanged(source.number) }
    }
  }

  /// Runs `install`, which makes new sources reading their first values, inside one
  /// registration, so that those first reads are what observes them: no second read, as
  /// ``observe(_:)`` makes. A source whose value cannot be compared is read again under a
  /// registration of its own, so that others changing never re-deliver it. Returns `nil`,
  /// having observed the sources as ``observe(_:)`` does, when the first reads cannot be
  /// trusted: code that may write into a view model ran during `install` (see
  /// ``noteInstallEffect()``; such a write would not be seen by a registration made after it),
  /// or the registration already fired.
  ///
  /// - Parameters:
  ///   - install: Installs declarations; it must not flush.
  ///   - newSources: The sources `install` made, taken from the mount.
  ///   - signature: What the sources read (see ``MountNodes/signature(keeping:)``), asked for
  ///     once the install returned; 0 when no later mount can take the subscription over.
  /// - Returns: The install's subscription, or `nil` when the sources were read again.
  func installObserving(
    _ install: () -> Void, newSources: () -> ArraySlice<RuntimeNode>,
    signature: () -> Int
  ) -> Subscription? {
    let effects = installEffects
    let subscription = subscribe([], reading: install)
    let sources = newSources()
    guard installEffects == effects, !subscription.hasFired else {
      observe(sources)
      return nil
    }
    var allComparable = true
    for source in sources {
      guard source.isComparable else {
        allComparable = false
        track([source.number])
        continue
      }
      observers[source.number] = subscription
      subscription.add(source.number)
    }
    if allComparable { subscription.signature = signature() }
    return subscription
  }

  /// Runs `install` without a registration of its own, and has `earlier`, the subscription an
  /// earlier mount on the same view model left, observe the sources it makes, when it observes
  /// what they read: a row coming back into a list's window. Otherwise the sources are read
  /// again under a new registration, as ``observe(_:)`` does.
  ///
  /// - Parameters:
  ///   - earlier: The earlier mount's subscription (see
  ///     ``ChildMount/unmountKeepingObservation()``).
  ///   - install: Installs declarations; it must not flush.
  ///   - newSources: The sources `install` made, taken from the mount.
  ///   - signature: What the sources read (see ``MountNodes/signature(keeping:)``).
  /// - Returns: `earlier` if it observes the sources now; `nil` if they were read again, and
  ///   whether that was because code that may write into a view model ran during `install`.
  func install(
    takingOver earlier: Subscription, _ install: () -> Void,
    newSources: () -> ArraySlice<RuntimeNode>, signature: () -> Int
  ) -> (subscription: Subscription?, hadEffects: Bool) {
    let effects = installEffects
    install()
    let sources = newSources()
    let hadEffects = installEffects != effects
    guard !hadEffects, earlier.canBeTakenOver(by: signature()), sources.allSatisfy(\.isComparable)
    else {
      observe(sources)
      return (nil, hadEffects)
    }
    let numbers = sources.map(\.number)
    earlier.takeOver(for: relay, sources: numbers)
    for source in numbers { observers[source] = earlier }
    return (earlier, false)
  }
}
