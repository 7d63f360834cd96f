import TerminalHostTesting
import Testing

@testable import TerminalHost

@Suite struct FrameWriterTests {
  @Test func theFirstFrameIsAFullRepaintAndAnUnchangedFrameWritesNothing() {
    var writer = FrameWriter()
    var frame = Frame(width: 20, height: 2)
    frame.write("Name: Ada", column: 0, row: 0)
    let firstBytes = writer.write(frame)
    #expect(
      readable(firstBytes) == "⎋[m⎋[H⎋[2JName: Ada⎋[?25l", "\(readable(firstBytes))")
    #expect(writer.write(frame).isEmpty)
    #expect(FrameWriter.bytes(from: frame, to: frame).isEmpty)
  }

  @Test func theDocumentedExampleWritesOnlyTheChange() {
    var writer = FrameWriter()
    var frame = Frame(width: 20, height: 2)
    frame.write("Name: Ada", column: 0, row: 0)
    let firstBytes = writer.write(frame)
    frame.write("Grace", column: 6, row: 0)
    let changeBytes = writer.write(frame)
    var terminal = VirtualTerminal(width: 20, height: 2)
    terminal.receive(firstBytes + changeBytes)
    #expect(terminal.lines == ["Name: Grace", ""])
    #expect(readable(changeBytes) == "⎋[1;7HGrace", "\(readable(changeBytes))")
  }

  @Test func aOneCellChangeCostsAFewBytes() {
    var frame = Frame(width: 200, height: 50)
    for row in 0..<50 {
      frame.write(String(repeating: "row \(row) ", count: 20), column: 0, row: row)
    }
    var changed = frame
    changed.put(TerminalCell("#"), column: 150, row: 40)
    let plain = FrameWriter.bytes(from: frame, to: changed)
    #expect(readable(plain) == "⎋[41;151H#")
    #expect(plain.count <= 40)

    var styled = frame
    styled.put(
      TerminalCell("#", style: TerminalStyle(foreground: .red, attributes: .bold)),
      column: 150, row: 40)
    styled.cursor = TerminalPosition(column: 3, row: 2)
    var withCaret = frame
    withCaret.cursor = TerminalPosition(column: 3, row: 2)
    let bytes = FrameWriter.bytes(from: withCaret, to: styled)
    #expect(bytes.count <= 40, "\(readable(bytes))")
    #expect(readable(bytes) == "⎋[41;151H⎋[1;31m#⎋[m⎋[3;4H")
  }

  @Test func styleChangesAreMinimal() {
    let bold = TerminalStyle(attributes: .bold)
    let boldRed = TerminalStyle(foreground: .red, attributes: .bold)
    let dimRed = TerminalStyle(foreground: .red, attributes: .dim)
    var frame = Frame(width: 8, height: 1)
    frame.put(TerminalCell("a", style: bold), column: 0, row: 0)
    frame.put(TerminalCell("b", style: boldRed), column: 1, row: 0)
    frame.put(TerminalCell("c", style: dimRed), column: 2, row: 0)
    frame.put(TerminalCell("d", style: .plain), column: 3, row: 0)
    frame.put(
      TerminalCell("e", style: TerminalStyle(foreground: .indexed(12), background: .indexed(99))),
      column: 4, row: 0)
    frame.put(
      TerminalCell("f", style: TerminalStyle(background: .rgb(red: 1, green: 2, blue: 3))),
      column: 5, row: 0)
    var start = Frame(width: 8, height: 1)
    start.write("xxxxxxxx", column: 0, row: 0)
    let bytes = FrameWriter.bytes(from: start, to: frame)
    #expect(
      readable(bytes) == "⎋[H⎋[1ma⎋[31mb⎋[22;2mc⎋[md⎋[94;48;5;99me⎋[0;48;2;1;2;3mf⎋[m  ",
      "\(readable(bytes))")
  }

  @Test func theCursorMovesOnlyWhereItIsNeeded() {
    var start = Frame(width: 40, height: 6)
    start.write(String(repeating: ".", count: 40), column: 0, row: 0)
    start.write(String(repeating: ".", count: 40), column: 0, row: 3)
    start.cursor = TerminalPosition(column: 0, row: 0)
    var next = start
    next.write("ab", column: 0, row: 0)
    next.write("c", column: 5, row: 0)
    next.write("d", column: 4, row: 0)
    next.write("e", column: 0, row: 3)
    next.write("f", column: 30, row: 3)
    next.write("g", column: 39, row: 3)
    next.cursor = TerminalPosition(column: 1, row: 3)
    let bytes = FrameWriter.bytes(from: start, to: next)
    // From the caret at the top left: no move before "ab", the two unchanged dots written again
    // (shorter than CSI 2 C), CUP for another row (shorter than CSI 3 B and CR), CUF for a far
    // column, and CUP after the last column, whose wrap is left to no terminal.
    #expect(
      readable(bytes) == "ab..dc⎋[4He⎋[29Cf⎋[8Cg⎋[4;2H",
      "\(readable(bytes))")
    var terminal = VirtualTerminal(width: 40, height: 6)
    terminal.receive(FrameWriter.bytes(from: nil, to: start) + bytes)
    #expect(terminal.frame == next)
  }

  @Test func theCaretIsShownMovedAndHidden() {
    var frame = Frame(width: 10, height: 3)
    frame.write("field", column: 0, row: 1)
    var terminal = VirtualTerminal(width: 10, height: 3)
    var writer = FrameWriter()
    terminal.receive(writer.write(frame))
    #expect(!terminal.isCursorVisible)

    frame.cursor = TerminalPosition(column: 5, row: 1)
    let shown = writer.write(frame)
    terminal.receive(shown)
    #expect(readable(shown) == "⎋[2;6H⎋[?25h")
    #expect(terminal.frame == frame)

    frame.write("!", column: 5, row: 1)
    frame.cursor = TerminalPosition(column: 6, row: 1)
    let typed = writer.write(frame)
    #expect(readable(typed) == "!")
    terminal.receive(typed)
    #expect(terminal.frame == frame)

    frame.cursor = nil
    let hidden = writer.write(frame)
    #expect(readable(hidden) == "⎋[?25l")
    terminal.receive(hidden)
    #expect(terminal.frame == frame)
  }

  @Test func aCaretOutsideTheFrameIsDrawnAtTheNearestCell() {
    var frame = Frame(width: 4, height: 2)
    frame.cursor = TerminalPosition(column: 9, row: -3)
    var terminal = VirtualTerminal(width: 4, height: 2)
    terminal.receive(FrameWriter.bytes(from: nil, to: frame))
    #expect(terminal.cursor == TerminalPosition(column: 3, row: 0))
    #expect(terminal.isCursorVisible)
  }

  @Test func aResizeRepaintsEverything() {
    var writer = FrameWriter()
    var small = Frame(width: 10, height: 2)
    small.write("hello", column: 0, row: 0)
    var terminal = VirtualTerminal(width: 10, height: 2)
    terminal.receive(writer.write(small))

    var large = Frame(width: 14, height: 3)
    large.write("hello", column: 0, row: 0)
    large.write("world", column: 2, row: 2)
    terminal.resize(width: 14, height: 3)
    let bytes = writer.write(large)
    #expect(readable(bytes).hasPrefix("⎋[m⎋[H⎋[2J"))
    terminal.receive(bytes)
    #expect(terminal.frame == large)
    #expect(terminal.lines == ["hello", "", "  world"])

    writer.invalidate()
    #expect(writer.lastFrame == nil)
    #expect(readable(writer.write(large)).hasPrefix("⎋[m⎋[H⎋[2J"))
  }

  @Test func clustersThatWouldJoinAreWrittenApart() {
    var frame = Frame(width: 10, height: 1)
    frame.write("\u{1F1EB}", column: 0, row: 0)
    frame.write("\u{1F1F7}", column: 2, row: 0)
    frame.write("\u{1100}", column: 4, row: 0)
    frame.write("가", column: 6, row: 0)
    let bytes = FrameWriter.bytes(from: nil, to: frame)
    #expect(
      readable(bytes) == "⎋[m⎋[H⎋[2J\u{1F1EB}⎋[3G\u{1F1F7}\u{1100}⎋[7G가⎋[?25l",
      "\(readable(bytes))")
    var terminal = VirtualTerminal(width: 10, height: 1)
    terminal.receive(bytes)
    #expect(terminal.frame == frame)
  }

  @Test func theBottomRightCellIsWrittenWithoutScrolling() {
    var frame = Frame(width: 3, height: 2)
    frame.write("abc", column: 0, row: 0)
    frame.write("def", column: 0, row: 1)
    var terminal = VirtualTerminal(width: 3, height: 2)
    terminal.receive(FrameWriter.bytes(from: nil, to: frame))
    #expect(terminal.lines == ["abc", "def"])
    var next = frame
    next.write("g", column: 0, row: 1)
    next.write("h", column: 0, row: 0)
    terminal.receive(FrameWriter.bytes(from: frame, to: next))
    #expect(terminal.frame == next)
  }
}
