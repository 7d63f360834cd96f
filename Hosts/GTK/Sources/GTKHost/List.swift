import BindingDSL
import CGTK
import Headless

/// `ListView` → a `GtkListView` in a scrolled window. Its model holds an item for everything
/// the list shows as a row (``ListView/itemCount``: headers, rows and footers, each named by
/// its id in ``ListView/itemIDs``), so the person can scroll through every row. Its recycled
/// items are bound by position: an item shows the list's item at its position
/// (``ListView/itemWidget(at:)``). The list's window covers the bound items and
/// ``ListNativeView/rowsMountedAhead`` rows more on each side, and follows them at the host's
/// turn after GTK binds: it mounts the rows entering it and unmounts those leaving it, so the
/// items a page scrolled binds find their rows mounted already. After each frame the host
/// reports the rows on screen (``ListView/setDisplayedRows(_:)``), so `willDisplay` and `didEndDisplaying` follow what the
/// person sees, not the items GTK keeps bound around them. Pulling the list down past its top
/// (the scrolled window's `edge-overshot` at the top, from a touchpad or a touchscreen)
/// refreshes it, as a pull does on a phone.
final class ListNativeView: NativeView {
  /// What the list says above its rows: refreshing, its failure, its empty text.
  let status = gtk(gtk_label_new(nil))
  private let loadMoreButton = gtk(gtk_button_new_with_label("Load more"))
  // NB: the list view owns the selection model, which owns the string list.
  private let strings: OpaquePointer
  let selectionModel: OpaquePointer
  private let listView: GTKWidgetPointer
  /// The scrolled window the list view scrolls in: its `edge-overshot` at the top refreshes.
  let scrolled: GTKWidgetPointer
  /// The ids of the model's items, ``ListView/itemIDs`` as last taken: what a new content is
  /// compared with, so that only the items that changed are replaced in the model (the items
  /// around them stay bound, and the person's place in the list stays).
  private(set) var ids: [String] = []
  /// The items bound now; each knows its position (`gtk_list_item_get_position`), which
  /// moves when items are put in or taken out before it.
  private var bound: Set<UnsafeMutableRawPointer> = []
  /// The positions of the items on screen at the end of the last frame, from the first to
  /// past the last; `nil` until a frame was drawn.
  private(set) var visibleItems: Range<Int>?
  /// The rows last reported displayed (``ListView/setDisplayedRows(_:)``).
  private var reportedRows: Range<Int>?
  /// The frame clock whose `after-paint` measures ``visibleItems``, and the connection, while
  /// the list view is mapped.
  private var frameClock: (clock: UnsafeMutableRawPointer, handler: gulong)?
  /// The controls each item shows a row with, kept while the toolkit recycles the item and
  /// reused for the next row of the same shape.
  private var itemViews: [UnsafeMutableRawPointer: NativeView] = [:]
  /// The selected row whose item shows its swipe actions, as last gone over.
  private weak var actionsShownFor: RowWidget?
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
    scrolled = gtk(gtk_scrolled_window_new())
    gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled.raw), listView)
    gtk_scrolled_window_set_policy(
      cgtk_scrolled_window(scrolled.raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_widget_set_vexpand(scrolled, 1)
    gtk_widget_set_size_request(scrolled, -1, 240)
    gtk_label_set_xalign(cgtk_label(status.raw), 0)
    gtk_box_append(cgtk_box(box.raw), status)
    gtk_box_append(cgtk_box(box.raw), scrolled)
    gtk_box_append(cgtk_box(box.raw), loadMoreButton)
    super.init(widget: list, host: host, control: box)
    list.windowMargin = Self.rowsMountedAhead
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
    SignalHandler.connect(
      scrolled.raw, "edge-overshot",
      number: { [weak self] _, edge in
        if edge == Int32(GTK_POS_TOP.rawValue) { self?.trigger(\.refresh) }
      })
    SignalHandler.connect(loadMoreButton.raw, "clicked") { [weak self] _ in
      self?.trigger(\.loadMore)
    }
    SignalHandler.connect(listView.raw, "map") { [weak self] _ in self?.followFrames() }
    SignalHandler.connect(listView.raw, "unmap") { [weak self] _ in self?.stopFollowingFrames() }
  }

  override var nestedViews: [NativeView] { Array(itemViews.values) }

  override func canShow(_ other: Widget) -> Bool { false }

  /// The rows bound to the toolkit's items now: the rows the person sees, and a few more.
  var boundRows: [RowWidget] {
    guard let list = widget as? ListView else { return [] }
    return boundItems(in: list).map(\.row)
  }

  /// The bound items that show the row of `list` at their position, with that row.
  private func boundItems(
    in list: ListView
  ) -> [(item: UnsafeMutableRawPointer, row: RowWidget)] {
    bound.compactMap { item in
      guard let index = position(of: item), let row = itemViews[item]?.widget as? RowWidget,
        row === list.itemWidget(at: index)
      else { return nil }
      return (item, row)
    }
  }

  /// The position of `item` in the model, while it is bound to one.
  private func position(of item: UnsafeMutableRawPointer) -> Int? {
    let position = gtk_list_item_get_position(cgtk_list_item(item))
    return position == guint(GTK_INVALID_LIST_POSITION) ? nil : Int(position)
  }

  /// The row positions (across sections) of the items at `indices`, from the first row to past
  /// the last; `nil` when none of them is a row.
  private func rowRange(
    of indices: some Sequence<Int>, in list: ListView
  ) -> ClosedRange<Int>? {
    var low = Int.max
    var high = Int.min
    for index in indices {
      guard case .row(let position)? = list.item(at: index) else { continue }
      low = min(low, position)
      high = max(high, position)
    }
    return low <= high ? low...high : nil
  }

  override func fill() { update(["children", "items"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let list = widget as? ListView else { return }
    // NB: the feed names `items` for a content the list took; a window that moved names
    // `children` alone, and leaves the items as they are.
    if properties.contains("items") {
      let next = list.itemIDs
      if next != ids { replaceItems(with: next) }
    }
    followBoundItems(in: list)
    if isCurrent(list) {
      for item in bound {
        guard let index = position(of: item) else { continue }
        let current = itemViews[item]?.widget
        let row = list.itemWidget(at: index)
        if current == nil || row !== current { show(in: item, row: row) }
      }
      reportDisplayedRows(in: list)
    }
    let refreshing = list.refresh.isBound && list.refresh.isBusy.value ? "Refreshing…" : nil
    let text =
      refreshing ?? list.failureText.value ?? (list.rowCount == 0 ? list.emptyText.value : nil)
    gtk_label_set_text(cgtk_label(status.raw), text ?? "")
    setShown(status, text != nil)
    if refreshing == nil, list.failureText.value != nil {
      gtk_widget_add_css_class(status, "error")
    } else {
      gtk_widget_remove_css_class(status, "error")
    }
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

  /// Whether the model holds as many items as `list` has: not when the list took a content
  /// the model is yet to follow, whose positions name other items.
  private func isCurrent(_ list: ListView) -> Bool { ids.count == list.itemCount }

  /// Replaces in the model the items that changed: those between the ids the old and the new
  /// content begin with and those they end with.
  private func replaceItems(with next: [String]) {
    let old = ids
    let limit = min(old.count, next.count)
    var prefix = 0
    while prefix < limit, old[prefix] == next[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix, old[old.count - 1 - suffix] == next[next.count - 1 - suffix] {
      suffix += 1
    }
    ids = next
    let strings = next[prefix..<(next.count - suffix)].map { strdup($0) } + [nil]
    defer { for string in strings { free(string) } }
    writing {
      strings.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(
          to: UnsafePointer<CChar>?.self, capacity: buffer.count
        ) {
          gtk_string_list_splice(
            self.strings, guint(prefix), guint(old.count - prefix - suffix), $0)
        }
      }
    }
  }

  private func bind(_ item: UnsafeMutableRawPointer) {
    bound.insert(item)
    bindCount += 1
    show(in: item, binding: true)
  }

  /// The item keeps its controls for the next row GTK binds it to.
  private func unbind(_ item: UnsafeMutableRawPointer) {
    bound.remove(item)
  }

  /// GTK destroys the item: its controls go with it (a new item may be made at its address).
  private func tearDown(_ item: UnsafeMutableRawPointer) {
    bound.remove(item)
    itemButtons[item] = nil
    if let view = itemViews.removeValue(forKey: item) { host.forget(view) }
  }

  /// Shows in `item` the list's item at its position (``ListView/itemWidget(at:)``), or `row`
  /// when the caller has it; binding an item whose row is outside the window leaves it empty
  /// until the window follows the bound items.
  private func show(
    in item: UnsafeMutableRawPointer, row found: RowWidget?? = nil, binding: Bool = false
  ) {
    guard let list = widget as? ListView, let box = gtk_list_item_get_child(cgtk_list_item(item)),
      let index = position(of: item)
    else { return }
    let current = itemViews[item]
    let mounted = isCurrent(list) ? list.itemWidget(at: index) : nil
    guard let row = found ?? mounted else {
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
    showActions(in: item, of: row, in: list)
    if row.role == .row, case .row(let position)? = list.item(at: index),
      position == list.rowCount - 1, list.loadMore.isBound, list.loadMore.isEnabled.value,
      list.hasMore.value, !list.loadMore.isBusy.value
    {
      list.loadMore.trigger.send()
    }
  }

  /// Shows the swipe actions' buttons of `item` while its row is the selected one, and hides
  /// them otherwise: as a phone shows one swiped row's actions at a time, a person selects a
  /// row to act on it. (Buttons in every bound row were half of a frame's layout and drawing
  /// while the list scrolled.)
  private func showActions(in item: UnsafeMutableRawPointer, of row: RowWidget, in list: ListView) {
    let shown = row.role == .row && row === list.selectedRow
    for button in itemButtons[item] ?? [] { setShown(button, shown) }
  }

  /// Makes the labels of a row's controls keep to one line (``LabelView/wraps``).
  private static func keepToOneLine(_ view: NativeView) {
    (view as? LabelView)?.wraps = false
    for nested in view.nestedViews { keepToOneLine(nested) }
  }

  /// Sends a swipe action for the row `item` shows now.
  private func send(_ action: RowEvent, from item: UnsafeMutableRawPointer) {
    guard acceptsInput, bound.contains(item), let row = itemViews[item]?.widget as? RowWidget,
      let model = row.model as? any RowModel
    else { return }
    action.send(model)
  }

  /// How many rows the list mounts on each side beyond the rows of the items the toolkit has
  /// bound (``ListView/windowMargin``): mounted ahead, as a collection view prefetches. A page
  /// scrolled then binds items whose rows are mounted already and shows them at once, and the
  /// host's turn after that frame mounts the next rows, which no item shows yet, so no frame
  /// both mounts rows and lays them out. More than a page of rows; rows mounted ahead get no
  /// display events (those follow the rows on screen).
  static let rowsMountedAhead = 40

  /// Keeps the list's window over the rows of the items the toolkit has bound, with
  /// ``rowsMountedAhead`` more on each side: the rows entering are mounted, those leaving
  /// unmounted, and the rows of items still bound stay.
  private func followBoundItems(in list: ListView) {
    guard isCurrent(list), let rows = rowRange(of: bound.lazy.compactMap(position), in: list)
    else { return }
    guard list.firstVisibleRow != rows.lowerBound || list.visibleRowCount != rows.count else {
      return
    }
    list.visibleRowCount = rows.count
    list.scroll(toRow: rows.lowerBound)
  }

  /// Tells the list which of its rows were on screen at the end of the last frame
  /// (``visibleItems``), once the window covers them: `willDisplay` and `didEndDisplaying`
  /// follow those rather than the rows of every item bound.
  private func reportDisplayedRows(in list: ListView) {
    guard let visibleItems else { return }
    let rows =
      rowRange(of: visibleItems, in: list).map { $0.lowerBound..<($0.upperBound + 1) } ?? 0..<0
    // NB: the list keeps the rows reported as positions: the same report again changes nothing.
    guard !list.reportsDisplayedRows || rows != reportedRows else { return }
    do {
      try list.setDisplayedRows(rows)
      reportedRows = rows
    } catch {
      // NB: items measured before the window moved over the items bound since; the frame
      // drawn with them measures again.
    }
  }

  /// Measures ``visibleItems`` after each frame the list view is drawn in, while it is mapped.
  private func followFrames() {
    guard frameClock == nil, let clock = gtk_widget_get_frame_clock(listView) else { return }
    let raw = UnsafeMutableRawPointer(clock)
    let handler = SignalHandler.connect(raw, "after-paint") { [weak self] _ in
      self?.measureVisibleItems()
    }
    frameClock = (raw, handler)
  }

  private func stopFollowingFrames() {
    guard let frameClock else { return }
    g_signal_handler_disconnect(frameClock.clock, frameClock.handler)
    self.frameClock = nil
  }

  override func dismantle() {
    stopFollowingFrames()
    super.dismantle()
  }

  /// The positions of the bound items whose controls are inside the scrolled window's view
  /// now, as the last frame laid them out; a change is reported at the next turn.
  private func measureVisibleItems() {
    let viewHeight = Double(gtk_widget_get_height(scrolled))
    var low = Int.max
    var high = Int.min
    for item in bound {
      guard let index = position(of: item),
        let child = gtk_list_item_get_child(cgtk_list_item(item)),
        gtk_widget_get_mapped(child) != 0
      else { continue }
      var x = 0.0
      var y = 0.0
      guard gtk_widget_translate_coordinates(child, scrolled, 0, 0, &x, &y) != 0,
        y + Double(gtk_widget_get_height(child)) > 0, y < viewHeight
      else { continue }
      low = min(low, index)
      high = max(high, index)
    }
    let visible = low <= high ? low..<(high + 1) : 0..<0
    guard visible != visibleItems else { return }
    visibleItems = visible
    host.updateLater(self)
  }

  /// Selects the selected row's item in GTK's model, and shows the swipe actions of that row
  /// alone.
  func syncSelection() {
    guard let list = widget as? ListView else { return }
    let index = list.selectedRow.flatMap { list.itemIndex(of: $0) }
    writing {
      gtk_single_selection_set_selected(
        selectionModel, index.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    }
    // NB: an item shows its row's actions when it is bound to the row (`show`); the items
    // are gone over again only when another row is selected.
    guard list.selectedRow !== actionsShownFor, isCurrent(list) else { return }
    actionsShownFor = list.selectedRow
    for (item, row) in boundItems(in: list) { showActions(in: item, of: row, in: list) }
  }

  private func selected() {
    guard !isWriting, let list = widget as? ListView else { return }
    let position = Int(gtk_single_selection_get_selected(selectionModel))
    guard acceptsInput, isCurrent(list), let row = list.itemWidget(at: position),
      row.role == RowWidget.Role.row
    else { return }
    if !row.isSelected.value { list.select(row) }
  }

  /// Sends `control`'s trigger (a pull, the Load more button), unless it is not bound, is
  /// disabled or runs already.
  private func trigger(_ control: KeyPath<ListView, ListControl>) {
    guard acceptsInput, let list = widget as? ListView else { return }
    let control = list[keyPath: control]
    guard control.isBound, control.isEnabled.value, !control.isBusy.value else { return }
    control.trigger.send()
  }

  /// Scrolls the toolkit's list to the item `position`, as the person would.
  func scrollTo(item position: Int) {
    let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(scrolled.raw))
    let upper = gtk_adjustment_get_upper(adjustment)
    let value = upper * Double(position) / Double(max(ids.count, 1))
    gtk_adjustment_set_value(adjustment, value)
  }
}
