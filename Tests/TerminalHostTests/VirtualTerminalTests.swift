import TerminalHostTesting
import Testing

@testable import TerminalHost

@Suite struct VirtualTerminalTests {
  @Test func textWrapsAfterTheLastColumnAndScrollsAtTheBottom() {
    var terminal = VirtualTerminal(width: 4, height: 2)
    terminal.receive(utf8("abcd"))
    #expect(terminal.cursor == TerminalPosition(column: 3, row: 0))
    terminal.receive(utf8("ef"))
    #expect(terminal.lines == ["abcd", "ef"])
    terminal.receive(utf8("\r\nxy"))
    #expect(terminal.lines == ["ef", "xy"])
    #expect(terminal.unrecognized.isEmpty)
  }

  @Test func aWideCharacterThatDoesNotFitWraps() {
    var terminal = VirtualTerminal(width: 3, height: 2)
    terminal.receive(utf8("ab日"))
    #expect(terminal.lines == ["ab", "日"])
    #expect(terminal[1, 1].isContinuation)
  }

  @Test func cursorMovementsAndErasing() {
    var terminal = VirtualTerminal(width: 6, height: 3)
    terminal.receive(utf8("abcdef\u{1B}[2;3Hxy\u{1B}[Az\u{1B}[2D_\u{1B}[B\u{1B}[6G!"))
    #expect(terminal.lines == ["abc_zf", "  xy !", ""])
    terminal.receive(utf8("\u{1B}[1;3H\u{1B}[K\u{1B}[3d\u{1B}[1Kend"))
    #expect(terminal.lines == ["ab", "  xy !", "  end"])
    terminal.receive(utf8("\u{1B}[44m\u{1B}[2J"))
    #expect(terminal[5, 2].style.background == .blue)
    #expect(terminal.unrecognized.isEmpty)
  }

  @Test func graphicRenditionSetsTheStyleOfWhatFollows() {
    var terminal = VirtualTerminal(width: 8, height: 1)
    terminal.receive(utf8("\u{1B}[1;4;31;48;5;200ma\u{1B}[22;24;2;7;39;49mb"))
    terminal.receive(utf8("\u{1B}[0;38;2;1;2;3;103mc\u{1B}[md"))
    #expect(
      terminal[0, 0].style
        == TerminalStyle(
          foreground: .red, background: .indexed(200), attributes: [.bold, .underline]))
    #expect(terminal[1, 0].style == TerminalStyle(attributes: [.dim, .reverse]))
    #expect(
      terminal[2, 0].style
        == TerminalStyle(
          foreground: .rgb(red: 1, green: 2, blue: 3), background: .indexed(11)))
    #expect(terminal[3, 0].style == .plain)
    #expect(terminal.unrecognized.isEmpty)
  }

  @Test func theAlternateScreenKeepsTheNormalOne() {
    var terminal = VirtualTerminal(width: 5, height: 2)
    terminal.receive(utf8("shell"))
    terminal.receive(TerminalSequences.enterAlternateScreen + TerminalSequences.hideCursor)
    #expect(terminal.isAlternateScreenActive)
    #expect(terminal.lines == ["", ""])
    terminal.receive(utf8("\u{1B}[Happ"))
    terminal.receive(TerminalSequences.leaveAlternateScreen + TerminalSequences.showCursor)
    #expect(terminal.lines == ["shell", ""])
    #expect(terminal.isCursorVisible)
    terminal.receive(TerminalSequences.enableBracketedPaste)
    #expect(terminal.isBracketedPasteEnabled)
    terminal.receive(TerminalSequences.disableBracketedPaste)
    #expect(!terminal.isBracketedPasteEnabled)
    #expect(terminal.unrecognized.isEmpty)
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var terminal = VirtualTerminal(width: 6, height: 1)
    terminal.receive(utf8("日本\u{1B}[2Gx\u{1B}[4Gy"))
    #expect(terminal.lines == [" x y"])
    #expect(!terminal[2, 0].isContinuation)
  }

  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    var terminal = VirtualTerminal(width: 4, height: 1)
    terminal.receive(utf8("e"))
    terminal.receive(utf8("\u{301}x"))
    #expect(terminal[0, 0].text == "e\u{301}")
    #expect(terminal.lines == ["e\u{301}x"])
  }

  @Test func sequencesCutBetweenWritesAreCompleted() {
    var terminal = VirtualTerminal(width: 4, height: 2)
    for byte in utf8("\u{1B}[2;2H\u{1B}[31m日") { terminal.receive([byte]) }
    #expect(terminal.lines == ["", " 日"])
    #expect(terminal[1, 1].style.foreground == .red)
  }

  @Test func whatItDoesNotUnderstandIsRecorded() {
    var terminal = VirtualTerminal(width: 4, height: 1)
    terminal.receive(utf8("\u{1B}[5n\u{7}\u{1B}7\u{9B}\u{1B}[?1003h\u{1B}[58m"))
    #expect(
      terminal.unrecognized == [
        "CSI 5n", "control 0x7", "ESC 7", "C1 control U+9B", "CSI ?1003h", "CSI 58m",
      ])
  }

  @Test func aResizeKeepsWhatFits() {
    var terminal = VirtualTerminal(width: 5, height: 2)
    terminal.receive(utf8("abc日\r\nxy"))
    terminal.resize(width: 4, height: 1)
    #expect(terminal.lines == ["abc"])
    #expect(terminal.cursor == TerminalPosition(column: 2, row: 0))
  }
}
