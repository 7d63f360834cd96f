import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

@testable import TerminalHost

/// One page of ``TabsScreen``: a label showing its text.
@MainActor
@Observable
final class PageModel {
  let text: String

  init(_ text: String) {
    self.text = text
  }
}

struct PageScreen: Screen {
  let text = Label("text")

  var body: Widget { text }

  func bindings(_ vm: PageModel) -> [BindingDeclaration<PageModel>] {
    bind(\.text, to: text.text)
  }
}

@MainActor
@Observable
final class TabsModel {
  var tab = "first"
  let first = PageModel("One")
  let second = PageModel("Two")
}

/// Two tabs, each an embedded screen, the selected one bound to the view model.
struct TabsScreen: Screen {
  let first = EmbeddedScreen("first", title: "First") { PageScreen() }
  let second = EmbeddedScreen("second", title: "Second") { PageScreen() }
  let tabs = TabView("tabs", selection: "first")

  var body: Widget {
    tabs.with {
      first
      second
    }
  }

  func bindings(_ vm: TabsModel) -> [BindingDeclaration<TabsModel>] {
    embed(\.first, in: first)
    embed(\.second, in: second)
    bind(\.tab, to: tabs.selection)
  }
}

/// Tabs in the terminal: a tab bar, and the arrows switching tabs as a tap on a tab would.
@MainActor
@Suite struct TerminalTabsTests {
  let model = TabsModel()
  let driver: ScreenDriver<TabsScreen>
  let host: TerminalScreenHost

  init() throws {
    driver = try ScreenDriver(TabsScreen(), model: model)
    host = TerminalScreenHost(driver.mounted, flush: {})
  }

  func press(_ keys: KeyEvent...) async throws {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
  }

  func screen() -> String {
    host.frame(width: 30, height: 6).lines.joined(separator: "\n")
  }

  @Test func theArrowsSwitchTabsAndTheViewModelFollows() async throws {
    #expect(host.focusOrder.map(\.id) == ["tabs"])
    try await press(.tab)
    #expect(host.focused?.id == "tabs")
    let first = screen()
    #expect(first.contains("First") && first.contains("Second"), "\(first)")
    #expect(first.contains("One") && !first.contains("Two"), "\(first)")
    try await press(.right)
    #expect(model.tab == "second")
    let second = screen()
    #expect(second.contains("Two") && !second.contains("One"), "\(second)")
    try await press(.right)
    #expect(model.tab == "second", "there is no third tab")
    try await press(.left)
    #expect(model.tab == "first")
    #expect(screen().contains("One"))
  }

  @Test func theViewModelChoosingATabShowsIt() async throws {
    model.tab = "second"
    try await driver.settle()
    #expect(screen().contains("Two"))
  }
}
