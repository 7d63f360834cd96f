import BindingDSL

/// A registered screen mounted on its view model under the app's graph run: it holds the view
/// model, the tree and the child mount until ``unmount()``.
@MainActor
package final class ScreenMount {
  /// The registered name.
  package let name: String
  /// The view model, until unmounted.
  private(set) var model: AnyObject?
  /// The tree, until unmounted.
  package private(set) var root: Widget?
  private var widgetsByID: [String: Widget]
  private var child: ChildMount?
  /// The screen's place on its stack, as rendered.
  let container: ScreenContainer
  /// What a widget's enabled state follows, for messages.
  package let enabledCause: (TargetKey) -> String?
  /// Whether the screen has appeared and not disappeared since.
  private(set) var isVisible = false
  /// Whether the screen has disappeared since it last appeared: it then appears again.
  private var hasDisappeared = false

  init(
    name: String, model: AnyObject, root: Widget, widgetsByID: [String: Widget],
    child: ChildMount, container: ScreenContainer,
    enabledCause: @escaping (TargetKey) -> String?
  ) {
    self.name = name
    self.model = model
    self.root = root
    self.widgetsByID = widgetsByID
    self.child = child
    self.container = container
    self.enabledCause = enabledCause
    container.content = root
  }

  var isMounted: Bool { child != nil }

  /// The widget with `id` in the screen's own id space.
  package func widget(_ id: String) -> Widget? {
    if let fixed = widgetsByID[id] { return fixed }
    return root?.allWidgets.first { $0.id == id }
  }

  /// The ids of every widget in the tree, sorted.
  package var widgetIDs: [String] {
    Set(widgetsByID.keys).union(root?.allWidgets.map(\.id) ?? []).sorted()
  }

  /// `willAppear` (when not visible).
  func willAppear() {
    guard isMounted, !isVisible else { return }
    if hasDisappeared {
      hasDisappeared = false
      root?.listsReappear()
    }
    child?.send(.willAppear)
  }

  /// `didAppear`; the screen is visible from now on.
  func didAppear() {
    guard isMounted, !isVisible else { return }
    isVisible = true
    child?.send(.didAppear)
  }

  /// `willDisappear` (when visible).
  func willDisappear() {
    guard isMounted, isVisible else { return }
    child?.send(.willDisappear)
  }

  /// `didDisappear`; the screen is hidden from now on.
  func didDisappear() {
    guard isMounted, isVisible else { return }
    isVisible = false
    hasDisappeared = true
    child?.send(.didDisappear)
  }

  /// Cancels the runs the screen's bindings started and releases the view model and the tree.
  func unmount() {
    child?.unmount()
    child = nil
    model = nil
    root = nil
    widgetsByID = [:]
    container.content = nil
  }
}
