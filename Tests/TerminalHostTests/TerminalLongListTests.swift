import BindingDSL
import Headless
import HeadlessTesting
import TerminalHostTesting
import Testing

@testable import TerminalHost

/// A list longer than its window in the terminal: the arrows reach every row, scrolling the
/// list's window as the cursor leaves the rows it shows.
@MainActor
@Suite struct TerminalLongListTests {
  let model = ProfileModel()
  let screen = ProfileScreen()
  let driver: ScreenDriver<ProfileScreen>
  let host: TerminalScreenHost
  var terminal = VirtualTerminal(width: 40, height: 10)
  var writer = FrameWriter()

  init() throws {
    model.contacts = (1...200).map { ContactCell($0, name: "Contact \($0)") }
    screen.contacts.visibleRowCount = 5
    screen.contacts.windowMargin = 2
    driver = try ScreenDriver(screen, model: model)
    host = TerminalScreenHost(driver.mounted, flush: {})
  }

  /// Sends `key` `times` times, settling after each, then draws the frame on the terminal.
  mutating func press(_ key: KeyEvent, times: Int = 1) async throws {
    for _ in 0..<times {
      host.handle(key)
      try await driver.settle()
    }
    terminal.receive(writer.write(host.frame(width: terminal.width, height: terminal.height)))
  }

  /// The text of the row drawn reversed, the list's cursor row, without a scroll mark.
  var cursorLine: String? {
    let frame = terminal.frame
    return (0..<frame.height).first { frame[2, $0].style.attributes.contains(.reverse) }
      .map { row in
        var line = terminal.lines[row]
        for mark in ["↑ more", "↓ more", "▲", "▼"] where line.hasSuffix(mark) {
          line.removeLast(mark.count)
        }
        while line.last == " " { line.removeLast() }
        return line
      }
  }

  @Test mutating func theArrowsReachRowsPastTheWindowAndBack() async throws {
    try await press(.backTab)
    #expect(host.focused?.id == "contacts")
    #expect(cursorLine == "  Contact 1")
    try await press(.down, times: 150)
    #expect(cursorLine == "  Contact 151")
    #expect(screen.contacts.firstVisibleRow == 146, "scrolled the least that shows row 151")
    try await press(.enter)
    #expect(model.opened == [151])
    try await press(.pageDown, times: 10)
    #expect(cursorLine == "  Contact 200", "the cursor stops on the last row")
    try await press(.pageUp, times: 25)
    #expect(cursorLine == "  Contact 1")
    #expect(screen.contacts.firstVisibleRow == 0)
    #expect(screen.contacts.rows.count == 7, "only the window is mounted")
  }

  @Test mutating func theCursorComesBackOnTheRowItLeftAndDownScrollsOnFromThere() async throws {
    try await press(.backTab)
    try await press(.down, times: 150)
    #expect(screen.contacts.firstVisibleRow == 146)
    try await press(.backTab)
    try await press(.tab)
    #expect(host.focused?.id == "contacts")
    #expect(cursorLine == "  Contact 151", "the cursor is on the row it left, not the margin")
    try await press(.down)
    #expect(screen.contacts.firstVisibleRow == 147, "Down scrolls the least that shows the row")
    #expect(cursorLine == "  Contact 152")
  }
}
