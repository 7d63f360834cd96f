import BindingDSL
import Headless
import HeadlessTesting
import Observation
import TerminalHostTesting
import Testing

@testable import TerminalHost

/// A note: a title field and a body text view.
@MainActor
@Observable
final class NoteModel {
  var title = ""
  var body = ""
}

struct NoteScreen: Screen {
  let heading = Label("heading", text: "Note")
  let title = TextField("title", placeholder: "Title")
  let content = TextView("body", placeholder: "Body")

  var body: Widget {
    VStack("note") {
      heading
      title
      content
    }
  }

  func bindings(_ vm: NoteModel) -> [BindingDeclaration<NoteModel>] {
    bind(\.title, to: title.text)
    bind(\.body, to: content.text)
  }
}

/// The text view and the field edit as a person expects of an editor: ↑ and ↓ move by line at
/// the column the caret had, a line wider than the view scrolls sideways with the caret in
/// view, and a text taller than the screen scrolls to the caret.
@MainActor
@Suite struct TerminalTextEditingTests {
  let model = NoteModel()
  let driver: ScreenDriver<NoteScreen>
  let host: TerminalScreenHost
  var terminal: VirtualTerminal

  init(width: Int = 20, height: Int = 8, body: String = "") throws {
    model.body = body
    driver = try ScreenDriver(NoteScreen(), model: model)
    host = TerminalScreenHost(driver.mounted, flush: {})
    terminal = VirtualTerminal(width: width, height: height)
  }

  init() throws { try self.init(body: "") }

  /// Sends each key, settling after it, then shows the frame.
  mutating func press(_ keys: KeyEvent...) async throws {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
    terminal.show(host)
  }

  mutating func type(_ text: String) async throws {
    for character in text {
      host.handle(character == "\n" ? .enter : .character(character))
      try await driver.settle()
    }
    terminal.show(host)
  }

  /// The character under the terminal's cursor, or `nil` when it is hidden.
  var underCursor: String? {
    guard let cursor = terminal.frame.cursor else { return nil }
    return terminal[cursor.column, cursor.row].text
  }

  @Test mutating func upAndDownMoveByLineKeepingTheColumn() async throws {
    try await press(.tab)
    #expect(host.focused?.id == "body")
    try await type("first line\nab\nthird line")
    try await press(.left, .left, .left, .left, .left)
    #expect(underCursor == " ", "on the space of `third line`")
    try await press(.up)
    #expect(terminal.frame.cursor == TerminalPosition(column: 2, row: 3), "the end of `ab`")
    try await press(.up)
    #expect(underCursor == " ", "back at column 5 of `first line`: the goal column is kept")
    try await type("!")
    #expect(model.body == "first! line\nab\nthird line")
    try await press(.down, .down)
    #expect(terminal.frame.cursor == TerminalPosition(column: 6, row: 4))
    try await press(.down)
    #expect(
      terminal.frame.cursor == TerminalPosition(column: 10, row: 4), "↓ on the last line: its end")
    try await press(.up, .up, .up, .up)
    #expect(
      terminal.frame.cursor == TerminalPosition(column: 0, row: 2), "↑ on the first line: its start"
    )
    #expect(host.footer.contains("←→↑↓/Home/End move"))
  }

  @Test mutating func aLineWiderThanTheViewScrollsSidewaysWithTheCaret() async throws {
    try await press(.tab)
    let line = (0..<30).map { String($0 % 10) }.joined()
    try await type(line)
    #expect(
      terminal.lines[2] == "…" + line.suffix(18), "`…` marks what is hidden, the caret at the right"
    )
    #expect(terminal.frame.cursor == TerminalPosition(column: 19, row: 2))
    try await press(.home)
    #expect(terminal.lines[2] == line.prefix(19) + "…")
    #expect(terminal.frame.cursor == TerminalPosition(column: 0, row: 2))
    try await press(.end)
    for _ in 0..<5 { try await press(.left) }
    #expect(terminal.lines[2] == "…" + line.suffix(18), "the view stays while the caret is in it")
    #expect(terminal.frame.cursor == TerminalPosition(column: 14, row: 2))
  }

  @Test mutating func aTextTallerThanTheScreenScrollsToTheCaret() async throws {
    try await press(.tab)
    try await type((1...12).map { "line \($0)" }.joined(separator: "\n"))
    #expect(terminal.lines[6] == "line 12", "the caret's line is the last shown, over the footer")
    #expect(terminal.frame.cursor == TerminalPosition(column: 7, row: 6))
    for _ in 0..<11 { try await press(.up) }
    #expect(terminal.lines.contains("line 1"))
    #expect(terminal.frame.cursor?.row == terminal.lines.firstIndex(of: "line 1"))
    try await press(.down)
    #expect(terminal.lines.contains("line 1"), "moving down within the view does not scroll it")
    #expect(underCursor == "l" || underCursor == " ")
  }

  @Test mutating func aFieldScrolledSidewaysKeepsItsViewWhileTheCaretIsInIt() async throws {
    let text = "abcdefghijklmnopqrstuvwxyz0123456789"
    let end: String = "…" + String(text.suffix(18))
    let start: String = String(text.prefix(19)) + "…"
    let shortenedEnd: String = "…" + String(text.dropLast(3).suffix(18))
    try await type(text)
    #expect(host.focused?.id == "title")
    #expect(terminal.lines[1] == end)
    for _ in 0..<10 { try await press(.left) }
    #expect(terminal.lines[1] == end, "the view stays while the caret is in it")
    #expect(terminal.frame.cursor == TerminalPosition(column: 9, row: 1))
    try await press(.home)
    #expect(terminal.lines[1] == start)
    try await press(.end, .backspace, .backspace, .backspace)
    #expect(terminal.lines[1] == shortenedEnd, "no room left empty at the right")
  }

  @Test mutating func typingAWideCharacterPastTheEdgeKeepsTheCaretInView() async throws {
    try await press(.tab)
    try await type(String(repeating: "日本", count: 10))
    let cursor = try #require(terminal.frame.cursor)
    #expect(cursor.column <= 19 && cursor.row == 2)
    #expect(terminal.lines[2].hasSuffix("本"))
  }
}

/// A screen taller than the terminal: a button, then lines of text and nothing else to focus.
struct TallScreen: Screen {
  let ok = Button("ok", title: "OK")
  let lines = (1...12).map { Label("line\($0)", text: "Line \($0)") }

  var body: Widget {
    VStack("tall") {
      ok
      for line in lines { line }
    }
  }

  func bindings(_ vm: NoteModel) -> [BindingDeclaration<NoteModel>] {}
}

@MainActor
@Suite struct TerminalScrollMarkTests {
  @Test func pageDownScrollsToWhatIsPastTheLastFocusStopAndMarksWhatIsHidden() async throws {
    let driver = try ScreenDriver(TallScreen(), model: NoteModel())
    let host = TerminalScreenHost(driver.mounted, flush: {})
    var terminal = VirtualTerminal(width: 20, height: 6)
    terminal.show(host)
    #expect(terminal.lines[0] == "[ OK ]")
    #expect(terminal.lines[4] == "Line 4" + String(repeating: " ", count: 8) + "↓ more")
    #expect(host.footer.contains("PgUp/PgDn scroll"))
    host.handle(.pageDown)
    terminal.show(host)
    #expect(terminal.lines[0] == "Line 4" + String(repeating: " ", count: 8) + "↑ more")
    host.handle(.pageDown)
    host.handle(.pageDown)
    terminal.show(host)
    #expect(terminal.lines[4] == "Line 12", "the last line, and no more")
    host.handle(.pageUp)
    terminal.show(host)
    #expect(terminal.lines[0].hasPrefix("Line 4"), "a page is the rows shown less one")
    host.handle(.enter)
    terminal.show(host)
    #expect(terminal.lines[0] == "[ OK ]", "any other key brings the focused widget back in view")
  }

  @Test func aTextViewMarksLinesHiddenAboveAndBelow() async throws {
    let model = NoteModel()
    model.body = (1...9).map { "line \($0)" }.joined(separator: "\n")
    let driver = try ScreenDriver(NoteScreen(), model: model)
    let host = TerminalScreenHost(driver.mounted, flush: {})
    var terminal = VirtualTerminal(width: 12, height: 6)
    host.handle(.tab)
    terminal.show(host)
    // NB: the view shows 5 lines, as many as the screen has rows; the screen scrolls to the
    // caret's line, so the heading and the title are out of view above.
    #expect(terminal.lines[4] == "line 9", "the caret's line at the bottom")
    #expect(terminal.lines[0] == "line 5     ▲", "lines hidden above the view")
    host.handle(.up)
    host.handle(.up)
    host.handle(.up)
    terminal.show(host)
    #expect(terminal.lines[0] == "Note", "the screen follows the caret back up")
    #expect(terminal.lines[2] == "line 5     ▲")
    #expect(terminal.lines[4] == "line 7     ↓", "the screen's own mark, where the cell is free")
  }

  @Test func aListMarksRowsHiddenAboveAndBelow() throws {
    let model = ProfileModel()
    model.contacts = (1...20).map { ContactCell($0, name: "Contact \($0)") }
    let driver = try ScreenDriver(ProfileScreen(), model: model)
    let host = TerminalScreenHost(driver.mounted, flush: {})
    host.handle(.backTab)
    #expect(host.frame(width: 30, height: 10).lines.filter { $0.hasSuffix("▲") }.isEmpty)
    #expect(
      host.frame(width: 30, height: 10).lines[8] == "  Contact 5"
        + String(repeating: " ", count: 18) + "▼")
    for _ in 0..<12 { host.handle(.down) }
    let lines = host.frame(width: 30, height: 10).lines
    #expect(lines[0] == "  Contact 5" + String(repeating: " ", count: 18) + "▲", "\(lines)")
    #expect(lines[8] == "  Contact 13" + String(repeating: " ", count: 17) + "▼")
  }
}

@Suite struct CaretTextLineTests {
  @Test func aCaretOffsetInsideACharacterMovesToItsStart() {
    let text = CaretText("ae\u{301}x", offset: 2)
    #expect(text.caret == 1)
    #expect(CaretText("abc", offset: 99).caret == 3)
  }

  @Test func typingAMarkBeforeOneLeavesTheCaretAfterTheJoinedCharacter() {
    var text = CaretText("\u{301}x", caret: 0)
    text.apply(.insert, typed: "e")
    #expect(text.text == "e\u{301}x")
    #expect(text.caret == 1)
  }

  @Test func aCRLFPairEndsALine() {
    var text = CaretText("ab\r\ncd", caret: 4)
    text.apply(.lineUp)
    #expect(text.caret == 1)
    text.apply(.end)
    #expect(text.caret == 2)
    text.apply(.lineDown)
    #expect(text.caret == 5)
  }
}
