/// A frame being painted, with the rows a painter may write to: what lies outside them (under
/// a scroll view's end, over the footer) is clipped.
struct Canvas {
  var frame: Frame
  /// The rows that can be written to.
  var rows: Range<Int>

  /// Whether `row` can be written: in ``rows`` and in the frame. A canvas over a frame without
  /// rows writes nothing and only measures.
  func isDrawable(_ row: Int) -> Bool {
    rows.contains(row) && row >= 0 && row < frame.height
  }

  /// Writes `text` from `column` on `row`, at most `width` columns, and returns the column
  /// after the last character written; a row outside ``rows`` is left as it is. Text wider than
  /// `width` is cut and ends in `…`.
  @discardableResult
  mutating func write(
    _ text: String, column: Int, row: Int, width: Int, style: TerminalStyle = .plain
  ) -> Int {
    guard isDrawable(row), width > 0 else { return column }
    var used = 0
    var end = text.endIndex
    var cut: String.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let cells = TerminalText.width(of: TerminalText.displayable(text[index]))
      if cut == nil, used + cells > width - 1 { cut = index }
      used += cells
      if used > width {
        end = cut ?? index
        break
      }
      index = text.index(after: index)
    }
    guard end < text.endIndex else {
      return frame.write(text, column: column, row: row, style: style, endColumn: column + width)
    }
    let written = frame.write(
      String(text[..<end]), column: column, row: row, style: style, endColumn: column + width - 1)
    return frame.write("…", column: written, row: row, style: style, endColumn: column + width)
  }

  /// Paints `width` blank cells in `style` from `column` on `row`.
  mutating func fill(column: Int, row: Int, width: Int, style: TerminalStyle) {
    guard isDrawable(row), width > 0 else { return }
    frame.fill(columns: column..<(column + width), rows: row..<(row + 1), style: style)
  }

  /// Puts the text cursor at `column`, `row` when that cell is on the canvas.
  mutating func placeCursor(column: Int, row: Int) {
    guard isDrawable(row), (0..<frame.width).contains(column) else { return }
    frame.cursor = TerminalPosition(column: column, row: row)
  }
}

/// The styles a painted screen uses.
enum Palette {
  static let focus = TerminalStyle(attributes: .reverse)
  static let dim = TerminalStyle(attributes: .dim)
  static let bold = TerminalStyle(attributes: .bold)
  static let error = TerminalStyle(foreground: .red)
  static let field = TerminalStyle(attributes: .underline)
  static let selected = TerminalStyle(attributes: [.bold, .underline])
  static let bar = TerminalStyle(foreground: .white, background: .blue, attributes: .bold)
  static let notice = TerminalStyle(foreground: .black, background: .yellow)
}
