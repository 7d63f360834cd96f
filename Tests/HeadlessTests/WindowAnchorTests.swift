import Headless
import Observation
import Testing

/// A list's window anchored by position (the default) or by the identity of the row shown
/// first (`WindowAnchor.firstVisibleRow`), as a chat or a feed keeps its place.
@MainActor
@Suite struct WindowAnchorTests {
  private func mountedOrders(anchor: WindowAnchor) throws -> (
    OrdersViewModel, OrdersScreen, MountedScreen<OrdersScreen>, ManualScheduler
  ) {
    let scheduler = ManualScheduler()
    let model = OrdersViewModel(count: 30)
    let screen = OrdersScreen()
    screen.list.visibleRowCount = 5
    screen.list.windowMargin = 0
    screen.list.windowAnchor = anchor
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    scheduler.flush()
    screen.list.scroll(toRow: 10)
    return (model, screen, mounted, scheduler)
  }

  @Test func aWindowAnchoredByIdentityKeepsItsRowsWhenRowsAreInsertedAbove() throws {
    let (model, screen, mounted, scheduler) = try mountedOrders(anchor: .firstVisibleRow)
    let shown = screen.list.rows
    #expect(shown.map(\.id) == (11...15).map { "orders[\($0)]" })
    let displayed = model.shown.count
    model.orders.insert(contentsOf: (101...200).map { OrderCell($0) }, at: 0)
    scheduler.flush()
    #expect(screen.list.firstVisibleRow == 110)
    #expect(screen.list.rows.map(\.id) == shown.map(\.id))
    #expect(zip(screen.list.rows, shown).allSatisfy { $0 === $1 }, "the same rows stay mounted")
    #expect(model.shown.count == displayed, "no row entered the window")
    mounted.unmount()
  }

  @Test func aWindowAnchoredByIdentityFollowsItsRowWhenRowsAboveGo() throws {
    let (model, screen, mounted, scheduler) = try mountedOrders(anchor: .firstVisibleRow)
    model.orders.removeFirst(4)
    scheduler.flush()
    #expect(screen.list.firstVisibleRow == 6)
    #expect(screen.list.rows.first?.id == "orders[11]")
    mounted.unmount()
  }

  @Test func aWindowWhoseFirstRowGoesKeepsItsPosition() throws {
    let (model, screen, mounted, scheduler) = try mountedOrders(anchor: .firstVisibleRow)
    model.orders.remove(at: 10)
    scheduler.flush()
    #expect(screen.list.firstVisibleRow == 10)
    #expect(screen.list.rows.first?.id == "orders[12]")
    mounted.unmount()
  }

  @Test func aWindowAnchoredByPositionShowsTheRowsNowAtItsPositions() throws {
    let (model, screen, mounted, scheduler) = try mountedOrders(anchor: .position)
    model.orders.insert(contentsOf: (101...200).map { OrderCell($0) }, at: 0)
    scheduler.flush()
    #expect(screen.list.firstVisibleRow == 10)
    #expect(screen.list.rows.first?.id == "orders[111]")
    mounted.unmount()
  }

  @Test func sectionedContentIsAnchoredToo() throws {
    let scheduler = ManualScheduler()
    let model = GroupedOrdersModel()
    let screen = GroupedOrdersScreen()
    screen.list.visibleRowCount = 3
    screen.list.windowMargin = 0
    screen.list.windowAnchor = .firstVisibleRow
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    scheduler.flush()
    screen.list.scroll(toRow: 4)
    let first = screen.list.row(atPosition: 4)?.id
    model.early.insert(contentsOf: (50...59).map { OrderCell($0) }, at: 0)
    scheduler.flush()
    #expect(screen.list.firstVisibleRow == 14)
    #expect(screen.list.row(atPosition: 14)?.id == first)
    mounted.unmount()
  }
}

@MainActor
@Observable
final class GroupedOrdersModel {
  var early = (1...5).map { OrderCell($0) }
  var late = (6...10).map { OrderCell($0) }
  var sections: [ListSection] {
    [ListSection(id: "early", rows: early), ListSection(id: "late", rows: late)]
  }
}

@MainActor
struct GroupedOrdersScreen: Screen {
  let list = ListView("grouped", rows: [OrderRow.self])

  var body: Widget { list }

  func bindings(_ vm: GroupedOrdersModel) -> [BindingDeclaration<GroupedOrdersModel>] {
    show(\.sections, in: list)
  }
}
