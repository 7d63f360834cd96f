import BindingDSL
import CGTK
import Headless

/// An app's `AppView` → the main stack under a `GtkHeaderBar` with the visible screen's title
/// and a back button (`AppHost.goBack()`), a `GtkStack` with a page per screen (the top one
/// visible), and over it, in a `GtkOverlay`, the toast and the progress HUD; each presented
/// stack is a modal window of its own over the one before (a sheet), and so is each dialog.
final class AppChromeView: NativeView {
  private let main: StackChrome
  private let overlay = gtk(gtk_overlay_new())
  private var stackViews: [NativeView] = []
  private var overlayViews: [NativeView] = []

  init(_ app: AppView, host: GTKScreenHost) {
    main = StackChrome(host: host)
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    gtk_overlay_set_child(cgtk_overlay(overlay.raw), main.stack)
    gtk_widget_set_vexpand(overlay, 1)
    gtk_box_append(cgtk_box(box.raw), overlay)
    super.init(widget: app, host: host, control: box)
  }

  /// The main window's header bar.
  var header: GTKWidgetPointer { main.header }
  /// The title in the main window's header bar.
  var title: GTKWidgetPointer { main.title }
  /// The main window's back button.
  var back: GTKWidgetPointer { main.back }

  override var nestedViews: [NativeView] { stackViews + main.pages + overlayViews }

  override func canShow(_ other: Widget) -> Bool { false }

  override func fill() { update(["children"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard properties.contains("children"), let app = widget as? AppView else { return }
    stackViews = host.reconcile(stackViews, with: app.stacks) { _ in }
    presentSheets()
    let shownOverlays = app.children.filter { !($0 is NavigationStackView) }
    overlayViews = host.reconcile(overlayViews, with: shownOverlays) { view in
      if view is DialogWindowView { return }
      gtk_widget_set_halign(view.control, GTK_ALIGN_CENTER)
      gtk_widget_set_valign(
        view.control, view.widget is HUD ? GTK_ALIGN_CENTER : GTK_ALIGN_END)
      gtk_widget_set_margin_bottom(view.control, 24)
      gtk_widget_add_css_class(view.control, "osd")
      gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), view.control)
    } removed: { view in
      if !(view is DialogWindowView) {
        gtk_overlay_remove_overlay(cgtk_overlay(overlay.raw), view.control)
      }
    }
    showTop()
  }

  /// Shows each sheet over the one before it, the first over the host's window.
  func presentSheets() {
    var parent = host.window
    for sheet in sheets {
      sheet.present(over: parent)
      parent = sheet.sheetWindow
    }
  }

  /// The windows of the presented stacks, the earliest presented first.
  var sheets: [SheetView] { stackViews.compactMap { $0 as? SheetView } }

  /// Shows the top screen of the main stack, its title and its back button, and the top
  /// screen of each presented stack in its window.
  func showTop() {
    guard let app = widget as? AppView else { return }
    let title = main.show(app.stacks.first)
    if let title, let window = host.window { gtk_window_set_title(window, title) }
    for sheet in sheets { sheet.showTop() }
  }
}

/// A stack's screens as the pages of a `GtkStack`, the top one visible, under a
/// `GtkHeaderBar` with its title and a back button (`AppHost.goBack()`).
@MainActor
final class StackChrome {
  let header = gtk(gtk_header_bar_new())
  let title = gtk(gtk_label_new(nil))
  let back = gtk(gtk_button_new_from_icon_name("go-previous-symbolic"))
  let stack = gtk(gtk_stack_new())
  private(set) var pages: [NativeView] = []
  private unowned let host: GTKScreenHost

  init(host: GTKScreenHost) {
    self.host = host
    gtk_header_bar_set_title_widget(cgtk_header_bar(header.raw), title)
    gtk_header_bar_pack_start(cgtk_header_bar(header.raw), back)
    gtk_widget_add_css_class(title, "title")
    gtk_stack_set_transition_type(cgtk_stack(stack.raw), GTK_STACK_TRANSITION_TYPE_NONE)
    gtk_widget_set_vexpand(stack, 1)
    g_object_ref_sink(header.raw)
    g_object_ref_sink(stack.raw)
    SignalHandler.connect(back.raw, "clicked") { [weak host] _ in host?.goBack() }
  }

  isolated deinit {
    g_object_unref(header.raw)
    g_object_unref(stack.raw)
  }

  /// Shows the screens of `stackView`, the top one visible, with its title and back button.
  ///
  /// - Returns: The top screen's title, or `nil` when the stack is empty.
  func show(_ stackView: NavigationStackView?) -> String? {
    pages = host.reconcile(pages, with: stackView?.screens ?? []) { view in
      gtk_stack_add_child(cgtk_stack(self.stack.raw), view.control)
    } removed: { view in
      gtk_stack_remove(cgtk_stack(self.stack.raw), view.control)
    }
    guard let top = stackView?.screens.last, let page = pages.first(where: { $0.widget === top })
    else {
      gtk_label_set_text(cgtk_label(title.raw), "")
      setShown(back, false)
      return nil
    }
    gtk_stack_set_visible_child(cgtk_stack(stack.raw), page.control)
    gtk_label_set_text(cgtk_label(title.raw), top.title.value)
    setShown(back, top.hasBack)
    return top.title.value
  }
}

/// The main stack of an app: its screens are pages of the main window's `GtkStack`; a change
/// of the stack (a push, a pop) shows the new top screen.
final class StackProxyView: NativeView {
  init(_ stack: NavigationStackView, host: GTKScreenHost) {
    super.init(widget: stack, host: host, control: gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)))
  }

  override func update(_ properties: [String]) {
    super.update(properties)
    (host.rootView as? AppChromeView)?.showTop()
  }
}

/// A presented stack of an app → a sheet: a modal window over the window before it, with a
/// header bar of its own (the top screen's title, a back button) over its screens. The app
/// dismissing the stack closes the window; closing the window dismisses the stack
/// (`AppHost.dismiss()`).
final class SheetView: NativeView {
  private let window: UnsafeMutablePointer<GtkWindow>
  private let chrome: StackChrome
  private var isPresented = false

  init(_ stack: NavigationStackView, host: GTKScreenHost) {
    chrome = StackChrome(host: host)
    window = cgtk_window(UnsafeMutableRawPointer(gtk_window_new()))
    g_object_ref_sink(UnsafeMutableRawPointer(window))
    gtk_window_set_modal(window, 1)
    gtk_window_set_default_size(window, 400, 560)
    gtk_window_set_titlebar(window, chrome.header)
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    gtk_box_append(cgtk_box(box.raw), chrome.stack)
    gtk_window_set_child(window, box)
    super.init(widget: stack, host: host, control: box)
    SignalHandler.connect(
      UnsafeMutableRawPointer(window), "close-request",
      answering: { [weak self] _ in
        self?.closeRequested()
        // NB: the window goes when the app takes the stack away, not before.
        return true
      })
  }

  isolated deinit {
    g_object_unref(UnsafeMutableRawPointer(window))
  }

  /// The sheet's window.
  var sheetWindow: UnsafeMutablePointer<GtkWindow> { window }
  /// The title in the sheet's header bar.
  var title: GTKWidgetPointer { chrome.title }
  /// The sheet's back button.
  var back: GTKWidgetPointer { chrome.back }

  override var nestedViews: [NativeView] { chrome.pages }

  override func canShow(_ other: Widget) -> Bool { false }

  override func fill() { showTop() }

  override func update(_ properties: [String]) {
    super.update(properties)
    showTop()
  }

  /// Shows the stack's top screen, its title and its back button.
  func showTop() {
    let title = chrome.show(widget as? NavigationStackView)
    gtk_window_set_title(window, title ?? "")
  }

  /// Makes the sheet transient for `parent` (the window before it), and shows it the first
  /// time.
  func present(over parent: UnsafeMutablePointer<GtkWindow>?) {
    if gtk_window_get_transient_for(window) != parent {
      gtk_window_set_transient_for(window, parent)
    }
    guard !isPresented else { return }
    isPresented = true
    gtk_window_present(window)
  }

  private func closeRequested() {
    guard let stack = widget as? NavigationStackView, let app = host.app,
      app.view.stacks.last === stack
    else { return }
    try? app.dismiss()
  }

  override func dismantle() {
    gtk_window_destroy(window)
  }
}

/// `DialogView` → a modal window over the host's window: its title, its message, a prompt's
/// entry and its buttons (in a column for an action sheet). Hidden while it waits behind
/// another dialog; answered by a button, it goes when the app takes it away.
final class DialogWindowView: ContainerView {
  private let window: UnsafeMutablePointer<GtkWindow>

  init(_ dialog: DialogView, host: GTKScreenHost) {
    window = cgtk_window(UnsafeMutableRawPointer(gtk_window_new()))
    g_object_ref_sink(UnsafeMutableRawPointer(window))
    gtk_window_set_modal(window, 1)
    gtk_window_set_title(window, dialog.title)
    gtk_window_set_deletable(window, 0)
    gtk_window_set_default_size(window, 320, -1)
    if let parent = host.topWindow { gtk_window_set_transient_for(window, parent) }
    let content = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
    for margin in [
      gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
      gtk_widget_set_margin_start, gtk_widget_set_margin_end,
    ] {
      margin(content, 18)
    }
    let heading = gtk(gtk_label_new(dialog.title))
    gtk_widget_add_css_class(heading, "title-2")
    gtk_box_append(cgtk_box(content.raw), heading)
    if let message = dialog.message {
      let label = gtk(gtk_label_new(message))
      gtk_label_set_wrap(cgtk_label(label.raw), 1)
      gtk_box_append(cgtk_box(content.raw), label)
    }
    let buttons = gtk(
      gtk_box_new(
        dialog.style == .actionSheet ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, 6))
    gtk_widget_set_halign(buttons, dialog.style == .actionSheet ? GTK_ALIGN_FILL : GTK_ALIGN_END)
    gtk_box_append(cgtk_box(content.raw), buttons)
    gtk_window_set_child(window, content)
    super.init(widget: dialog, host: host, control: content, box: buttons)
    SignalHandler.connect(
      UnsafeMutableRawPointer(window), "close-request", answering: { _ in true })
  }

  private var fieldView: NativeView?

  override var nestedViews: [NativeView] { childViews + (fieldView.map { [$0] } ?? []) }

  override func fill() {
    super.fill()
    // NB: a prompt's field goes above the buttons.
    if let dialog = widget as? DialogView, let field = dialog.field {
      let view = host.makeView(for: field)
      gtk_box_insert_child_after(
        cgtk_box(control.raw), view.control, gtk_widget_get_prev_sibling(box))
      fieldView = view
    }
    update(["isWaiting"])
  }

  override var shownChildren: [Widget] { (widget as? DialogView)?.buttons ?? [] }

  override func canShow(_ other: Widget) -> Bool { false }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let dialog = widget as? DialogView, properties.contains("isWaiting") else { return }
    if dialog.isWaiting {
      gtk_widget_set_visible(gtk(window), 0)
    } else {
      gtk_window_present(window)
    }
  }

  /// The dialog's window.
  var dialogWindow: UnsafeMutablePointer<GtkWindow> { window }

  override func dismantle() {
    gtk_window_destroy(window)
  }

  isolated deinit {
    g_object_unref(UnsafeMutableRawPointer(window))
  }
}
