import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// Lists past their window: only the window's rows are mounted, rows entering and leaving it
/// are mounted and unmounted with their display events, and everything else works the same
/// inside and outside it.
@MainActor
@Suite struct WindowedListTests {
  @Test func aListPastItsWindowMountsTheWindowAndSaysWhatLiesOutsideIt() async throws {
    let (model, screen, driver) = try windowedOrders()
    try await driver.settle()
    let windowIDs: [String] = (1...7).map { "orders[\($0)]" }
    let allIDs: [String] = (1...30).map { String($0) }
    #expect(screen.list.rows.map(\.id) == windowIDs)
    #expect(screen.list.rowIDs == allIDs, "every row is kept")
    #expect(screen.list.rowCount == 30)
    #expect(model.shown == Array(1...7), "willDisplay for the window's rows only")
    let text = driver.render()
    let expected =
      "List #orders count=30\n    Window #orders.window before=0 after=23\n    Row #orders[1]"
    #expect(text.contains(expected))
    #expect(!text.contains("orders[8]"))
  }

  @Test func aRunStartedOnScreenGoesOnWhenItsRowLeavesTheWindow() async throws {
    let (model, screen, driver) = try windowedOrders()
    let first = model.orders[0]
    try await driver.tap("orders[1].ping")
    #expect(first.ping.isExecuting)
    try await driver.scroll("orders", by: 10)
    #expect(!screen.list.rows.contains { $0.id == "orders[1]" }, "the row left the window")
    #expect(first.ping.isExecuting, "leaving the window cancels nothing")
    try await model.clock.advance(by: .seconds(1))
    #expect(first.pings == 1)
    #expect(first.ping.status == .succeeded)
    try await driver.scroll("orders", by: -10)
    let line = try driver.widget("orders[1].ping", as: Button.self)
    #expect(!line.isBusy.value, "back in the window, the row shows the run ended")
  }

  @Test func scrollingMountsTheRowsEnteringAndUnmountsAndReleasesThoseLeaving() async throws {
    let (model, screen, driver) = try windowedOrders()
    weak let leaving = screen.list.rows.first?.content
    weak let leavingRow = screen.list.rows.first
    try await driver.scroll("orders", by: 10)
    #expect(screen.list.firstVisibleRow == 10)
    #expect(screen.list.windowRange == 8..<17)
    let windowIDs: [String] = (9...17).map { "orders[\($0)]" }
    let shown: [Int] = Array(1...7) + Array(9...17)
    #expect(screen.list.rows.map(\.id) == windowIDs)
    #expect(model.hidden == Array(1...7), "didEndDisplaying for each row that left")
    #expect(model.shown == shown)
    #expect(leaving == nil, "a row that left the window released its widgets")
    #expect(leavingRow == nil)
    #expect(model.orders.count == 30, "its view model stays with the list")
    #expect(driver.render().contains("Window #orders.window before=8 after=13"))
    try driver.assertSnapshot(named: "windowed-list")
    try await driver.scroll("orders", by: -100)
    #expect(screen.list.firstVisibleRow == 0, "scrolling stops at the top")
    try await driver.scroll("orders", toRow: 29)
    #expect(screen.list.firstVisibleRow == 25, "scrolling stops where the last rows show")
    try await driver.scrollToEnd("orders")
    #expect(screen.list.windowRange == 23..<30)
  }

  @Test func aRowPathBringsItsRowIntoTheWindowAndASelectedRowStaysSelectedOutsideIt() async throws {
    let (model, screen, driver) = try windowedOrders()
    try await driver.select("orders[20]")
    #expect(model.opened == [20])
    #expect(screen.list.firstVisibleRow == 15, "the least scroll that shows row 20")
    try await driver.scroll("orders", toRow: 0)
    #expect(model.closed == [], "a selected row outside the window stays selected")
    try await driver.scroll(to: "orders[20]")
    #expect(driver.render().contains("Row #orders[20] height=44 actions=\"delete\" [selected]"))
    try await driver.scroll("orders", toRow: 0)
    model.orders.removeAll { $0.id == 20 }
    try await driver.settle()
    #expect(model.closed == [20], "a selected row removed outside the window is deselected")
    #expect(model.hidden.contains(20), "it showed, and stopped showing when it left the window")
  }

  @Test func findersReachRowsOutsideTheWindowByScrollingToThem() async throws {
    let (_, screen, driver) = try windowedOrders()
    let address = try driver.find(.text("Order 24"))
    #expect(address == "orders[24].title")
    #expect(screen.list.windowRange.contains(23))
  }

  @Test func badInputNamesWhatExists() async throws {
    let (_, _, driver) = try windowedOrders()
    let missing = await expectDriverFailure { try await driver.scroll("ordrs", by: 1) }
    #expect(missing?.kind == .missingWidget)
    let outside = await expectDriverFailure { try await driver.scroll("orders", toRow: 30) }
    #expect(outside?.message == "cannot scroll 'orders' to row 30: its rows are 0 to 29")
    let row = await expectDriverFailure { try await driver.scroll(to: "orders[31]") }
    #expect(
      row?.message
        == "no row '31' in list 'orders'; its rows: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 20 more")
  }

  /// Random changes of two windowed lists scrolled to their middle, one diffed by the row index
  /// and one by the general path: the same rows, changes and window.
  @Test func identityDiffsAgreeInsideAndOutsideTheWindow() throws {
    var generator = SplitMix64(state: 0x3D1)
    let model = TwinListsViewModel()
    let scheduler = ManualScheduler()
    let screen = TwinListsScreen()
    for list in [screen.indexed, screen.general] {
      list.visibleRowCount = 4
      list.windowMargin = 1
    }
    let cells = (0..<40).map { OrderCell($0) }
    model.orders = cells
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    screen.indexed.scroll(toRow: 12)
    screen.general.scroll(toRow: 12)
    for round in 0..<200 {
      var new = cells.filter { _ in Int.random(in: 0..<10, using: &generator) < 8 }
      if new.count > 2, Bool.random(using: &generator) {
        new.swapAt(0, Int.random(in: new.indices, using: &generator))
      }
      model.orders = new
      scheduler.flush()
      for list in [screen.indexed, screen.general] {
        #expect(list.rowIDs == new.map { String($0.id) }, "round \(round)")
        let window = list.windowRange
        #expect(
          list.rows.map(\.model).count == window.count, "round \(round): the window is mounted")
        let ids = list.rows.map { String($0.id.dropFirst(list.id.count + 1).dropLast()) }
        #expect(ids == Array(list.rowIDs[window]), "round \(round)")
      }
      #expect(screen.indexed.lastChanges?.description == screen.general.lastChanges?.description)
      #expect(screen.indexed.firstVisibleRow == screen.general.firstVisibleRow)
    }
  }
}
