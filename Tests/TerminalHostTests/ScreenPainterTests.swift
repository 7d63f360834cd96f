import BindingDSL
import Headless
import HeadlessTesting
import Testing

@testable import TerminalHost

@MainActor
@Suite struct ScreenPainterTests {
  @Test func aScreenIsDrawnOneWidgetUnderAnother() throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileModel())
    let root = try #require(driver.root)
    let frame = ScreenPainter().paint(root, width: 30, height: 8)
    let expected = [
      "こんにちは, 世界",
      "Name",
      "Password",
      "[ ] Newsletter [ Save ]",
      "  Ada",
      "  Grace",
      "",
      "",
    ]
    #expect(frame.lines == expected)
    #expect(frame[0, 1].style.attributes == [.underline, .dim])
    #expect(frame.cursor == nil)
  }

  @Test func theFocusedFieldIsReversedWithTheCursorAtTheCaret() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileModel())
    try await driver.type("secret", into: "password")
    let root = try #require(driver.root)
    let field = try driver.widget("password")
    let frame = ScreenPainter(focused: field, caret: 2).paint(root, width: 30, height: 8)
    #expect(frame.lines[2] == "••••••")
    #expect(frame[0, 2].style.attributes == [.reverse])
    #expect(frame.cursor == TerminalPosition(column: 2, row: 2))
  }

  @Test func hiddenWidgetsAreNotDrawnAndMessagesShowUnderTheirField() throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileModel())
    let root = try #require(driver.root)
    try driver.widget("greeting").isHidden.receive(true)
    try driver.widget("name", as: TextField.self).message.receive("Required")
    let frame = ScreenPainter().paint(root, width: 30, height: 4)
    #expect(
      frame.lines == ["Name", "✗ Required", "Password", "[ ] Newsletter [ Save ] ↓ more"],
      "the list under the screen's last row is marked")
    #expect(frame[0, 1].style.foreground == .red)
  }

  @Test func aLongFieldScrollsToKeepTheCaretInView() {
    let text = "abcdefghij"
    let slice = FieldSlice(text, caret: text.endIndex, width: 5)
    #expect(slice.text == "ghij")
    #expect(slice.caretColumn == 4)
    let start = FieldSlice(text, caret: text.startIndex, width: 5)
    #expect(start.text == "abcde")
    #expect(start.caretColumn == 0)
  }
}
