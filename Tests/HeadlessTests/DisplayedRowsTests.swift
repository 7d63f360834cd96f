import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A host that mounts more rows than it shows reports the rows the person sees: `willDisplay`
/// and `didEndDisplaying` then follow those rows, not the window's mounts. The window's
/// rows are 1 to 7 at first (`windowedOrders`: 5 shown, a margin of 2).
@MainActor
@Suite struct DisplayedRowsTests {
  @Test func withoutAReportTheWindowIsDisplayed() async throws {
    let (_, screen, driver) = try windowedOrders()
    try await driver.settle()
    #expect(!screen.list.reportsDisplayedRows)
    #expect(screen.list.displayedRange == screen.list.windowRange)
    screen.list.scroll(toRow: 10)
    #expect(screen.list.displayedRange == 8..<17)
  }

  @Test func aReportEndsTheDisplayOfTheWindowsOtherRowsAndFollowsTheNextReports() async throws {
    let (model, screen, driver) = try windowedOrders()
    let list = screen.list
    try await driver.settle()
    #expect(model.shown == Array(1...7))
    try list.setDisplayedRows(0..<3)
    try await driver.settle()
    #expect(list.reportsDisplayedRows)
    #expect(list.displayedRange == 0..<3)
    #expect(model.hidden == [4, 5, 6, 7], "mounted, no longer displayed")
    #expect(list.rows.count == 7, "the window is as it was")
    list.scroll(toRow: 1)
    try await driver.settle()
    #expect(list.windowRange == 0..<8)
    #expect(model.shown == Array(1...7), "row 8 mounted, not displayed")
    try list.setDisplayedRows(1..<4)
    try await driver.settle()
    #expect(model.hidden == [4, 5, 6, 7, 1])
    #expect(model.shown == Array(1...7) + [4])
  }

  @Test func aRowMountedButNeverDisplayedIsSentNeitherEvent() async throws {
    let (model, screen, driver) = try windowedOrders()
    let list = screen.list
    try list.setDisplayedRows(0..<3)
    try await driver.settle()
    list.scroll(toRow: 10)
    try await driver.settle()
    #expect(list.rows.map(\.id).contains("orders[12]"), "rows 9 to 17 are mounted")
    #expect(list.displayedRange.isEmpty, "the rows reported left the window")
    #expect(model.hidden == [4, 5, 6, 7, 1, 2, 3])
    list.scroll(toRow: 0)
    try await driver.settle()
    let seen = Set(model.shown + model.hidden)
    #expect(seen.isDisjoint(with: 8...17), "mounted and unmounted, never displayed")
    #expect(
      model.shown == Array(1...7) + [1, 2, 3],
      "the rows reported are displayed again once the window is back over them")
  }

  @Test func aReportOutsideTheWindowIsRefusedWhole() async throws {
    let (model, screen, driver) = try windowedOrders()
    let list = screen.list
    try list.setDisplayedRows(1..<4)
    try await driver.settle()
    let error = #expect(throws: DisplayedRowsError.self) { try list.setDisplayedRows(5..<12) }
    #expect(error?.message.contains("5..<12") == true)
    #expect(error?.message.contains("window 0..<7") == true)
    #expect(list.displayedRange == 1..<4, "the rows displayed stay as they were")
    try await driver.settle()
    #expect(model.hidden == [1, 5, 6, 7])
    try list.setDisplayedRows(20..<20)
    #expect(list.displayedRange.isEmpty, "an empty report is taken wherever it is")
  }

  @Test func rowsRemovedOrPutInAtDisplayedPositionsAreSentTheEvents() async throws {
    let (model, screen, driver) = try windowedOrders()
    let list = screen.list
    try list.setDisplayedRows(0..<3)
    try await driver.settle()
    model.orders.remove(at: 1)
    try await driver.settle()
    #expect(model.hidden == [4, 5, 6, 7, 2], "row 2 went")
    #expect(model.shown == Array(1...7) + [4], "row 4 moved up into the rows displayed")
    model.orders.insert(OrderCell(100, clock: model.clock), at: 0)
    try await driver.settle()
    #expect(model.shown.last == 100)
    #expect(model.hidden.last == 4, "row 4 moved down out of them")
    #expect(list.rows.prefix(3).map(\.id) == ["orders[100]", "orders[1]", "orders[3]"])
  }

  @Test func stoppingTheReportsDisplaysEveryMountedRowAgain() async throws {
    let (model, screen, driver) = try windowedOrders()
    let list = screen.list
    try list.setDisplayedRows(2..<4)
    try await driver.settle()
    #expect(model.hidden == [1, 2, 5, 6, 7])
    try list.setDisplayedRows(nil)
    try await driver.settle()
    #expect(!list.reportsDisplayedRows)
    #expect(model.shown == Array(1...7) + [1, 2, 5, 6, 7])
    list.scroll(toRow: 10)
    try await driver.settle()
    #expect(model.shown.suffix(9) == Array(9...17), "mounts display rows again")
  }

  @Test func aDisplayedRowMountedAnewEndsItsDisplayAndStartsItAgain() async throws {
    let (model, screen, driver) = try windowedOrders()
    try screen.list.setDisplayedRows(0..<2)
    try await driver.settle()
    let first = model.orders[0]
    model.orders[0] = OrderCell(1, title: "Order 1, again", clock: model.clock)
    try await driver.settle()
    #expect(model.hidden == [3, 4, 5, 6, 7, 1], "the row of the view model replaced")
    #expect(model.shown == Array(1...7) + [1], "the row of the new one")
    #expect(model.orders[0] !== first)
  }

  /// With the window following its first row by identity, the rows reported move with it:
  /// rows inserted above change nothing displayed.
  @Test func withAWindowAnchoredByIdentityTheRowsReportedMoveWithIt() async throws {
    let (model, screen, driver) = try windowedOrders()
    let list = screen.list
    list.windowAnchor = .firstVisibleRow
    list.scroll(toRow: 10)
    try list.setDisplayedRows(10..<13)
    try await driver.settle()
    let shown = model.shown
    let hidden = model.hidden
    model.orders.insert(contentsOf: (100..<105).map { OrderCell($0, clock: model.clock) }, at: 0)
    try await driver.settle()
    #expect(list.firstVisibleRow == 15)
    #expect(list.displayedRange == 15..<18)
    #expect(model.shown == shown, "rows 11 to 13 are still the ones displayed")
    #expect(model.hidden == hidden)
  }

  /// The driver pages through the rows in search of one: no row it mounts on the way is
  /// displayed, and the rows reported stay displayed where it ends up.
  @Test func theDriversSearchDisplaysNothing() async throws {
    let (model, screen, driver) = try windowedOrders()
    let list = screen.list
    try list.setDisplayedRows(0..<5)
    try await driver.settle()
    _ = try driver.widget("orders[20].title", as: Label.self)
    try await driver.settle()
    let seen = Set(model.shown + model.hidden)
    #expect(seen.isDisjoint(with: 8...30), "only the rows reported were ever displayed")
  }
}
