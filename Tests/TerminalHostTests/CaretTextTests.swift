import Testing

@testable import TerminalHost

@Suite struct CaretTextTests {
  @Test func typingAndDeletingHappenAtTheCaret() {
    var text = CaretText("helo", caret: 3)
    text.apply(.insert, typed: "l")
    #expect(text.text == "hello")
    #expect(text.caret == 4)
    text.apply(.end)
    text.apply(.backspace)
    text.apply(.home)
    text.apply(.delete)
    #expect(text.text == "ell")
    #expect(text.caret == 0)
  }

  @Test func wordMovesSkipWhatSeparatesWords() {
    var text = CaretText("one two  three")
    text.apply(.wordLeft)
    #expect(text.caret == 9)
    text.apply(.wordLeft)
    #expect(text.caret == 4)
    text.apply(.wordRight)
    #expect(text.caret == 7)
    text.apply(.end)
    text.apply(.deleteWord)
    #expect(text.text == "one two  ")
  }

  @Test func aCaretCountsGraphemeClusters() {
    var text = CaretText("👩‍👩‍👧日本")
    text.apply(.left)
    text.apply(.left)
    text.apply(.backspace)
    #expect(text.text == "日本")
  }
}
