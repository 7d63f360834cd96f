import BindingDSL
import CGTK
import Headless

/// `VStack`, `HStack`, an embedded screen, a row and a screen of an app → a `GtkBox`;
/// `ScrollView` → a `GtkScrolledWindow` around one.
final class BoxView: ContainerView {
  /// The role of the row the box shows, when it shows one: a header's controls show only
  /// headers.
  private let role: RowWidget.Role?

  init(_ widget: Widget, host: GTKScreenHost) {
    role = (widget as? RowWidget)?.role
    let horizontal = widget is HStack
    let box = gtk(
      gtk_box_new(
        horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, horizontal ? 8 : 6))
    if widget is ScrollView {
      let scrolled = gtk(gtk_scrolled_window_new())
      gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled.raw), box)
      gtk_scrolled_window_set_policy(
        cgtk_scrolled_window(scrolled.raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
      gtk_widget_set_vexpand(scrolled, 1)
      super.init(widget: widget, host: host, control: scrolled, box: box)
    } else {
      super.init(widget: widget, host: host, control: box)
    }
  }

  override func canShow(_ other: Widget) -> Bool {
    (other as? RowWidget)?.role == role && super.canShow(other)
  }

  override func update(_ properties: [String]) {
    super.update(properties)
    if properties.contains("title") || properties.contains("hasBack")
      || properties.contains("isCovered")
    {
      (host.rootView as? AppChromeView)?.showTop()
    }
    if let row = widget as? RowWidget, properties.contains("isSelected"), let list = row.list {
      (host.view(of: list) as? ListNativeView)?.syncSelection()
    }
  }
}

/// `TabView` → a `GtkStack` of its tabs under a `GtkStackSwitcher`.
final class TabsView: NativeView {
  private var tabViews: [NativeView] = []
  private let stack = gtk(gtk_stack_new())

  init(_ tabs: TabView, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
    let switcher = gtk(gtk_stack_switcher_new())
    gtk_stack_switcher_set_stack(OpaquePointer(switcher.raw), cgtk_stack(stack.raw))
    gtk_widget_set_halign(switcher, GTK_ALIGN_CENTER)
    gtk_box_append(cgtk_box(box.raw), switcher)
    gtk_box_append(cgtk_box(box.raw), stack)
    gtk_widget_set_vexpand(stack, 1)
    super.init(widget: tabs, host: host, control: box)
    input = stack
    SignalHandler.connect(
      stack.raw, "notify::visible-child-name",
      argument: { [weak self] _, _ in
        self?.switched()
      })
  }

  override var nestedViews: [NativeView] { tabViews }

  override func canShow(_ other: Widget) -> Bool { false }

  override func fill() { update(["children", "selection"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let tabs = widget as? TabView else { return }
    writing {
      if properties.contains("children") {
        for view in tabViews {
          gtk_stack_remove(cgtk_stack(stack.raw), view.control)
          host.forget(view)
        }
        tabViews = tabs.tabs.map { tab in
          let view = host.makeView(for: tab)
          gtk_stack_add_titled(cgtk_stack(stack.raw), view.control, tab.id, tab.title ?? tab.id)
          return view
        }
      }
      if properties.contains("selection") || properties.contains("children") {
        gtk_stack_set_visible_child_name(cgtk_stack(stack.raw), tabs.selection.value)
      }
    }
  }

  private func switched() {
    guard acceptsInput, let tabs = widget as? TabView,
      let name = gtk_stack_get_visible_child_name(cgtk_stack(stack.raw))
    else { return }
    let id = String(cString: name)
    if tabs.selection.value != id { tabs.selection.edit(id) }
  }
}
