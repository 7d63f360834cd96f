public import BindingDSL

/// A screen mounted on a view model. It holds the view model and the widgets until
/// ``unmount()``, which releases both.
@MainActor
public final class MountedScreen<S: Screen> {
  /// The screen, until unmounted.
  public private(set) var screen: S?
  /// The root of the widget tree, until unmounted.
  public private(set) var root: Widget?
  /// The running bindings: they keep the view model and the widgets in sync until unmounted.
  /// To read what the bindings are, ask ``bindingGraph``.
  public let graph: MountedGraph<S.Model>

  /// The checked graph of the screen's bindings: its declarations, nodes and edges, and
  /// ``/BindingDSL/BindingGraph/dump()``, the graph as text. It stays readable once the screen is
  /// unmounted.
  ///
  /// ```swift
  /// let mounted = try GreetingScreen().mount(on: GreetingViewModel())
  /// let dump = mounted.bindingGraph.dump()
  /// ```
  public var bindingGraph: BindingGraph<S.Model> { graph.graph }

  private var widgetsByID: [String: Widget]

  init(
    _ screen: S, on model: S.Model, scheduler: any FlushScheduler, clock: any Clock<Duration>,
    cache: ScreenMountCache?
  ) throws(ScreenError) {
    let prepared = try PreparedScreen(screen, on: model, cache: cache)
    self.screen = screen
    self.root = prepared.root
    self.widgetsByID = prepared.widgetsByID
    self.graph = MountedGraph(
      prepared.graph, installing: prepared.declarations, on: model, scheduler: scheduler,
      clock: clock, parked: cache?.parked)
  }

  /// Whether the screen has appeared and not disappeared since.
  public private(set) var isVisible = false
  /// Whether the screen has disappeared since it last appeared: it then appears again, and its
  /// lists clear their selection (see ``ListView/clearsSelectionOnReappear``).
  private var hasDisappeared = false

  /// Tells the screen it is being shown: `willAppear`, then `didAppear`. Does nothing if it is
  /// already visible. Shown again after ``disappear()``, its lists first deselect their selected
  /// rows (see ``ListView/clearsSelectionOnReappear``).
  public func appear() {
    guard isMounted, !isVisible else { return }
    if hasDisappeared {
      hasDisappeared = false
      root?.listsReappear()
    }
    graph.send(.willAppear)
    isVisible = true
    graph.send(.didAppear)
  }

  /// Tells the screen it is being hidden: `willDisappear`, then `didDisappear`. Does nothing if
  /// it is not visible.
  public func disappear() {
    guard isMounted, isVisible else { return }
    graph.send(.willDisappear)
    isVisible = false
    hasDisappeared = true
    graph.send(.didDisappear)
  }

  /// Whether the screen is still mounted.
  public var isMounted: Bool { root != nil }

  /// The view model, until unmounted.
  public var model: S.Model? { graph.model }

  /// The widget with `id`, if the tree has one.
  ///
  /// Widgets a container makes from its data (the rows of a `TextList`) are found in the tree as
  /// it is now, so they are never stale.
  ///
  /// - Parameter id: The widget's id, as `#id` in a render shows it.
  /// - Returns: The widget, or `nil` when no widget of the tree has that id (``widgetIDs`` lists
  ///   those that exist).
  public func widget(_ id: String) -> Widget? {
    if let fixed = widgetsByID[id] { return fixed }
    return root?.allWidgets.first { $0.id == id }
  }

  /// The ids of every widget in the tree, sorted.
  public var widgetIDs: [String] {
    Set(widgetsByID.keys).union(root?.allWidgets.map(\.id) ?? []).sorted()
  }

  /// The tree as text, in the documented format.
  ///
  /// - Returns: One widget a line, or `(unmounted)` once the screen is unmounted.
  public func render() -> String {
    root.map(TextRenderer.render) ?? "(unmounted)"
  }

  /// Uninstalls the bindings and releases the view model and the widgets.
  /// A visible screen disappears first.
  public func unmount() {
    disappear()
    graph.unmount()
    widgetsByID = [:]
    root = nil
    screen = nil
  }
}
