/// What a declaration's install step gets: the view model, and shared nodes so that every
/// declaration reading one key path reads one observed source.
@MainActor
final class MountContext<Model: AnyObject> {
  let model: Model
  let engine: Engine
  /// The mount's nodes and the lookups that let declarations share sources.
  var made = MountNodes()
  /// What the mount's bindings remove from widgets when it unmounts.
  private var cleanupObjects: [any MountCleanup] = []
  /// What few mounts use (commands, lifecycle handlers, children); made on first use, so that a
  /// row of plain bindings does not carry it.
  private var extras: MountExtras?
  /// The subscription made when the mount was installed, while a later mount could take it
  /// over (see ``takeObservation()``).
  private var subscription: Subscription?

  /// A mount of `model` in `engine`'s graph run, parking in `parked` (see ``parked``).
  ///
  /// - Parameters:
  ///   - model: The view model.
  ///   - engine: The graph run's engine.
  ///   - parked: Where the mount, and the children it mounts, park what they leave; the
  ///     engine's store when they are the same, which costs a row nothing.
  init(model: Model, engine: Engine, parked: ParkedSubscriptions?) {
    self.model = model
    self.engine = engine
    if parked !== engine.parked { extrasMadeIfNeeded.parked = parked }
  }

  /// Where the mount leaves its pending registration when it unmounts for good, and finds what
  /// an earlier mount on its view model left (see ``Subscription``): the graph run's store
  /// (``Engine/parked``), unless whoever mounted it gave it another (an embedded screen's own).
  /// The children the mount mounts get the same.
  var parked: ParkedSubscriptions? {
    if let extras, let own = extras.parked { return own }
    return engine.parked
  }

  /// The clock that timers sleep on: the one the whole graph run was mounted with.
  var clock: any Clock<Duration> { engine.clock }

  /// The mount's rarely used parts, made now if they were not.
  private var extrasMadeIfNeeded: MountExtras {
    if let extras { return extras }
    let made = MountExtras()
    extras = made
    return made
  }

  /// The commands the mount's declarations bind.
  var commands: [any CommandObject] { extras?.commands ?? [] }

  /// What runs once every declaration is installed (a list mounts its first rows then, so that
  /// the row events of later declarations are already bound).
  func afterInstalling(_ action: @escaping () -> Void) {
    extrasMadeIfNeeded.afterInstalling.append(action)
  }

  /// Child view models mounted in this graph run (rows), in no particular order.
  ///
  /// NB: an array, each child knowing its place (``ChildMount/slot``), not a dictionary by
  /// identity: a row's mount appends, its unmount moves the last child into its place, and
  /// neither hashes.
  var children: [ChildMount] {
    get { extras?.children ?? [] }
    _modify { yield &extrasMadeIfNeeded.children }
  }

  /// What the mount knows of its children's templates; made for the first child.
  var childTemplates: ChildTemplates {
    if let templates = extras?.childTemplates { return templates }
    let templates = ChildTemplates()
    extrasMadeIfNeeded.childTemplates = templates
    return templates
  }

  /// Makes room for the nodes of about `count` declarations, so that a row's few sources do not
  /// regrow three arrays one element at a time (seven allocations for three sources).
  func reserveCapacity(_ count: Int) {
    made.reserveCapacity(count)
  }

  /// The event source for a moment in the screen's life, shared by every declaration.
  func lifecycle(_ event: LifecycleEvent) -> any EventSource {
    let extras = extrasMadeIfNeeded
    if let existing = extras.lifecycleEvents[event] { return existing }
    let source = LifecycleSource(event)
    extras.lifecycleEvents[event] = source
    return source
  }

  /// Whether the mount has appeared (from `willAppear` until `didDisappear`).
  var isAppeared: Bool { extras?.isAppeared ?? false }

  /// Runs the handlers declared for `event`, and forwards it to the children that follow the
  /// mount's lifecycle (embedded screens, the selected tab): `will` events reach the parent
  /// first and then its children, `did` events the children first and then the parent, so a
  /// parent's `didAppear` sees its children appeared.
  func send(_ event: LifecycleEvent) {
    let extras = extrasMadeIfNeeded
    switch event {
    case .willAppear, .willDisappear:
      if event == .willAppear { extras.isAppeared = true }
      extras.lifecycleEvents[event]?.send()
      for child in lifecycleChildren { child.send(event) }
    case .didAppear, .didDisappear:
      for child in lifecycleChildren { child.send(event) }
      if event == .didDisappear { extras.isAppeared = false }
      extras.lifecycleEvents[event]?.send()
    }
  }

  /// The children that follow this mount's lifecycle now, in the order they were mounted.
  private var lifecycleChildren: [ChildMount] {
    children.filter { $0.followsLifecycle && $0.isActive }.sorted {
      $0.sequence < $1.sequence
    }
  }

  /// The observed source for `keyPath`, shared by every declaration that reads it, which reads
  /// the value with `read` if it is new.
  ///
  /// Key-path literals are uniqued objects, so most lookups are answered by identity; equal key
  /// paths written in different places are matched by value once, then by identity too.
  ///
  /// - Parameters:
  ///   - keyPath: The view-model value, which identifies the source.
  ///   - read: Reads `keyPath`: made once per declaration with ``reader(_:)``, where the key path
  ///     is written.
  /// - Returns: The source, new or made by an earlier declaration.
  func source<Value>(_ keyPath: KeyPath<Model, Value>, reading read: @escaping (Model) -> Value)
    -> KeyPathSourceNode<Model, Value>
  {
    source(keyPath, reading: read, isEqual: { equality(for: Value.self) })
  }

  /// The observed source for `keyPath`, made with `read` and the equality test `isEqual`
  /// returns if it is new: a declaration mounted many times looks its value type's up once, and
  /// passes it.
  func source<Value>(
    _ keyPath: KeyPath<Model, Value>, reading read: @escaping (Model) -> Value,
    isEqual: () -> Equality<Value>?
  ) -> KeyPathSourceNode<Model, Value> {
    made.keyPathSource(keyPath) {
      engine.add {
        KeyPathSourceNode(number: $0, model: model, read: read, isEqual: isEqual(), engine: engine)
      }
    }
  }

  /// The observed source known by `key`, created with `read` the first time it is asked for.
  func source<Value>(key: AnyHashable, read: @escaping () -> Value) -> SourceNode<Value> {
    made.keyedSource(key) {
      engine.add { ClosureSourceNode(number: $0, read: read, engine: engine) }
    }
  }

  /// Installs `declarations` and observes the sources they make with one subscription, then
  /// runs what waits for the end of the install and drops the lookups that let declarations
  /// share sources, which a mounted graph no longer needs (they cost about as much memory as the
  /// sources themselves).
  ///
  /// Each source is read once: the reads that give the widgets their first values are the ones
  /// Observation records (see ``Engine/installObserving(_:newSources:signature:)``), unless the
  /// sources had to be read again. Declarations whose earlier mount had to (`knownToReadTwice`)
  /// are installed first and observed after, without a registration made in vain.
  ///
  /// - Parameters:
  ///   - declarations: What to install.
  ///   - knownToReadTwice: Whether an earlier mount of the same declarations had to read its
  ///     sources twice.
  ///   - earlier: The subscription the same row's earlier mount on this view model left, which
  ///     this mount takes over if it reads what it observes (see ``Subscription``); `nil` to
  ///     take over what an earlier mount on the view model left in ``parked``, if any, or
  ///     register anew.
  ///   - template: What the declarations' template (or graph) keeps of its key paths.
  /// - Returns: Whether the sources were read twice because code that may write into a view
  ///   model ran: the caller remembers it for the next mount of the same declarations.
  func install(
    _ declarations: [BindingDeclaration<Model>], knownToReadTwice: Bool,
    takingOver earlier: Subscription? = nil, template: TemplateKeyPaths
  ) -> Bool {
    let readTwice: Bool
    if knownToReadTwice {
      BindingDeclaration.install(declarations, in: self)
      engine.observe(made.takeUnobserved())
      readTwice = true
    } else if let earlier = earlier ?? parked?.take(of: model) {
      let (taken, hadEffects) = engine.install(
        takingOver: earlier, { BindingDeclaration.install(declarations, in: self) },
        newSources: { made.takeUnobserved() }, signature: { made.signature(keeping: template) })
      subscription = taken
      readTwice = hadEffects
    } else {
      let fresh = engine.installObserving(
        { BindingDeclaration.install(declarations, in: self) },
        newSources: { made.takeUnobserved() }, signature: { made.signature(keeping: template) })
      if let fresh, fresh.signature != 0 { subscription = fresh }
      readTwice = fresh == nil
    }
    if let extras, !extras.afterInstalling.isEmpty {
      let installed = extras.afterInstalling
      extras.afterInstalling = []
      for action in installed { action() }
    }
    made.dropLookups()
    return readTwice
  }

  /// Leaves the mount's install subscription in ``parked`` for the next mount on the view model
  /// (see ``Subscription``): the mount is unmounting for good. Without a store it is dropped, and
  /// its registration stays in the view model's registrar until a value it observes changes.
  func leaveObservation() {
    let left = takeObservation()
    parked?.keep(left, of: model)
  }

  /// The mount's install subscription, for the same row's next mount to take over once this
  /// one unmounts (see ``Subscription``): `nil` when it fired, or no later mount could tell
  /// that it reads the same.
  ///
  /// - Returns: The subscription, or `nil`.
  func takeObservation() -> Subscription? {
    defer { subscription = nil }
    return subscription?.leftByItsMount()
  }

  /// A node computed from `inputs`, updated after them whenever one of them changes.
  func derived<Value>(reading inputs: [RuntimeNode], compute: @escaping () -> Value)
    -> DerivedNode<Value>
  {
    let node = engine.add(reading: inputs) {
      DerivedNode(number: $0, engine: engine, compute: compute)
    }
    extrasMadeIfNeeded.derived.append(node)
    return node
  }

  func register<Input, Output>(_ command: Command<Input, Output>) {
    let extras = extrasMadeIfNeeded
    guard !extras.commands.contains(where: { $0 === command }) else { return }
    extras.commands.append(command)
    let origin = self.origin
    // NB: held as `commands` holds it, for as long: a weak reference would only give the
    // command a side table (32 bytes, and what the leak check misreads; see
    // Scripts/lsan-suppressions.txt).
    extras.cancellers.append { command.cancelRuns(startedBy: origin) }
  }

  /// Who starts the runs and timers of this mount, for cancelling them and for the work ledger:
  /// made with the mount's rarely used parts, which a row of plain bindings does without.
  var origin: WorkToken { extrasMadeIfNeeded.origin }

  /// ``origin``, if the mount made it: a mount that made none owns no work.
  var originIfMade: WorkToken? { extras?.origin }

  /// Executes `command` on behalf of this mount, which cancels the run when it unmounts.
  @discardableResult
  func execute<Input, Output>(_ command: Command<Input, Output>, _ input: Input) -> Bool {
    engine.noteInstallEffect()
    return command.execute(input, origin: origin) != nil
  }

  /// Cancels the command runs this mount and its children started, and no others.
  func cancelRuns() {
    guard let extras else { return }
    for cancel in extras.cancellers { cancel() }
    for child in extras.children { child.cancelRuns() }
  }

  /// Calls `handler` each time `event` happens, until the graph unmounts.
  ///
  /// - Parameters:
  ///   - event: A widget's event or a moment of the screen's life.
  ///   - handler: Runs on the main actor each time.
  func handle(_ event: any EventSource, with handler: @escaping @MainActor () -> Void) {
    let token = event.addHandler(handler)
    onUnmount { event.removeHandler(token) }
  }

  /// Runs `cleanup` when the graph unmounts (removing handlers from widgets).
  func onUnmount(_ cleanup: @escaping () -> Void) {
    extrasMadeIfNeeded.cleanups.append(cleanup)
  }

  /// Calls `object.unmount()` when the graph unmounts: a binding's own object, which costs less
  /// than a closure capturing what it holds.
  func onUnmount(_ object: any MountCleanup) {
    cleanupObjects.append(object)
  }

  func tearDown() {
    let extras = self.extras
    self.extras = nil
    if let extras {
      let mounted = extras.children
      extras.children = []
      for child in mounted { child.unmount() }
      for cleanup in extras.cleanups.reversed() { cleanup() }
    }
    for object in cleanupObjects.reversed() { object.unmount() }
    cleanupObjects = []
    let nodes = made
    made = MountNodes()
    for node in nodes.sources where node.tearDown() { engine.nodeRemoved(node.number) }
    if let derived = extras?.derived {
      for node in derived where node.tearDown() { engine.nodeRemoved(node.number) }
    }
  }
}

/// The parts of a mount that few mounts use: a row of plain bindings has none, and leaves them
/// unmade (see ``MountContext``).
@MainActor
private final class MountExtras {
  /// See ``MountContext/origin``.
  let origin = WorkToken.make()
  var lifecycleEvents: [LifecycleEvent: LifecycleSource] = [:]
  /// Whether the mount has appeared (from `willAppear` until `didDisappear`).
  var isAppeared = false
  var commands: [any CommandObject] = []
  /// For each command, what cancels the runs this mount started.
  var cancellers: [@MainActor () -> Void] = []
  var cleanups: [() -> Void] = []
  var afterInstalling: [() -> Void] = []
  var children: [ChildMount] = []
  var childTemplates: ChildTemplates?
  /// Where the mount parks, when it is not the graph run's store (see ``MountContext/parked``).
  var parked: ParkedSubscriptions?
  /// The mount's derived nodes (combinations), in the order made.
  var derived: [RuntimeNode] = []
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
