import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
@Suite struct CompositionTests {
  let log = EventLog()

  func driver() throws -> (ScreenDriver<DashboardScreen>, DashboardViewModel) {
    let model = DashboardViewModel(log: log)
    return (try ScreenDriver(DashboardScreen(), model: model), model)
  }

  @Test func childScreensRenderInTheParentsTree() async throws {
    let (driver, model) = try driver()
    model.detail = CounterViewModel("detail", log: log)
    try await driver.settle()
    #expect(
      driver.render() == """
        VStack #dashboard
          ChildScreen #header
            Label #heading text="Dashboard"
          ChildScreen #detail
            VStack #counter
              Label #count text="detail: 0"
          TabView #tabs selection="left"
            ChildScreen #left title="Left" [selected]
              VStack #counter
                Label #count text="left: 0"
            ChildScreen #right title="Right"
        """)
  }

  @Test func parentAndChildrenSettleInOneFlush() throws {
    let scheduler = ManualScheduler()
    let model = DashboardViewModel(log: log)
    let mounted = try DashboardScreen().mount(on: model, scheduler: scheduler)
    model.title = "Today"
    model.left.count = 3
    #expect(scheduler.flush())
    let heading = try #require(mounted.widget("heading") as? Label)
    let count = try #require(mounted.widget("count") as? Label)
    #expect(heading.text.value == "Today")
    #expect(count.text.value == "left: 3")
    #expect(!scheduler.hasPendingFlush, "one flush settled the parent and every child")
    mounted.unmount()
  }

  @Test func replacingTheChildViewModelMountsANewScreenAndReleasesTheOld() async throws {
    let (driver, model) = try driver()
    weak var weakOld: CounterViewModel?
    do {
      let old = CounterViewModel("old", log: log)
      weakOld = old
      model.detail = old
      try await driver.settle()
    }
    model.detail = CounterViewModel("new", log: log)
    try await driver.settle()
    #expect(weakOld == nil)
    #expect(driver.render().contains("Label #count text=\"new: 0\""))
    model.detail = nil
    try await driver.settle()
    #expect(driver.render().contains("ChildScreen #detail [empty]"))
  }

  @Test func unmountingTheParentReleasesEveryChild() async throws {
    weak var weakLeft: CounterViewModel?
    weak var weakModel: DashboardViewModel?
    let driver: ScreenDriver<DashboardScreen>
    do {
      let model = DashboardViewModel(log: log)
      driver = try ScreenDriver(DashboardScreen(), model: model)
      weakLeft = model.left
      weakModel = model
    }
    driver.unmount()
    #expect(weakModel == nil && weakLeft == nil)
  }

  @Test func theSelectedTabIsBoundBothWays() async throws {
    let (driver, model) = try driver()
    try await driver.selectTab("right", in: "tabs")
    #expect(model.selectedTab == "right")
    #expect(driver.render().contains("ChildScreen #right title=\"Right\" [selected]"))
    #expect(try driver.widget("count", as: Label.self).text.value == "right: 0")
    model.selectedTab = "left"
    try await driver.settle()
    #expect(try driver.widget("count", as: Label.self).text.value == "left: 0")
    let error = await expectDriverFailure {
      try await driver.selectTab("middle", in: "tabs")
    }
    #expect(
      error?.message == "cannot select tab 'middle' in 'tabs': it has no such tab; its tabs: "
        + "left, right")
    model.selectedTab = "middle"
    let shown = await expectDriverFailure { try await driver.settle() }
    #expect(
      shown?.message == "TabView 'tabs' cannot show its screen: no tab 'middle'; tabs: left, right"
    )
  }

  /// `will` events reach the parent, then its children in the order they were mounted (the
  /// tab at install, the detail later); `did` events the children, then the parent.
  @Test func childrenAppearInsideTheirParentAndTabsSwitchInOrder() async throws {
    let (driver, model) = try driver()
    model.detail = CounterViewModel("detail", log: log)
    try await driver.settle()
    try await driver.appear()
    #expect(
      log.events == [
        "dashboard willAppear", "left willAppear", "detail willAppear", "left didAppear",
        "detail didAppear", "dashboard didAppear",
      ])
    log.events = []
    try await driver.selectTab("right", in: "tabs")
    #expect(
      log.events == [
        "left willDisappear", "right willAppear", "left didDisappear", "right didAppear",
      ])
    log.events = []
    model.detail = nil
    try await driver.settle()
    #expect(log.events == ["detail willDisappear", "detail didDisappear"])
    log.events = []
    try await driver.disappear()
    #expect(
      log.events == [
        "dashboard willDisappear", "right willDisappear", "right didDisappear",
        "dashboard didDisappear",
      ])
  }
}

/// A child screen whose bindings reach a widget outside its tree: it cannot be mounted.
struct BrokenCounterScreen: Screen {
  let count = Label("count")
  let elsewhere = Label("elsewhere")

  var body: Widget { count }

  func bindings(_ vm: CounterViewModel) -> [BindingDeclaration<CounterViewModel>] {
    bind(\.count, to: elsewhere.text) { "\($0)" }
  }
}

@MainActor
@Observable
final class BrokenParentViewModel {
  var child: CounterViewModel?
}

struct BrokenParentScreen: Screen {
  let child = EmbeddedScreen("child") { BrokenCounterScreen() }

  var body: Widget { VStack("parent") { child } }

  func bindings(_ vm: BrokenParentViewModel) -> [BindingDeclaration<BrokenParentViewModel>] {
    embed(\.child, in: child)
  }
}

@MainActor
@Suite struct CompositionInAppTests {
  @Test func aPushedScreensChildrenFollowItsLifecycle() async throws {
    let log = EventLog()
    let registry = try navigationRegistry()
    try registry.register("dashboard", title: "Dashboard") { DashboardScreen() }
    let driver = AppDriver(registry: registry)
    let home = PageViewModel("home", navigator: driver.host, log: log, clock: driver.clock)
    try await driver.start { _ in home }
    log.events = []
    try await driver.navigate { (host) throws(NavigationError) in
      try host.push(DashboardViewModel(log: log))
    }
    #expect(
      log.events == [
        "home willDisappear", "dashboard willAppear", "left willAppear", "home didDisappear",
        "left didAppear", "dashboard didAppear",
      ])
    log.events = []
    try await driver.back()
    #expect(
      log.events == [
        "dashboard willDisappear", "left willDisappear", "home willAppear",
        "left didDisappear", "dashboard didDisappear", "home didAppear",
      ])
  }

  @Test func aChildScreenThatCannotBeMountedIsReportedByTheDriver() async throws {
    let model = BrokenParentViewModel()
    let driver = try ScreenDriver(BrokenParentScreen(), model: model)
    model.child = CounterViewModel("child", log: EventLog())
    let error = await expectDriverFailure { try await driver.settle() }
    #expect(
      error?.message.hasPrefix(
        "ChildScreen 'child' cannot show its screen: BrokenCounterScreen cannot be mounted:")
        == true)
    #expect(error?.message.contains("no widget 'elsewhere' is in the tree") == true)
  }
}

/// A parent whose own widget has the id of a widget of the child screen it embeds.
struct ClashingParentScreen: Screen {
  let child = EmbeddedScreen("child") { CounterScreen() }
  let count = Label("count")

  var body: Widget {
    VStack("parent") {
      count
      child
    }
  }

  func bindings(_ vm: BrokenParentViewModel) -> [BindingDeclaration<BrokenParentViewModel>] {
    embed(\.child, in: child)
  }
}

@MainActor
@Suite struct EmbeddedIDTests {
  @Test func anIdOnSeveralChildScreensIsAddressedThroughTheChild() async throws {
    let model = DashboardViewModel(log: EventLog())
    let driver = try ScreenDriver(DashboardScreen(), model: model)
    #expect(try driver.widget("count", as: Label.self).text.value == "left: 0", "only the tab")
    model.detail = CounterViewModel("detail", log: model.log)
    try await driver.settle()
    let ambiguous = await expectDriverFailure { try driver.widget("count") }
    #expect(
      ambiguous?.message
        == "widget 'count' is on more than one child screen; address one as detail.count or "
        + "left.count")
    #expect(try driver.widget("detail.count", as: Label.self).text.value == "detail: 0")
    #expect(try driver.widget("left.count", as: Label.self).text.value == "left: 0")
    let hidden = await expectDriverFailure { try driver.widget("right.count") }
    #expect(
      hidden?.message
        == "no widget 'right.count': the child screen 'right' shows nothing now (no view model, "
        + "or a tab not selected)")
    let missing = await expectDriverFailure { try driver.widget("detail.total") }
    #expect(
      missing?.message
        == "no widget 'total' in the child screen 'detail'; its widgets: counter, count")
  }

  @Test func theParentsOwnWidgetWinsAPlainId() async throws {
    let model = BrokenParentViewModel()
    let driver = try ScreenDriver(ClashingParentScreen(), model: model)
    model.child = CounterViewModel("child", log: EventLog())
    try await driver.settle()
    #expect(try driver.widget("count") === driver.mounted.widget("count"))
    #expect(try driver.widget("child.count", as: Label.self).text.value == "child: 0")
  }
}
