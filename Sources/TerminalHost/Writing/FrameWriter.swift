/// Turns what a terminal shows into the next frame, writing as little as it can.
///
/// The writer keeps the last frame it wrote. Given the next one, it returns the bytes (VT and
/// ANSI sequences any terminal emulator understands) that change only the cells that differ,
/// moving the cursor only where the next changed cell is not already under it, and changing
/// the text attributes (SGR) only between cells whose styles differ. An unchanged frame writes
/// nothing at all. The first frame, and a frame of another size (after a resize), is a full
/// repaint: the screen is cleared, then every cell that is not a plain space is drawn.
///
/// ```swift
/// var writer = FrameWriter()
/// var frame = Frame(width: 20, height: 2)
/// frame.write("Name: Ada", column: 0, row: 0)
/// let firstBytes = writer.write(frame)
/// frame.write("Grace", column: 6, row: 0)
/// let changeBytes = writer.write(frame)
/// ```
///
/// What the bytes expect of the terminal: that it received nothing else since the last frame,
/// and that the last frame ended with the plain style, as every output of the writer does.
/// After anything else has been written, or the terminal's contents were lost, call
/// ``invalidate()`` to get a full repaint.
public struct FrameWriter: Sendable {
  /// The frame the terminal shows, as the writer last wrote it, or `nil` before the first
  /// frame and after ``invalidate()``.
  public private(set) var lastFrame: Frame?

  /// A writer for a terminal whose contents are unknown: its first frame is a full repaint.
  public init() {}

  /// The bytes that change the terminal from ``lastFrame`` to `frame`, which becomes the
  /// last frame.
  ///
  /// - Parameter frame: The next frame.
  /// - Returns: The bytes to write to the terminal in one write: empty when nothing changed.
  public mutating func write(_ frame: Frame) -> [UInt8] {
    let bytes = Self.bytes(from: lastFrame, to: frame)
    lastFrame = frame
    return bytes
  }

  /// Forgets the last frame, so that the next one is a full repaint: after a resize, or after
  /// something else wrote to the terminal.
  public mutating func invalidate() {
    lastFrame = nil
  }

  /// The bytes that change a terminal showing `previous` to show `next`.
  ///
  /// A `previous` of `nil` or of another size gives a full repaint. Otherwise the terminal must
  /// show `previous` exactly as this function left it: the plain style, and the cursor at
  /// `previous.cursor` when that is not `nil`.
  ///
  /// - Parameters:
  ///   - previous: What the terminal shows, or `nil` when that is unknown.
  ///   - next: What it should show.
  /// - Returns: The bytes: empty when `previous` equals `next`.
  public static func bytes(from previous: Frame?, to next: Frame) -> [UInt8] {
    var output = SequenceWriter(width: next.width)
    let base: Frame
    var wasCursorShown: Bool?
    if let previous, previous.width == next.width, previous.height == next.height {
      if previous == next { return [] }
      base = previous
      wasCursorShown = previous.cursor != nil
      output.cursor = previous.cursor.map { clamped($0, in: next) }
    } else {
      base = Frame(width: next.width, height: next.height)
      output.clearScreen()
    }
    let width = next.width
    for row in 0..<next.height {
      let start = row * width
      var column = 0
      while column < width {
        let cell = next.cells[start + column]
        if !cell.isContinuation, cell != base.cells[start + column] {
          output.draw(
            cell, column: column, row: row, line: next.cells[start..<start + width])
        }
        column += 1
      }
    }
    output.setStyle(.plain)
    if let position = next.cursor {
      output.move(to: clamped(position, in: next))
      if wasCursorShown != true { output.append(TerminalSequences.showCursor) }
    } else if wasCursorShown != false {
      output.append(TerminalSequences.hideCursor)
    }
    return output.bytes
  }

  private static func clamped(_ position: TerminalPosition, in frame: Frame) -> TerminalPosition {
    TerminalPosition(
      column: min(max(0, position.column), max(0, frame.width - 1)),
      row: min(max(0, position.row), max(0, frame.height - 1)))
  }
}
