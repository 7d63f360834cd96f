import Headless
import HeadlessTesting
import Testing

@testable import Showcase

@MainActor
@Suite struct WaybillWalkthroughTests {
  let clock = VirtualClock()
  let service: FakeWaybillService
  let driver: ScreenDriver<WaybillListScreen>
  let model: WaybillListViewModel

  init() throws {
    service = FakeWaybillService(clock: clock)
    driver = try Demos.waybills(clock: clock, service: service)
    model = try #require(driver.model)
  }

  /// Shows the screen and waits for the first page.
  private func loadFirstPage() async throws {
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
  }

  private func text(of id: String) throws -> String {
    try driver.widget(.path(id), as: Label.self).text.value
  }

  private var list: ListView {
    get throws { try driver.widget("waybills", as: ListView.self) }
  }

  @Test func theWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.waybills()
    try assertSnapshot(of: walkthrough.text, named: "waybills-walkthrough")
  }

  @Test func theEmptyWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.noWaybills()
    try assertSnapshot(of: walkthrough.text, named: "no-waybills-walkthrough")
  }

  @Test func theFirstPageComesInTwoSectionsWithCountingHeaders() async throws {
    #expect(try list.emptyText.value == nil, "nothing is called empty before the first page")
    try await loadFirstPage()
    #expect(
      try list.itemIDs == ["header:inTransit", "1001", "1003", "header:delivered", "1002"])
    #expect(try text(of: "waybills[header:inTransit].title") == "In transit (2)")
    #expect(try text(of: "waybills[header:delivered].title") == "Delivered (1)")
    #expect(try driver.widget("waybills[1001]", as: RowWidget.self).height.value == 64)
    #expect(try driver.widget("waybills[1002]", as: RowWidget.self).height.value == 44)
    #expect(try driver.widget("waybills[1002].deliver").isHidden.value)
  }

  @Test func pagesLoadUntilTheServerHasNoMore() async throws {
    try await loadFirstPage()
    try await driver.scrollToEnd("waybills")
    #expect(model.loadMore.isExecuting)
    try await driver.advance(by: .seconds(1))
    #expect(model.waybills.map(\.id) == [1001, 1002, 1003, 1004, 1005, 1006])
    #expect(model.hasMore)
    try await driver.scrollToEnd("waybills")
    try await driver.advance(by: .seconds(1))
    #expect(model.waybills.count == 7)
    #expect(!model.hasMore)
    #expect(driver.render().contains("List #waybills count=7 [no-more]"))
    try await driver.scrollToEnd("waybills")
    #expect(!model.loadMore.isExecuting, "nothing more to load: scrolling loads nothing")
  }

  @Test func scrollingWhileRefreshingLoadsNothing() async throws {
    try await driver.appear()
    #expect(model.refresh.isExecuting)
    try await driver.scrollToEnd("waybills")
    #expect(!model.loadMore.isExecuting, "load more waits for the refresh")
    let busy = await expectDriverFailure {
      try await driver.pullToRefresh("waybills")
    }
    #expect(
      busy?.message == "cannot refresh 'waybills': its refresh command cannot execute now")
  }

  @Test func aRefreshKeepsTheRowsOfWaybillsThatStayAndDropsLaterPages() async throws {
    try await loadFirstPage()
    try await driver.scrollToEnd("waybills")
    try await driver.advance(by: .seconds(1))
    let first = try driver.widget("waybills[1001]")
    try await driver.pullToRefresh("waybills")
    #expect(driver.render().contains("[refreshing]"))
    try await driver.advance(by: .seconds(1))
    #expect(try driver.widget("waybills[1001]") === first, "the row was kept, not remounted")
    #expect(model.waybills.map(\.id) == [1001, 1002, 1003])
    #expect(model.hasMore)
  }

  @Test func selectingShowsTheDetailsAndSelectingAgainHidesThem() async throws {
    try await loadFirstPage()
    #expect(try driver.widget("detailAddress").isHidden.value)
    try await driver.select("waybills[1003]")
    #expect(model.selected?.id == 1003)
    #expect(try text(of: "detailTitle") == "WB-1003 Chloe Martin")
    #expect(try text(of: "detailAddress") == "Deliver to 88 Station Street")
    #expect(try text(of: "detailStatus") == "3 parcels, due 11:15")
    #expect(try !driver.widget("detailAddress").isHidden.value)
    try await driver.select("waybills[1001]")
    #expect(try text(of: "detailTitle") == "WB-1001 Ada Park", "the other row's details")
    #expect(try !driver.widget("waybills[1003]", as: RowWidget.self).isSelected.value)
    try await driver.select("waybills[1001]")
    #expect(model.selected == nil)
    #expect(try text(of: "detailTitle") == "Select a waybill to see its details")
    #expect(try driver.widget("detailStatus").isHidden.value)
  }

  @Test func markingDeliveredMovesTheRowToTheOtherSectionAndKeepsIt() async throws {
    try await loadFirstPage()
    let row = try driver.widget("waybills[1003]")
    try await driver.tap("waybills[1003].deliver")
    #expect(try driver.widget("waybills[1003].deliver", as: Button.self).isBusy.value)
    try await driver.advance(by: .seconds(1))
    #expect(try list.itemIDs == ["header:inTransit", "1001", "header:delivered", "1002", "1003"])
    #expect(try driver.widget("waybills[1003]") === row, "a move keeps the row")
    #expect(try text(of: "waybills[header:delivered].title") == "Delivered (2)")
    #expect(try driver.widget("waybills[1003]", as: RowWidget.self).height.value == 44)
    try await driver.pullToRefresh("waybills")
    try await driver.advance(by: .seconds(1))
    #expect(model.waybills.first { $0.id == 1003 }?.isDelivered == true, "the server kept it")
  }

  @Test func aHandOverTheServerRefusesIsShownOnItsRow() async throws {
    try await loadFirstPage()
    service.failNextRequests()
    try await driver.tap("waybills[1001].deliver")
    try await driver.advance(by: .seconds(1))
    #expect(
      try text(of: "waybills[1001].summary")
        == "2 parcels, due 10:30; the hand-over was not recorded")
    #expect(try list.itemIDs.prefix(3) == ["header:inTransit", "1001", "1003"])
    try await driver.tap("waybills[1001].deliver")
    try await driver.advance(by: .seconds(1))
    #expect(try text(of: "waybills[1001].summary") == "2 parcels, delivered")
  }

  @Test func swipingToDeleteRemovesTheRowAtOnceAndTheServerForgetsIt() async throws {
    try await loadFirstPage()
    try await driver.select("waybills[1003]")
    try await driver.swipe("waybills[1003]", action: "delete")
    #expect(try list.itemIDs == ["header:inTransit", "1001", "header:delivered", "1002"])
    #expect(model.selected == nil, "the deleted row was deselected")
    #expect(try text(of: "detailTitle") == "Select a waybill to see its details")
    #expect(model.delete.isExecuting, "the server is still being told")
    try await driver.advance(by: .seconds(1))
    try await driver.pullToRefresh("waybills")
    try await driver.advance(by: .seconds(1))
    #expect(model.waybills.map(\.id) == [1001, 1002, 1004], "the next waybill fills the page")
  }

  @Test func aDeleteTheServerRefusesPutsTheRowBackInItsPlace() async throws {
    try await loadFirstPage()
    service.failNextRequests()
    try await driver.swipe("waybills[1001]", action: "delete")
    #expect(try list.row("1001") == nil)
    try await driver.advance(by: .seconds(1))
    #expect(model.waybills.map(\.id) == [1001, 1002, 1003])
    #expect(
      try list.failureText.value == "WB-1001 could not be deleted. The network is unreachable.")
  }

  @Test func aFailedPageSaysSoAndScrollingAgainRetries() async throws {
    try await loadFirstPage()
    service.failNextRequests()
    try await driver.scrollToEnd("waybills")
    try await driver.advance(by: .seconds(1))
    #expect(
      try list.failureText.value
        == "More waybills could not be loaded. The network is unreachable. Scroll down to try "
        + "again.")
    #expect(model.hasMore, "the page is still there to load")
    try await driver.scrollToEnd("waybills")
    try await driver.advance(by: .seconds(1))
    #expect(try list.failureText.value == nil)
    #expect(model.waybills.count == 6)
  }

  @Test func aFailedFirstLoadLeavesTheListEmptyWithTheFailureAndNoEmptyText() async throws {
    service.failNextRequests()
    try await loadFirstPage()
    #expect(
      driver.render().contains(
        #"List #waybills count=0 failure="The waybills could not be loaded. The network is "#
          + #"unreachable. Pull down to try again.""#))
    #expect(try list.emptyText.value == nil, "an empty list is not called empty when it failed")
    try await driver.pullToRefresh("waybills")
    try await driver.advance(by: .seconds(1))
    #expect(try list.rows.count == 3)
  }

  @Test func theDriverNamesWhatARowOfThisListCanDo() async throws {
    try await loadFirstPage()
    let action = await expectDriverFailure {
      try await driver.swipe("waybills[1001]", action: "archive")
    }
    #expect(
      action?.message
        == "cannot swipe 'waybills[1001]' to 'archive': the actions of list 'waybills' are delete")
    let header = await expectDriverFailure {
      try await driver.select("waybills[header:delivered]")
    }
    #expect(
      header?.message.hasPrefix("cannot select 'waybills[header:delivered]': it is a Header")
        == true)
    let hidden = await expectDriverFailure {
      try await driver.tap("waybills[1002].deliver")
    }
    #expect(hidden?.message.hasPrefix("cannot tap 'waybills[1002].deliver': it is hidden") == true)
  }
}
