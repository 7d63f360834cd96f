public import Headless

/// Shows a mounted screen or an app in a terminal and turns the keys a person presses into the
/// same edits and events a test driver sends.
///
/// The host owns the focus: Tab and Shift-Tab move it through the enabled, shown widgets that
/// take it, in tree order, and a widget the view model focuses (a `Focusable` whose
/// `isFocused` it sets) takes it. A key goes to the focused widget through one table of
/// rules, the same rules that make ``keyHints`` and ``footer``, and reaches the widgets only
/// through their public paths: `WidgetProperty.edit(_:)` for typing, toggling, adjusting,
/// choosing and picking; `WidgetEvent.send()` for taps and submits; `ListView.select(_:)` for
/// a row; `AppHost.goBack()` for Esc. Each typed key is one edit of the whole text, as the
/// driver's `type(_:into:)` makes one per character, and a bracketed paste is one edit.
///
/// The host draws nothing by itself: ask for ``frame(width:height:)`` after each
/// ``handle(_:)`` and after each flush, and write it with a ``FrameWriter``.
@MainActor
public final class TerminalScreenHost {
  private let root: @MainActor () -> Widget?
  let app: AppHost?
  private let flush: @MainActor () -> Void
  /// The widget with the focus, or `nil` when nothing on screen takes it.
  public private(set) var focused: Widget?
  /// Where ``focused`` was in ``focusOrder``: where the focus goes when the widget goes away.
  private var focusIndex = 0
  /// The caret in the focused text widget, and the text it was placed in: a text changed
  /// since by anything but the host puts the caret back at its end.
  var caret: (index: Int, text: String)?
  /// The row the arrows are on in the focused list, by index and by row: rows inserted or
  /// removed before it leave the cursor on the same row.
  var listCursor = 0
  weak var listCursorRow: RowWidget?
  /// What the focus moves within (an app's visible screen or its dialog in front), and where
  /// the focus was in each scope left for another: closing a dialog gives the focus back.
  private var scope: ObjectIdentifier?
  private var savedFocusIndex: [ObjectIdentifier: Int] = [:]

  /// Creates a host for the widget tree `root` returns.
  ///
  /// - Parameters:
  ///   - root: The tree to show and drive, read anew each time: a mounted screen's root, or
  ///     an app's `AppHost.view`.
  ///   - app: The app whose back navigation Esc performs, if the tree is an app's.
  ///   - flush: Runs the flush the widgets' changes asked for: `scheduler.flush()` of the
  ///     `ManualScheduler` the screen was mounted with. The host calls it after
  ///     every key it acts on, so that the next frame shows the key's effect.
  public init(
    root: @escaping @MainActor () -> Widget?, app: AppHost? = nil,
    flush: @escaping @MainActor () -> Void
  ) {
    self.root = root
    self.app = app
    self.flush = flush
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
    root().map(FocusOrder.widgets(in:)) ?? []
  }

  /// The keys that work now, from the same table the host acts by: Tab and Shift-Tab, Esc
  /// when the app can go back, then those of the focused widget.
  public var keyHints: [KeyHint] {
    KeyTable.hints(for: focused, canGoBack: canGoBack)
  }

  /// Keys the caller answers before the host, such as a session's `^C quit`: listed first in
  /// the ``footer``.
  public var sessionHints: [KeyHint] = []

  /// ``sessionHints`` and then ``keyHints`` as one line, two spaces apart: what the frame's
  /// last row shows, clipped at its end.
  public var footer: String {
    (sessionHints + keyHints).map(\.description).joined(separator: "  ")
  }

  /// Whether Esc goes back: the visible screen has one to go back to and no dialog is shown.
  private var canGoBack: Bool {
    guard let app else { return false }
    return ScreenPainter.frontDialog(of: app.view) == nil
      && ScreenPainter.visibleScreen(of: app.view)?.hasBack == true
  }

  /// Acts on one key: the focused widget's rule for it, or a rule that works everywhere; a key
  /// no rule takes does nothing. Then flushes.
  ///
  /// - Parameter event: The key, as ``KeyDecoder`` reported it.
  public func handle(_ event: KeyEvent) {
    settleFocus()
    let rules = KeyTable.rules(for: focused, canGoBack: canGoBack)
    guard let rule = rules.first(where: { $0.matches(event) }) else { return }
    perform(rule.command(event), for: event)
    flush()
    settleFocus()
  }

  /// Paints the tree into a frame of `width` × `height` cells, the last row the ``footer``.
  ///
  /// When the focused widget went away since the last key (hidden, disabled, another screen
  /// or a dialog shown), the focus moves first, as an edit of `isFocused` for a focusable
  /// widget, and `flush` runs.
  ///
  /// - Parameters:
  ///   - width: The terminal's width in columns.
  ///   - height: The terminal's height in rows.
  /// - Returns: The frame, its cursor at the caret of the focused text widget or hidden.
  public func frame(width: Int, height: Int) -> Frame {
    settleFocus()
    var frame = Frame(width: width, height: height)
    guard let tree = root(), height > 0 else { return frame }
    var painter = ScreenPainter(focused: focused)
    if let field = focused as? any TextEditable { painter.caret = caretIndex(in: field) }
    if let list = focused as? ListView {
      followListCursor(in: list)
      painter.listCursor = listCursor
    }
    painter.paint(tree, into: &frame, rows: 0..<(height - 1))
    frame.write(footer, column: 0, row: height - 1, style: TerminalStyle(attributes: .dim))
    return frame
  }

  // MARK: - Focus

  /// Gives the focus to the widget the view model focused, or keeps it where it is, or, when
  /// the focused widget went away (hidden, disabled, gone), moves it to the widget now where
  /// it was in the order.
  private func settleFocus() {
    enterScope()
    let order = focusOrder
    if let claimed = order.first(where: { ($0 as? any Focusable)?.isFocused.value == true }),
      claimed !== focused
    {
      take(claimed, in: order)
      return
    }
    if let focused, let index = order.firstIndex(where: { $0 === focused }) {
      focusIndex = index
      return
    }
    focused = nil
    guard !order.isEmpty else { return }
    moveFocus(to: order[min(focusIndex, order.count - 1)], in: order)
    flush()
  }

  /// Notices that the focus moves within another scope: a dialog came in front, went away,
  /// or another screen became visible. The focus starts at the first widget of a new scope
  /// and returns to where it was in one shown again.
  private func enterScope() {
    guard let app = root() as? AppView else { return }
    let current = (ScreenPainter.frontDialog(of: app) ?? ScreenPainter.visibleScreen(of: app))
      .map(ObjectIdentifier.init)
    guard current != scope else { return }
    if let scope { savedFocusIndex[scope] = focusIndex }
    scope = current
    focused = nil
    focusIndex = current.flatMap { savedFocusIndex[$0] } ?? 0
  }

  /// Moves the focus to `widget` as the driver's `focus(_:)` does: every other widget of the
  /// order that has it loses it, then `widget` gains it, each an edit.
  func moveFocus(to widget: Widget, in order: [Widget]) {
    for other in order where other !== widget {
      if let field = other as? any Focusable, field.isFocused.value { field.isFocused.edit(false) }
    }
    if let field = widget as? any Focusable, !field.isFocused.value { field.isFocused.edit(true) }
    take(widget, in: order)
  }

  /// Makes `widget` the focused widget, its caret at the end and a list's cursor on its
  /// selected row.
  private func take(_ widget: Widget, in order: [Widget]) {
    focused = widget
    focusIndex = order.firstIndex { $0 === widget } ?? 0
    caret = nil
    if let list = widget as? ListView {
      // NB: on the selected row when it is in the window, else on the first row shown (the
      // window's first rows are its margin).
      let first = list.row(atPosition: list.firstVisibleRow)
      let rows = list.rows
      let index =
        rows.firstIndex { $0.isSelected.value } ?? rows.firstIndex { $0 === first } ?? 0
      moveListCursor(to: index, in: list)
    }
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

  /// The caret in `field`: where the host put it, or the end of a text changed since.
  func caretIndex(in field: any TextEditable) -> Int {
    let text = field.text.value
    guard let caret, caret.text == text else { return text.count }
    return caret.index
  }
}
