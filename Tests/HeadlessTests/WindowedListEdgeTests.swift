import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A windowed list at its edges: finders that look through rows outside the window, windows of
/// no size or of every row, and scrolls past what an `Int` holds.
@MainActor
@Suite struct WindowedListEdgeTests {
  @Test func aFinderSendsDisplayEventsOnlyForTheRowsItEndsUpShowing() async throws {
    let (model, screen, driver) = try windowedOrders(count: 100)
    try await driver.settle()
    #expect(model.shown == Array(1...7))
    let address = try driver.find(.text("Order 80"))
    try await driver.settle()
    #expect(address == "orders[80].title")
    let window = screen.list.windowRange
    #expect(window.contains(79))
    let ids = Array(window.map { $0 + 1 })
    #expect(model.hidden == Array(1...7), "the rows first shown left the window once")
    #expect(model.shown == Array(1...7) + ids, "the rows looked through were never shown")
  }

  @Test func aFinderThatMatchesNothingLeavesTheListAndItsEventsAsTheyWere() async throws {
    let (model, screen, driver) = try windowedOrders(count: 100)
    try await driver.scroll("orders", toRow: 40)
    try await expectFailedSearch(
      for: "Order 1000", failing: .missingWidget, leavingAt: 40, model, screen, driver)
  }

  @Test func scrollingByMoreRowsThanAnIntHoldsStopsAtTheEnd() async throws {
    let (_, screen, driver) = try windowedOrders()
    try await driver.scroll("orders", by: 1)
    try await driver.scroll("orders", by: .max)
    #expect(screen.list.firstVisibleRow == 25)
    try await driver.scroll("orders", by: .min)
    #expect(screen.list.firstVisibleRow == 0)
    screen.list.scroll(toRow: .max)
    #expect(screen.list.windowRange == 23..<30)
    screen.list.scroll(toShow: .min)
    #expect(screen.list.firstVisibleRow == 0)
  }

  @Test func aWindowOfIntMaxRowsMountsEveryRow() async throws {
    let model = OrdersViewModel(count: 30)
    let screen = OrdersScreen()
    screen.list.visibleRowCount = .max
    screen.list.windowMargin = .max
    let driver = try ScreenDriver(screen, model: model)
    try await driver.scroll("orders", by: 5)
    #expect(screen.list.rows.count == 30)
    #expect(screen.list.problem == nil)
    #expect(!driver.render().contains("Window #"))
  }

  @Test func aWindowOfNoRowsIsAProblemThatNamesWhatAWindowTakes() async throws {
    let (_, screen, driver) = try windowedOrders()
    screen.list.visibleRowCount = -5
    screen.list.windowMargin = -2
    let expected =
      "visibleRowCount is -5, and a window shows 1 row or more: set it to how many rows a host "
      + "shows (40 by default); it shows 1; windowMargin is -2, and a margin is 0 rows or more "
      + "(10 by default); it mounts none"
    #expect(screen.list.problem == expected)
    let failure = await expectDriverFailure { try await driver.scroll("orders", by: 3) }
    #expect(failure?.message == "list 'orders' cannot show all of its rows: " + expected)
    #expect(screen.list.windowRange == 3..<4, "meanwhile it shows one row and no margin")
    screen.list.visibleRowCount = 5
    screen.list.windowMargin = 2
    #expect(screen.list.problem == nil)
    try await driver.scroll("orders", by: 1)
    #expect(screen.list.windowRange == 2..<11)
  }

  @Test func scrollingAListToAnOffsetNamesTheVerbsThatScrollIt() async throws {
    let (_, _, driver) = try windowedOrders()
    let failure = await expectDriverFailure { try await driver.scroll("orders", to: 100) }
    #expect(failure?.kind == .wrongKind)
    #expect(
      failure?.message
        == "cannot scroll 'orders' to an offset of 100: it is a list, which scrolls by rows: "
        + "scroll(\"orders\", by: rows), scroll(\"orders\", toRow: position) or "
        + "scroll(to: \"orders[<row id>]\")")
  }

  @Test func aFinderKeepsTheSelectionAndSendsNoSelectionEvents() async throws {
    let (model, screen, driver) = try windowedOrders(count: 100)
    try await driver.select("orders[3]")
    #expect(model.opened == [3])
    let address = try driver.find(.text("Order 80"))
    try await driver.settle()
    #expect(address == "orders[80].title")
    #expect(model.opened == [3])
    #expect(model.closed == [])
    try await driver.scroll("orders", toRow: 0)
    #expect(screen.list.rows.first { $0.isSelected.value }?.id == "orders[3]")
    // A selected row outside the window the search starts from, mounted while it pages.
    try await driver.scroll("orders", toRow: 40)
    try await driver.select("orders[45]")
    try await driver.scroll("orders", toRow: 0)
    let shown = model.shown
    let hidden = model.hidden
    _ = try driver.find(.text("Order 90"))
    try await driver.settle()
    #expect(model.opened == [3, 45])
    #expect(model.closed == [3])
    try await driver.scroll("orders", toRow: 42)
    #expect(screen.list.rows.filter { $0.isSelected.value }.map(\.id) == ["orders[45]"])
    #expect(model.shown.count > shown.count)
    #expect(model.hidden.count > hidden.count)
  }

  @Test func aFinderThatFindsOnlyAHiddenRowLeavesTheListWhereItWas() async throws {
    let (model, screen, driver) = try windowedOrders(count: 100)
    try await driver.settle()
    screen.list.isHidden.value = true
    try await expectFailedSearch(
      for: "Order 80", failing: .hidden, leavingAt: 0, model, screen, driver)
  }

  /// Expects a search for the text `text` to fail with `kind`, and to leave the list's first
  /// shown row at `first` and the display events sent so far as they were.
  private func expectFailedSearch(
    for text: String, failing kind: DriverError.Kind, leavingAt first: Int,
    _ model: OrdersViewModel, _ screen: OrdersScreen, _ driver: ScreenDriver<OrdersScreen>
  ) async throws {
    let shown = model.shown
    let hidden = model.hidden
    let failure = await expectDriverFailure { _ = try driver.find(.text(text)) }
    #expect(failure?.kind == kind)
    try await driver.settle()
    #expect(screen.list.firstVisibleRow == first)
    #expect(model.shown == shown)
    #expect(model.hidden == hidden)
  }
}
