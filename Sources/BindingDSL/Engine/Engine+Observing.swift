import Observation

// MARK: Observing

/// How the engine observes its sources: the registrations it makes, and those a mount takes
/// over (Decisions/0009, 0010, 0048).
extension Engine {

  /// Reads `source` under a registration of its own.
  func track(_ source: Int) {
    guard let node = node(source) else { return }
    let registration = nextRegistration()
    tables.registrations[source] = registration
    let relay = relay
    tables.registrationsMade &+= 1
    withObservationTracking {
      node.readTracked()
    } onChange: {
      // NB: the pending registration, which Observation cannot cancel, holds the relay, not
      // the engine, and the source only by number: an unmounted graph is not kept alive by it.
      relay.registrationFired(source, registration)
    }
  }

  /// Reads `sources` under one registration; `allInGraph` when the caller knows no source was
  /// removed.
  func track(_ sources: [Int], allInGraph: Bool = false) {
    guard sources.count > 1 else {
      if let source = sources.first { track(source) }
      return
    }
    // NB: sources torn down mid-flush (a sink unmounted a row) are not observed again.
    if !allInGraph, sources.contains(where: { tables.nodes[$0] == nil }) {
      track(sources.filter { tables.nodes[$0] != nil })
      return
    }
    let registration = nextRegistration()
    for source in sources { tables.registrations[source] = registration }
    let relay = relay
    tables.registrationsMade &+= 1
    withObservationTracking {
      for source in sources { node(source)?.readTracked() }
    } onChange: {
      // NB: the pending registration holds the relay and its sources by number only.
      // Whichever source changes first, it fires once and marks every member still observed
      // by it dirty.
      relay.registrationFired(sources, registration)
    }
  }

  /// A number for a new registration: a source acts on a registration that fires only while it
  /// is the one observing it, so a stale registration that fires late changes nothing.
  private func nextRegistration() -> UInt32 {
    tables.lastRegistration &+= 1
    if tables.lastRegistration == 0 { tables.lastRegistration = 1 }
    return tables.lastRegistration
  }

  /// Observes `sources`: those that can be compared under one registration, each that cannot
  /// alone, so that others changing never re-deliver it.
  func trackComparableTogether(_ sources: [Int]) {
    // NB: usually every source is in the graph and can be compared; the list is then observed
    // as it is, not copied.
    if sources.allSatisfy({ tables.observable[$0] }) {
      track(sources, allInGraph: true)
      return
    }
    var comparable: [Int] = []
    comparable.reserveCapacity(sources.count)
    for source in sources {
      guard let node = node(source) else { continue }
      if node.isComparable { comparable.append(source) } else { track(source) }
    }
    track(comparable)
  }

  /// Observes `sources`, new to the graph, with one registration, and hands on any value that
  /// changed since they were first read.
  func observe(_ sources: ArraySlice<RuntimeNode>) {
    // NB: the nodes are at hand: their numbers are taken here, without a list of all of them
    // to look each up again (a row's mount makes one list fewer).
    var comparable: [Int] = []
    comparable.reserveCapacity(sources.count)
    for source in sources {
      if source.isComparable { comparable.append(source.number) } else { track(source.number) }
    }
    track(comparable)
    // NB: only values that can be compared are handed on: one written into the view model
    // while the graph was mounting reaches the widgets installed before the write. A value
    // that cannot be compared would be sent again unchanged.
    for source in sources where source.isComparable {
      if source.update() { valueChanged(source.number) }
    }
  }

  /// Runs `install`, which makes new sources reading their first values, inside one
  /// Observation registration, so that those first reads are what observes them: no second
  /// read, as ``observe(_:)`` makes. A source whose value cannot be compared is read again
  /// under a registration of its own, so that others changing never re-deliver it. Returns
  /// `nil`, having observed the sources as ``observe(_:)`` does, when the first reads cannot
  /// be trusted: code that may write into a view model ran during `install` (see
  /// ``noteInstallEffect()``; such a write would not be seen by a registration made after it).
  ///
  /// - Parameters:
  ///   - install: Installs declarations; it must not flush.
  ///   - newSources: The sources `install` made, taken from the mount.
  ///   - signature: What the sources read (see ``MountNodes/signature``), asked for once the
  ///     install returned; 0 when no later mount can take the registration over.
  /// - Returns: The group the registration observes, or `nil` when the sources were read again.
  @discardableResult
  func installObserving(
    _ install: () -> Void, newSources: () -> ArraySlice<RuntimeNode>,
    signature: () -> Int
  ) -> ObservedGroup? {
    let effects = installEffects
    let group = ObservedGroup(registration: nextRegistration(), relay: relay)
    let registration = group.registration
    tables.registrationsMade &+= 1
    withObservationTracking(install) { [group] in
      // NB: the group's numbers are set once `install` has returned, before anything can
      // change a value it read; a group left empty (the fallback below) does nothing.
      onMainActor { group.fired() }
    }
    let sources = newSources()
    guard installEffects == effects else {
      observe(sources)
      return nil
    }
    var allComparable = true
    for source in sources {
      guard source.isComparable else {
        allComparable = false
        track(source.number)
        continue
      }
      tables.registrations[source.number] = registration
      group.append(source.number)
    }
    if allComparable { group.signature = signature() }
    return group
  }

  /// Runs `install` without a registration of its own, and has `group`, the pending
  /// registration of an earlier mount on the same view model, observe the sources it makes,
  /// when it observes what they read: a row coming back into a list's window. Otherwise the
  /// sources are read again under a new registration, as ``observe(_:)`` does.
  ///
  /// - Parameters:
  ///   - group: The earlier mount's group (see ``ChildMount/unmountKeepingObservation()``).
  ///   - install: Installs declarations; it must not flush.
  ///   - newSources: The sources `install` made, taken from the mount.
  ///   - signature: What the sources read (see ``MountNodes/signature``).
  /// - Returns: `group` if it observes the sources now; `nil` if they were read again, and
  ///   whether that was because code that may write into a view model ran during `install`.
  func install(
    takingOver group: ObservedGroup, _ install: () -> Void,
    newSources: () -> ArraySlice<RuntimeNode>, signature: () -> Int
  ) -> (group: ObservedGroup?, hadEffects: Bool) {
    let effects = installEffects
    install()
    let sources = newSources()
    let hadEffects = installEffects != effects
    guard !hadEffects, group.canBeTakenOver(by: signature()), sources.allSatisfy(\.isComparable)
    else {
      observe(sources)
      return (nil, hadEffects)
    }
    group.adopt(relay: relay, registration: nextRegistration())
    group.removeAll()
    for source in sources {
      tables.registrations[source.number] = group.registration
      group.append(source.number)
    }
    return (group, false)
  }
}
