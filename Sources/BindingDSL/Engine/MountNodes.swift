/// The nodes a mount makes, and, while it installs, the lookups that let its declarations share
/// sources: one value, so that finding or making a source is one access to the mount's storage,
/// where a table per property cost an exclusivity check each.
@MainActor
struct MountNodes {
  /// The mount's sources, in the order made.
  var sources: [RuntimeNode] = []
  /// The lookups, from the first source made until ``dropLookups()``: a mounted graph needs
  /// them no more, and a row would carry six words of them.
  var lookups: SourceLookups?

  init() {}

  /// Makes room for about `count` nodes, so that a row's few sources do not regrow the arrays
  /// one element at a time.
  mutating func reserveCapacity(_ count: Int) {
    sources.reserveCapacity(count)
    let lookups = lookupsMadeIfNeeded
    lookups.firstKeyPathSources.reserveCapacity(min(count, SourceLookups.firstSourcesLimit))
    lookups.expected = count
  }

  /// The lookups, taken now if the install has none yet.
  var lookupsMadeIfNeeded: SourceLookups {
    mutating get {
      if let lookups { return lookups }
      let taken = SourceLookups()
      // NB: outside an install every source is observed: the install observes those it made.
      taken.observedCount = sources.count
      lookups = taken
      return taken
    }
  }

  /// The source for `keyPath`, made by `make` if no declaration asked for it before.
  ///
  /// Key-path literals are uniqued objects, so most lookups are answered by identity; equal key
  /// paths written in different places are matched by value once, then by identity too.
  mutating func keyPathSource<Model, Value>(
    _ keyPath: KeyPath<Model, Value>, make: () -> KeyPathSourceNode<Model, Value>
  ) -> KeyPathSourceNode<Model, Value> {
    let identity = ObjectIdentifier(keyPath)
    let lookups = lookupsMadeIfNeeded
    if lookups.byKeyPathIdentity.isEmpty {
      if let known: KeyPathSourceNode<Model, Value> = lookups.firstKeyPathSource(keyPath, identity)
      {
        return known
      }
      if lookups.firstKeyPathSources.count < SourceLookups.firstSourcesLimit {
        let node = make()
        lookups.firstKeyPathSources.append((identity, keyPath, node))
        sources.append(node)
        return node
      }
      lookups.byKeyPath.reserveCapacity(lookups.expected)
      lookups.byKeyPathIdentity.reserveCapacity(lookups.expected)
      for (identity, keyPath, node) in lookups.firstKeyPathSources {
        lookups.byKeyPath[HashedKeyPath(keyPath)] = node
        lookups.byKeyPathIdentity[identity] = (keyPath, node)
      }
      lookups.firstKeyPathSources.removeAll()
    }
    if let known = lookups.byKeyPathIdentity[identity]?.node as? KeyPathSourceNode<Model, Value> {
      return known
    }
    let node: KeyPathSourceNode<Model, Value>
    // NB: the key path is hashed once for the lookup and the insertion (hashing a key path
    // walks its components).
    let hashed = HashedKeyPath(keyPath)
    if let equal = lookups.byKeyPath[hashed] as? KeyPathSourceNode<Model, Value> {
      node = equal
    } else {
      node = make()
      lookups.byKeyPath[hashed] = node
      sources.append(node)
    }
    lookups.byKeyPathIdentity[identity] = (keyPath, node)
    return node
  }

  /// The source known by `key`, made by `make` the first time it is asked for.
  mutating func keyedSource<Value>(_ key: AnyHashable, make: () -> SourceNode<Value>)
    -> SourceNode<Value>
  {
    let lookups = lookupsMadeIfNeeded
    // NB: a row has a few such sources (a command's states); they are searched in order before
    // a dictionary is made for them, as the key-path sources are.
    if lookups.byKey.isEmpty {
      for entry in lookups.firstKeyedSources where entry.key == key {
        if let existing = entry.node as? SourceNode<Value> { return existing }
      }
    } else if let existing = lookups.byKey[key] as? SourceNode<Value> {
      return existing
    }
    let node = make()
    if lookups.byKey.isEmpty && lookups.firstKeyedSources.count < SourceLookups.firstSourcesLimit {
      lookups.firstKeyedSources.append((key, node))
    } else {
      if lookups.byKey.isEmpty {
        for (key, node) in lookups.firstKeyedSources { lookups.byKey[key] = node }
        lookups.firstKeyedSources.removeAll()
      }
      lookups.byKey[key] = node
    }
    sources.append(node)
    return node
  }

  /// The sources made since the last call, which the graph now observes.
  mutating func takeUnobserved() -> ArraySlice<RuntimeNode> {
    // NB: without lookups no source was made since the last install, which observed its own.
    guard let lookups else { return sources[sources.count...] }
    defer { lookups.observedCount = sources.count }
    return sources[lookups.observedCount...]
  }

  /// What the mount's sources read, as a number equal for two mounts that read the same: the
  /// identities of their key paths and their other sources' keys, in the order made. 0 when it
  /// cannot tell: past the few sources a row has, with no source, or when the key paths are not
  /// the objects `template` keeps.
  ///
  /// A later mount of a row on the same view model with the same signature can take over the
  /// pending registration of the earlier one (see ``Subscription``). Key paths are compared by
  /// identity, which costs nothing, and kept alive by the template (the first mount's), so that
  /// an identity cannot come back as another key path: a key path made anew for each mount (in
  /// a generic template) is not the template's, and that mount has no signature.
  ///
  /// - Parameter template: The key paths of the template's first mount, which it keeps; set
  ///   now if this is that mount.
  /// - Returns: The signature, or 0.
  func signature(keeping template: TemplateKeyPaths) -> Int {
    guard let lookups, lookups.byKeyPathIdentity.isEmpty, lookups.byKey.isEmpty,
      !(lookups.firstKeyPathSources.isEmpty && lookups.firstKeyedSources.isEmpty)
    else { return 0 }
    let firstKeyPathSources = lookups.firstKeyPathSources
    if let kept = template.keyPaths {
      guard kept.count == firstKeyPathSources.count else { return 0 }
      for (index, entry) in firstKeyPathSources.enumerated()
      where ObjectIdentifier(kept[index]) != entry.identity {
        return 0
      }
    } else {
      template.keyPaths = firstKeyPathSources.map(\.keyPath)
    }
    var hasher = Hasher()
    hasher.combine(firstKeyPathSources.count)
    for entry in firstKeyPathSources { hasher.combine(entry.identity) }
    for entry in lookups.firstKeyedSources { hasher.combine(entry.key) }
    let value = hasher.finalize()
    return value == 0 ? 1 : value
  }

  /// Drops the lookups, which a mounted graph no longer needs (they cost about as much memory
  /// as the sources themselves).
  mutating func dropLookups() {
    lookups = nil
  }
}

/// The lookups that let a mount's declarations share sources while it installs: one source per
/// key path (by the key path's identity, or its value) and per key (a command's states).
@MainActor
final class SourceLookups {
  /// The first sources made for key paths, searched in order: a row has a few, and hashing key
  /// paths to find them in the dictionaries below cost more than comparing them. Past
  /// ``firstSourcesLimit`` they move into the dictionaries.
  var firstKeyPathSources: [(identity: ObjectIdentifier, keyPath: AnyKeyPath, node: RuntimeNode)] =
    []
  /// Sources by their key path's identity; the entry keeps the key path alive while its
  /// identity is a key.
  var byKeyPathIdentity: [ObjectIdentifier: (keyPath: AnyKeyPath, node: RuntimeNode)] = [:]
  /// Sources by key path value: equal key paths written in different places are different
  /// objects.
  var byKeyPath: [HashedKeyPath: RuntimeNode] = [:]
  /// The first sources made for keys (a command's states), before ``byKey`` holds them.
  var firstKeyedSources: [(key: AnyHashable, node: RuntimeNode)] = []
  var byKey: [AnyHashable: RuntimeNode] = [:]
  /// About how many nodes the mount makes: the room the key-path dictionaries take when the
  /// first few sources move into them.
  var expected = 0
  /// How many of the mount's sources the graph observes already; the others are new since.
  var observedCount = 0

  static let firstSourcesLimit = 8

  /// The source for `keyPath` among the first few, by the key path's identity or else by value.
  ///
  /// - Returns: The source, or `nil` when none of the first few reads `keyPath`.
  func firstKeyPathSource<Model, Value>(
    _ keyPath: KeyPath<Model, Value>, _ identity: ObjectIdentifier
  ) -> KeyPathSourceNode<Model, Value>? {
    for entry in firstKeyPathSources where entry.identity == identity {
      if let node = entry.node as? KeyPathSourceNode<Model, Value> { return node }
    }
    for entry in firstKeyPathSources where entry.keyPath == keyPath {
      if let node = entry.node as? KeyPathSourceNode<Model, Value> {
        firstKeyPathSources.append((identity, keyPath, node))
        return node
      }
    }
    return nil
  }
}

/// A key path with its hash, computed once.
struct HashedKeyPath: Hashable {
  let keyPath: AnyKeyPath
  let hash: Int

  init(_ keyPath: AnyKeyPath) {
    self.keyPath = keyPath
    self.hash = keyPath.hashValue
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.keyPath == rhs.keyPath
  }
}

/// The key paths a row template's (or a graph's) first mount read, kept so that later mounts can
/// compare theirs by identity (see ``MountNodes/signature(keeping:)``). Read and written on the
/// main actor only, by mounts.
final class TemplateKeyPaths {
  /// The first mount's key paths, in the order made; `nil` until it is installed.
  var keyPaths: [AnyKeyPath]?
}
