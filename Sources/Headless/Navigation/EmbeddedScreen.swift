public import BindingDSL

/// A place in a screen's tree that shows another screen, mounted on a child view model (or on
/// the parent's own) in the parent's graph run: one flush settles both.
///
/// ```swift
/// let child = EmbeddedScreen("child") { CounterScreen() }
/// // in bindings:
/// embed(\.child, in: child)
/// ```
///
/// The driver reaches the child screen's widgets by their ids, or as `<child id>.<widget id>`
/// (`child.count`) when an id is also the parent's or another child's. The child follows the
/// parent's appear and disappear events (see
/// `Docs/Decisions/0036-one-graph-run-for-a-whole-app.md`); in a ``TabView`` only the selected
/// tab does.
@MainActor
public final class EmbeddedScreen<S: Screen>: Widget, ChildScreenTarget, TabContent,
  ChildScreenCache
{
  override public var kind: String { "ChildScreen" }

  /// The title a tab view shows for it; `nil` outside a tab view.
  public let title: String?
  private let make: @MainActor () -> S
  private var mount: ChildMount?
  private var content: Widget? { didSet { reportChange("children") } }
  private var model: S.Model?
  /// Why the child screen could not be shown, if it could not.
  public private(set) var problem: String? {
    didSet { if problem != oldValue { reportChange("problem") } }
  }
  /// Whether it is shown within its parent (the selected tab); always, outside a tab view.
  var isActive = true {
    didSet { if isActive != oldValue { reportChange("isActive") } }
  }
  /// Whether a tab view holds it.
  var isTab = false
  /// The mount cache of the child screens it shows (their checked shapes, the registrations
  /// they left): its own, until the screen holding it is mounted with an owner's (an app
  /// host's), which it then shares.
  lazy var cache = ScreenMountCache()

  /// Creates the place of a child screen.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - title: The title a tab view shows for it.
  ///   - make: Builds the child screen each time a child view model is mounted.
  public init(_ id: String, title: String? = nil, _ make: @escaping @MainActor () -> S) {
    self.title = title
    self.make = make
    super.init(id: id)
  }

  /// The widget's id and `screen`, as the graph names the node the child view model is bound to.
  public var targetKey: TargetKey { TargetKey(widgetID: id, property: "screen") }

  /// Mounts the child screen on `model` with `mounter`, after unmounting the one before; `nil`
  /// shows nothing. What an `embed(_:in:)` binding calls. A screen that cannot be mounted is
  /// shown as the widget's `problem`.
  ///
  /// - Parameters:
  ///   - model: The child view model, or `nil`.
  ///   - mounter: Mounts the child's bindings under the screen's graph.
  public func receive(_ model: S.Model?, mounter: any ChildMounter) {
    if model === self.model, mount?.isMounted == true { return }
    unmountChild()
    guard let model else { return }
    let prepared: PreparedScreen<S>
    let child: ChildMount
    do {
      prepared = try PreparedScreen(make(), on: model, cache: cache)
      let template = ObjectIdentifier(S.self)
      if let parking = mounter as? any ObservationTakingMounter {
        child = try parking.mount(
          prepared.declarations, on: model, template: template, parkingIn: cache.parked)
      } else {
        child = try mounter.mount(prepared.declarations, on: model, template: template)
      }
    } catch {
      problem = "\(error)"
      return
    }
    problem = nil
    self.model = model
    content = prepared.root
    child.followsLifecycle = true
    child.isActive = isActive
    mount = child
    if isActive && child.isParentAppeared {
      child.send(.willAppear)
      child.send(.didAppear)
    }
  }

  /// Unmounts the child screen, releasing its view model and widgets.
  public func unmountChild() {
    guard let mount else { return }
    if isActive && mount.isParentAppeared {
      mount.send(.willDisappear)
      mount.send(.didDisappear)
    }
    mount.unmount()
    self.mount = nil
    model = nil
    content = nil
  }

  /// Shows or hides the child within its parent (a tab selected or left), sending it appear or
  /// disappear events when its parent is visible.
  func setActive(_ active: Bool, phase: TabPhase) {
    guard let mount, mount.isParentAppeared else {
      isActive = active
      self.mount?.isActive = active
      return
    }
    switch (active, phase) {
    case (true, .will):
      // NB: a tab selected again appears again: its lists clear their selection.
      content?.listsReappear()
      mount.send(.willAppear)
    case (true, .did):
      isActive = true
      mount.isActive = true
      mount.send(.didAppear)
    case (false, .will): mount.send(.willDisappear)
    case (false, .did):
      isActive = false
      mount.isActive = false
      mount.send(.didDisappear)
    }
  }

  override public var children: [Widget] {
    guard isActive, let content else { return [] }
    return [content]
  }

  override public var renderedFields: [RenderedField] {
    var fields: [RenderedField] = []
    if let title { fields.append(.init("title", .text(title))) }
    if let problem { fields.append(.init("problem", .text(problem))) }
    return fields
  }

  override public var renderedFlags: [String] {
    var flags: [String] = []
    if isTab && isActive { flags.append("selected") }
    if content == nil && problem == nil { flags.append("empty") }
    return flags
  }
}

/// A composing widget that could not show what it was given (a child screen that failed to
/// mount, a selection that names no tab): the driver reports it.
@MainActor
package protocol CompositionProblem {
  var problem: String? { get }
}

extension EmbeddedScreen: CompositionProblem {}
extension TabView: CompositionProblem {}

/// Whether a tab change is at its `will` or its `did` moment.
enum TabPhase {
  case will
  case did
}

/// What a tab view needs of its tabs, whatever their screen type.
@MainActor
public protocol TabContent: Widget {
  /// The title the tab bar shows.
  var title: String? { get }
}

/// Tabs of child screens, each an ``EmbeddedScreen`` bound to its own view model; the selected
/// tab (by id) is bindable two-way.
///
/// ```swift
/// let tabs = TabView("tabs", selection: "left")
/// // in the body:
/// tabs.with {
///   left
///   right
/// }
/// // in bindings:
/// bind(\.selectedTab, to: tabs.selection)
/// ```
///
/// Only the selected tab shows its tree, reaches the driver and follows the parent's appear and
/// disappear events; switching tabs sends the old tab `willDisappear`, the new one `willAppear`,
/// then `didDisappear` and `didAppear`, while the parent is visible.
@MainActor
public final class TabView: Widget {
  override public var kind: String { "TabView" }

  /// The id of the selected tab, editable.
  public let selection: WidgetProperty<String>

  package override var listedMembers: [any WidgetMember]? { [selection] }
  /// The tabs, in order.
  public private(set) var tabs: [any TabContent] = [] { didSet { reportChange("children") } }
  private var shown: String

  /// Creates a tab view.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - selection: The id of the tab selected first.
  public init(_ id: String, selection: String) {
    self.selection = WidgetProperty(
      widgetID: id, name: "selection", value: selection, isEditable: true)
    shown = selection
    super.init(id: id)
    self.selection.didChange = { [weak self] in self?.selectionChanged() }
  }

  /// Sets the tabs and returns the tab view, for a screen's `body`.
  ///
  /// - Parameter tabs: The tabs, each an ``EmbeddedScreen``.
  /// - Returns: The tab view.
  public func with(@WidgetBuilder _ tabs: () -> [Widget]) -> TabView {
    self.tabs = tabs().compactMap { $0 as? any TabContent }
    for tab in self.tabs {
      (tab as? any TabActivation)?.markTab(selected: tab.id == shown)
    }
    return self
  }

  /// The tab ids, in order.
  public var tabIDs: [String] { tabs.map(\.id) }

  /// Why the selection shows no tab, if it names none.
  public var problem: String? {
    tabIDs.contains(selection.value)
      ? nil
      : "no tab '\(selection.value)'; tabs: \(tabIDs.joined(separator: ", "))"
  }

  private func selectionChanged() {
    let new = selection.value
    guard new != shown, tabIDs.contains(new) else { return }
    let old = tabs.first { $0.id == shown } as? any TabActivation
    let next = tabs.first { $0.id == new } as? any TabActivation
    shown = new
    old?.activate(false, phase: .will)
    next?.activate(true, phase: .will)
    old?.activate(false, phase: .did)
    next?.activate(true, phase: .did)
  }

  override public var children: [Widget] { tabs }

  override public var renderedFields: [RenderedField] {
    var fields: [RenderedField] = [.init("selection", .text(selection.value))]
    if let problem { fields.append(.init("problem", .text(problem))) }
    return fields
  }
}

/// How a tab view reaches an embedded screen's activation, whatever its screen type.
@MainActor
protocol TabActivation: AnyObject {
  func markTab(selected: Bool)
  func activate(_ active: Bool, phase: TabPhase)
}

extension EmbeddedScreen: TabActivation {
  func markTab(selected: Bool) {
    isTab = true
    isActive = selected
  }

  func activate(_ active: Bool, phase: TabPhase) {
    setActive(active, phase: phase)
  }
}
