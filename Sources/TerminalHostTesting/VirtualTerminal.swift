public import TerminalHost

/// A terminal emulator without a display, for tests: a grid of cells with a cursor and a
/// current style that obeys the bytes a host writes, so that a test can read the screen as
/// text and check each cell's style.
///
/// It follows xterm where terminals differ: a character in the last column leaves the cursor
/// there until the next character wraps it; a wide character that does not fit in the row
/// wraps first; overwriting either half of a wide character turns the other half into a space;
/// erasing fills with the current background. It understands what the host writes, and records
/// every other sequence or control character in ``unrecognized`` so that a test can assert that
/// there are none.
///
/// To test a screen of one's own, show a ``/TerminalHost/TerminalScreenHost`` on it after each
/// key with ``show(_:)``, and read ``lines``, the cells and ``cursor``:
///
/// ```swift
/// let driver = try ScreenDriver(GreetingScreen(), model: GreetingModel())
/// let host = TerminalScreenHost(driver.mounted, flush: {})
/// var terminal = VirtualTerminal(width: 30, height: 4)
/// for key in "Ada" {
///   host.handle(.character(key))
///   try await driver.settle()
/// }
/// terminal.show(host)
/// #expect(terminal.lines[1] == "Hello, Ada")
/// ```
public struct VirtualTerminal: Sendable {
  /// The number of columns.
  public private(set) var width: Int
  /// The number of rows.
  public private(set) var height: Int
  /// The cells of the screen shown, row by row.
  public internal(set) var cells: [TerminalCell]
  /// The cells of the screen not shown (the normal one while the alternate one is shown).
  var hiddenScreen: [TerminalCell]
  /// Where the next character goes.
  public internal(set) var cursor = TerminalPosition(column: 0, row: 0)
  /// Whether the text cursor is shown (DECTCEM).
  public internal(set) var isCursorVisible = true
  /// Whether the alternate screen is shown.
  public internal(set) var isAlternateScreenActive = false
  /// Whether pastes are bracketed (mode 2004).
  public internal(set) var isBracketedPasteEnabled = false
  /// Whether mouse presses, releases and the wheel are reported (mode 1000).
  public internal(set) var isMouseReportingEnabled = false
  /// Whether mouse reports take the SGR form (mode 1006).
  public internal(set) var isSGRMouseEnabled = false
  /// The style of the next character written, and of erased cells' background.
  public internal(set) var style = TerminalStyle.plain
  /// The sequences and control characters received that it does not understand, as text.
  public internal(set) var unrecognized: [String] = []
  /// Whether a character was written in the last column, so that the next one wraps.
  var isWrapPending = false
  /// The cursor saved on entering the alternate screen.
  var savedCursor = TerminalPosition(column: 0, row: 0)
  /// Bytes of an unfinished sequence or character.
  var pending: [UInt8] = []

  /// What ``show(_:)`` wrote last, so that the next frame writes only the cells that changed.
  var writer = FrameWriter()

  /// A terminal of blank cells with the cursor at the top left.
  ///
  /// - Parameters:
  ///   - width: The number of columns.
  ///   - height: The number of rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = Array(repeating: .blank, count: width * height)
    hiddenScreen = cells
  }

  /// The cell at `column`, `row` of the screen shown.
  ///
  /// - Parameters:
  ///   - column: The column, from 0 at the left, less than ``width``.
  ///   - row: The row, from 0 at the top, less than ``height``.
  public subscript(column: Int, row: Int) -> TerminalCell {
    cells[row * width + column]
  }

  /// The screen shown as a frame, its cursor `nil` when the cursor is hidden: equal to the last
  /// frame written when the writer did its job.
  public var frame: Frame {
    Frame(width: width, height: height, cells: cells, cursor: isCursorVisible ? cursor : nil)
  }

  /// The text of each row of the screen shown, trailing spaces left out.
  public var lines: [String] { frame.lines }

  /// Changes the size as a terminal window does: what fits stays where it was, the rest is cut,
  /// and the cursor moves inside. The next ``show(_:)`` paints the host at the new size.
  ///
  /// - Parameters:
  ///   - newWidth: The number of columns from now on.
  ///   - newHeight: The number of rows from now on.
  public mutating func resize(width newWidth: Int, height newHeight: Int) {
    func resized(_ old: [TerminalCell]) -> [TerminalCell] {
      var frame = Frame(width: newWidth, height: newHeight)
      for row in 0..<min(height, newHeight) {
        for column in 0..<min(width, newWidth) where !old[row * width + column].isContinuation {
          frame.put(old[row * width + column], column: column, row: row)
        }
      }
      return frame.cells
    }
    cells = resized(cells)
    hiddenScreen = resized(hiddenScreen)
    width = newWidth
    height = newHeight
    cursor = TerminalPosition(
      column: min(cursor.column, newWidth - 1), row: min(cursor.row, newHeight - 1))
    isWrapPending = false
  }

  /// Paints `host` at this terminal's size and obeys the bytes a `FrameWriter` writes for it
  /// (only the cells that changed since the last call), as a terminal session shows a frame:
  /// call it after the keys a test sends and the driver's `settle()`, then read the screen.
  ///
  /// - Parameter host: The host whose ``/TerminalHost/TerminalScreenHost/frame(width:height:)``
  ///   to show.
  /// - Returns: The bytes written, to check that a small change writes a few bytes.
  @MainActor @discardableResult
  public mutating func show(_ host: TerminalScreenHost) -> [UInt8] {
    let bytes = writer.write(host.frame(width: width, height: height))
    receive(bytes)
    return bytes
  }

  /// Writes `character` at the cursor and moves the cursor past it.
  mutating func print(_ character: Character) {
    let columns = TerminalText.width(of: character)
    if columns == 0 {
      attach(character)
      return
    }
    if isWrapPending || cursor.column + columns > width {
      cursor.column = 0
      lineFeed()
    }
    isWrapPending = false
    place(TerminalCell(character, style: style), at: cursor)
    if cursor.column + columns >= width {
      cursor.column = width - 1
      isWrapPending = true
    } else {
      cursor.column += columns
    }
  }

  /// Adds a character that takes no columns to the cell before the cursor, as terminals draw
  /// a combining mark on the character before it.
  private mutating func attach(_ character: Character) {
    var column = isWrapPending ? cursor.column : cursor.column - 1
    guard column >= 0 else { return }
    if self[column, cursor.row].isContinuation { column -= 1 }
    let cell = self[column, cursor.row]
    let combined = cell.text + String(character)
    guard combined.count == 1, let joined = combined.first else { return }
    let replacement = TerminalCell(joined, style: cell.style)
    if replacement.width == cell.width { cells[cursor.row * width + column] = replacement }
  }

  /// Puts `cell` at `position`, turning the other halves of the wide characters it overwrites
  /// into spaces.
  mutating func place(_ cell: TerminalCell, at position: TerminalPosition) {
    // NB: the row as a one-row frame, whose put(_:column:row:) follows the same rule (xterm's).
    let start = position.row * width
    var frame = Frame(
      width: width, height: 1, cells: Array(cells[start..<start + width]), cursor: nil)
    frame.put(cell, column: position.column, row: 0)
    cells.replaceSubrange(start..<start + width, with: frame.cells)
  }

  /// Moves the cursor down a row, scrolling the screen up at the bottom row.
  mutating func lineFeed() {
    isWrapPending = false
    if cursor.row + 1 < height {
      cursor.row += 1
    } else {
      cells.removeFirst(width)
      cells += Array(repeating: .blank(TerminalStyle(background: style.background)), count: width)
    }
  }

  /// Erases the cells from `start` up to `end` (row-major offsets) with the current background.
  mutating func erase(from start: Int, to end: Int) {
    let blank = TerminalCell.blank(TerminalStyle(background: style.background))
    for offset in max(0, start)..<min(end, cells.count) {
      place(blank, at: TerminalPosition(column: offset % width, row: offset / width))
    }
  }

  /// Switches between the normal and the alternate screen.
  mutating func showAlternateScreen(_ alternate: Bool) {
    guard alternate != isAlternateScreenActive else { return }
    swap(&cells, &hiddenScreen)
    isAlternateScreenActive = alternate
    if alternate {
      savedCursor = cursor
      erase(from: 0, to: cells.count)
    } else {
      cursor = savedCursor
    }
    isWrapPending = false
  }
}
