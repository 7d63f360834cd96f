// The code of Docs/Hosts.md's "Testing a screen of one's own" and of `VirtualTerminal`'s
// documentation comment: every block is a run of lines of this file, which the guide check
// verifies, and the tests below run it. It uses the public API of TerminalHost and
// TerminalHostTesting only, as a test of an app would, with the imports such a test needs.

import Headless
import HeadlessTesting
import Observation
import TerminalHost
import TerminalHostTesting
import Testing

@MainActor @Observable
final class GreetingModel {
  var name = ""
  var greeting: String { name.isEmpty ? "Who are you?" : "Hello, \(name)" }
}

struct GreetingScreen: Screen {
  let name = TextField("name", placeholder: "Name")
  let greeting = Label("greeting")

  var body: Widget {
    VStack("greetingForm") {
      name
      greeting
    }
  }

  func bindings(_ vm: GreetingModel) -> [BindingDeclaration<GreetingModel>] {
    bind(\.name, to: name.text)
    bind(\.greeting, to: greeting.text)
  }
}

@MainActor
@Suite struct HostsGuideTests {
  @Test func aScreenOfOnesOwnShowsWhatIsTypedOnTheVirtualTerminal() async throws {
    let driver = try ScreenDriver(GreetingScreen(), model: GreetingModel())
    let host = TerminalScreenHost(driver.mounted, flush: {})
    var terminal = VirtualTerminal(width: 30, height: 4)
    for key in "Ada" {
      host.handle(.character(key))
      try await driver.settle()
    }
    terminal.show(host)
    #expect(terminal.lines[1] == "Hello, Ada")
  }
}

/// `VirtualTerminal.show(_:)`: the first frame is a full repaint, the next ones write what
/// changed.
@MainActor
@Suite struct VirtualTerminalShowTests {
  @Test func theFirstScreenIsShownWithTheFieldFocusedAndAKeyWritesFewBytes() async throws {
    let driver = try ScreenDriver(GreetingScreen(), model: GreetingModel())
    let host = TerminalScreenHost(driver.mounted, flush: {})
    var terminal = VirtualTerminal(width: 30, height: 4)
    let first = terminal.show(host)
    #expect(terminal.lines[0] == "Name", "the placeholder")
    #expect(terminal.lines[1] == "Who are you?")
    #expect(terminal.cursor == TerminalPosition(column: 0, row: 0))
    #expect(terminal.isCursorVisible)
    host.handle(.character("A"))
    try await driver.settle()
    let change = terminal.show(host)
    #expect(terminal.lines[0] == "A")
    #expect(change.count < first.count)
    #expect(terminal.unrecognized.isEmpty)
  }
}
