/// The part of a frame one widget draws into, with what the painter knows about that widget:
/// its width, whether it has the focus, the caret, and the style of its line.
///
/// Columns and rows are counted from the region's top-left corner. A write stops at the
/// region's right edge (text cut there ends in `…`); a row outside the rows the painter may write (under a scroll view's
/// end, over the footer) is left as it is, so a widget draws all its rows and the painter clips.
@MainActor
public struct TerminalRegion {
  /// The canvas drawn on, in the frame's own coordinates.
  var canvas: Canvas
  /// The frame column of the region's column 0.
  let origin: TerminalPosition
  /// How many columns the region has: what the widget may use.
  public let width: Int
  /// Whether the widget drawn has the focus: it is drawn reversed (``lineStyle``).
  public let isFocused: Bool
  /// Whether the widget drawn is enabled; a disabled one is drawn dim (``lineStyle``).
  public let isEnabled: Bool
  /// Where the caret is in the focused text widget, as a count of characters from the start;
  /// `nil` puts it after the last character (and is what an unfocused widget gets).
  ///
  /// Reading it counts the characters before the caret; the built-in text widgets find the
  /// caret without counting, so that a keystroke in a long text costs what is shown.
  public var caret: Int? {
    switch caretPlace {
    case nil: nil
    case .characters(let count): count
    case .offset(let offset, let text): text[..<CaretText.index(atOffset: offset, in: text)].count
    }
  }
  /// Where the caret is, as the painter was told.
  let caretPlace: CaretPlace?
  /// The most rows the area the screen shows in has: a text view shows at most that many
  /// lines, scrolled to the caret.
  var viewportHeight = Int.max
  /// Where the focused text widget's view started in the last frame, and, once drawn, where it
  /// starts in this one.
  var textScroll = TextScroll()
  /// The rows that must show for the focused widget to be seen (a text view's caret line),
  /// when the widget says; otherwise all the rows it took.
  var focusRows: Range<Int>?

  /// The caret in `text`, the focused widget's text: `nil` when the painter placed none.
  func caretIndex(in text: String) -> String.Index? {
    switch caretPlace {
    case nil: nil
    case .characters(let count):
      text.index(text.startIndex, offsetBy: max(count, 0), limitedBy: text.endIndex)
        ?? text.endIndex
    case .offset(let offset, _): CaretText.index(atOffset: offset, in: text)
    }
  }

  /// The style a one-line control is drawn in: reversed while it has the focus, dim while it is
  /// disabled, plain otherwise.
  public var lineStyle: TerminalStyle {
    isFocused ? Self.focusStyle : isEnabled ? .plain : Self.dimStyle
  }

  /// The style of the focused widget: reversed.
  public static let focusStyle = Palette.focus
  /// The style of secondary text (a placeholder, a disabled control): dim.
  public static let dimStyle = Palette.dim
  /// The style of a validation message: red.
  public static let errorStyle = Palette.error

  /// Writes `text` from `column` on `row` in `style`, stopping at the region's right edge (text
  /// cut there ends in `…`), and returns the column after the last character written (`column`
  /// when nothing was).
  ///
  /// - Parameters:
  ///   - text: What to write; a character wider than one cell takes two (``TerminalText``).
  ///   - column: The column to start at, from the region's left edge.
  ///   - row: The row, from the region's top.
  ///   - style: How the characters look.
  /// - Returns: The column after the last character written, from the region's left edge.
  @discardableResult
  public mutating func write(
    _ text: String, column: Int = 0, row: Int = 0, style: TerminalStyle = .plain
  ) -> Int {
    let end = canvas.write(
      text, column: origin.column + column, row: origin.row + row, width: width - column,
      style: style)
    return end - origin.column
  }

  /// Whether `row` of the region shows: a widget may skip the work of drawing a row that does
  /// not (while the painter only measures, or under a scroll view's end).
  func shows(row: Int) -> Bool { canvas.isDrawable(origin.row + row) }

  /// Paints `width` blank cells in `style` from `column` on `row`, stopping at the region's
  /// right edge: the strip a field's text is written on.
  ///
  /// - Parameters:
  ///   - column: The first column, from the region's left edge.
  ///   - row: The row, from the region's top.
  ///   - width: How many cells; `nil` fills to the region's right edge.
  ///   - style: The style of the cells (its background is what shows).
  public mutating func fill(column: Int = 0, row: Int = 0, width: Int? = nil, style: TerminalStyle)
  {
    let room = self.width - column
    canvas.fill(
      column: origin.column + column, row: origin.row + row, width: min(width ?? room, room),
      style: style)
  }

  /// Puts the frame's text cursor at `column`, `row` of the region: where the caret of a
  /// focused text widget is. A cell the frame does not show leaves the cursor as it is.
  ///
  /// - Parameters:
  ///   - column: The column, from the region's left edge.
  ///   - row: The row, from the region's top.
  public mutating func placeCursor(column: Int, row: Int = 0) {
    canvas.placeCursor(column: origin.column + column, row: origin.row + row)
  }

  /// Writes a validation message `✗ message` in red on `row`, as the built-in controls show
  /// theirs under themselves, and returns the rows it took: 1, or 0 for no message.
  ///
  /// - Parameters:
  ///   - message: The message, or `nil` for none.
  ///   - row: The row to write it on, from the region's top: the rows the widget took.
  /// - Returns: 1 when a message was written, 0 otherwise.
  @discardableResult
  public mutating func writeValidationMessage(_ message: String?, row: Int) -> Int {
    guard let message else { return 0 }
    write("✗ " + message, row: row, style: Self.errorStyle)
    return 1
  }
}
