import BindingDSL
import Foundation
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct DeepLinkTests {
  let log = EventLog()
  let driver: AppDriver

  init() throws {
    let clock = VirtualClock()
    let registry = try routedPageRegistry(log: log, clock: clock)
    try registry.register("note", title: "Note") { NoteScreen() }
    driver = AppDriver(registry: registry, clock: clock)
  }

  func page(_ name: String) -> PageViewModel {
    PageViewModel(name, navigator: driver.host, log: log, clock: driver.clock)
  }

  func names() -> [[String]] {
    ([driver.host.mainStack] + driver.host.presentedStacks).map { stack in
      stack.map { ($0 as? PageViewModel)?.name ?? "\(type(of: $0))" }
    }
  }

  @Test func aPathOfViewModelsIsPushedInOneStep() async throws {
    try await driver.start { _ in self.page("home") }
    log.events = []
    try await driver.navigate { (host) throws(NavigationError) in
      try host.push(contentsOf: [self.page("a"), self.page("b")])
    }
    #expect(names() == [["home", "a", "b"]])
    #expect(
      log.events == ["home willDisappear", "b willAppear", "home didDisappear", "b didAppear"],
      "only the last screen of the path appears")
  }

  @Test func theStacksReadBackAsAPathThatRestoresThem() async throws {
    try await driver.start { _ in self.page("home") }
    try await driver.navigate { (host) throws(NavigationError) in
      try host.push(contentsOf: [self.page("list"), self.page("item")])
      try host.present(self.page("share"))
    }
    let path = try driver.host.path()
    #expect(path.description == "page:home/page:list/page:item | page:share")
    let saved = try RoutePath(parsing: path.description)
    #expect(saved == path)
    try await driver.navigate { (host) throws(NavigationError) in
      try host.setStack([self.page("x")])
    }
    try await driver.navigate { (host) throws(NavigationError) in try host.dismiss() }
    try await driver.navigate { (host) throws(NavigationError) in try host.restore(saved) }
    #expect(names() == [["home", "list", "item"], ["share"]])
    #expect(try driver.host.path() == path)
  }

  @Test func anInvalidPathIsRefusedNamingWhatIsWrong() async throws {
    try await driver.start { _ in self.page("home") }
    let before = driver.render()
    let unknown = #expect(throws: NavigationError.self) {
      try driver.host.restore(RoutePath(parsing: "page:home/detail:42"))
    }
    #expect(unknown?.kind == .invalidPath)
    #expect(
      unknown?.message
        == "cannot restore 'page:home/detail:42': no screen 'detail' with a route is registered; "
        + "screens with routes: page")
    let refused = #expect(throws: NavigationError.self) {
      try driver.host.restore(RoutePath(parsing: "page:home/page"))
    }
    #expect(
      refused?.message
        == "cannot restore 'page:home/page': the route of 'page' (PageViewModel) does not accept "
        + "the argument ''")
    let empty = #expect(throws: NavigationError.self) {
      try driver.host.restore(RoutePath(stacks: [[]]))
    }
    #expect(empty?.message == "cannot restore '': every stack needs a root screen")
    let unnamed = #expect(throws: NavigationError.self) { try RoutePath(parsing: "page:a//b") }
    #expect(unnamed?.kind == .invalidPath)
    #expect(driver.render() == before, "nothing changed")
  }

  /// The text of a path escapes nothing: an argument holding `:` or a `|` not between spaces
  /// reads back as it was; a `/` starts another screen and ` | ` another stack. JSON keeps any
  /// argument.
  @Test func anArgumentMayHoldColonsAndBarsButNotSlashes() throws {
    for argument in ["42", "a:b", "x|y", "a:b|c:d", ":", "|", "with spaces", "a |b"] {
      let path = RoutePath(stacks: [[RoutePath.Entry("page", argument: argument)]])
      #expect(try RoutePath(parsing: path.description) == path, "\(argument)")
    }
    let slash = RoutePath(stacks: [[RoutePath.Entry("page", argument: "a/b")]])
    #expect(slash.description == "page:a/b")
    #expect(
      try RoutePath(parsing: slash.description).stacks == [
        [RoutePath.Entry("page", argument: "a"), RoutePath.Entry("b")]
      ])
    let bar = RoutePath(stacks: [[RoutePath.Entry("page", argument: "a | b")]])
    #expect(
      try RoutePath(parsing: bar.description).stacks == [
        [RoutePath.Entry("page", argument: "a")], [RoutePath.Entry("b")],
      ])
    let endingInBar = RoutePath(stacks: [
      [RoutePath.Entry("page", argument: "a |")], [RoutePath.Entry("note")],
    ])
    #expect(try RoutePath(parsing: endingInBar.description) != endingInBar)
    for path in [slash, bar, endingInBar] {
      let json = try JSONEncoder().encode(path)
      #expect(try JSONDecoder().decode(RoutePath.self, from: json) == path)
    }
  }

  @Test func aScreenWithoutARouteCannotBeWritten() async throws {
    try await driver.start { _ in self.page("home") }
    try await driver.navigate { (host) throws(NavigationError) in try host.push(NoteViewModel()) }
    let error = #expect(throws: NavigationError.self) { try driver.host.path() }
    #expect(
      error?.message
        == "cannot write the stacks as a path: 'note' was registered without a route; screens "
        + "with routes: page")
  }

  @Test func restoringReleasesTheScreensItReplaces() async throws {
    weak var weakHome: PageViewModel?
    do {
      let home = page("home")
      weakHome = home
      try await driver.start { _ in home }
      try await driver.tap("slow")
    }
    try await driver.navigate { (host) throws(NavigationError) in
      try host.restore(RoutePath(parsing: "page:other"))
    }
    #expect(weakHome == nil)
    #expect(names() == [["other"]])
  }
}
