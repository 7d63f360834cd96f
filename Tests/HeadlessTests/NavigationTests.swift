import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct NavigationTests {
  let log = EventLog()
  let driver: AppDriver

  init() throws {
    driver = AppDriver(registry: try navigationRegistry())
  }

  func page(_ name: String) -> PageViewModel {
    PageViewModel(name, navigator: driver.host, log: log, clock: driver.clock)
  }

  @Test func pushingShowsTheRegisteredScreenOverTheStack() async throws {
    let home = page("home")
    try await driver.start { _ in home }
    try await driver.tap("next")
    #expect(
      driver.render() == """
        App #app
          NavigationStack #main depth=2
            Screen #page title="Page home" [covered]
            Screen #page title="Page home+" [back]
              VStack #page
                Label #heading text="home+"
                Button #next title="Next"
                Button #slow title="Slow"
        """)
    try await driver.back()
    #expect(driver.host.mainStack.count == 1)
    #expect(driver.visibleModel === home)
  }

  /// View models hold the host as their navigator and the host holds them: an app whose driver
  /// the test drops, with a run still sleeping on the clock, is shut down and released.
  @Test func anAppWhoseDriverGoesAwayIsReleased() async throws {
    weak var weakHost: AppHost?
    weak var weakHome: PageViewModel?
    weak var weakPushed: AnyObject?
    weak var weakButton: Widget?
    var slowRuns: WorkToken?
    do {
      let driver = AppDriver(registry: try navigationRegistry())
      let home = PageViewModel("home", navigator: driver.host, log: log, clock: driver.clock)
      weakHost = driver.host
      weakHome = home
      try await driver.start { _ in home }
      try await driver.tap("next")
      try await driver.tap("slow")
      #expect(driver.clock.sleeperCount == 1)
      weakPushed = driver.visibleModel
      weakButton = try driver.widget("slow")
      slowRuns = try driver.visibleModel(as: PageViewModel.self).slow.workToken
    }
    // The slow run was cancelled with its screen; it ends when its task next runs.
    let ledger = WorkLedger.shared
    await ledger.wait { ledger.followed { $0.owner == slowRuns }.isEmpty }
    #expect(weakHost == nil)
    #expect(weakHome == nil)
    #expect(weakPushed == nil)
    #expect(weakButton == nil)
  }

  @Test func presentingCoversTheStackWithAStackOfItsOwn() async throws {
    try await driver.start { _ in self.page("home") }
    let note = NoteViewModel()
    try await driver.navigate { (host) throws(NavigationError) in try host.present(note) }
    #expect(
      driver.render() == """
        App #app
          NavigationStack #main depth=1 [covered]
            Screen #page title="Page home" [covered]
          NavigationStack #modal1 depth=1 [presented]
            Screen #note title="Note"
              VStack #note
                Label #heading text=""
                Label #text text="note"
        """)
    try await driver.navigate { (host) throws(NavigationError) in try host.dismiss() }
    #expect(driver.host.presentedStacks.isEmpty)
    #expect(try driver.widget("next").kind == "Button")
  }

  @Test func navigateTakesAClosureThatThrowsUntyped() async throws {
    try await driver.start { _ in self.page("home") }
    let detail = page("detail")
    try await driver.navigate { try $0.push(detail) }
    #expect(driver.visibleModel === detail)
  }

  /// A refused navigation is a driver failure at the call's line, with the host's message, as
  /// every other driver call's failure is.
  @Test func aRefusedNavigationIsADriverFailureAtItsCallSite() async throws {
    try await driver.start { _ in self.page("home") }
    let line: UInt = #line + 1
    let error = await expectDriverFailure { try await driver.navigate { try $0.pop() } }
    #expect(error?.kind == .invalidRequest)
    #expect(error?.message == "cannot pop 'page': it is the root of its stack")
    #expect(error?.callSite?.line == line)
    struct Refused: Error, CustomStringConvertible {
      var description: String { "refused by the test" }
    }
    let other = await expectDriverFailure { try await driver.navigate { _ in throw Refused() } }
    #expect(other?.message == "the navigation threw refused by the test")
  }

  @Test func pushingAnUnregisteredTypeNamesItAndTheRegisteredOnes() async throws {
    try await driver.start { _ in self.page("home") }
    let before = driver.render()
    let error = #expect(throws: NavigationError.self) {
      try driver.host.push(UnregisteredViewModel())
    }
    #expect(error?.kind == .unregisteredModel)
    #expect(
      error?.message == "cannot push UnregisteredViewModel: no screen is registered for it. "
        + "Registered: PageViewModel (page), NoteViewModel (note)")
    #expect(driver.render() == before, "nothing changed")
  }

  @Test func poppingTheRootAndDismissingNothingAreRefused() async throws {
    try await driver.start { _ in self.page("home") }
    let before = driver.render()
    let pop = #expect(throws: NavigationError.self) { try driver.host.pop() }
    #expect(pop?.kind == .poppingRoot)
    #expect(pop?.message == "cannot pop 'page': it is the root of its stack")
    let dismiss = #expect(throws: NavigationError.self) { try driver.host.dismiss() }
    #expect(dismiss?.kind == .nothingPresented)
    #expect(dismiss?.message == "cannot dismiss: nothing is presented; the main stack holds 'page'")
    let back = await expectDriverFailure { try await driver.back() }
    #expect(back?.message == "cannot go back from 'page': it is the root of the main stack")
    #expect(driver.render() == before)
  }

  @Test func anOperationFromALifecycleHandlerIsRefusedAsMidTransition() async throws {
    try await driver.start { _ in self.page("home") }
    let second = page("second")
    second.onAppear = { vm throws(NavigationError) in try vm.navigator.pop() }
    try await driver.navigate { (host) throws(NavigationError) in try host.push(second) }
    #expect(second.navigationFailure?.kind == .midTransition)
    #expect(
      second.navigationFailure?.message
        == "cannot pop while push PageViewModel is under way (asked from a lifecycle handler); "
        + "navigate from a command or after the operation returns")
    #expect(driver.visibleModel === second, "the push completed; the pop was refused")
  }

  @Test func popToAndSetStackCheckTheirArguments() async throws {
    let home = page("home")
    try await driver.start { _ in home }
    let stranger = page("stranger")
    let notOn = #expect(throws: NavigationError.self) { try driver.host.pop(to: stranger) }
    #expect(notOn?.kind == .notOnStack)
    #expect(
      notOn?.message
        == "cannot pop to PageViewModel: it is not on the active stack, which holds 'page'")
    let empty = #expect(throws: NavigationError.self) { try driver.host.setStack([]) }
    #expect(empty?.kind == .emptyStack)
    let twice = #expect(throws: NavigationError.self) {
      try driver.host.setStack([stranger, stranger])
    }
    #expect(twice?.kind == .alreadyShown)
    let shown = #expect(throws: NavigationError.self) { try driver.host.present(home) }
    #expect(shown?.kind == .alreadyShown)
    #expect(
      shown?.message
        == "cannot present PageViewModel: it is shown already as 'page' on the main stack")
    let mixed = #expect(throws: NavigationError.self) {
      try driver.host.setStack([home, stranger, UnregisteredViewModel()])
    }
    #expect(mixed?.kind == .unregisteredModel)
    #expect(driver.host.mainStack.count == 1 && driver.visibleModel === home)
  }

  @Test func popToKeepsTheStackUpToTheViewModel() async throws {
    let (a, b, c) = (page("a"), page("b"), page("c"))
    try await driver.start { _ in a }
    try await driver.navigate { (host) throws(NavigationError) in try host.setStack([a, b, c]) }
    #expect(driver.host.mainStack.map { ($0 as? PageViewModel)?.name } == ["a", "b", "c"])
    try await driver.navigate { (host) throws(NavigationError) in try host.pop(to: b) }
    #expect(driver.visibleModel === b)
    try await driver.navigate { (host) throws(NavigationError) in try host.popToRoot() }
    #expect(driver.visibleModel === a)
  }

  @Test func theTitleFollowsTheViewModel() async throws {
    let home = page("home")
    try await driver.start { _ in home }
    home.title = "Welcome"
    try await driver.settle()
    #expect(
      driver.render().hasPrefix(
        "App #app\n  NavigationStack #main depth=1\n"
          + "    Screen #page title=\"Welcome\""))
  }

  @Test func aWidgetOnlyOnACoveredScreenIsNamedAsSuch() async throws {
    try await driver.start { _ in self.page("home") }
    try await driver.navigate { (host) throws(NavigationError) in try host.push(NoteViewModel()) }
    let error = await expectDriverFailure { try await driver.tap("next") }
    #expect(
      error?.message
        == "no widget 'next' on the visible screen 'note'; it exists only on the covered screen "
        + "'page' (go back or dismiss to reach it). Widgets on 'note': heading, note, text")
    let typo = await expectDriverFailure { try driver.widget("txt") }
    #expect(
      typo?.message
        == "no widget 'txt' in the visible screen 'note'; did you mean 'text'? "
        + "Nearest ids: text, note, heading (of 3)")
    #expect(try driver.widget("heading", as: Label.self).text.value == "", "the visible one")
  }

  @Test func aViewModelThatHandlesBackDecides() async throws {
    try await driver.start { _ in self.page("home") }
    let form = page("form")
    form.confirmsBack = true
    try await driver.navigate { (host) throws(NavigationError) in try host.push(form) }
    try await driver.back()
    #expect(driver.visibleModel === form)
    #expect(log.events.last == "form asked to go back")
    form.confirmsBack = false
    try await driver.back()
    #expect((driver.visibleModel as? PageViewModel)?.name == "home")
  }
}
