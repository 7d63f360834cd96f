import Headless
import HeadlessTesting
import Testing

/// A list's window that changes size mounts and unmounts exactly the rows that enter and leave
/// it, with their display events, as a scroll does.
@MainActor
@Suite struct WindowSizeTests {
  @Test func aWindowThatShrinksUnmountsTheRowsThatLeaveIt() async throws {
    let (model, screen, driver) = try windowedOrders()
    try await driver.settle()
    #expect(screen.list.rows.count == 7)
    let leaving = Array(screen.list.rows.suffix(3))
    screen.list.visibleRowCount = 2
    try await driver.settle()
    #expect(screen.list.rows.map(\.id) == (1...4).map { "orders[\($0)]" })
    #expect(model.hidden == [5, 6, 7])
    #expect(leaving.allSatisfy { $0.content == nil }, "the rows that left are unmounted")
    // Scrolling after the window shrank leaves nothing of the old window mounted.
    screen.list.scroll(toRow: 20)
    try await driver.settle()
    #expect(screen.list.rows.map(\.id) == (19...24).map { "orders[\($0)]" })
    #expect(Set(model.hidden) == Set(1...7))
  }

  @Test func aWindowThatGrowsMountsTheRowsThatEnterIt() async throws {
    let (model, screen, driver) = try windowedOrders()
    try await driver.settle()
    screen.list.windowMargin = 4
    try await driver.settle()
    #expect(screen.list.rows.count == 9)
    #expect(model.shown == Array(1...9))
    screen.list.visibleRowCount = 5
    try await driver.settle()
    #expect(model.shown == Array(1...9), "an unchanged size sends nothing")
  }
}
