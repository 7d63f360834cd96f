/// What a terminal shows: a grid of cells, `width` columns by `height` rows, and where the
/// text cursor is.
///
/// A host draws each screen into a new frame and gives it to a ``FrameWriter``, which writes
/// only what changed since the frame before. Cells are placed with ``put(_:column:row:)`` or
/// ``write(_:column:row:style:endColumn:)``, which keep every wide character next to its
/// continuation: overwriting either half of a wide character turns the other half into a space,
/// as a terminal does.
public struct Frame: Hashable, Sendable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  /// The cells, row by row: the cell at `column`, `row` is at `row * width + column`.
  public private(set) var cells: [TerminalCell]
  /// Where the terminal shows its text cursor (the caret of a focused text field), or `nil` to
  /// hide it.
  ///
  /// A position outside the frame is drawn at the nearest cell inside it.
  public var cursor: TerminalPosition?

  /// A frame of blank cells in the plain style, with the cursor hidden.
  ///
  /// - Parameters:
  ///   - width: The number of columns; a negative number counts as 0.
  ///   - height: The number of rows; a negative number counts as 0.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// A frame of the given cells, which must keep every wide cell next to its continuation (a
  /// terminal's screen, as `VirtualTerminal` reads it).
  package init(width: Int, height: Int, cells: [TerminalCell], cursor: TerminalPosition?) {
    precondition(cells.count == width * height, "a frame of \(width)×\(height) cells")
    self.width = width
    self.height = height
    self.cells = cells
    self.cursor = cursor
  }

  /// The cell at `column`, `row`.
  ///
  /// - Parameters:
  ///   - column: The column, from 0 at the left, less than ``width``.
  ///   - row: The row, from 0 at the top, less than ``height``.
  public subscript(column: Int, row: Int) -> TerminalCell {
    cells[row * width + column]
  }

  /// Places `cell` at `column`, `row`.
  ///
  /// A wide cell also covers the next column, which becomes its continuation. Either half of a
  /// wide character this overwrites leaves its other half a space in that character's style. A
  /// wide cell that does not fit before the right edge is drawn as a space in its style, and a
  /// position outside the frame is ignored.
  ///
  /// - Parameters:
  ///   - cell: The cell; a continuation is ignored.
  ///   - column: The column, from 0 at the left.
  ///   - row: The row, from 0 at the top.
  public mutating func put(_ cell: TerminalCell, column: Int, row: Int) {
    guard !cell.isContinuation, (0..<width).contains(column), (0..<height).contains(row) else {
      return
    }
    let start = row * width
    guard cell.width == 1 || column + 1 < width else {
      put(.blank(cell.style), column: column, row: row)
      return
    }
    let first = start + column
    let last = first + cell.width - 1
    // An orphaned half: the left half of a wide character whose right half is overwritten, or
    // the right half of one whose left half is.
    if cells[first].isContinuation, column > 0 {
      cells[first - 1] = .blank(cells[first - 1].style)
    }
    if cells[last].width == 2, last + 1 < start + width {
      cells[last + 1] = .blank(cells[last].style)
    }
    cells[first] = cell
    if last > first { cells[last] = .continuation(cell.style) }
  }

  /// Writes `text` from `column`, `row` rightwards, one cell per grapheme cluster, and returns
  /// the column after it.
  ///
  /// Control characters are drawn as their visible stand-ins (``TerminalText/displayable(_:)``)
  /// and characters that take no columns are left out. Writing stops before the first character
  /// that does not fit before `endColumn`; a wide character that does not fit is left out, with
  /// its column left as it was.
  ///
  /// ```swift
  /// var frame = Frame(width: 12, height: 1)
  /// let end = frame.write("日本 ok", column: 1, row: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - column: The first column.
  ///   - row: The row.
  ///   - style: The style of every cell written.
  ///   - endColumn: The column writing stops before; `nil` for the frame's right edge.
  /// - Returns: The column after the last cell written (`column` when nothing was written).
  @discardableResult
  public mutating func write(
    _ text: String, column: Int, row: Int, style: TerminalStyle = .plain,
    endColumn: Int? = nil
  ) -> Int {
    let end = min(endColumn ?? width, width)
    guard (0..<height).contains(row) else { return column }
    var position = max(0, column)
    for character in text {
      let shown = TerminalText.displayable(character)
      let columns = TerminalText.width(of: shown)
      if columns == 0 { continue }
      guard position + columns <= end else { break }
      put(TerminalCell(shown, style: style), column: position, row: row)
      position += columns
    }
    return position
  }

  /// Fills the rectangle of `columns` by `rows` with spaces in `style`.
  ///
  /// - Parameters:
  ///   - columns: The columns to fill; the part outside the frame is ignored.
  ///   - rows: The rows to fill; the part outside the frame is ignored.
  ///   - style: The spaces' style.
  public mutating func fill(columns: Range<Int>, rows: Range<Int>, style: TerminalStyle) {
    let columns = columns.clamped(to: 0..<width)
    for row in rows.clamped(to: 0..<height) {
      for column in columns { put(.blank(style), column: column, row: row) }
    }
  }

  /// Takes every cell's colors away, keeping its text and attributes: what a terminal shows
  /// under `NO_COLOR`.
  package mutating func removeColors() {
    for index in cells.indices
    where cells[index].style.foreground != nil
      || cells[index].style.background != nil
    {
      cells[index].style.foreground = nil
      cells[index].style.background = nil
    }
  }

  /// The text of each row, wide characters once and trailing spaces left out: the screen as a
  /// test reads it.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for cell in cells[row * width..<(row + 1) * width] { line += cell.text }
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}

/// A cell's place in a ``Frame``.
public struct TerminalPosition: Hashable, Sendable {
  /// The column, from 0 at the left.
  public var column: Int
  /// The row, from 0 at the top.
  public var row: Int

  /// A position.
  ///
  /// - Parameters:
  ///   - column: The column, from 0 at the left.
  ///   - row: The row, from 0 at the top.
  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }
}
