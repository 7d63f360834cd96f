public import Headless

/// Shows a mounted screen or an app in a terminal and turns the keys a person presses into the
/// same edits and events a test driver sends.
///
/// The host owns the focus, and moves it only when the person does (Tab and Shift-Tab through
/// the enabled, shown widgets that take it, in tree order; → and ← through the controls of a
/// list's row), when the view model focuses a widget (a `Focusable` whose `isFocused` it sets),
/// or when the focused widget goes away (Docs/Hosts.md, "Focus and keys", gives the rules). A
/// widget that turns disabled or busy keeps the focus and ignores the keys until it is enabled
/// again. A key goes to the focused widget through one table of rules, the same rules that
/// make ``keyHints`` and ``footer``, and reaches the widgets only through their public paths:
/// `WidgetProperty.edit(_:)` for typing, toggling, adjusting, choosing and picking;
/// `WidgetEvent.send()` for taps, submits and a dialog's answers (Esc taps its cancel button);
/// `ListView.select(_:)` for a row; `AppHost.goBack()` for Esc with no dialog. Each typed key is one edit of the whole text, as the
/// driver's `type(_:into:)` makes one per character, and a bracketed paste is one edit.
///
/// The host draws nothing by itself: ask for ``frame(width:height:)`` after each
/// ``handle(_:)`` and after each flush, and write it with a ``FrameWriter``.
@MainActor
public final class TerminalScreenHost {
  private let root: @MainActor () -> Widget?
  /// The app the host shows, if it was made for one: its owner shuts it down
  /// (`AppHost.shutDown()`) when the host is done with it.
  public let app: AppHost?
  private let flush: @MainActor () -> Void
  /// The widget with the focus, or `nil` when nothing on screen takes it: set from the start,
  /// before the first key or frame. Reading it first brings the focus up to date with the
  /// tree, as ``frame(width:height:)`` and ``handle(_:)`` do: a dialog that came in front since
  /// has the focus on its default.
  public var focused: Widget? {
    settleFocus()
    return focusedWidget
  }
  /// Where the focus is, as last settled.
  private(set) var focusedWidget: Widget?
  /// Where ``focused`` was in ``focusOrder``: where the focus goes when the widget goes away.
  private var focusIndex = 0
  /// The list whose cursor row holds ``focused``, while the focus is on one of a row's
  /// controls, and that row.
  weak var rowList: ListView?
  weak var focusedRow: RowWidget?
  /// The widget the focus goes to on entering a scope: a dialog's default, or the widget that
  /// had the focus when its screen was last left.
  private weak var entryFocus: Widget?
  /// The caret in the focused text widget, as an offset in its text's UTF-8 bytes, and the
  /// text it was placed in: a text changed since by anything but the host puts the caret back
  /// at its end.
  var caret: (offset: Int, text: String)? {
    didSet {
      if caret == nil {
        goalColumn = nil
        textScroll = TextScroll()
      }
    }
  }
  /// The column ↑ and ↓ aim for in a text view, during a run of them.
  var goalColumn: Int?
  /// Where the focused text widget's view started in the last frame.
  var textScroll = TextScroll()
  /// The rows of the screen the person scrolled out of view with Page Down and Page Up, until
  /// the next other key; `nil` while the screen follows the focus.
  var screenScroll: Int?
  /// What the last frame found: rows scrolled out of view above, rows shown, and whether the
  /// screen is taller than they are.
  var screenOffset = 0
  var screenRows = 0
  var screenOverflows = false
  /// Where the last frame drew each widget: what a click lands on.
  var hitAreas = HitAreas()
  /// The row the arrows are on in the focused list, by index and by row: rows inserted or
  /// removed before it leave the cursor on the same row.
  var listCursor = 0
  weak var listCursorRow: RowWidget?
  /// What the focus moves within (an app's visible screen or its dialog in front), held
  /// weakly and compared by identity: a dialog that went away never matches a new one, even
  /// one made at the same address.
  private weak var scope: Widget?
  /// Where the focus was on each screen left for a dialog or another screen: it goes back
  /// there when the screen shows again. Dialogs keep nothing: each opens on its default.
  private var savedFocus: [SavedFocus] = []
  /// Whether the help screen (`?`) is shown in place of the tree.
  public internal(set) var isShowingHelp = false {
    didSet { if isShowingHelp { helpScroll = 0 } }
  }
  /// The help screen's first row shown, once fitted to the terminal's width, and what the last
  /// frame found: how many rows the fitted help has, and the rows it showed them in.
  var helpScroll = 0
  var helpLineCount = 0
  var helpRows = 0
  /// Whether the last frame's help had more rows than it showed.
  var helpOverflows: Bool { helpLineCount > helpRows }

  /// Moves the help by `lines` (down when positive), within what the last frame showed of it.
  func scrollHelp(by lines: Int) {
    helpScroll = min(max(helpScroll + lines, 0), max(helpLineCount - helpRows, 0))
  }

  /// The widget that had the focus on a screen, and its place in the order.
  private struct SavedFocus {
    weak var screen: Widget?
    weak var widget: Widget?
    let index: Int
  }
  /// The row each list had its cursor on when the focus left it, for another widget, a dialog
  /// or another screen, held weakly: the cursor goes back there when the focus comes back.
  private var leftCursors: [LeftCursor] = []

  /// A list the focus left, and the row its cursor was on.
  private struct LeftCursor {
    weak var list: ListView?
    weak var row: RowWidget?
  }

  /// Creates a host for the widget tree `root` returns.
  ///
  /// - Parameters:
  ///   - root: The tree to show and drive, read anew each time: a mounted screen's root, or
  ///     an app's `AppHost.view`.
  ///   - app: The app whose back navigation Esc performs, if the tree is an app's.
  ///   - flush: Runs the flush the widgets' changes asked for: `scheduler.flush()` of the
  ///     scheduler the screen was mounted on (a `RedrawScheduler` in a session, a
  ///     `ManualScheduler` in a test; `{}` when a driver flushes). The host calls it after
  ///     every key it acts on, so that the next frame shows the key's effect.
  public init(
    root: @escaping @MainActor () -> Widget?, app: AppHost? = nil,
    flush: @escaping @MainActor () -> Void
  ) {
    self.root = root
    self.app = app
    self.flush = flush
    settleFocus()
  }

  /// Creates a host for a mounted screen.
  ///
  /// - Parameters:
  ///   - screen: The screen to show and drive.
  ///   - flush: Runs the flush the screen's changes asked for; see ``init(root:app:flush:)``.
  public convenience init<S: Screen>(
    _ screen: MountedScreen<S>, flush: @escaping @MainActor () -> Void
  ) {
    self.init(root: { screen.root }, flush: flush)
  }

  /// Creates a host for an app: its visible screen under a title bar, its dialogs over it,
  /// and Esc to go back.
  ///
  /// - Parameters:
  ///   - app: The app to show and drive.
  ///   - flush: Runs the flush the app's changes asked for; see ``init(root:app:flush:)``.
  public convenience init(_ app: AppHost, flush: @escaping @MainActor () -> Void) {
    self.init(root: { app.view }, app: app, flush: flush)
  }

  /// The widgets Tab moves through, in order: enabled, shown, and of a kind that takes the
  /// focus; in an app with a dialog in front, that dialog's field and buttons only.
  public var focusOrder: [Widget] {
    root().map { FocusOrder.widgets(in: $0) } ?? []
  }

  /// The keys that work now, from the same table the host acts by: those of the focused
  /// widget (none while it is disabled or busy), then Tab and Shift-Tab when there are two
  /// focus stops or more, Esc when it cancels a dialog or goes back, and `?` for help.
  public var keyHints: [KeyHint] {
    KeyTable.hints(for: operableFocus, context: keyContext)
  }

  /// Keys the caller answers before the host, such as a session's `^C quit`: listed first in
  /// the ``footer``.
  public var sessionHints: [KeyHint] = []

  /// ``sessionHints`` and then ``keyHints`` as one line, two spaces apart.
  public var footer: String {
    (sessionHints + keyHints).map(\.description).joined(separator: "  ")
  }

  /// The ``footer`` fitted into `width` columns: the hints that fit whole, then `…` when some
  /// are left out, so that no hint is cut in the middle of a word.
  ///
  /// - Parameter width: The columns the line may take.
  /// - Returns: The line, at most `width` columns wide.
  public func footer(width: Int) -> String {
    KeyTable.fitted(sessionHints + keyHints, width: width)
  }

  /// Every key the host answers, by the kind of widget focused, as the help screen (`?`)
  /// lists them.
  public var helpLines: [String] { KeyTable.helpLines }

  /// What the key table needs to know beyond the focused widget.
  var keyContext: KeyContext {
    var context = KeyContext()
    context.focusStops = focusOrder.count
    context.isShowingHelp = isShowingHelp
    context.helpOverflows = helpOverflows
    context.helpRows = helpRows
    context.isInRow = rowList != nil
    context.screenOverflows = screenOverflows
    if let app {
      let dialog = ScreenPainter.frontDialog(of: app.view)
      context.dialog = dialog
      context.canGoBack =
        dialog == nil && ScreenPainter.visibleScreen(of: app.view)?.hasBack == true
    }
    if let list = focusedWidget as? ListView {
      followListCursor(in: list)
      let rows = list.rows
      if rows.indices.contains(listCursor) {
        context.cursorRowHasControls = !FocusOrder.controls(of: rows[listCursor]).isEmpty
      }
    }
    return context
  }

  /// The focused widget while it takes keys: `nil` while it is disabled or its command runs.
  var operableFocus: Widget? {
    guard let focusedWidget, focusedWidget.isEnabled.value else { return nil }
    if let button = focusedWidget as? Button, button.isBusy.value { return nil }
    return focusedWidget
  }

  /// Acts on one key: the focused widget's rule for it, or a rule that works everywhere; a key
  /// no rule takes does nothing. Then flushes.
  ///
  /// A mouse event acts on what the last frame drew at its cell (Docs/Hosts.md, "Mouse"): a
  /// left press focuses the widget there, and taps a button or flips a toggle that takes keys
  /// now; on a list's row it selects the row; the wheel moves a list's cursor or a text view's
  /// caret three lines, or scrolls the screen. Other buttons and releases do nothing.
  ///
  /// - Parameter event: The key, as ``KeyDecoder`` reported it.
  public func handle(_ event: KeyEvent) {
    settleFocus()
    if case .mouse(let action, let position) = event {
      guard !isShowingHelp else {
        // The wheel scrolls a help taller than the terminal, three lines a turn; clicks do
        // nothing.
        if helpOverflows, action == .scrollUp || action == .scrollDown {
          scrollHelp(by: action == .scrollUp ? -3 : 3)
        }
        return
      }
      handleMouse(action, at: position)
      flush()
      settleFocus()
      return
    }
    let rules = KeyTable.rules(for: operableFocus, context: keyContext)
    guard let rule = rules.first(where: { $0.matches(event) }) else { return }
    let command = rule.command(event)
    if case .scrollScreen = command {} else { screenScroll = nil }
    perform(command, for: event)
    flush()
    settleFocus()
  }

  /// Paints the tree into a frame of `width` × `height` cells, the last row the ``footer``
  /// fitted to the width; while the help screen is shown, the help in place of the tree.
  ///
  /// When the focused widget went away since the last key (hidden, gone, another screen or a
  /// dialog shown), the focus moves first by the rules of Docs/Hosts.md, as an edit of
  /// `isFocused` for a focusable widget, and `flush` runs; a widget that only turned disabled
  /// or busy keeps it.
  ///
  /// - Parameters:
  ///   - width: The terminal's width in columns.
  ///   - height: The terminal's height in rows.
  /// - Returns: The frame, its cursor at the caret of the focused text widget or hidden.
  public func frame(width: Int, height: Int) -> Frame {
    settleFocus()
    var frame = Frame(width: width, height: height)
    guard let tree = root(), height > 0 else { return frame }
    if isShowingHelp {
      let lines = KeyTable.wrapped(helpLines, width: width)
      helpLineCount = lines.count
      helpRows = height - 1
      helpScroll = min(helpScroll, max(lines.count - helpRows, 0))
      for (row, line) in lines.dropFirst(helpScroll).prefix(helpRows).enumerated() {
        frame.write(line, column: 0, row: row)
      }
      frame.write(
        footer(width: width), column: 0, row: height - 1, style: TerminalStyle(attributes: .dim))
      return frame
    }
    var painter = ScreenPainter(focused: focusedWidget)
    let notes = PaintNotes()
    painter.notes = notes
    painter.screenScroll = screenScroll
    let hits = HitAreas()
    painter.hits = hits
    if let field = focusedWidget as? any TextEditable {
      painter.caretOffset = caretOffset(in: field) ?? field.text.value.utf8.count
      painter.textScroll = textScroll
    }
    if let list = focusedWidget as? ListView {
      followListCursor(in: list)
      painter.listCursor = listCursor
    }
    painter.paint(tree, into: &frame, rows: 0..<(height - 1))
    if let scroll = notes.textScroll { textScroll = scroll }
    screenOffset = notes.screenOffset
    screenRows = notes.screenRows
    screenOverflows = notes.screenOverflows
    hitAreas = hits
    // NB: the footer after painting, so that Page Up and Down show as soon as the screen
    // overflows.
    let footerLine = footer(width: width)
    frame.write(footerLine, column: 0, row: height - 1, style: TerminalStyle(attributes: .dim))
    return frame
  }

  // MARK: - Focus

  /// Gives the focus to the widget the view model focused; else keeps it where it is, even on
  /// a widget that turned disabled or busy; else, when the focused widget went away (hidden,
  /// gone, or its row gone), moves it: from a row's control to its list, on entering a scope to
  /// that scope's entry widget, and otherwise to the widget now where it was in the order.
  func settleFocus() {
    enterScope()
    let order = focusOrder
    if let claimed = order.first(where: { ($0 as? any Focusable)?.isFocused.value == true }),
      claimed !== focusedWidget
    {
      take(claimed, in: order)
      return
    }
    if let focusedWidget {
      if rowList == nil, let index = order.firstIndex(where: { $0 === focusedWidget }) {
        focusIndex = index
        return
      }
      if isStillShown(focusedWidget) { return }
    }
    focusedWidget = nil
    if let list = rowList, order.contains(where: { $0 === list }) {
      leaveRow(of: list)
      return
    }
    rowList = nil
    focusedRow = nil
    guard !order.isEmpty else { return }
    if let entry = entryFocus, let root = root(),
      FocusOrder.widgets(in: root, includingDisabled: true).contains(where: { $0 === entry })
    {
      entryFocus = nil
      // NB: a list shown again keeps the row its cursor was on (``leftCursors``).
      moveFocus(to: entry, in: order)
    } else {
      entryFocus = nil
      moveFocus(to: order[min(focusIndex, order.count - 1)], in: order)
    }
    flush()
  }

  /// Whether `widget`, focused but not in the order, is still there to keep the focus: shown
  /// and taking it though disabled, or a control of the row the focus went into.
  private func isStillShown(_ widget: Widget) -> Bool {
    if let list = rowList {
      guard let row = focusedRow, list.rows.contains(where: { $0 === row }),
        let root = root(),
        FocusOrder.widgets(in: root, includingDisabled: true).contains(where: { $0 === list })
      else { return false }
      return FocusOrder.controls(of: row, includingDisabled: true).contains { $0 === widget }
    }
    guard let root = root() else { return false }
    return FocusOrder.widgets(in: root, includingDisabled: true).contains { $0 === widget }
  }

  /// Notices that the focus moves within another scope: a dialog came in front, went away, or
  /// another screen became visible. A dialog opens on its default (``defaultFocus(of:)``); a
  /// screen shown again gets the focus back where it was; a new screen starts at its first
  /// widget.
  private func enterScope() {
    guard let app = root() as? AppView else { return }
    let dialog = ScreenPainter.frontDialog(of: app)
    let current: Widget? = dialog ?? ScreenPainter.visibleScreen(of: app)
    guard current !== scope else { return }
    savedFocus.removeAll { $0.screen == nil || $0.screen === scope }
    if let scope, !(scope is DialogView), let focusedWidget {
      let widget = rowList ?? focusedWidget
      if let list = widget as? ListView { rememberCursor(of: list) }
      savedFocus.append(SavedFocus(screen: scope, widget: widget, index: focusIndex))
    }
    scope = current
    focusedWidget = nil
    rowList = nil
    focusedRow = nil
    focusIndex = 0
    entryFocus = nil
    if let dialog {
      entryFocus = Self.defaultFocus(of: dialog)
    } else if let saved = savedFocus.first(where: { $0.screen === current }) {
      entryFocus = saved.widget
      focusIndex = saved.index
    }
  }

  /// Where the focus starts in `dialog`: a prompt's field; else its cancel button; else its
  /// first button that destroys nothing; else its first button.
  static func defaultFocus(of dialog: DialogView) -> Widget? {
    if let field = dialog.field { return field }
    let roles = dialog.roles
    let buttons = dialog.buttons
    if let index = roles.firstIndex(of: .cancel), buttons.indices.contains(index) {
      return buttons[index]
    }
    if let index = roles.firstIndex(where: { $0 != .destructive }), buttons.indices.contains(index)
    {
      return buttons[index]
    }
    return buttons.first
  }

  /// The button of `dialog` with the cancel role, if it has one.
  static func cancelButton(of dialog: DialogView) -> Button? {
    guard let index = dialog.roles.firstIndex(of: .cancel),
      dialog.buttons.indices.contains(index)
    else { return nil }
    return dialog.buttons[index]
  }

  /// Moves the focus into the controls of the list's cursor row, or along them by `offset`:
  /// past the first, back to the list; past the last, nowhere.
  func moveInRow(by offset: Int) {
    if let list = focusedWidget as? ListView {
      guard offset > 0 else { return }
      followListCursor(in: list)
      let rows = list.rows
      guard rows.indices.contains(listCursor),
        let first = FocusOrder.controls(of: rows[listCursor]).first
      else { return }
      focusedRow = rows[listCursor]
      rowList = list
      focusControl(first)
      return
    }
    guard let list = rowList, let row = focusedRow, let focusedWidget else { return }
    let controls = FocusOrder.controls(of: row, includingDisabled: true)
    guard let index = controls.firstIndex(where: { $0 === focusedWidget }) else { return }
    var next = index + offset
    while controls.indices.contains(next), !controls[next].isEnabled.value { next += offset }
    if next < 0 {
      leaveRow(of: list)
    } else if controls.indices.contains(next) {
      focusControl(controls[next])
    }
  }

  /// Gives the focus back to `list` from one of its row's controls, its cursor where it was.
  private func leaveRow(of list: ListView) {
    if let field = focusedWidget as? any Focusable, field.isFocused.value {
      field.isFocused.edit(false)
    }
    rowList = nil
    focusedRow = nil
    caret = nil
    focusedWidget = list
  }

  /// Focuses a control of a row, keeping the list's place in the order and its cursor.
  func focusControl(_ control: Widget) {
    if let field = focusedWidget as? any Focusable, field.isFocused.value {
      field.isFocused.edit(false)
    }
    if let field = control as? any Focusable, !field.isFocused.value { field.isFocused.edit(true) }
    focusedWidget = control
    caret = nil
  }

  /// Moves the focus `offset` stops along the order, from the focused widget's place (its
  /// list's, for a row's control), passing over disabled widgets.
  func moveFocus(by offset: Int) {
    let order = focusOrder
    guard !order.isEmpty else { return }
    let anchor = rowList ?? focusedWidget
    var next = offset > 0 ? 0 : order.count - 1
    if let anchor, let index = order.firstIndex(where: { $0 === anchor }) {
      next = (index + offset + order.count) % order.count
    } else if let anchor, let root = root() {
      // NB: a disabled widget has the focus: the next enabled one after it in the tree.
      let shown = FocusOrder.widgets(in: root, includingDisabled: true)
      if let place = shown.firstIndex(where: { $0 === anchor }) {
        var index = place + offset
        while shown.indices.contains(index), !order.contains(where: { $0 === shown[index] }) {
          index += offset
        }
        if shown.indices.contains(index),
          let found = order.firstIndex(where: { $0 === shown[index] })
        {
          next = found
        }
      }
    }
    // NB: with one stop the focus has nowhere to go: Tab does nothing, as the footer, which
    // offers no Tab then, says.
    if rowList == nil, order[next] === focusedWidget { return }
    moveFocus(to: order[next], in: order)
    rowList = nil
    focusedRow = nil
  }

  /// Moves the focus to `widget` as the driver's `focus(_:)` does: every other widget of the
  /// order that has it loses it, then `widget` gains it, each an edit.
  func moveFocus(to widget: Widget, in order: [Widget]) {
    // NB: from a row's control, the list's cursor is on that row; the list itself taking the
    // focus again keeps its cursor where it is.
    if let list = rowList ?? (focusedWidget as? ListView) { rememberCursor(of: list) }
    // NB: a row's control that has the focus is not in the order.
    if let focusedWidget, focusedWidget !== widget, let field = focusedWidget as? any Focusable,
      field.isFocused.value
    {
      field.isFocused.edit(false)
    }
    for other in order where other !== widget {
      if let field = other as? any Focusable, field.isFocused.value { field.isFocused.edit(false) }
    }
    if let field = widget as? any Focusable, !field.isFocused.value { field.isFocused.edit(true) }
    take(widget, in: order)
  }

  /// Makes `widget` the focused widget, its caret at the end and a list's cursor on the row it
  /// was on when the focus left the list, else on its selected row.
  private func take(_ widget: Widget, in order: [Widget]) {
    focusedWidget = widget
    focusIndex = order.firstIndex { $0 === widget } ?? focusIndex
    caret = nil
    if let list = widget as? ListView {
      // NB: on the row the cursor was on when the focus left the list, while it is mounted;
      // else on the selected row when it is in the window, else on the first row shown (the
      // window's first rows are its margin).
      let first = list.row(atPosition: list.firstVisibleRow)
      let rows = list.rows
      let left = leftCursors.first { $0.list === list }?.row
      let index =
        left.flatMap { row in rows.firstIndex { $0 === row } }
        ?? rows.firstIndex { $0.isSelected.value } ?? rows.firstIndex { $0 === first } ?? 0
      moveListCursor(to: index, in: list)
    }
  }

  /// Keeps the row `list`'s cursor is on as the focus leaves the list, for when it comes back.
  private func rememberCursor(of list: ListView) {
    leftCursors.removeAll { $0.list == nil || $0.list === list }
    leftCursors.append(LeftCursor(list: list, row: listCursorRow))
  }

  /// Puts the list's cursor on the row at `index`, kept within the rows.
  func moveListCursor(to index: Int, in list: ListView) {
    let rows = list.rows
    listCursor = min(max(index, 0), max(rows.count - 1, 0))
    listCursorRow = rows.indices.contains(listCursor) ? rows[listCursor] : nil
  }

  /// Moves the list's cursor `offset` rows, within the list's rows, scrolling the list's window
  /// the least that shows the row it lands on, as a table view scrolls: every row can be
  /// reached, not only those mounted when the cursor started. A row that could not be mounted
  /// is passed over.
  ///
  /// - Returns: Whether the move asked for the list's last row.
  @discardableResult
  func moveListCursor(by offset: Int, in list: ListView) -> Bool {
    let count = list.rowCount
    guard count > 0 else {
      moveListCursor(to: 0, in: list)
      return false
    }
    let rows = list.rows
    let current =
      listCursorRow.flatMap { list.position(of: $0) }
      ?? (rows.indices.contains(listCursor) ? list.position(of: rows[listCursor]) : nil)
      ?? list.firstVisibleRow
    let target = min(max(current + offset, 0), count - 1)
    list.scroll(toShow: target)
    // NB: the nearest mounted row, on from the target in the move's direction, then back.
    let step = offset < 0 ? -1 : 1
    let window = list.windowRange
    let candidates =
      Array(
        stride(from: target, to: step > 0 ? window.upperBound : window.lowerBound - 1, by: step))
      + Array(
        stride(
          from: target - step, to: step > 0 ? window.lowerBound - 1 : window.upperBound, by: -step))
    if let row = candidates.lazy.compactMap({ list.row(atPosition: $0) }).first,
      let index = list.rows.firstIndex(where: { $0 === row })
    {
      moveListCursor(to: index, in: list)
    }
    return target == count - 1
  }

  /// Finds the cursor's row again after the rows changed; when it went away, the cursor stays
  /// at its place, or on the row now last.
  func followListCursor(in list: ListView) {
    let rows = list.rows
    if let row = listCursorRow, let index = rows.firstIndex(where: { $0 === row }) {
      listCursor = index
    } else {
      moveListCursor(to: listCursor, in: list)
    }
  }

  /// The caret in `field` as an offset in its text's UTF-8 bytes: where the host put it, or
  /// `nil` (the end) for a text changed since. Comparing the text is immediate while it is the
  /// one the host handed over.
  func caretOffset(in field: any TextEditable) -> Int? {
    guard let caret, caret.text == field.text.value else { return nil }
    return caret.offset
  }
}
