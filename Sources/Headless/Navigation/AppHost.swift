public import BindingDSL

/// A whole app, headless: a main navigation stack and the stacks presented over it, each screen
/// mounted on its view model under one graph run, so that one flush settles every screen.
///
/// The host is the ``/BindingDSL/Navigator`` its view models are given. It mounts the registered screen of
/// every view model pushed or presented, tells screens when they appear and disappear, unmounts
/// (and so releases) the screens that leave, and renders as one text: the stacks with each
/// screen's title, whether back is available, and the visible screen's tree.
///
/// ```swift
/// let host = AppHost(registry: registry, scheduler: scheduler, clock: clock)
/// try host.setStack([PageViewModel("home", navigator: host, log: log, clock: clock)])
/// ```
@MainActor
public final class AppHost: Navigator {
  /// Which screen shows each view-model type.
  public let registry: ScreenRegistry
  /// The clock timers of every screen sleep on.
  public let clock: any Clock<Duration>
  /// The app's tree: stacks, screens and dialogs, as rendered.
  public let view = AppView()

  /// The graph run every screen is mounted in.
  package let graph: MountedGraph<AppGraphRoot>
  /// The mount cache of every screen the app shows, embedded ones included: a screen type
  /// pushed, presented or shown again is checked once per shape for the app, and a view model
  /// shown again takes over the registration its last screen left.
  package let cache: ScreenMountCache
  /// The main stack, then each presented stack, root first.
  var stacks: [[ScreenMount]] = [[]]
  var stackViews: [NavigationStackView] = [NavigationStackView("main", isPresented: false)]
  /// The operation under way, while it runs.
  private var transition: String?
  /// The dialogs, toasts and progress HUDs shown over the app: the ``/BindingDSL/DialogPresenter`` its
  /// view models are given.
  public private(set) lazy var dialogs = DialogCenter(host: self)

  /// Makes a host with an empty main stack; give it its first screen with ``setStack(_:)`` or
  /// ``push(_:)``.
  ///
  /// - Parameters:
  ///   - registry: Which screen shows each view-model type.
  ///   - scheduler: Who flushes the screens' bindings; by default a `MainActorScheduler` of the
  ///     host's own, which flushes on the main actor's next turn.
  ///   - clock: The clock timers of every screen sleep on.
  public init(
    registry: ScreenRegistry, scheduler: any FlushScheduler = MainActorScheduler(),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.registry = registry
    self.clock = clock
    let cache = ScreenMountCache()
    self.cache = cache
    let root = BindingGraph<AppGraphRoot>.empty
    // NB: every screen is mounted in this graph run, so parks in the cache's registrations.
    graph = MountedGraph(
      root, installing: root.declarations, on: AppGraphRoot(), scheduler: scheduler,
      clock: clock, parked: cache.parked)
    view.stacks = stackViews
  }

  // MARK: - Reading the stacks

  /// The view models of the main stack, root first.
  public var mainStack: [AnyObject] { stacks[0].compactMap(\.model) }

  /// The view models of each presented stack, the earliest presented first.
  public var presentedStacks: [[AnyObject]] { stacks.dropFirst().map { $0.compactMap(\.model) } }

  /// The view model of the visible screen: the top of the active stack.
  public var visibleModel: AnyObject? { visible?.model }

  /// The visible screen.
  package var visible: ScreenMount? { stacks.last?.last }

  /// Every mounted screen that is not visible, the most recently covered first.
  package var covered: [ScreenMount] {
    stacks.flatMap { $0 }.filter { $0 !== visible }.reversed()
  }

  /// The stacks and the visible screen as text, in the documented format.
  ///
  /// - Returns: The app's tree, one widget a line (the format of ``TextRenderer``).
  public func render() -> String { TextRenderer.render(view) }

  // MARK: - Navigator

  /// Pushes the screen registered for `model`'s type on the visible stack.
  ///
  /// - Parameter model: The view model of the screen to push.
  /// - Throws: ``/BindingDSL/NavigationError`` when no screen is registered for the type, the view model
  ///   is shown already, or its screen cannot be mounted; nothing changes.
  public func push(_ model: AnyObject) throws(NavigationError) {
    try run("push \(type(of: model))") { () throws(NavigationError) in
      try checkNotShown([model], to: "push")
      let mounted = try mount([model], to: "push")
      var stack = stacks[stacks.count - 1]
      stack += mounted
      replaceActive(with: stack)
    }
  }

  /// Pushes the screens of `models` on the visible stack, in order, in one change.
  ///
  /// - Parameter models: The view models of the screens to push.
  /// - Throws: ``/BindingDSL/NavigationError`` when `models` is empty, repeats one, or one cannot be
  ///   shown; nothing changes.
  public func push(contentsOf models: [AnyObject]) throws(NavigationError) {
    try run("push \(models.count) screens") { () throws(NavigationError) in
      guard !models.isEmpty else {
        throw NavigationError(.emptyStack, "cannot push an empty path: give one view model or more")
      }
      try checkDistinct(models, to: "push")
      try checkNotShown(models, to: "push")
      let mounted = try mount(models, to: "push")
      replaceActive(with: stacks[stacks.count - 1] + mounted)
    }
  }

  /// Pops the visible screen.
  ///
  /// - Throws: ``/BindingDSL/NavigationError`` when the visible stack has only its root.
  public func pop() throws(NavigationError) {
    try run("pop") { () throws(NavigationError) in
      let stack = stacks[stacks.count - 1]
      guard stack.count > 1 else {
        throw NavigationError(
          .poppingRoot,
          stack.isEmpty
            ? "cannot pop: the stack is empty"
            : "cannot pop '\(stack[0].name)': it is the root of its stack"
              + (stacks.count > 1 ? "; dismiss() closes a presented stack" : ""))
      }
      replaceActive(with: Array(stack.dropLast()))
    }
  }

  /// Pops every screen of the visible stack above its root.
  ///
  /// - Throws: ``/BindingDSL/NavigationError`` when the visible stack is empty.
  public func popToRoot() throws(NavigationError) {
    try run("pop to root") { () throws(NavigationError) in
      let stack = stacks[stacks.count - 1]
      guard let root = stack.first else {
        throw NavigationError(.poppingRoot, "cannot pop to root: the stack is empty")
      }
      replaceActive(with: [root])
    }
  }

  /// Pops the screens above the one of `model`.
  ///
  /// - Parameter model: The view model of a screen on the visible stack.
  /// - Throws: ``/BindingDSL/NavigationError`` when no screen of the visible stack has that view model.
  public func pop(to model: AnyObject) throws(NavigationError) {
    try run("pop to \(type(of: model))") { () throws(NavigationError) in
      let stack = stacks[stacks.count - 1]
      guard let index = stack.firstIndex(where: { $0.model === model }) else {
        throw NavigationError(
          .notOnStack,
          "cannot pop to \(type(of: model)): it is not on the active stack, which holds "
            + describe(stack))
      }
      replaceActive(with: Array(stack[...index]))
    }
  }

  /// Replaces the visible stack with the screens of `models`, root first.
  ///
  /// - Parameter models: The view models of the new stack; never empty.
  /// - Throws: ``/BindingDSL/NavigationError`` when `models` is empty or one cannot be shown; nothing
  ///   changes.
  public func setStack(_ models: [AnyObject]) throws(NavigationError) {
    try run("set the stack") { () throws(NavigationError) in
      guard !models.isEmpty else {
        throw NavigationError(
          .emptyStack, "cannot set an empty stack: a stack needs its root view model")
      }
      try checkDistinct(models, to: "set the stack")
      let active = stacks[stacks.count - 1]
      let kept = models.map { model in active.first { $0.model === model } }
      let new = models.enumerated().filter { kept[$0.offset] == nil }.map(\.element)
      try checkNotShown(new, to: "set the stack with")
      let mounted = try mount(new, to: "set the stack with")
      var made = mounted[...]
      let stack = kept.map { $0 ?? made.removeFirst() }
      replaceActive(with: stack)
    }
  }

  /// Presents the screen of `model` on a new stack over the others.
  ///
  /// - Parameter model: The view model of the screen to present.
  /// - Throws: ``/BindingDSL/NavigationError`` when it cannot be shown; nothing changes.
  public func present(_ model: AnyObject) throws(NavigationError) {
    try run("present \(type(of: model))") { () throws(NavigationError) in
      try checkNotShown([model], to: "present")
      let mounted = try mount([model], to: "present")
      let view = NavigationStackView("modal\(stacks.count)", isPresented: true)
      let old = visible
      old?.willDisappear()
      mounted[0].willAppear()
      stacks.append(mounted)
      stackViews.append(view)
      layout()
      old?.didDisappear()
      mounted[0].didAppear()
    }
  }

  /// Dismisses the stack presented last: its top's `willDisappear` and the uncovered screen's
  /// `willAppear` are sent while the host still shows the presented stack, then the stack goes,
  /// then the two `did` events, and its screens are unmounted.
  ///
  /// - Throws: ``/BindingDSL/NavigationError`` when nothing is presented.
  public func dismiss() throws(NavigationError) {
    try run("dismiss") { () throws(NavigationError) in
      guard stacks.count > 1 else {
        throw NavigationError(
          .nothingPresented,
          "cannot dismiss: nothing is presented; the main stack holds " + describe(stacks[0]))
      }
      // NB: the stacks change after both `will` events, as for every other operation, so
      // that the host reports the dismissed screen visible until then.
      let leaving = stacks[stacks.count - 1]
      let old = leaving.last
      let new = stacks[stacks.count - 2].last
      old?.willDisappear()
      new?.willAppear()
      stacks.removeLast()
      stackViews.removeLast()
      layout()
      removed(leaving)
      old?.didDisappear()
      new?.didAppear()
      for screen in leaving.reversed() { screen.unmount() }
    }
  }

  /// What the back button of the visible screen does: asks its view model when it adopts
  /// ``/BindingDSL/BackHandling``, and otherwise pops it.
  ///
  /// - Throws: ``/BindingDSL/NavigationError`` when the visible screen is the root of its stack.
  public func goBack() throws(NavigationError) {
    guard let screen = visible, screen.container.hasBack else {
      let name = visible.map { "'\($0.name)'" } ?? "nothing"
      throw NavigationError(
        .poppingRoot,
        "cannot go back from \(name): it is the root of "
          + (stacks.count > 1 ? "a presented stack; dismiss() closes it" : "the main stack"))
    }
    if let handler = screen.model as? any BackHandling, handler.handleBack() { return }
    try pop()
  }

  // MARK: - Steps

  /// Runs `operation` as the one operation under way; an operation asked for meanwhile (from a
  /// lifecycle handler) is refused.
  func run(
    _ name: String, _ operation: () throws(NavigationError) -> Void
  ) throws(NavigationError) {
    if let transition {
      throw NavigationError(
        .midTransition,
        "cannot \(name) while \(transition) is under way (asked from a lifecycle handler); "
          + "navigate from a command or after the operation returns")
    }
    transition = name
    defer { transition = nil }
    try operation()
  }

  /// Refuses a list that holds one view model twice.
  func checkDistinct(_ models: [AnyObject], to action: String) throws(NavigationError) {
    for (index, model) in models.enumerated()
    where models[..<index].contains(where: { $0 === model }) {
      throw NavigationError(
        .alreadyShown,
        "cannot \(action): \(type(of: model)) appears twice (at \(index) and before)")
    }
  }

  /// Refuses view models that are shown already (one view model, one screen).
  func checkNotShown(_ models: [AnyObject], to action: String) throws(NavigationError) {
    for model in models {
      for (index, stack) in stacks.enumerated() {
        if let screen = stack.first(where: { $0.model === model }) {
          throw NavigationError(
            .alreadyShown,
            "cannot \(action) \(type(of: model)): it is shown already as '\(screen.name)' on "
              + (index == 0 ? "the main stack" : "presented stack \(index)"))
        }
      }
    }
  }

  /// Mounts the screens of `models`; if one fails, the ones mounted before are unmounted.
  func mount(_ models: [AnyObject], to action: String) throws(NavigationError)
    -> [ScreenMount]
  {
    let factories = try models.map { (model) throws(NavigationError) in
      try registry.factory(for: model, to: action)
    }
    guard let mounter = graph.childMounter else {
      throw NavigationError(.screenFailed, "cannot \(action): the app is shut down")
    }
    var mounted: [ScreenMount] = []
    for (model, factory) in zip(models, factories) {
      let container = ScreenContainer(factory.name, title: factory.name)
      do {
        mounted.append(try factory.mount(model, mounter, container, cache))
      } catch {
        for screen in mounted { screen.unmount() }
        throw error
      }
    }
    return mounted
  }

  /// Makes `stack` the active stack: the old top disappears and the new top appears (`will`
  /// events, the change, `did` events), then the screens that left are unmounted, top first.
  func replaceActive(with stack: [ScreenMount]) {
    let index = stacks.count - 1
    // NB: by identity in a set: comparing every screen with every other was quadratic, 270 µs
    // of a push on a stack of 100.
    let kept = Set(stack.map { ObjectIdentifier($0) })
    let leaving = stacks[index].filter { !kept.contains(ObjectIdentifier($0)) }
    let old = visible
    let new = stack.last
    if old !== new {
      old?.willDisappear()
      new?.willAppear()
    }
    stacks[index] = stack
    layout()
    removed(leaving)
    if old !== new {
      old?.didDisappear()
      new?.didAppear()
    }
    for screen in leaving.reversed() { screen.unmount() }
  }

  func removed(_ screens: [ScreenMount]) {
    guard !screens.isEmpty else { return }
    dialogs.screensRemoved(screens.map { ObjectIdentifier($0) })
  }

  /// Brings the rendered stacks in line with the stacks.
  func layout() {
    for (index, stack) in stacks.enumerated() {
      let view = stackViews[index]
      view.screens = stack.map(\.container)
      view.isCovered = index < stacks.count - 1
      for (position, screen) in stack.enumerated() {
        screen.container.hasBack = position > 0
        screen.container.isCovered = screen !== visible
      }
    }
    view.stacks = stackViews
  }

  /// Why `action` cannot reach the visible screen now: a dialog is in front of it.
  package func blocker(for action: String) -> String? { dialogs.blocker(for: action) }

  func describe(_ stack: [ScreenMount]) -> String {
    stack.isEmpty ? "nothing" : stack.map { "'\($0.name)'" }.joined(separator: ", ")
  }

  /// Unmounts every screen, the top of the last presented stack first, and the graph run.
  public func shutDown() {
    let all = stacks.flatMap { $0 }.reversed()
    dialogs.shutDown()
    visible?.willDisappear()
    visible?.didDisappear()
    stacks = [[]]
    stackViews = [stackViews[0]]
    layout()
    for screen in all { screen.unmount() }
    graph.unmount()
  }
}

/// What the app's graph run is mounted on, in place of a view model. The run binds nothing of its
/// own: screens and progress HUDs mount in it as children, each on its own view model.
@MainActor
package final class AppGraphRoot {}
