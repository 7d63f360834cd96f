import BindingDSL
import CGTK
import Headless

/// An app's `AppView` → a `GtkHeaderBar` with the visible screen's title and a back button
/// (`AppHost.goBack()`), a `GtkStack` with a page per screen of every stack (the top one
/// visible), and over it, in a `GtkOverlay`, the toast and the progress HUD; each dialog is a
/// modal window of its own.
final class AppChromeView: NativeView {
  let header = gtk(gtk_header_bar_new())
  let title = gtk(gtk_label_new(nil))
  let back = gtk(gtk_button_new_from_icon_name("go-previous-symbolic"))
  private let stack = gtk(gtk_stack_new())
  private let overlay = gtk(gtk_overlay_new())
  private var stackViews: [NativeView] = []
  private var pages: [NativeView] = []
  private var overlayViews: [NativeView] = []

  init(_ app: AppView, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    gtk_header_bar_set_title_widget(cgtk_header_bar(header.raw), title)
    gtk_header_bar_pack_start(cgtk_header_bar(header.raw), back)
    gtk_widget_add_css_class(title, "title")
    gtk_stack_set_transition_type(cgtk_stack(stack.raw), GTK_STACK_TRANSITION_TYPE_NONE)
    gtk_overlay_set_child(cgtk_overlay(overlay.raw), stack)
    gtk_widget_set_vexpand(overlay, 1)
    gtk_box_append(cgtk_box(box.raw), overlay)
    g_object_ref_sink(header.raw)
    super.init(widget: app, host: host, control: box)
    SignalHandler.connect(back.raw, "clicked") { [weak self] _ in self?.host.goBack() }
  }

  isolated deinit {
    g_object_unref(header.raw)
  }

  override var nestedViews: [NativeView] { stackViews + pages + overlayViews }

  override func canShow(_ other: Widget) -> Bool { false }

  override func fill() { update(["children"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard properties.contains("children"), let app = widget as? AppView else { return }
    stackViews = reconcile(stackViews, with: app.stacks) { _ in }
    let shownOverlays = app.children.filter { !($0 is NavigationStackView) }
    overlayViews = reconcile(overlayViews, with: shownOverlays) { view in
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

  /// Keeps the views of `widgets` that exist, makes the others (`added` places them), and
  /// drops the views of the widgets that left (`removed` takes them out first).
  private func reconcile(
    _ views: [NativeView], with widgets: [Widget], added: (NativeView) -> Void,
    removed: (NativeView) -> Void = { _ in }
  ) -> [NativeView] {
    var next: [NativeView] = []
    for widget in widgets {
      if let view = views.first(where: { $0.widget === widget }) {
        next.append(view)
      } else {
        let view = host.makeView(for: widget)
        added(view)
        next.append(view)
      }
    }
    for view in views where !next.contains(where: { $0 === view }) {
      removed(view)
      host.forget(view)
    }
    return next
  }

  /// Shows the top screen of the last stack, its title and its back button.
  func showTop() {
    guard let app = widget as? AppView else { return }
    let screens = app.stacks.flatMap(\.screens)
    pages = reconcile(pages, with: screens) { view in
      gtk_stack_add_child(cgtk_stack(self.stack.raw), view.control)
    } removed: { view in
      gtk_stack_remove(cgtk_stack(self.stack.raw), view.control)
    }
    guard let top = app.stacks.last?.screens.last,
      let page = pages.first(where: { $0.widget === top })
    else {
      gtk_label_set_text(cgtk_label(title.raw), "")
      setShown(back, false)
      return
    }
    gtk_stack_set_visible_child(cgtk_stack(stack.raw), page.control)
    gtk_label_set_text(cgtk_label(title.raw), top.title.value)
    setShown(back, top.hasBack)
    if let window = host.window { gtk_window_set_title(window, top.title.value) }
  }
}

/// A stack of an app: its screens are pages of the app's `GtkStack`; a change of the stack
/// (a push, a pop) shows the new top screen.
final class StackProxyView: NativeView {
  init(_ stack: NavigationStackView, host: GTKScreenHost) {
    super.init(widget: stack, host: host, control: gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)))
  }

  override func update(_ properties: [String]) {
    super.update(properties)
    (host.rootView as? AppChromeView)?.showTop()
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
    if let parent = host.window { gtk_window_set_transient_for(window, parent) }
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
