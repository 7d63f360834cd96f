import BindingDSL
import Headless
import HeadlessTesting
import TerminalHostTesting
import Testing

@testable import TerminalHost

/// A terminal host driving ``ProfileScreen`` with key events, its frames written to a virtual
/// terminal through a frame writer, as a real session writes them to a tty.
@MainActor
@Suite struct TerminalScreenHostTests {
  let model = ProfileModel()
  let driver: ScreenDriver<ProfileScreen>
  let host: TerminalScreenHost
  var terminal = VirtualTerminal(width: 40, height: 10)
  var writer = FrameWriter()

  init() throws {
    driver = try ScreenDriver(ProfileScreen(), model: model)
    // NB: the driver flushes and waits for the commands a key started in `settle()`, which
    // `press` calls after every key.
    host = TerminalScreenHost(driver.mounted, flush: {})
  }

  /// Sends `keys` one by one, settling the screen after each, then writes the frame to the
  /// terminal and returns the bytes written.
  @discardableResult
  mutating func press(_ keys: KeyEvent...) async throws -> [UInt8] {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
    return show()
  }

  /// Writes the host's frame to the terminal and returns the bytes written.
  @discardableResult
  mutating func show() -> [UInt8] {
    let bytes = writer.write(host.frame(width: terminal.width, height: terminal.height))
    terminal.receive(bytes)
    return bytes
  }

  @Test mutating func theFirstFieldHasTheFocusAndTypingShowsOnScreen() async throws {
    show()
    #expect(host.focused?.id == "name")
    try await press(.character("A"), .character("d"), .character("a"))
    #expect(model.name == "Ada")
    #expect(terminal.lines[1] == "Ada")
    #expect(terminal[0, 1].style.attributes == [.reverse])
    #expect(terminal.cursor == TerminalPosition(column: 3, row: 1))
    #expect(terminal.isCursorVisible)
    #expect(terminal.unrecognized.isEmpty)
  }

  @Test mutating func editingKeysWorkAtTheCaret() async throws {
    try await press(.character("A"), .character("a"), .left, .character("d"), .home)
    try await press(.delete, .character("B"), .end, .backspace)
    #expect(model.name == "Bd")
    #expect(terminal.cursor == TerminalPosition(column: 2, row: 1))
  }

  @Test mutating func tabAndShiftTabMoveTheFocusInTreeOrder() async throws {
    show()
    var visited: [String] = []
    for _ in 0..<5 {
      try await press(.tab)
      visited.append(host.focused?.id ?? "none")
    }
    #expect(visited == ["password", "newsletter", "save", "contacts", "name"])
    try await press(.backTab)
    #expect(host.focused?.id == "contacts")
    #expect(terminal.isCursorVisible == false)
  }

  @Test mutating func theSecureFieldShowsBullets() async throws {
    try await press(.tab, .character("p"), .character("w"))
    #expect(model.password == "pw")
    #expect(terminal.lines[2] == "••")
  }

  @Test mutating func enterOnAButtonRunsItsCommandAndSpaceTogglesAToggle() async throws {
    try await press(.character("A"), .tab, .tab, .character(" "), .tab, .enter)
    #expect(model.newsletter)
    #expect(model.saves == ["A"])
    #expect(terminal.lines[3] == "[x] Newsletter [ Save ]")
  }

  @Test mutating func upAndDownMoveAListsCursorAndEnterSelects() async throws {
    try await press(.backTab)
    #expect(host.focused?.id == "contacts")
    #expect(terminal[2, 4].style.attributes == [.reverse])
    try await press(.down, .enter)
    #expect(model.opened == [2])
    #expect(terminal.lines[5] == "▸ Grace")
    #expect(terminal[2, 5].style.attributes == [.reverse])
    #expect(terminal[2, 4].style.attributes == [])
  }

  @Test mutating func wideCharactersTakeTwoColumns() {
    show()
    #expect(terminal.lines[0] == "こんにちは, 世界")
    #expect(terminal[1, 0].isContinuation)
    #expect(terminal[10, 0].text == ",")
  }

  @Test mutating func aKeystrokeRewritesOnlyTheCellsItChanged() async throws {
    try await press(.character("A"))
    let bytes = try await press(.character("d"))
    #expect(terminal.lines[1] == "Ad")
    #expect(bytes.count < 24, "wrote \(readable(bytes))")
  }

  @Test mutating func aPasteIsOneEdit() async throws {
    let field = try driver.widget("name", as: TextField.self)
    var edits: [String] = []
    _ = field.text.addEditHandler { edits.append($0) }
    try await press(.character("A"), .paste("da\nLovelace"))
    #expect(edits == ["A", "Ada Lovelace"])
    #expect(model.name == "Ada Lovelace")
  }

  @Test mutating func theFooterListsTheKeysOfTheFocusedWidget() async throws {
    show()
    // NB: no "Enter submit": nothing is bound to the field's submit.
    #expect(terminal.lines[9] == "Tab/⇧Tab focus  ←→/Home/End move  …", "whole hints, then …")
    #expect(terminal[0, 9].style.attributes == [.dim])
    let field = "Tab/⇧Tab focus  ←→/Home/End move  ⌫/Del/^W delete  Alt-B/F word"
    #expect(host.footer == field)
    try await press(.tab, .tab, .tab)
    let hints = host.keyHints.map(\.description)
    #expect(hints == ["Tab/⇧Tab focus", "Enter/Space tap", "? help"])
    #expect(terminal.lines[9] == "Tab/⇧Tab focus  Enter/Space tap  ? help")
  }

  @Test mutating func aScreenTallerThanTheTerminalScrollsToTheFocusedWidget() async throws {
    #expect(host.frame(width: 30, height: 5).lines[0] == "こんにちは, 世界")
    try await press(.backTab)
    let onAda = host.frame(width: 30, height: 5).lines
    // NB: the marks at the right say what is hidden above and below.
    #expect(onAda[0] == "Name" + String(repeating: " ", count: 20) + "↑ more")
    #expect(onAda[3] == "  Ada" + String(repeating: " ", count: 24) + "▼", "the list's own mark")
    try await press(.down)
    let onGrace = host.frame(width: 30, height: 5).lines
    #expect(onGrace[0] == "Password" + String(repeating: " ", count: 16) + "↑ more")
    #expect(onGrace[3] == "  Grace")
    try await press(.tab)
    #expect(host.frame(width: 30, height: 5).cursor == TerminalPosition(column: 0, row: 1))
  }

  @Test mutating func aDisabledButtonIsSkipped() async throws {
    try driver.widget("save").isEnabled.receive(false)
    try await press(.backTab, .backTab)
    #expect(host.focused?.id == "newsletter")
  }
}
