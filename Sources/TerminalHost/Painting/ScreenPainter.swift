public import Headless

/// Draws a mounted widget tree into a ``Frame``: each widget kind as a person sees it in a
/// terminal, one widget under another, with the focused widget reversed.
///
/// A widget that adopts ``TerminalDrawable`` draws itself: the painter asks it first, and the
/// built-in controls and status widgets below adopt it; a kind that adopts nothing shows its
/// text-format line, dim. A painter reads the widgets' properties and nothing else; it changes
/// nothing, so painting the same tree twice gives the same frame. Stacks lay out their children
/// down the frame (`VStack`) or across it (`HStack`, each child at its natural width when they
/// fit); whatever does not fit is clipped. Hidden widgets are not drawn. An `AppView` (`AppHost.view`) gets a
/// title bar with the visible screen's title and a back marker, its dialogs as a box over the
/// screen, and its HUD and toast as lines at the bottom.
///
/// - Text fields show their text underlined, a secure field's as bullets, the placeholder dim
///   while empty; a validation message shows under the field in red, and `⋯ checking` while
///   an asynchronous rule runs.
/// - Buttons show as `[ Title ]`, dim when disabled and with `⋯` while busy; toggles as
///   `[x] Title`; sliders and steppers with their value; segmented controls and pickers with
///   their selection; images as their accessibility text.
/// - Lists show their rows with section headers in bold, the selected row marked `▸`, the row
///   ``listCursor`` is on reversed while the list has the focus, and the empty and failure
///   texts.
@MainActor
public struct ScreenPainter {
  /// The widget drawn as having the focus (reversed), or `nil`.
  public var focused: Widget?
  /// Where the caret is in the focused text widget, as a count of characters from the start;
  /// `nil` puts it after the last character. The frame's cursor is placed there.
  public var caret: Int?
  /// The index in `ListView.rows` of the row the arrows are on while the focused
  /// widget is a list; `nil` when none is.
  public var listCursor: Int?
  /// Where the caret is in the focused text widget, as an offset in its text's UTF-8 bytes:
  /// set by a host, in place of ``caret``, so that nothing counts the text's characters.
  var caretOffset: Int?
  /// Where the focused text widget's view started in the last frame.
  var textScroll = TextScroll()
  /// Where painting notes what the host keeps for the next frame.
  var notes: PaintNotes?
  /// Where each widget is drawn, noted for the mouse.
  var hits: HitAreas?
  /// The widths of the columns of a list's rows, by child index: a row's horizontal stack
  /// gives each child the widest that child is in any row shown, so that columns line up.
  var rowColumns: [Int]?
  /// How many rows of the screen the person scrolled out of view above (Page Down), in place
  /// of as many as it takes for the focused widget to show; `nil` to follow the focus.
  var screenScroll: Int?
  /// The height of the area the screen shows in: the most rows a list or a text view takes.
  var viewportHeight = Int.max
  /// Where the focused widget is drawn, when a scrolled drawing asks.
  var focusPlacement: FocusPlacement?

  /// Creates a painter.
  ///
  /// - Parameters:
  ///   - focused: The widget drawn as having the focus.
  ///   - caret: The caret in the focused text widget, in characters from the start; `nil` for
  ///     after the last character.
  ///   - listCursor: The row of the focused list the arrows are on.
  public init(focused: Widget? = nil, caret: Int? = nil, listCursor: Int? = nil) {
    self.focused = focused
    self.caret = caret
    self.listCursor = listCursor
  }

  /// Paints `root` and everything nested in it into a new frame of `width` × `height` cells.
  ///
  /// - Parameters:
  ///   - root: The widget to draw: a screen's root, or an app's `AppView`.
  ///   - width: The frame's width in columns.
  ///   - height: The frame's height in rows.
  /// - Returns: The frame, its cursor at the caret of the focused text widget or hidden.
  public func paint(_ root: Widget, width: Int, height: Int) -> Frame {
    var frame = Frame(width: width, height: height)
    paint(root, into: &frame, rows: 0..<height)
    return frame
  }

  /// Paints `root` into the rows `rows` of `frame`, leaving the other rows as they are.
  ///
  /// - Parameters:
  ///   - root: The widget to draw: a screen's root, or an app's `AppView`.
  ///   - frame: The frame to draw into; its cursor is set to the caret of the focused text
  ///     widget when that is drawn, and hidden otherwise.
  ///   - rows: The rows to draw in; what does not fit is clipped.
  public func paint(_ root: Widget, into frame: inout Frame, rows: Range<Int>) {
    var canvas = Canvas(frame: frame, rows: rows)
    canvas.frame.cursor = nil
    if let app = root as? AppView {
      paintApp(app, on: &canvas)
    } else {
      drawScrolled(root, rows: canvas.rows, on: &canvas)
    }
    frame = canvas.frame
  }

  /// Where the focused widget was drawn, found while drawing.
  final class FocusPlacement {
    /// The rows of the focused widget, or of the focused list's cursor row.
    var focusRows: Range<Int>?
  }

  /// Draws `widget` into `rows` of `canvas`, scrolled up as far as it takes for the focused
  /// widget to show (or as far as ``screenScroll`` asks): a first pass measures where the
  /// focused widget is (lists take at most the height of `rows`), the second draws from that
  /// many rows above `rows`, clipped. `↑ more` at the right of the first row and `↓ more` at
  /// the right of the last say that rows are hidden above or below (``writeMark(_:row:width:on:)``).
  func drawScrolled(_ widget: Widget, rows: Range<Int>, on canvas: inout Canvas) {
    let rows = rows.clamped(to: canvas.rows).clamped(to: 0..<canvas.frame.height)
    guard !rows.isEmpty else { return }
    var painter = self
    painter.viewportHeight = rows.count
    let focusPlacement = FocusPlacement()
    painter.focusPlacement = focusPlacement
    let width = canvas.frame.width
    var measure = Canvas(frame: Frame(width: width, height: 0), rows: 0..<Int.max)
    let total = painter.draw(widget, column: 0, row: 0, width: width, on: &measure)
    var offset = 0
    if let focus = focusPlacement.focusRows, focus.upperBound > rows.count {
      offset = min(focus.upperBound - rows.count, focus.lowerBound)
    }
    if let screenScroll { offset = min(max(screenScroll, 0), max(total - rows.count, 0)) }
    painter.focusPlacement = nil
    let visible = canvas.rows
    canvas.rows = rows
    _ = painter.draw(widget, column: 0, row: rows.lowerBound - offset, width: width, on: &canvas)
    if offset > 0 { Self.writeMark("↑ more", row: rows.lowerBound, width: width, on: &canvas) }
    if total - offset > rows.count {
      Self.writeMark("↓ more", row: rows.upperBound - 1, width: width, on: &canvas)
    }
    canvas.rows = visible
    notes?.screenOffset = offset
    notes?.screenRows = rows.count
    notes?.screenOverflows = total > rows.count
  }

  /// Writes `mark` (`↑ more`) dim at the right end of `row`, a space before it, where those
  /// cells are blank; else its arrow alone in the last cell, where that one is; else nothing,
  /// so that it covers no content (a list's or a text view's own mark says the same there).
  private static func writeMark(_ mark: String, row: Int, width: Int, on canvas: inout Canvas) {
    guard canvas.rows.contains(row), row >= 0, row < canvas.frame.height, width > 0 else { return }
    func isBlank(_ columns: Range<Int>) -> Bool {
      columns.allSatisfy {
        canvas.frame[$0, row].text == " " && !canvas.frame[$0, row].isContinuation
      }
    }
    let text = " " + mark
    let left = width - TerminalText.width(of: text)
    if left >= 0, isBlank(left..<width) {
      canvas.write(text, column: left, row: row, width: width - left, style: Palette.dim)
    } else if let arrow = mark.first, isBlank((width - 1)..<width) {
      canvas.write(String(arrow), column: width - 1, row: row, width: 1, style: Palette.dim)
    }
  }

  /// Whether `widget` is the focused widget.
  func isFocused(_ widget: Widget) -> Bool { focused === widget }

  /// Draws `widget` with its top-left corner at `column`, `row`, at most `width` columns wide,
  /// and returns how many rows it took (nothing for a hidden widget).
  func draw(_ widget: Widget, column: Int, row: Int, width: Int, on canvas: inout Canvas) -> Int {
    guard !widget.isHidden.value, width > 0 else { return 0 }
    let height = drawKind(widget, column: column, row: row, width: width, on: &canvas)
    if let focusPlacement, isFocused(widget), focusPlacement.focusRows == nil {
      focusPlacement.focusRows = row..<(row + height)
    }
    if let hits, canvas.frame.height > 0 {
      // NB: a button or a toggle is hit on its label only, not on the empty cells after it.
      var columns = width
      if widget is any Tappable || widget is any Toggleable,
        let drawable = widget as? any TerminalDrawable
      {
        columns = min(width, drawable.naturalTerminalWidth)
      }
      hits.record(
        widget, columns: column..<(column + columns),
        rows: (row..<(row + height)).clamped(to: canvas.rows))
    }
    return height
  }

  private func drawKind(
    _ widget: Widget, column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int {
    if let drawable = widget as? any TerminalDrawable {
      return drawItself(drawable, column: column, row: row, width: width, on: &canvas)
    }
    switch widget {
    case let stack as HStack:
      return drawAcross(stack.children, column: column, row: row, width: width, on: &canvas)
    case let list as ListView:
      return drawList(list, column: column, row: row, width: width, on: &canvas)
    case let tabs as TabView:
      return drawTabs(tabs, column: column, row: row, width: width, on: &canvas)
    case is VStack, is ScrollView, is TextList:
      return drawDown(widget.children, column: column, row: row, width: width, on: &canvas)
    default:
      guard widget.children.isEmpty else {
        return drawDown(widget.children, column: column, row: row, width: width, on: &canvas)
      }
      // NB: a kind that adopts no drawing (a custom widget) shows its text-format line.
      canvas.write(
        TextRenderer.line(for: widget), column: column, row: row, width: width, style: Palette.dim)
      return 1
    }
  }

  /// Lets a widget that draws itself draw into the region at `column`, `row`, `width` columns
  /// wide, with its focus and the caret; the canvas is handed over and back, not copied.
  private func drawItself(
    _ widget: any TerminalDrawable, column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int {
    let focus = isFocused(widget)
    var place: CaretPlace?
    if focus {
      if let caretOffset, let field = widget as? any TextEditable {
        place = .offset(caretOffset, in: field.text.value)
      } else if let caret {
        place = .characters(caret)
      }
    }
    var region = TerminalRegion(
      canvas: Canvas(frame: Frame(width: 0, height: 0), rows: 0..<0),
      origin: TerminalPosition(column: column, row: row), width: width, isFocused: focus,
      isEnabled: widget.isEnabled.value, caretPlace: place, viewportHeight: viewportHeight,
      textScroll: focus ? textScroll : TextScroll())
    swap(&region.canvas, &canvas)
    let height = widget.draw(in: &region)
    swap(&region.canvas, &canvas)
    if focus {
      notes?.textScroll = region.textScroll
      if let focusPlacement, let rows = region.focusRows, focusPlacement.focusRows == nil {
        focusPlacement.focusRows = (row + rows.lowerBound)..<(row + rows.upperBound)
      }
    }
    // NB: a height below 0 from a kind of one's own would draw the next widget over it.
    return max(height, 0)
  }

  /// Draws `children` one under another.
  func drawDown(
    _ children: [Widget], column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int {
    var used = 0
    for child in children {
      guard row + used < canvas.rows.upperBound else { break }
      used += draw(child, column: column, row: row + used, width: width, on: &canvas)
    }
    return used
  }

  /// Draws `children` side by side, a space apart: each at its natural width (in a list's row,
  /// its column's, ``rowColumns``) when they all fit (the last taking what is left); when they
  /// do not, the widest give up columns first, so that narrow ones stay whole.
  func drawAcross(
    _ children: [Widget], column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int {
    let shown = children.filter { !$0.isHidden.value }
    guard !shown.isEmpty else { return 0 }
    var naturals = shown.map { max(naturalWidth(of: $0), 1) }
    if let rowColumns, rowColumns.count == children.count {
      let indices = children.indices.filter { !children[$0].isHidden.value }
      naturals = indices.map { max(rowColumns[$0], 1) }
    }
    // NB: the columns are the row's own stack's, not those of a stack nested in it.
    var painter = self
    painter.rowColumns = nil
    let room = width - (shown.count - 1)
    let total = naturals.reduce(0, +)
    var widths = naturals
    if total > room {
      // NB: the widest children give up columns first, so that narrow ones stay whole.
      var excess = total - max(room, shown.count)
      while excess > 0 {
        let widest = widths.max() ?? 1
        guard widest > 1 else { break }
        let next = widths.filter { $0 < widest }.max() ?? 1
        let count = widths.filter { $0 == widest }.count
        let cut = min(widest - next, (excess + count - 1) / count)
        var left = excess
        for index in widths.indices where widths[index] == widest && left > 0 {
          let taken = min(cut, left)
          widths[index] -= taken
          left -= taken
        }
        excess = left
      }
    } else {
      widths[widths.count - 1] += room - total
    }
    var used = 0
    var left = column
    for (child, childWidth) in zip(shown, widths) {
      let end = min(left + childWidth, column + width)
      guard end > left else { break }
      used = max(
        used, painter.draw(child, column: left, row: row, width: end - left, on: &canvas))
      left = end + 1
    }
    return used
  }
}
