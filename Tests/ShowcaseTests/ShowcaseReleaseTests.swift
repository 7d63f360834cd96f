import Headless
import HeadlessTesting
import Testing

@testable import Showcase

/// Every showcase screen releases its view model and widgets when unmounted, whatever it was
/// doing.
@MainActor
@Suite struct ShowcaseReleaseTests {
  @Test func registrationReleasesEverythingMidRequest() async throws {
    try await expectRelease(of: Demos.registration()) { driver in
      try await driver.type("123456", into: "code")
      try await driver.type("password", into: "password")
      try await driver.tap("register")
      #expect(driver.model?.register.isExecuting == true)
    }
  }

  @Test func searchReleasesEverythingWhileADebounceIsPending() async throws {
    try await expectRelease(of: Demos.search()) { driver in
      try await driver.type("ap", into: "query")
    }
  }

  @Test func rolesReleaseEverythingMidLoad() async throws {
    try await expectRelease(of: Demos.roles()) { driver in
      try await driver.appear()
      #expect(driver.model?.load.isExecuting == true)
    }
  }

  @Test func rolesReleaseTheirRowsAndCellsMidReload() async throws {
    try await expectReleaseOfRows(of: Demos.roles()) { driver in
      try await driver.appear()
      try await driver.advance(by: .seconds(1))
      try await driver.tap("reload")
      try await driver.advance(by: .seconds(1))
      try await driver.select("roles[courier]")
      try await driver.tap("reload")
      #expect(driver.model?.roles.count == 4)
      #expect(driver.model?.load.isExecuting == true)
      return Rows(cells: driver.model?.roles ?? [])
    }
  }

  @Test func waybillsReleaseEverythingMidFirstLoad() async throws {
    try await expectRelease(of: Demos.waybills()) { driver in
      try await driver.appear()
      #expect(driver.model?.refresh.isExecuting == true)
    }
  }

  @Test func waybillsReleaseTheirRowsAndCellsMidLoadMoreDeleteAndHandOver() async throws {
    try await expectReleaseOfRows(of: Demos.waybills()) { driver in
      try await driver.appear()
      try await driver.advance(by: .seconds(1))
      try await driver.select("waybills[1003]")
      try await driver.tap("waybills[1003].deliver")
      try await driver.swipe("waybills[1001]", action: "delete")
      try await driver.scrollToEnd("waybills")
      let model = try #require(driver.model)
      #expect(model.loadMore.isExecuting)
      #expect(model.delete.isExecuting)
      let cells = model.waybills
      #expect(cells.first { $0.id == 1003 }?.deliver.isExecuting == true)
      return Rows(cells: cells, commands: cells.map(\.deliver))
    }
  }

  @Test func depotWaybillsReleaseTheirRowsAndCellsMidHandOverFarDown() async throws {
    try await expectReleaseOfRows(of: Demos.depotWaybills()) { driver in
      try await driver.appear()
      try await driver.advance(by: .seconds(1))
      try await driver.scroll("waybills", by: 3_000)
      try await driver.select("waybills[19000]")
      try await driver.tap("waybills[19000].deliver")
      let model = try #require(driver.model)
      let cells = model.waybills
      #expect(cells.count == 10_000)
      let handOver = try #require(model.selected?.deliver)
      #expect(handOver.isExecuting)
      return Rows(cells: cells, commands: [handOver])
    }
  }

  @Test func waybillsReleaseEverythingMidRefreshAfterAFailure() async throws {
    let clock = VirtualClock()
    let service = FakeWaybillService(clock: clock)
    try await expectRelease(of: Demos.waybills(clock: clock, service: service)) { driver in
      service.failNextRequests()
      try await driver.appear()
      try await driver.advance(by: .seconds(1))
      try await driver.pullToRefresh("waybills")
      #expect(driver.model?.refresh.isExecuting == true)
    }
  }

  private func expectRelease<S: Screen>(
    of driver: ScreenDriver<S>, after steps: (ScreenDriver<S>) async throws -> Void
  ) async throws {
    try await expectReleaseOfRows(of: driver) { driver in
      try await steps(driver)
      return Rows()
    }
  }

  /// Runs `steps`, unmounts, waits for every command run of the screen and of the rows that
  /// `steps` returns to end, and expects the view model, the cell view models and every widget
  /// (rows included) to be released.
  private func expectReleaseOfRows<S: Screen>(
    of driver: ScreenDriver<S>, after steps: (ScreenDriver<S>) async throws -> Rows
  ) async throws {
    weak let weakModel = driver.model
    var weakWidgets = everyWidget(under: driver.mounted.root).map { WeakWidget(widget: $0) }
    #expect(!weakWidgets.isEmpty)
    var weakCells: [WeakObject] = []
    var commands: [any CommandObject] = []
    do {
      let rows = try await steps(driver)
      weakCells = rows.cells.map { WeakObject(object: $0) }
      weakWidgets += everyWidget(under: driver.mounted.root).map { WeakWidget(widget: $0) }
      commands = driver.mounted.graph.commands + rows.commands
    }
    driver.unmount()
    for command in commands { try await command.settle() }
    commands = []
    #expect(weakModel == nil, "the view model of \(S.self) outlived its screen")
    let keptCells = weakCells.compactMap(\.object).count
    #expect(keptCells == 0, "\(keptCells) cell view models of \(S.self) outlived their screen")
    let kept = weakWidgets.compactMap(\.widget).map(\.id)
    #expect(kept.isEmpty, "widgets of \(S.self) outlived their screen: \(kept)")
  }

  /// The widget and everything the render shows under it, the rows of lists included.
  private func everyWidget(under root: Widget?) -> [Widget] {
    guard let root else { return [] }
    return [root] + root.children.flatMap { everyWidget(under: $0) }
  }
}

@MainActor
private struct WeakWidget {
  weak var widget: Widget?
}

/// The cell view models a screen showed, and the commands its rows bound.
private struct Rows {
  var cells: [AnyObject] = []
  var commands: [any CommandObject] = []
}

private struct WeakObject {
  weak var object: AnyObject?
}
