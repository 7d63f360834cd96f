import BindingDSL
import Headless
import HeadlessTesting
import Testing

@testable import TerminalHost

/// A terminal host driving an app: its title bar, Esc to go back, and a dialog that traps the
/// focus and is answered with its buttons.
@MainActor
@Suite struct TerminalAppHostTests {
  let driver: AppDriver
  let host: TerminalScreenHost
  let inbox: InboxModel

  init() async throws {
    driver = AppDriver(registry: try inboxRegistry())
    let inbox = InboxModel(app: driver.host)
    self.inbox = inbox
    try await driver.start { _ in inbox }
    host = TerminalScreenHost(driver.host, flush: {})
  }

  func press(_ keys: KeyEvent...) async throws {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
  }

  func lines() -> [String] {
    host.frame(width: 30, height: 8).lines
  }

  @Test func theTitleBarShowsTheVisibleScreenAndEscGoesBack() async throws {
    #expect(lines()[0] == " Inbox")
    #expect(lines()[1] == "[ Open ]")
    try await press(.enter)
    #expect(lines()[0] == " ‹ Back │ Message")
    #expect(lines()[1] == "Hello")
    #expect(host.footer == "Esc back  ? help", "no Tab on a screen with no focus stop")
    try await press(.escape)
    #expect(lines()[0] == " Inbox")
    #expect(host.focused?.id == "open")
  }

  @Test func aDialogTrapsTheFocusOnItsButtonsAndATapAnswersIt() async throws {
    try await press(.tab, .enter)
    let shown = lines()
    let expected = [
      " Inbox",
      "[ Op┌────────────────────┐",
      "[ Le│ Leave?             │",
      "    │ Drafts are kept.   │",
      "    │ [ Stay ] [ Leave ] │",
      "    └────────────────────┘",
      "",
      "Tab/⇧Tab focus  Esc Stay  …",
    ]
    #expect(shown == expected)
    #expect(host.focusOrder.map(\.id) == ["alert.1", "alert.2"])
    #expect(host.focused?.id == "alert.1")
    try await press(.tab, .tab, .tab)
    #expect(host.focused?.id == "alert.2")
    try await press(.enter)
    #expect(inbox.answers == ["answered(true)"])
    #expect(host.focusOrder.map(\.id) == ["open", "leave"])
    #expect(lines()[3] == "")
    #expect(host.focused?.id == "leave", "the focus goes back where it was")
    try await press(.enter)
    #expect(host.focused?.id == "alert.1", "a new dialog opens on its cancel button")
    try await press(.escape)
    #expect(inbox.answers == ["answered(true)", "answered(false)"], "Esc answers Stay")
  }
}
