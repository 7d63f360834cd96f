import Testing

@testable import TerminalHost

@Suite struct FrameTests {
  @Test func writingTextPlacesOneCellPerCluster() {
    var frame = Frame(width: 12, height: 1)
    let end = frame.write("日本 ok", column: 1, row: 0)
    #expect(end == 8)
    #expect(frame.lines == [" 日本 ok"])
    #expect(frame[1, 0].text == "日")
    #expect(frame[1, 0].width == 2)
    #expect(frame[2, 0].isContinuation)
    #expect(frame[5, 0].text == " ")
  }

  @Test func writingStopsBeforeWhatDoesNotFit() {
    var frame = Frame(width: 5, height: 1)
    #expect(frame.write("ab日本", column: 0, row: 0) == 4)
    #expect(frame.lines == ["ab日"])
    #expect(frame.write("xyz", column: 1, row: 0, endColumn: 3) == 3)
    #expect(frame.lines == ["axy"])
    #expect(frame.write("far", column: 0, row: 5) == 0)
  }

  @Test func controlCharactersAreWrittenAsStandInsAndZeroWidthOnesLeftOut() {
    var frame = Frame(width: 8, height: 1)
    frame.write("a\n\u{1B}[2J\u{200B}", column: 0, row: 0)
    #expect(frame.lines == ["a␊␛[2J"])
    #expect(TerminalCell("\u{301}").text == "\u{FFFD}")
  }

  @Test func overwritingHalfOfAWideCharacterLeavesASpace() {
    let style = TerminalStyle(foreground: .red)
    var frame = Frame(width: 6, height: 1)
    frame.write("日本", column: 0, row: 0, style: style)
    frame.put(TerminalCell("x"), column: 1, row: 0)
    #expect(frame.lines == [" x本"])
    #expect(frame[0, 0] == .blank(style))
    frame.put(TerminalCell("y"), column: 2, row: 0)
    #expect(frame.lines == [" xy"])
    #expect(frame[3, 0] == .blank(style))
    frame.put(TerminalCell("語"), column: 0, row: 0)
    #expect(frame.lines == ["語y"])
    #expect(frame[1, 0].isContinuation)
    frame.put(TerminalCell("😀"), column: 1, row: 0)
    #expect(frame.lines == [" 😀"])
    #expect(frame[0, 0].text == " ")
    #expect(frame[2, 0].isContinuation)
  }

  @Test func aWideCellInTheLastColumnBecomesASpace() {
    var frame = Frame(width: 3, height: 1)
    frame.put(TerminalCell("日", style: TerminalStyle(attributes: .bold)), column: 2, row: 0)
    #expect(frame[2, 0] == .blank(TerminalStyle(attributes: .bold)))
  }

  @Test func fillingIsClippedToTheFrame() {
    var frame = Frame(width: 3, height: 2)
    let style = TerminalStyle(background: .blue)
    frame.fill(columns: 1..<10, rows: -1..<1, style: style)
    #expect(frame[0, 0] == .blank)
    #expect(frame[1, 0] == .blank(style))
    #expect(frame[2, 0] == .blank(style))
    #expect(frame[1, 1] == .blank)
  }

  @Test func colorsKeepTheirComponents() {
    #expect(TerminalColor.indexed(200).index == 200)
    #expect(TerminalColor.indexed(200).components == nil)
    let orange = TerminalColor.rgb(red: 255, green: 128, blue: 0)
    #expect(orange.index == nil)
    #expect(orange.components?.red == 255)
    #expect(orange.components?.green == 128)
    #expect(orange.components?.blue == 0)
    #expect(orange != .indexed(0))
  }
}
