/// A binding graph installed on one view model: it holds the view model and the widgets its
/// declarations reach, keeps them in sync, and releases them when unmounted.
///
/// Keep the mounted graph for as long as the bindings should run: releasing it unmounts it, as
/// releasing a subscription cancels it.
@MainActor
public final class MountedGraph<Model: AnyObject>: Flushable {
  /// The graph this mount runs. Once unmounted, it keeps its description (declarations, nodes,
  /// edges, dump) but no longer the code that installs it, which held the widgets.
  public private(set) var graph: BindingGraph<Model>
  /// The view model, until the graph is unmounted.
  public private(set) var model: Model?

  private let engine = Engine()
  private var context: MountContext<Model>?

  /// Installs `graph` on `model`: every widget takes its initial value now, and later changes
  /// flush when `scheduler` says.
  ///
  /// - Parameters:
  ///   - graph: The graph to install.
  ///   - model: The view model its declarations read and write; held until unmounted.
  ///   - scheduler: What decides when changes flush: ``ManualScheduler`` in tests,
  ///     ``MainActorScheduler`` in an app.
  ///   - clock: The clock that debounce and throttle timers sleep on.
  public convenience init(
    _ graph: BindingGraph<Model>, on model: Model, scheduler: any FlushScheduler,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.init(
      graph, installing: graph.declarations, on: model, scheduler: scheduler, clock: clock,
      parked: nil)
  }

  /// Installs `declarations` on `model` and shows `graph` as what runs: a screen's mounts
  /// share one checked graph, description only, and each installs its own declarations (made
  /// for its widgets, without their text), which it does not keep.
  ///
  /// - Parameters:
  ///   - graph: The checked graph of `declarations`, kept for inspection.
  ///   - declarations: The declarations to install, groups opened.
  ///   - model: The view model; held until unmounted.
  ///   - scheduler: What decides when changes flush.
  ///   - clock: The clock that debounce and throttle timers sleep on.
  ///   - parked: Where the mount and its children leave their pending Observation registrations
  ///     when they unmount, and find what earlier mounts on their view models left: the store
  ///     of whoever mounts again and again (an app host, a caller's mount cache); `nil` to park
  ///     nothing (see ``ParkedSubscriptions``).
  package init(
    _ graph: BindingGraph<Model>, installing declarations: [BindingDeclaration<Model>],
    on model: Model, scheduler: any FlushScheduler, clock: any Clock<Duration>,
    parked: ParkedSubscriptions?
  ) {
    self.graph = graph
    self.model = model
    engine.clock = clock
    engine.parked = parked
    let context = MountContext(model: model, engine: engine, parked: parked)
    self.context = context
    engine.scheduler = scheduler
    // NB: room for the nodes the mount makes costs one allocation per table instead of one per
    // doubling. Counted from the graph, not the declarations: declarations share sources (a
    // form's field and its mirror read one), and room for one node per declaration was about
    // ten bytes per binding never used.
    let estimate = graph.engineNodeEstimate
    engine.reserveCapacity(estimate)
    context.reserveCapacity(estimate)
    if context.install(
      declarations, knownToReadTwice: graph.readsSourcesTwice, template: graph.keyPaths)
    {
      graph.readsSourcesTwice = true
    }
  }

  isolated deinit {
    context?.cancelRuns()
    context?.tearDown()
  }

  /// Whether the graph is still mounted.
  public var isMounted: Bool { context != nil }

  /// The commands the graph's declarations bind, in declaration order.
  public var commands: [any CommandObject] { context?.commands ?? [] }

  /// The commands the graph's declarations bind and, after them, those the declarations of its
  /// mounted children (the rows of its lists) bind, in the order the children were mounted,
  /// each once.
  public var commandsIncludingChildren: [any CommandObject] {
    context?.commandsIncludingChildren ?? []
  }

  /// Whose work the ledger follows for this mount: its commands, and the mount itself (its
  /// timers). Empty once unmounted.
  package var workOwners: Set<WorkToken> {
    context?.workOwners ?? []
  }

  /// What mounts child view models (pushed screens, embedded screens) into this graph run, so
  /// that one flush settles them with it; `nil` once unmounted.
  package var childMounter: (any ChildMounter)? { context }

  /// Whether view-model changes are waiting for a flush.
  public var needsFlush: Bool { engine.hasPendingChanges }

  /// How many node values have changed since mounting: a count for tests and benchmarks.
  public var updateCount: Int { engine.updateCount }

  /// How many Observation registrations the graph run has made since it was mounted (its
  /// children's included): what a test reads to see that a mount took a registration over.
  package var registrationsMade: Int { engine.registrationsMade }

  /// Why the last flush stopped early, when the graph kept changing itself; `nil` otherwise.
  public var unsettledReport: String? { engine.unsettledReport }

  /// Runs what the declarations ask for at `event` (commands bound with
  /// `command(_:on: LifecycleEvent)` and `on(_: LifecycleEvent)` actions).
  ///
  /// - Parameter event: The moment of the screen's life that has come.
  public func send(_ event: LifecycleEvent) {
    context?.send(event)
  }

  /// Applies waiting changes now.
  ///
  /// - Returns: `true` when a value the graph shows changed.
  @discardableResult
  public func flush() -> Bool {
    engine.flush()
  }

  /// Removes every handler the graph installed on widgets, cancels the command runs and timers
  /// it started (and no others: another mount of the same view model keeps its own), and
  /// releases the view model and widgets. Unmounting twice does nothing.
  public func unmount() {
    guard let context else { return }
    context.cancelRuns()
    context.leaveObservation()
    context.tearDown()
    engine.reset()
    self.context = nil
    model = nil
    graph = graph.descriptionOnly()
    engine.scheduler = nil
  }
}

extension BindingGraph {
  /// About how many nodes a mount of the graph makes in its engine: one per source and
  /// combination, two per command (its state).
  var engineNodeEstimate: Int {
    var count = 0
    for node in nodes {
      switch node.kind {
      case .source, .derived: count += 1
      case .command: count += 2
      default: break
      }
    }
    return count
  }

  /// Mounts the graph on `model`.
  ///
  /// - Parameters:
  ///   - model: The view model whose values the graph reads and writes; kept until unmounted.
  ///   - scheduler: Decides when a flush runs after view-model changes.
  ///   - clock: The clock debounce and throttle timers run on; a ``VirtualClock`` in tests.
  /// - Returns: The mounted graph, its widgets showing the view model's values.
  @MainActor
  public func mount(
    on model: Model, scheduler: any FlushScheduler,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> MountedGraph<Model> {
    MountedGraph(self, on: model, scheduler: scheduler, clock: clock)
  }
}
