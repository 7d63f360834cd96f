import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct NavigationLifecycleTests {
  let log = EventLog()
  let driver: AppDriver

  init() throws {
    driver = AppDriver(registry: try navigationRegistry())
  }

  func page(_ name: String) -> PageViewModel {
    PageViewModel(name, navigator: driver.host, log: log, clock: driver.clock)
  }

  /// The events since the last call.
  func take() -> [String] {
    defer { log.events = [] }
    return log.events
  }

  @Test func pushAndPopCoverAndUncoverInUIKitsOrder() async throws {
    let (a, b) = (page("a"), page("b"))
    try await driver.start { _ in a }
    #expect(take() == ["a willAppear", "a didAppear"])
    try await driver.navigate { (host) throws(NavigationError) in try host.push(b) }
    #expect(take() == ["a willDisappear", "b willAppear", "a didDisappear", "b didAppear"])
    try await driver.back()
    #expect(take() == ["b willDisappear", "a willAppear", "b didDisappear", "a didAppear"])
  }

  @Test func aModalCoversTheVisibleScreenAndDismissingUncoversIt() async throws {
    let (a, b, m) = (page("a"), page("b"), page("m"))
    try await driver.start { _ in a }
    try await driver.navigate { (host) throws(NavigationError) in try host.push(b) }
    _ = take()
    try await driver.navigate { (host) throws(NavigationError) in try host.present(m) }
    #expect(take() == ["b willDisappear", "m willAppear", "b didDisappear", "m didAppear"])
    try await driver.navigate { (host) throws(NavigationError) in try host.dismiss() }
    #expect(take() == ["m willDisappear", "b willAppear", "m didDisappear", "b didAppear"])
  }

  /// The stacks and the render change after the two `will` events and before the two `did`
  /// events, for every operation that changes the visible screen, dismissing included.
  @Test func theHostShowsTheOldScreenUntilBothWillEventsAreSent() async throws {
    let (a, b, c, m) = (page("a"), page("b"), page("c"), page("m"))
    try await driver.start { _ in a }
    log.host = driver.host
    func expectSeen(
      _ old: String, _ new: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      defer { log.visibleAtEvents = [] }
      // NB: the expected lines apart from `#expect`: inside the macro, the literal of
      // interpolated strings took over 200 ms to type-check on a loaded machine.
      var expected: [String] = []
      expected.append("\(old) willDisappear (visible \(old), rendered \(old))")
      expected.append("\(new) willAppear (visible \(old), rendered \(old))")
      expected.append("\(old) didDisappear (visible \(new), rendered \(new))")
      expected.append("\(new) didAppear (visible \(new), rendered \(new))")
      #expect(log.visibleAtEvents == expected, sourceLocation: sourceLocation)
    }
    try await driver.navigate { (host) throws(NavigationError) in try host.push(b) }
    expectSeen("a", "b")
    try await driver.navigate { (host) throws(NavigationError) in try host.present(m) }
    expectSeen("b", "m")
    try await driver.navigate { (host) throws(NavigationError) in try host.dismiss() }
    expectSeen("m", "b")
    try await driver.navigate { (host) throws(NavigationError) in try host.pop() }
    expectSeen("b", "a")
    try await driver.navigate { (host) throws(NavigationError) in try host.setStack([a, b, c]) }
    expectSeen("a", "c")
    try await driver.navigate { (host) throws(NavigationError) in try host.pop(to: b) }
    expectSeen("c", "b")
    try await driver.navigate { (host) throws(NavigationError) in try host.popToRoot() }
    expectSeen("b", "a")
  }

  @Test func screensThatNeverShowNeverAppear() async throws {
    let (a, b, c) = (page("a"), page("b"), page("c"))
    try await driver.start { _ in a }
    _ = take()
    try await driver.navigate { (host) throws(NavigationError) in try host.setStack([a, b, c]) }
    #expect(take() == ["a willDisappear", "c willAppear", "a didDisappear", "c didAppear"])
    try await driver.navigate { (host) throws(NavigationError) in try host.popToRoot() }
    #expect(take() == ["c willDisappear", "a willAppear", "c didDisappear", "a didAppear"])
  }

  @Test func poppingReleasesTheScreenItsViewModelWidgetsAndCommandRuns() async throws {
    try await driver.start { _ in self.page("home") }
    weak var weakModel: PageViewModel?
    weak var weakButton: Button?
    do {
      let second = page("second")
      weakModel = second
      try await driver.navigate { (host) throws(NavigationError) in try host.push(second) }
      weakButton = try driver.widget("slow", as: Button.self)
      try await driver.tap("slow")
      #expect(second.slow.isExecuting)
    }
    try await driver.back()
    #expect(weakModel == nil)
    #expect(weakButton == nil)
  }

  @Test func dismissingReleasesEveryScreenOfThePresentedStack() async throws {
    try await driver.start { _ in self.page("home") }
    weak var weakFirst: PageViewModel?
    weak var weakSecond: AnyObject?
    do {
      let first = page("first")
      weakFirst = first
      try await driver.navigate { (host) throws(NavigationError) in try host.present(first) }
      try await driver.tap("slow")
      try await driver.tap("next")
      weakSecond = driver.visibleModel
      try await driver.tap("slow")
    }
    #expect(weakSecond != nil)
    try await driver.navigate { (host) throws(NavigationError) in try host.dismiss() }
    #expect(weakFirst == nil)
    #expect(weakSecond == nil)
  }

  @Test func popToRootAndReplacingTheStackReleaseWhatLeaves() async throws {
    let home = page("home")
    try await driver.start { _ in home }
    weak var weakB: PageViewModel?
    weak var weakC: PageViewModel?
    weak var weakD: PageViewModel?
    do {
      let (b, c) = (page("b"), page("c"))
      weakB = b
      weakC = c
      try await driver.navigate { (host) throws(NavigationError) in
        try host.setStack([home, b, c])
      }
      try await driver.tap("slow")
    }
    try await driver.navigate { (host) throws(NavigationError) in try host.popToRoot() }
    #expect(weakB == nil && weakC == nil)
    do {
      let d = page("d")
      weakD = d
      try await driver.navigate { (host) throws(NavigationError) in try host.push(d) }
    }
    let fresh = page("fresh")
    try await driver.navigate { (host) throws(NavigationError) in try host.setStack([fresh]) }
    #expect(weakD == nil)
    #expect(driver.host.mainStack.count == 1)
  }

  @Test func aRunOfTheParentSurvivesPoppingAChild() async throws {
    let home = page("home")
    try await driver.start { _ in home }
    try await driver.tap("slow")
    try await driver.tap("next")
    try await driver.tap("slow")
    try await driver.back()
    #expect(home.slow.isExecuting, "only the popped screen's runs are cancelled")
  }

  @Test func shuttingDownReleasesEveryScreen() async throws {
    weak var weakHome: PageViewModel?
    do {
      let home = page("home")
      weakHome = home
      try await driver.start { _ in home }
      try await driver.tap("next")
    }
    driver.shutDown()
    #expect(weakHome == nil)
    #expect(driver.render() == "(unmounted)")
    let error = await expectDriverFailure { try await driver.tap("next") }
    #expect(error?.message == "the app is shut down; no widget 'next' can be reached")
  }
}
