import Headless
import HeadlessTesting
import Testing

@testable import Showcase

/// The waybill list at a depot's scale: 10,000 waybills, of which the list mounts and prints
/// only its window.
@MainActor
@Suite struct DepotWaybillsWalkthroughTests {
  @Test func theWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.depotWaybills()
    defer { walkthrough.driver.unmount() }
    try assertSnapshot(of: walkthrough.text, named: "depot-waybills-walkthrough")
  }

  @Test func theDepotIsTheSameEveryTime() {
    let depot = Waybill.depot(count: 10_000)
    #expect(depot == Waybill.depot(count: 10_000))
    #expect(Set(depot.map(\.id)).count == 10_000)
    #expect(depot.first?.id == 10_001)
    #expect(depot.last?.id == 20_000)
    #expect(depot[8_999].id == 19_000, "WB-19000 is the 9,000th")
    #expect(depot.filter { $0.status == .delivered }.count == 3_333)
  }

  /// How long a mount takes is not tested (it depends on the machine); what it costs is: the
  /// rows it mounts, whatever the length of the list.
  @Test func tenThousandWaybillsMountOnlyTheWindowAndPrintItInAFewLines() async throws {
    let driver = try Demos.depotWaybills()
    defer { driver.unmount() }
    let model = try #require(driver.model)
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
    let list = try driver.widget("waybills", as: ListView.self)
    #expect(model.waybills.count == 10_000)
    #expect(list.rowCount == 10_000)
    #expect(list.rows.count == 6, "five rows shown and one more below")
    let text = driver.render()
    #expect(text.contains("Window #waybills.window before=0 after=9994"))
    #expect(text.split(separator: "\n").count < 60)
    try await driver.scroll("waybills", by: 3_000)
    #expect(list.windowRange == 2_999..<3_006)
    #expect(list.rows.count == 7, "the rows that left the window were unmounted")
    try await driver.select("waybills[19000]")
    #expect(list.rows.count == 7)
    #expect(model.selected?.id == 19_000)
  }

  @Test func deliveringFarDownMovesTheRowOutOfTheWindowAndKeepsItSelected() async throws {
    let driver = try Demos.depotWaybills()
    defer { driver.unmount() }
    let model = try #require(driver.model)
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
    try await driver.select("waybills[19000]")
    try await driver.tap("waybills[19000].deliver")
    try await driver.advance(by: .seconds(1))
    let list = try driver.widget("waybills", as: ListView.self)
    #expect(list.row("19000") == nil, "it left the window for the delivered section")
    #expect(model.selected?.isDelivered == true)
    #expect(try driver.widget("detailAddress", as: Label.self).text.value.hasPrefix("Delivered"))
    try await driver.pullToRefresh("waybills")
    try await driver.advance(by: .seconds(1))
    #expect(model.selected?.id == 19_000, "a refresh keeps the selection")
    #expect(model.waybills(.delivered).count == 3_334, "the server kept the hand-over")
    try await driver.scroll(to: "waybills[19000]")
    #expect(try driver.widget("waybills[19000]", as: RowWidget.self).isSelected.value)
  }
}
