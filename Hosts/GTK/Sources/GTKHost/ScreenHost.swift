import BindingDSL
public import CGTK
public import Headless

/// A widget kind, added outside the library, that brings its own native GTK control.
///
/// The host asks a widget for its control before the kinds it knows, builds it once, and then
/// calls ``updateGTKControl(_:changed:)`` with the names a ``WidgetChangeFeed`` reports for the
/// widget (its properties, and what it reports with ``Widget/reportChange(_:)``). A kind that
/// adopts nothing is shown as its text-format line.
@MainActor
public protocol GTKPresentable: Widget {
  /// Makes the native control that shows this widget, filled with its current values.
  ///
  /// - Returns: A new GTK widget; the host owns it.
  func makeGTKControl() -> GTKWidgetPointer

  /// Updates `control` for the properties of this widget that changed.
  ///
  /// - Parameters:
  ///   - control: The control ``makeGTKControl()`` made.
  ///   - changed: The names of what changed, as the feed reports them.
  func updateGTKControl(_ control: GTKWidgetPointer, changed: [String])
}

/// Shows a widget tree as native GTK 4 controls and keeps them up to date: a mounted screen's
/// root, or an app's view with its stacks, header bar and dialogs.
///
/// The host builds a control per widget once, walking ``Widget/children`` (a list through its
/// rows), and then follows the tree with a ``WidgetChangeFeed``: after each turn of its
/// ``GTKScheduler`` it updates only the controls of the widgets that changed. What the person
/// does reaches the widgets through their public edits and events, as a test's do.
@MainActor
public final class GTKScreenHost {
  /// The tree shown.
  public let root: Widget
  /// The app shown, when the host shows one.
  public let app: AppHost?
  /// The scheduler whose turns update the controls.
  public let scheduler: GTKScheduler
  /// The outermost native control: put it in a window.
  public private(set) var control: GTKWidgetPointer
  /// The window the host is shown in, which an app's sheets and dialogs are presented over;
  /// setting it puts the sheets already shown over it.
  public var window: UnsafeMutablePointer<GtkWindow>? {
    didSet { (rootView as? AppChromeView)?.presentSheets() }
  }
  /// How many controls were updated (a property of a widget named by the feed) since the host
  /// was made.
  public private(set) var updateCount = 0

  private var feed: WidgetChangeFeed?
  /// Views to update at the end of the next update, whatever the feed names.
  private var deferred: [NativeView] = []
  private var views: [ObjectIdentifier: NativeView] = [:]
  private(set) var rootView: NativeView?

  /// Shows a mounted screen's tree.
  ///
  /// - Parameters:
  ///   - root: The tree: ``MountedScreen/root``.
  ///   - scheduler: The scheduler the screen is mounted on.
  public init(root: Widget, scheduler: GTKScheduler) {
    self.root = root
    self.app = nil
    self.scheduler = scheduler
    control = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    start()
  }

  /// Shows an app: its visible screen under a header bar with its title and a back button,
  /// its toast and progress HUD over the screen, each presented stack as a sheet (a modal
  /// window with a header bar of its own; closing it dismisses the stack), its dialogs as modal
  /// windows over the top one.
  ///
  /// - Parameters:
  ///   - app: The app, mounted on `scheduler`.
  ///   - scheduler: The scheduler the app is mounted on.
  public init(app: AppHost, scheduler: GTKScheduler) {
    self.root = app.view
    self.app = app
    self.scheduler = scheduler
    control = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    start()
  }

  private func start() {
    let feed = WidgetChangeFeed(root: root)
    self.feed = feed
    feed.onChange = { [weak scheduler] in scheduler?.requestTurn() }
    scheduler.addHost(self) { [weak self] in self?.update() }
    let view = makeView(for: root)
    rootView = view
    control = view.control
  }

  /// The header bar of an app's host, to set as its window's title bar; `nil` for a screen.
  public var headerBar: GTKWidgetPointer? { (rootView as? AppChromeView)?.header }

  /// Updates the controls of the widgets that changed since the last update; the scheduler
  /// calls it after each flush.
  public func update() {
    guard let feed else { return }
    for change in feed.takeChanges() {
      guard let view = views[ObjectIdentifier(change.widget)], view.widget === change.widget
      else { continue }
      updateCount += 1
      view.update(change.properties)
    }
    let views = deferred
    deferred = []
    for view in views where view.widget != nil { view.update([]) }
  }

  /// Updates `view` at the end of the next turn (a list whose toolkit bound items outside its
  /// window, which is moved once the toolkit has bound them all).
  func updateLater(_ view: NativeView) {
    if !deferred.contains(where: { $0 === view }) { deferred.append(view) }
    scheduler.requestTurn()
  }

  /// Stops following the tree and releases every control; the host shows nothing after it.
  public func stop() {
    feed?.stop()
    feed = nil
    scheduler.removeHost(self)
    if let rootView { forget(rootView) }
    rootView = nil
  }

  /// The native control that shows `widget`, while the host shows it: for a field its entry,
  /// for a button its button, for a list its `GtkListView`.
  ///
  /// - Parameter widget: A widget of the tree.
  /// - Returns: The control, or `nil` when the widget is not shown.
  public func nativeControl(for widget: Widget) -> GTKWidgetPointer? {
    guard let view = views[ObjectIdentifier(widget)], view.widget === widget else { return nil }
    return view.input
  }

  func view(of widget: Widget) -> NativeView? {
    guard let view = views[ObjectIdentifier(widget)], view.widget === widget else { return nil }
    return view
  }

  /// How many widgets have a control now.
  public var controlCount: Int { views.count }

  // MARK: - Views

  func makeView(for widget: Widget) -> NativeView {
    let view = NativeViewFactory.make(for: widget, host: self)
    register(view, for: widget)
    view.fill()
    if widget is any Focusable { view.followFocus() }
    view.updateCommon(NativeView.commonProperties)
    return view
  }

  /// Drops `view` and the views nested in it.
  func forget(_ view: NativeView) {
    for child in view.nestedViews { forget(child) }
    view.dismantle()
    unregister(view)
  }

  /// Files `view` as the view of `widget`, and no longer under the widget it showed before.
  func register(_ view: NativeView, for widget: Widget) {
    unregister(view)
    let key = ObjectIdentifier(widget)
    views[key] = view
    view.registeredKey = key
  }

  private func unregister(_ view: NativeView) {
    if let key = view.registeredKey, views[key] === view { views[key] = nil }
    view.registeredKey = nil
  }

  /// The window a dialog goes over: the sheet of the stack presented last, else the host's.
  var topWindow: UnsafeMutablePointer<GtkWindow>? {
    (rootView as? AppChromeView)?.sheets.last?.sheetWindow ?? window
  }

  /// Keeps the views of `widgets` that exist, makes the others (`added` places them), and
  /// drops the views of the widgets that left (`removed` takes them out first).
  ///
  /// - Returns: The views of `widgets`, in their order.
  func reconcile(
    _ views: [NativeView], with widgets: [Widget], added: (NativeView) -> Void,
    removed: (NativeView) -> Void = { _ in }
  ) -> [NativeView] {
    var next: [NativeView] = []
    for widget in widgets {
      if let view = views.first(where: { $0.widget === widget }) {
        next.append(view)
      } else {
        let view = makeView(for: widget)
        added(view)
        next.append(view)
      }
    }
    for view in views where !next.contains(where: { $0 === view }) {
      removed(view)
      forget(view)
    }
    return next
  }

  /// Goes back in the app, as the back button does.
  func goBack() {
    guard let app else { return }
    try? app.goBack()
  }
}
