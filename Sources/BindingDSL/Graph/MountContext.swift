/// What a declaration's install step gets: the view model, and shared nodes so that every
/// declaration reading one key path reads one observed source.
@MainActor
@usableFromInline
final class MountContext<Model: AnyObject> {
  @usableFromInline let model: Model
  @usableFromInline let engine: Engine
  let clock: any Clock<Duration>
  private var lifecycleEvents: [LifecycleEvent: LifecycleSource] = [:]
  private(set) var commands: [any CommandObject] = []
  /// For each command, what cancels the runs this mount started.
  private var cancellers: [@MainActor () -> Void] = []
  private var sources: [AnyHashable: RuntimeNode] = [:]
  /// The first sources made for keys, before ``sources`` holds them.
  private var fewKeyedSources: [(key: AnyHashable, node: RuntimeNode)] = []
  @usableFromInline var sourcesByKeyPath: [HashedKeyPath: RuntimeNode] = [:]
  /// Keeps each key path alive while its identity is a key.
  @usableFromInline var sourcesByKeyPathIdentity:
    [ObjectIdentifier: (keyPath: AnyKeyPath, node: RuntimeNode)] =
      [:]
  /// The first sources made for key paths, searched in order: a row has a few, and hashing key
  /// paths to find them in the dictionaries above cost more than comparing them. Past
  /// ``fewSourcesLimit`` they move into the dictionaries.
  @usableFromInline var fewSources:
    [(identity: ObjectIdentifier, keyPath: AnyKeyPath, node: RuntimeNode)] = []
  @usableFromInline static var fewSourcesLimit: Int { 8 }
  @usableFromInline var nodes: [RuntimeNode] = []
  /// Sources created since the graph last started observing its new sources.
  @usableFromInline var unobserved: [RuntimeNode] = []
  private var cleanups: [() -> Void] = []
  /// What runs once every declaration is installed (a list mounts its first rows then, so that
  /// the row events of later declarations are already bound).
  var afterInstalling: [() -> Void] = []
  /// Child view models mounted in this graph run (rows), by the identity of their mount.
  var children: [ObjectIdentifier: ChildMount] = [:]
  /// The child templates whose declarations were checked once already.
  var checkedTemplates: Set<ObjectIdentifier> = []
  private var cleanupObjects: [any MountCleanup] = []

  init(model: Model, engine: Engine, clock: any Clock<Duration>) {
    self.model = model
    self.engine = engine
    self.clock = clock
  }

  /// Makes room for the nodes of about `count` declarations, so that a row's few sources do not
  /// regrow three arrays one element at a time (seven allocations for three sources).
  func reserveCapacity(_ count: Int) {
    nodes.reserveCapacity(count)
    unobserved.reserveCapacity(count)
    fewSources.reserveCapacity(min(count, Self.fewSourcesLimit))
    expectedSources = count
  }

  /// About how many nodes the mount makes: the room the key-path tables take when the first
  /// few sources move into them.
  @usableFromInline var expectedSources = 0

  /// The event source for a moment in the screen's life, shared by every declaration.
  func lifecycle(_ event: LifecycleEvent) -> any EventSource {
    if let existing = lifecycleEvents[event] { return existing }
    let source = LifecycleSource(event)
    lifecycleEvents[event] = source
    return source
  }

  /// Whether the mount has appeared (from `willAppear` until `didDisappear`).
  private(set) var isAppeared = false

  /// Runs the handlers declared for `event`, and forwards it to the children that follow the
  /// mount's lifecycle (embedded screens, the selected tab): `will` events reach the parent
  /// first and then its children, `did` events the children first and then the parent, so a
  /// parent's `didAppear` sees its children appeared.
  func send(_ event: LifecycleEvent) {
    switch event {
    case .willAppear, .willDisappear:
      if event == .willAppear { isAppeared = true }
      lifecycleEvents[event]?.send()
      for child in lifecycleChildren { child.send(event) }
    case .didAppear, .didDisappear:
      for child in lifecycleChildren { child.send(event) }
      if event == .didDisappear { isAppeared = false }
      lifecycleEvents[event]?.send()
    }
  }

  /// The children that follow this mount's lifecycle now, in the order they were mounted.
  private var lifecycleChildren: [ChildMount] {
    children.values.filter { $0.followsLifecycle && $0.isActive }.sorted {
      $0.sequence < $1.sequence
    }
  }

  /// The observed source for `keyPath`, shared by every declaration that reads it.
  ///
  /// Key-path literals are uniqued objects, so most lookups are answered by identity; equal key
  /// paths written in different places are matched by value once, then by identity too.
  ///
  /// Inlinable, as the install steps of bindings are (see `makeBinding`).
  @inlinable
  func source<Value>(_ keyPath: KeyPath<Model, Value>) -> KeyPathSourceNode<Model, Value> {
    source(keyPath, isEqual: { equality(for: Value.self) })
  }

  /// The observed source for `keyPath`, made with the equality test `isEqual` returns if it is
  /// new: a declaration mounted many times looks its value type's up once, and passes it.
  @inlinable
  func source<Value>(
    _ keyPath: KeyPath<Model, Value>, isEqual: () -> Equality<Value>?
  ) -> KeyPathSourceNode<Model, Value> {
    let identity = ObjectIdentifier(keyPath)
    if sourcesByKeyPathIdentity.isEmpty {
      if let known = fewSource(keyPath, identity: identity) { return known }
      if fewSources.count < Self.fewSourcesLimit {
        let node = KeyPathSourceNode(
          model: model, keyPath: keyPath, isEqual: isEqual(), engine: engine)
        fewSources.append((identity, keyPath, node))
        nodes.append(node)
        unobserved.append(node)
        return node
      }
      sourcesByKeyPath.reserveCapacity(expectedSources)
      sourcesByKeyPathIdentity.reserveCapacity(expectedSources)
      for (identity, keyPath, node) in fewSources {
        sourcesByKeyPath[HashedKeyPath(keyPath)] = node
        sourcesByKeyPathIdentity[identity] = (keyPath, node)
      }
      fewSources = []
    }
    if let known = sourcesByKeyPathIdentity[identity]?.node as? KeyPathSourceNode<Model, Value> {
      return known
    }
    let node: KeyPathSourceNode<Model, Value>
    // NB: the key path is hashed once for the lookup and the insertion (hashing a key path
    // walks its components).
    let hashed = HashedKeyPath(keyPath)
    if let equal = sourcesByKeyPath[hashed] as? KeyPathSourceNode<Model, Value> {
      node = equal
    } else {
      node = KeyPathSourceNode(
        model: model, keyPath: keyPath, isEqual: isEqual(), engine: engine)
      sourcesByKeyPath[hashed] = node
      nodes.append(node)
      unobserved.append(node)
    }
    sourcesByKeyPathIdentity[identity] = (keyPath, node)
    return node
  }

  /// The source for `keyPath` among the first few, by the key path's identity or else by value.
  @inlinable
  func fewSource<Value>(_ keyPath: KeyPath<Model, Value>, identity: ObjectIdentifier)
    -> KeyPathSourceNode<Model, Value>?
  {
    for entry in fewSources where entry.identity == identity {
      if let node = entry.node as? KeyPathSourceNode<Model, Value> { return node }
    }
    for entry in fewSources where entry.keyPath == keyPath {
      if let node = entry.node as? KeyPathSourceNode<Model, Value> {
        fewSources.append((identity, keyPath, node))
        return node
      }
    }
    return nil
  }

  /// The observed source known by `key`, created with `read` the first time it is asked for.
  func source<Value>(key: AnyHashable, read: @escaping () -> Value) -> SourceNode<Value> {
    // NB: a row has a few such sources (a command's states); they are searched in order before
    // a dictionary is made for them, as the key-path sources are.
    if sources.isEmpty {
      for entry in fewKeyedSources where entry.key == key {
        if let existing = entry.node as? SourceNode<Value> { return existing }
      }
    } else if let existing = sources[key] as? SourceNode<Value> {
      return existing
    }
    let node = ClosureSourceNode(read: read, engine: engine)
    if sources.isEmpty && fewKeyedSources.count < Self.fewSourcesLimit {
      fewKeyedSources.append((key, node))
    } else {
      if sources.isEmpty {
        for (key, node) in fewKeyedSources { sources[key] = node }
        fewKeyedSources = []
      }
      sources[key] = node
    }
    nodes.append(node)
    unobserved.append(node)
    return node
  }

  /// Ends an install: observes the sources created since the last one with one registration,
  /// and drops the lookups that let declarations share sources, which a mounted graph no longer
  /// needs (they cost about as much memory as the sources themselves).
  func finishInstalling() {
    engine.observe(unobserved)
    unobserved = []
    let installed = afterInstalling
    afterInstalling = []
    for action in installed { action() }
    sources = [:]
    fewKeyedSources = []
    sourcesByKeyPath = [:]
    sourcesByKeyPathIdentity = [:]
    fewSources = []
  }

  /// A node computed from `inputs`, updated after them whenever one of them changes.
  func derived<Value>(reading inputs: [RuntimeNode], compute: @escaping () -> Value)
    -> DerivedNode<Value>
  {
    let node = DerivedNode(inputs: inputs, engine: engine, compute: compute)
    nodes.append(node)
    return node
  }

  func register<Input, Output>(_ command: Command<Input, Output>) {
    guard !commands.contains(where: { $0 === command }) else { return }
    commands.append(command)
    let origin = self.origin
    cancellers.append { [weak command] in command?.cancelRuns(startedBy: origin) }
  }

  /// Who starts the runs and timers of this mount, for cancelling them and for the work ledger.
  let origin = WorkToken.make()

  /// Executes `command` on behalf of this mount, which cancels the run when it unmounts.
  @discardableResult
  func execute<Input, Output>(_ command: Command<Input, Output>, _ input: Input) -> Bool {
    command.execute(input, origin: origin) != nil
  }

  /// Cancels the command runs this mount and its children started, and no others.
  func cancelRuns() {
    for cancel in cancellers { cancel() }
    for child in children.values { child.cancelRuns() }
  }

  /// Runs `cleanup` when the graph unmounts (removing handlers from widgets).
  func onUnmount(_ cleanup: @escaping () -> Void) {
    cleanups.append(cleanup)
  }

  /// Calls `object.unmount()` when the graph unmounts: a binding's own object, which costs less
  /// than a closure capturing what it holds.
  func onUnmount(_ object: any MountCleanup) {
    cleanupObjects.append(object)
  }

  func tearDown() {
    let mounted = children.values
    children = [:]
    for child in mounted { child.unmount() }
    for cleanup in cleanups.reversed() { cleanup() }
    cleanups = []
    for object in cleanupObjects.reversed() { object.unmount() }
    cleanupObjects = []
    for node in nodes { node.tearDown() }
    nodes = []
    unobserved = []
    sources = [:]
    fewKeyedSources = []
    sourcesByKeyPath = [:]
    sourcesByKeyPathIdentity = [:]
    fewSources = []
    commands = []
    cancellers = []
    lifecycleEvents = [:]
  }
}

/// A key path with its hash, computed once.
@usableFromInline
struct HashedKeyPath: Hashable {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let hash: Int

  @usableFromInline
  init(_ keyPath: AnyKeyPath) {
    self.keyPath = keyPath
    self.hash = keyPath.hashValue
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.keyPath == rhs.keyPath
  }
}

/// Something a declaration installed that the graph removes when it unmounts.
@MainActor
protocol MountCleanup: AnyObject {
  func unmount()
}

/// A moment in the life of a mounted screen that declarations can react to.
public enum LifecycleEvent: String, Hashable, Sendable, CaseIterable {
  /// The screen is about to be shown.
  case willAppear
  /// The screen was shown.
  case didAppear
  /// The screen is about to be hidden.
  case willDisappear
  /// The screen was hidden.
  case didDisappear
}

@MainActor
private final class LifecycleSource: EventSource {
  let eventKey: TargetKey
  private var handlers = HandlerList<@MainActor () -> Void>()

  init(_ event: LifecycleEvent) {
    eventKey = TargetKey(widgetID: "lifecycle", property: event.rawValue)
  }

  func send() {
    for handler in handlers.handlers { handler() }
  }

  func addHandler(_ handler: @escaping @MainActor () -> Void) -> HandlerToken {
    handlers.add(handler)
  }

  func removeHandler(_ token: HandlerToken) {
    handlers.remove(token)
  }
}
