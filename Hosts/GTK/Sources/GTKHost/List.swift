import BindingDSL
import CGTK
import Headless

/// `ListView` → a `GtkListView` in a scrolled window. Its model holds the id of everything the
/// list shows as a row (``ListView/itemIDs``: headers, rows and footers), so the person can
/// scroll through every row; its recycled items show the rows of the list's window
/// (``ListView/row(atPosition:)``), and binding an item outside the window scrolls the window
/// there, which mounts the rows entering it (`willDisplay`) and unmounts those leaving it
/// (`didEndDisplaying`).
final class ListNativeView: NativeView {
  private let status = gtk(gtk_label_new(nil))
  private let refreshButton = gtk(gtk_button_new_with_label("Refresh"))
  private let loadMoreButton = gtk(gtk_button_new_with_label("Load more"))
  // NB: the list view owns the selection model, which owns the string list.
  private let strings: OpaquePointer
  let selectionModel: OpaquePointer
  private let listView: GTKWidgetPointer
  private(set) var ids: [String] = []
  /// The position of each row's id among the rows (headers and footers are not rows), as
  /// ``ListView/position(ofRow:)`` answers, kept with `ids` so that binding an item does not
  /// look through every row.
  private var rowPositions: [String: Int] = [:]
  /// The id each item is bound to now.
  private var bound: [UnsafeMutableRawPointer: String] = [:]
  /// The controls each item shows a row with, kept while the toolkit recycles the item and
  /// reused for the next row of the same shape.
  private var itemViews: [UnsafeMutableRawPointer: NativeView] = [:]
  /// The swipe actions' buttons of each item, made once.
  private var itemButtons: [UnsafeMutableRawPointer: [GTKWidgetPointer]] = [:]
  /// How many times an item was bound to a row: what scrolling costs.
  private(set) var bindCount = 0
  /// How many times an item's controls were reused for another row of the same shape, and
  /// how many times controls were made for a row.
  private(set) var reuseCount = 0
  private(set) var makeCount = 0

  init(_ list: ListView, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 4))
    let empty: [UnsafePointer<CChar>?] = [nil]
    let model = empty.withUnsafeBufferPointer { cgtk_string_list_new($0.baseAddress) }!
    strings = model
    selectionModel = gtk_single_selection_new(cgtk_list_model(UnsafeMutableRawPointer(model)))
    gtk_single_selection_set_autoselect(selectionModel, 0)
    gtk_single_selection_set_can_unselect(selectionModel, 1)
    let factory = gtk_signal_list_item_factory_new()!
    listView = gtk(
      gtk_list_view_new(
        cgtk_selection_model(UnsafeMutableRawPointer(selectionModel)), factory))
    let scrolled = gtk(gtk_scrolled_window_new())
    gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled.raw), listView)
    gtk_scrolled_window_set_policy(
      cgtk_scrolled_window(scrolled.raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_widget_set_vexpand(scrolled, 1)
    gtk_widget_set_size_request(scrolled, -1, 240)
    gtk_label_set_xalign(cgtk_label(status.raw), 0)
    gtk_box_append(cgtk_box(box.raw), refreshButton)
    gtk_box_append(cgtk_box(box.raw), status)
    gtk_box_append(cgtk_box(box.raw), scrolled)
    gtk_box_append(cgtk_box(box.raw), loadMoreButton)
    super.init(widget: list, host: host, control: box)
    input = listView
    let factoryPointer = UnsafeMutableRawPointer(factory)
    SignalHandler.connect(
      factoryPointer, "setup",
      argument: { _, item in
        let child = gtk(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
        gtk_list_item_set_child(cgtk_list_item(item), child)
      })
    SignalHandler.connect(
      factoryPointer, "bind",
      argument: { [weak self] _, item in
        self?.bind(item!)
      })
    SignalHandler.connect(
      factoryPointer, "unbind",
      argument: { [weak self] _, item in
        self?.unbind(item!)
      })
    SignalHandler.connect(
      factoryPointer, "teardown",
      argument: { [weak self] _, item in
        self?.tearDown(item!)
      })
    SignalHandler.connect(
      UnsafeMutableRawPointer(selectionModel), "notify::selected",
      argument: { [weak self] _, _ in self?.selected() })
    SignalHandler.connect(refreshButton.raw, "clicked") { [weak self] _ in
      self?.trigger(\.refresh)
    }
    SignalHandler.connect(loadMoreButton.raw, "clicked") { [weak self] _ in
      self?.trigger(\.loadMore)
    }
  }

  override var nestedViews: [NativeView] { Array(itemViews.values) }

  override func canShow(_ other: Widget) -> Bool { false }

  /// The rows bound to the toolkit's items now: the rows the person sees, and a few more.
  var boundRows: [RowWidget] {
    bound.compactMap { item, id in
      guard let row = itemViews[item]?.widget as? RowWidget, row.id.hasSuffix("[\(id)]") else {
        return nil
      }
      return row
    }
  }

  override func fill() { update(["children", "items"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let list = widget as? ListView else { return }
    // NB: the feed names `items` for a content the list took; a window that moved names
    // `children` alone, and leaves the items as they are.
    if properties.contains("items") {
      let next = list.itemIDs
      if next != ids { replaceItems(with: next, in: list) }
    }
    followBoundItems(in: list)
    for (item, id) in bound {
      let current = itemViews[item]?.widget
      let row = mountedRow(id, in: list, showing: current)
      if current == nil || row !== current { show(id, in: item, row: row) }
    }
    let text = list.failureText.value ?? (list.rowCount == 0 ? list.emptyText.value : nil)
    gtk_label_set_text(cgtk_label(status.raw), text ?? "")
    setShown(status, text != nil)
    if list.failureText.value != nil {
      gtk_widget_add_css_class(status, "error")
    } else {
      gtk_widget_remove_css_class(status, "error")
    }
    updateControl(refreshButton, list.refresh, title: "Refresh", busy: "Refreshing…")
    updateControl(
      loadMoreButton, list.loadMore, title: "Load more", busy: "Loading…",
      shown: list.hasMore.value)
    syncSelection()
  }

  private func updateControl(
    _ button: GTKWidgetPointer, _ control: ListControl, title: String, busy: String,
    shown: Bool = true
  ) {
    setShown(button, control.isBound && shown)
    gtk_widget_set_sensitive(button, control.isEnabled.value && !control.isBusy.value ? 1 : 0)
    gtk_button_set_label(cgtk_button(button.raw), control.isBusy.value ? busy : title)
  }

  private func replaceItems(with next: [String], in list: ListView) {
    let old = ids.count
    ids = next
    rowPositions = [:]
    for (position, id) in list.rowIDs.enumerated() { rowPositions[id] = position }
    let strings = next.map { strdup($0) } + [nil]
    defer { for string in strings { free(string) } }
    writing {
      strings.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(
          to: UnsafePointer<CChar>?.self, capacity: buffer.count
        ) {
          gtk_string_list_splice(self.strings, 0, guint(old), $0)
        }
      }
    }
  }

  private func bind(_ item: UnsafeMutableRawPointer) {
    guard let object = gtk_list_item_get_item(cgtk_list_item(item)) else { return }
    let id = String(
      cString: gtk_string_object_get_string(cgtk_string_object(UnsafeMutableRawPointer(object))))
    bound[item] = id
    bindCount += 1
    show(id, in: item, binding: true)
  }

  /// The item keeps its controls for the next row GTK binds it to.
  private func unbind(_ item: UnsafeMutableRawPointer) {
    bound[item] = nil
  }

  /// GTK destroys the item: its controls go with it (a new item may be made at its address).
  private func tearDown(_ item: UnsafeMutableRawPointer) {
    bound[item] = nil
    itemButtons[item] = nil
    if let view = itemViews.removeValue(forKey: item) { host.forget(view) }
  }

  /// Shows the row `id` in `item` when it is mounted; binding an item whose row is outside the
  /// window leaves it empty until the window follows the bound items.
  private func show(
    _ id: String, in item: UnsafeMutableRawPointer, row found: RowWidget?? = nil,
    binding: Bool = false
  ) {
    guard let list = widget as? ListView, let box = gtk_list_item_get_child(cgtk_list_item(item))
    else { return }
    let current = itemViews[item]
    guard let row = found ?? mountedRow(id, in: list) else {
      // NB: the window moves once the toolkit has bound every item of this pass.
      if let current { setShown(current.control, false) }
      for button in itemButtons[item] ?? [] { setShown(button, false) }
      if binding { host.updateLater(self) }
      return
    }
    let view: NativeView
    if let current, current.widget === row {
      view = current
    } else if let current, current.canShow(row) {
      current.show(row)
      view = current
      reuseCount += 1
    } else {
      if let current {
        if gtk_widget_get_parent(current.control) == box {
          gtk_box_remove(cgtk_box(box), current.control)
        }
        host.forget(current)
      }
      view = host.makeView(for: row)
      makeCount += 1
      Self.keepToOneLine(view)
      gtk_widget_set_hexpand(view.control, 1)
      gtk_box_prepend(cgtk_box(box), view.control)
      if row.role == .header || row.role == .footer {
        gtk_widget_add_css_class(view.control, row.role == .header ? "heading" : "dim-label")
      }
      itemViews[item] = view
    }
    setShown(view.control, !row.isHidden.value)
    if row.role == .row, itemButtons[item] == nil {
      itemButtons[item] = list.boundActions.map { action in
        let button = gtk(gtk_button_new_with_label(action.title ?? action.memberName))
        gtk_widget_add_css_class(button, action === list.deletion ? "destructive-action" : "flat")
        SignalHandler.connect(button.raw, "clicked") { [weak self] _ in
          self?.send(action, from: item)
        }
        gtk_box_append(cgtk_box(box), button)
        return button
      }
    }
    for button in itemButtons[item] ?? [] { setShown(button, row.role == .row) }
    if row.role == .row, rowPositions[id] == list.rowCount - 1, list.loadMore.isBound,
      list.loadMore.isEnabled.value, list.hasMore.value, !list.loadMore.isBusy.value
    {
      list.loadMore.trigger.send()
    }
  }

  /// The row `id` when it is mounted, found by its position (``ListView/row(atPosition:)``)
  /// rather than by a look through the window's rows (``ListView/row(_:)``), which binding
  /// each item and every turn's check of the bound items would repeat; `current`, the row the
  /// item shows now, spares comparing ids when it is still the row at that position.
  private func mountedRow(
    _ id: String, in list: ListView, showing current: Widget? = nil
  ) -> RowWidget? {
    // NB: a header or a footer has no position among the rows.
    guard let position = rowPositions[id] else { return list.row(id) }
    guard let row = list.row(atPosition: position) else { return nil }
    if row === current || row.itemID == id { return row }
    // NB: positions read before the list took a new content: look the row up by its id.
    return list.row(id)
  }

  /// Makes the labels of a row's controls keep to one line (``LabelView/wraps``).
  private static func keepToOneLine(_ view: NativeView) {
    (view as? LabelView)?.wraps = false
    for nested in view.nestedViews { keepToOneLine(nested) }
  }

  /// Sends a swipe action for the row `item` shows now.
  private func send(_ action: RowEvent, from item: UnsafeMutableRawPointer) {
    guard acceptsInput, bound[item] != nil, let row = itemViews[item]?.widget as? RowWidget,
      let model = row.model as? any RowModel
    else { return }
    action.send(model)
  }

  /// Moves the list's window over the rows of the items the toolkit has bound, exactly, when
  /// one of them is outside it: the rows entering are mounted (`willDisplay`), those leaving
  /// unmounted (`didEndDisplaying`), and the rows of items still bound stay.
  private func followBoundItems(in list: ListView) {
    let positions = bound.values.compactMap { rowPositions[$0] }
    guard let low = positions.min(), let high = positions.max() else { return }
    let window = list.windowRange
    guard !window.contains(low) || !window.contains(high) else { return }
    list.visibleRowCount = high - low + 1
    list.scroll(toRow: low)
  }

  func syncSelection() {
    guard let list = widget as? ListView else { return }
    let selected = list.rows.first { $0.isSelected.value }
    let index = selected.flatMap { row in ids.firstIndex(of: row.itemID) }
    writing {
      gtk_single_selection_set_selected(
        selectionModel, index.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    }
  }

  private func selected() {
    guard !isWriting, let list = widget as? ListView else { return }
    let position = Int(gtk_single_selection_get_selected(selectionModel))
    guard ids.indices.contains(position), acceptsInput,
      let row = list.row(ids[position]), row.role == RowWidget.Role.row
    else { return }
    if !row.isSelected.value { list.select(row) }
  }

  private func trigger(_ control: KeyPath<ListView, ListControl>) {
    guard acceptsInput, let list = widget as? ListView else { return }
    let control = list[keyPath: control]
    guard control.isBound, control.isEnabled.value else { return }
    control.trigger.send()
  }

  /// Scrolls the toolkit's list to the item `position`, as the person would.
  func scrollTo(item position: Int) {
    let scrolled = gtk_widget_get_parent(listView)!
    let adjustment = gtk_scrolled_window_get_vadjustment(
      cgtk_scrolled_window(UnsafeMutableRawPointer(scrolled)))
    let upper = gtk_adjustment_get_upper(adjustment)
    let value = upper * Double(position) / Double(max(ids.count, 1))
    gtk_adjustment_set_value(adjustment, value)
  }
}
