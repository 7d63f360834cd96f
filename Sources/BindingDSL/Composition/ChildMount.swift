/// Mounts child view models (the rows of a list, a child screen) into the graph run of their
/// parent, so that one flush settles the parent and every child.
///
/// Widget kits receive a mounter with the content of a ``CollectionTarget``; they do not make
/// one.
@MainActor
public protocol ChildMounter: AnyObject {
  /// Mounts `declarations` on `child`, sharing the parent's engine, scheduler and clock.
  ///
  /// The declarations are checked as a graph the first time a given `template` is mounted by
  /// this mounter, and trusted afterwards: every row of one template is checked once per list.
  ///
  /// - Parameters:
  ///   - declarations: The child's bindings, made for `child` and its own widgets.
  ///   - child: The child view model.
  ///   - template: What made the declarations, such as the row template's type.
  /// - Returns: The child mount; unmount it when the child goes away.
  /// - Throws: ``BindingGraphError`` when the template's declarations do not form a valid graph.
  func mount<Child: AnyObject>(
    _ declarations: [BindingDeclaration<Child>], on child: Child, template: ObjectIdentifier
  ) throws(BindingGraphError) -> ChildMount
}

/// A child view model mounted inside a parent mount (a row of a list). It holds the child and
/// the widgets its bindings reach until ``unmount()``, which also happens when the parent
/// unmounts.
@MainActor
public final class ChildMount {
  private var context: (any ChildContext)?
  // NB: strong, until the child unmounts: a weak reference gives the parent's context a side
  // table, and every retain and release of an object with one takes a slower path, which a
  // list's parent paid several times per row. A parent's teardown unmounts every child first,
  // so the reference never outlives it, and a child still mounted is among the parent's
  // children, which keeps it.
  private var parent: (any ChildContext)?

  /// Unmounts the child without cancelling its runs (a row leaving a list's window: its view
  /// model stays in the list), and returns its pending Observation registration for the row's
  /// next mount on the same view model to take over (see
  /// ``ObservationTakingMounter/mount(_:on:template:takingOver:)``), where ``unmount()`` leaves
  /// it in the ``ParkedSubscriptions`` of the mount's owner, if it has one. Observation cannot
  /// cancel a registration, and a row mounted again and again would otherwise leave one each
  /// time in its view model's registrar.
  ///
  /// - Parameter cancellingRuns: Whether the runs the child's bindings started are cancelled:
  ///   not for a row leaving the window, whose view model stays in the list; for a row taken
  ///   out of the list, which keeps the registration itself.
  /// - Returns: The registration, or `nil` when none is left to take over.
  package func unmountKeepingObservation(cancellingRuns: Bool = false) -> Subscription? {
    let group = context?.takeObservation()
    unmount(cancellingRuns: cancellingRuns)
    return group
  }

  /// The order in which children of one parent were mounted (counted by the parent's
  /// ``ChildTemplates``).
  let sequence: Int
  /// The child's place among its parent's children; -1 once it left them.
  var slot = -1

  init(context: any ChildContext, parent: any ChildContext, sequence: Int) {
    self.context = context
    self.parent = parent
    self.sequence = sequence
  }

  /// Whether the child is still mounted.
  public var isMounted: Bool { context != nil }

  /// Whether the parent's appear and disappear events reach the child (an embedded screen;
  /// not a row).
  package var followsLifecycle = false
  /// Whether the child is shown within its parent (the selected tab); only an active child
  /// follows the parent's lifecycle.
  package var isActive = true
  /// Whether the parent has appeared (and not disappeared since).
  package var isParentAppeared: Bool { parent?.isAppeared ?? false }

  /// Cancels the command runs the child's bindings started (never the parent's), removes its
  /// handlers from its widgets, and releases the child view model and widgets. Unmounting twice
  /// does nothing.
  public func unmount() {
    unmount(cancellingRuns: true)
  }

  /// Removes the child's handlers from its widgets and releases the child view model and
  /// widgets; cancels the command runs its bindings started only if `cancellingRuns`. A row that
  /// leaves a list's window keeps its runs: its view model stays in the list, and a run started
  /// on screen ends as it would have.
  ///
  /// - Parameter cancellingRuns: Whether the runs the child's bindings started are cancelled.
  package func unmount(cancellingRuns: Bool) {
    guard let context else { return }
    context.leaveObservation()
    self.context = nil
    if cancellingRuns { context.cancelRuns() }
    context.tearDown()
    let parent = self.parent
    self.parent = nil
    parent?.forget(self)
  }

  /// The owners of the child's work (its commands and timers, and its children's).
  var workOwners: Set<WorkToken> { context?.workOwners ?? [] }

  func cancelRuns() {
    context?.cancelRuns()
  }

  /// Runs what the child's declarations ask for at `event` (a pushed screen appearing).
  package func send(_ event: LifecycleEvent) {
    context?.send(event)
  }

  /// The commands the child's declarations bind, and its children's.
  var commandsIncludingChildren: [any CommandObject] { context?.commandsIncludingChildren ?? [] }
}

/// What a parent and a child mount need of a mount context, whatever its model type.
@MainActor
protocol ChildContext: ChildMounter {
  func takeObservation() -> Subscription?
  func leaveObservation()
  func cancelRuns()
  func send(_ event: LifecycleEvent)
  var isAppeared: Bool { get }
  func tearDown()
  func forget(_ child: ChildMount)
  var workOwners: Set<WorkToken> { get }
  var commandsIncludingChildren: [any CommandObject] { get }
}

/// What a mount knows of the templates of the children it mounted: which were checked, and which
/// had to read their sources twice. Made for the first child, so that a row, which mounts none,
/// does not carry it.
@MainActor
final class ChildTemplates {
  /// How many children the mount has mounted, which numbers them in order.
  var childrenMounted = 0
  /// The templates whose declarations were checked once already.
  var checked: Set<ObjectIdentifier> = []
  /// The template of the last child mounted, checked: the rows of a list are mounted one
  /// template after another, and this spares them a lookup each.
  var lastChecked: ObjectIdentifier?
  /// The key paths each template's first mount read (see ``MountNodes/signature(keeping:)``).
  private var keyPaths: [ObjectIdentifier: TemplateKeyPaths] = [:]
  /// The last template's, which the rows mounted one after another ask for again.
  private var lastKeyPaths: (template: ObjectIdentifier, keyPaths: TemplateKeyPaths)?

  /// What `template` keeps of its first mount's key paths.
  func keyPaths(of template: ObjectIdentifier) -> TemplateKeyPaths {
    if let last = lastKeyPaths, last.template == template { return last.keyPaths }
    let kept = keyPaths[template] ?? TemplateKeyPaths()
    keyPaths[template] = kept
    lastKeyPaths = (template, kept)
    return kept
  }

  /// The templates whose mounts had to read their sources twice (see
  /// ``MountContext/install(_:knownToReadTwice:)``): their later rows install first and observe after.
  var readTwice: Set<ObjectIdentifier> = []

  func hasChecked(_ template: ObjectIdentifier) -> Bool {
    template == lastChecked || checked.contains(template)
  }
}

/// A mounter whose child mounts can take over the pending Observation registration of an
/// earlier mount of the same row (see ``ChildMount/unmountKeepingObservation()``): what a list
/// mounts a row coming back into its window with.
@MainActor
package protocol ObservationTakingMounter: ChildMounter {
  /// Mounts `declarations` on `child` as ``ChildMounter/mount(_:on:template:)`` does, having
  /// `observation` observe the sources if it observes what they read; otherwise registering
  /// anew.
  ///
  /// - Parameters:
  ///   - declarations: The child's bindings, made for `child` and its own widgets.
  ///   - child: The child view model.
  ///   - template: What made the declarations, such as the row template's type.
  ///   - observation: What an earlier mount of the row on `child` left, or `nil`.
  /// - Returns: The child mount.
  /// - Throws: ``BindingGraphError`` when the template's declarations do not form a valid graph.
  func mount<Child: AnyObject>(
    _ declarations: [BindingDeclaration<Child>], on child: Child, template: ObjectIdentifier,
    takingOver observation: Subscription?
  ) throws(BindingGraphError) -> ChildMount

  /// Mounts `declarations` on `child` as ``ChildMounter/mount(_:on:template:)`` does, the child
  /// and the children it mounts leaving their pending registrations in `parked` and taking
  /// over what earlier mounts left there, rather than in the mounter's store: what an embedded
  /// screen with a mount cache of its own mounts its child screens with.
  ///
  /// - Parameters:
  ///   - declarations: The child's bindings, made for `child` and its own widgets.
  ///   - child: The child view model.
  ///   - template: What made the declarations, such as the child screen's type.
  ///   - parked: Where the child parks (see ``ParkedSubscriptions``).
  /// - Returns: The child mount.
  /// - Throws: ``BindingGraphError`` when the template's declarations do not form a valid graph.
  func mount<Child: AnyObject>(
    _ declarations: [BindingDeclaration<Child>], on child: Child, template: ObjectIdentifier,
    parkingIn parked: ParkedSubscriptions
  ) throws(BindingGraphError) -> ChildMount
}

extension MountContext: ChildContext, ObservationTakingMounter {
  func mount<Child: AnyObject>(
    _ declarations: [BindingDeclaration<Child>], on child: Child, template: ObjectIdentifier
  ) throws(BindingGraphError) -> ChildMount {
    try mount(declarations, on: child, template: template, takingOver: nil)
  }

  package func mount<Child: AnyObject>(
    _ declarations: [BindingDeclaration<Child>], on child: Child, template: ObjectIdentifier,
    takingOver observation: Subscription?
  ) throws(BindingGraphError) -> ChildMount {
    try mountChild(
      declarations, on: child, template: template, takingOver: observation, parkingIn: parked)
  }

  package func mount<Child: AnyObject>(
    _ declarations: [BindingDeclaration<Child>], on child: Child, template: ObjectIdentifier,
    parkingIn parked: ParkedSubscriptions
  ) throws(BindingGraphError) -> ChildMount {
    try mountChild(
      declarations, on: child, template: template, takingOver: nil, parkingIn: parked)
  }

  /// Mounts a child that takes `observation` over, if given one, and parks in `parked`.
  private func mountChild<Child: AnyObject>(
    _ declarations: [BindingDeclaration<Child>], on child: Child, template: ObjectIdentifier,
    takingOver observation: Subscription?, parkingIn parked: ParkedSubscriptions?
  ) throws(BindingGraphError) -> ChildMount {
    let templates = childTemplates
    if !templates.hasChecked(template) {
      _ = try BindingGraph(declarations: declarations)
      templates.checked.insert(template)
    }
    templates.lastChecked = template
    let context = MountContext<Child>(model: child, engine: engine, parked: parked)
    context.reserveCapacity(declarations.count)
    let knownToReadTwice =
      !templates.readTwice.isEmpty && templates.readTwice.contains(template)
    if context.install(
      declarations, knownToReadTwice: knownToReadTwice, takingOver: observation,
      template: templates.keyPaths(of: template))
    {
      templates.readTwice.insert(template)
    }
    templates.childrenMounted += 1
    let mount = ChildMount(context: context, parent: self, sequence: templates.childrenMounted)
    mount.slot = children.count
    children.append(mount)
    return mount
  }

  var commandsIncludingChildren: [any CommandObject] {
    var all = commands
    for child in children.sorted(by: { $0.sequence < $1.sequence }) {
      for command in child.commandsIncludingChildren where !all.contains(where: { $0 === command })
      {
        all.append(command)
      }
    }
    return all
  }

  func forget(_ child: ChildMount) {
    let slot = child.slot
    // NB: a child unmounted by the parent's teardown is no longer among its children.
    guard slot >= 0, slot < children.count, children[slot] === child else { return }
    child.slot = -1
    let last = children.removeLast()
    if slot < children.count {
      children[slot] = last
      last.slot = slot
    }
  }

  var workOwners: Set<WorkToken> {
    var owners = Set(commands.compactMap { ($0 as? any WorkOwning)?.workToken })
    if let origin = originIfMade { owners.insert(origin) }
    for child in children { owners.formUnion(child.workOwners) }
    return owners
  }
}
