import Testing

@testable import TerminalHost

@Suite struct TerminalTextTests {
  @Test(
    arguments: [
      ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("Ω", 1), ("→", 1),
      ("日", 2), ("ア", 2), ("한", 2), ("Ａ", 2), ("ｱ", 1), ("\u{3000}", 2),
      ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🏳️‍🌈", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1),
      ("1️⃣", 2), ("☝🏽", 2), ("✌🏻", 2), ("⌚", 2), ("⌚︎", 2), ("☺︎", 1), ("\u{20000}", 2),
      ("\u{1100}\u{1161}", 2), ("\u{1100}\u{1161}\u{11A8}", 2),
      ("\u{301}", 0), ("\u{200B}", 0), ("\u{1161}", 0), ("\u{11A8}", 0), ("\u{AD}", 1),
      ("\n", 1), ("\u{1B}", 1), ("\u{9B}", 1),
    ] as [(Character, Int)])
  func widthOfACharacter(_ character: Character, _ width: Int) {
    #expect(
      TerminalText.width(of: character) == width,
      "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test func widthOfTextIsTheSumOfItsClusters() {
    #expect(TerminalText.width(of: "") == 0)
    #expect(TerminalText.width(of: "Hello") == 5)
    #expect(TerminalText.width(of: "日本語 ok") == 9)
    #expect(TerminalText.width(of: "Cafe\u{301}") == 4)
    #expect(TerminalText.width(of: "🇫🇷🇩🇪") == 4)
    #expect(TerminalText.width(of: "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}") == 4)
    #expect("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}".count == 2)
  }

  @Test func controlCharactersAreShownAsVisibleStandIns() {
    #expect(TerminalText.displayable("\n") == "␊")
    #expect(TerminalText.displayable("\u{1B}") == "␛")
    #expect(TerminalText.displayable("\u{0}") == "␀")
    #expect(TerminalText.displayable("\u{7F}") == "␡")
    #expect(TerminalText.displayable("\r\n") == "␤")
    #expect(TerminalText.displayable("\u{9B}") == "\u{FFFD}")
    #expect(TerminalText.displayable("\u{2028}") == "␤")
    #expect(TerminalText.displayable("a") == "a")
    #expect(TerminalText.displayable("日") == "日")
  }

  @Test func theWideTableIsSortedAndDisjoint() {
    for (earlier, later) in zip(eastAsianWideRanges, eastAsianWideRanges.dropFirst()) {
      #expect(earlier.upperBound < later.lowerBound)
    }
    #expect(isEastAsianWide(0x4E00))
    #expect(isEastAsianWide(0x115F))
    #expect(!isEastAsianWide(0x1160))
    #expect(!isEastAsianWide(0x41))
    #expect(!isEastAsianWide(0x303F))
  }
}
