import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// Rows that leave a list's window and come back take over the Observation registration their
/// last mount left (Observation cannot cancel one) instead of leaving one more in their view
/// model's registrar each time, and still show every change of their view model.
@MainActor
@Suite struct WindowedListObservationTests {
  /// A mounted screen of `count` orders whose list shows 5 rows and mounts 2 more on each side.
  private func mountOrders(count: Int = 30) throws -> (
    OrdersViewModel, OrdersScreen, MountedScreen<OrdersScreen>, ManualScheduler
  ) {
    let model = OrdersViewModel(count: count)
    let screen = OrdersScreen()
    screen.list.visibleRowCount = 5
    screen.list.windowMargin = 2
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    scheduler.flush()
    return (model, screen, mounted, scheduler)
  }

  /// The text of row `id`'s title label, while the row is in the window.
  private func title(of id: Int, in screen: OrdersScreen) -> String? {
    let row = screen.list.rows.first { $0.id == "orders[\(id)]" }
    return (row?.widget("title") as? Label)?.text.value
  }

  /// Scrolls the list away from its first rows and back, `times` times, flushing after each.
  private func scrollAwayAndBack(
    _ screen: OrdersScreen, _ scheduler: ManualScheduler, times: Int = 1
  ) {
    for _ in 0..<times {
      screen.list.scroll(toRow: 10)
      scheduler.flush()
      screen.list.scroll(toRow: 0)
      scheduler.flush()
    }
  }

  @Test func rowsScrolledOutAndBackInMakeNoNewRegistrations() throws {
    let (_, screen, mounted, scheduler) = try mountOrders()
    // NB: the first trip mounts the rows from 8 on for the first time, which registers them.
    scrollAwayAndBack(screen, scheduler)
    let afterFirstTrip = mounted.graph.registrationsMade
    scrollAwayAndBack(screen, scheduler, times: 20)
    let made = mounted.graph.registrationsMade - afterFirstTrip
    #expect(made == 0, "20 trips, 16 rows mounted again in each: \(made) new registrations")
    mounted.unmount()
  }

  @Test func rowsTakenOutAndPutBackMakeNoNewRegistrations() throws {
    let (model, screen, mounted, scheduler) = try mountOrders(count: 6)
    let all = model.orders
    let some = all.filter { $0.id.isMultiple(of: 2) }
    // NB: the first round takes rows out for the first time.
    model.orders = some
    scheduler.flush()
    model.orders = all
    scheduler.flush()
    let afterFirstRound = mounted.graph.registrationsMade
    for _ in 0..<20 {
      model.orders = some
      scheduler.flush()
      model.orders = all
      scheduler.flush()
    }
    // NB: each change is observed again where it was read: the list's own source and the
    // summary's (`"\(orders.count) orders"`), two registrations per change, four per round.
    // Rows that made their own would add three per round.
    let made = mounted.graph.registrationsMade - afterFirstRound
    #expect(
      made == 20 * 4, "20 rounds, 3 rows taken out and put back in each: \(made) registrations")
    all[0].title = "Back and changed"
    scheduler.flush()
    #expect(title(of: 1, in: screen) == "Back and changed")
    mounted.unmount()
  }

  @Test func aRowBackInTheWindowFollowsItsViewModelThroughTheRegistrationItTookOver() throws {
    let (model, screen, mounted, scheduler) = try mountOrders()
    scrollAwayAndBack(screen, scheduler, times: 3)
    #expect(title(of: 1, in: screen) == "Order 1")
    model.orders[0].title = "Changed"
    scheduler.flush()
    #expect(title(of: 1, in: screen) == "Changed")
    model.orders[0].title = "Changed again"
    scheduler.flush()
    #expect(title(of: 1, in: screen) == "Changed again", "observed again after the change")
    model.orders[0].isUrgent = true
    scheduler.flush()
    let row = screen.list.rows.first { $0.id == "orders[1]" }
    #expect(row?.height.value == 88, "the row height's key path is observed too")
    mounted.unmount()
  }

  @Test func aRowWhoseViewModelChangedOutsideTheWindowShowsTheChangeAndFollowsLaterOnes() throws {
    let (model, screen, mounted, scheduler) = try mountOrders()
    screen.list.scroll(toRow: 10)
    scheduler.flush()
    model.orders[0].title = "Changed outside"
    scheduler.flush()
    screen.list.scroll(toRow: 0)
    scheduler.flush()
    #expect(title(of: 1, in: screen) == "Changed outside")
    model.orders[0].title = "Changed inside"
    scheduler.flush()
    #expect(title(of: 1, in: screen) == "Changed inside")
    mounted.unmount()
  }

  @Test func aRowWhoseViewModelChangedOnScreenFollowsItAfterComingBack() throws {
    let (model, screen, mounted, scheduler) = try mountOrders()
    model.orders[0].title = "First"
    scheduler.flush()
    scrollAwayAndBack(screen, scheduler, times: 2)
    #expect(title(of: 1, in: screen) == "First")
    model.orders[0].title = "Second"
    scheduler.flush()
    #expect(title(of: 1, in: screen) == "Second")
    mounted.unmount()
  }

  @Test func aScrolledListReleasesItsRowsViewModelsWhenUnmounted() async throws {
    weak var weakModel: OrdersViewModel?
    weak var cell: OrderCell?
    do {
      let model = OrdersViewModel(count: 30)
      weakModel = model
      cell = model.orders[0]
      let screen = OrdersScreen()
      screen.list.visibleRowCount = 5
      screen.list.windowMargin = 2
      let driver = try ScreenDriver(screen, model: model)
      for _ in 0..<3 {
        try await driver.scroll("orders", by: 10)
        try await driver.scroll("orders", by: -10)
      }
      try await driver.scroll("orders", by: 10)
      // NB: the display commands the scrolls ran hold their rows' view models until they end.
      try await driver.settle()
      driver.unmount()
    }
    #expect(weakModel == nil, "the view model is released")
    #expect(cell == nil, "a row's view model, outside the window at unmount, is released")
  }

  @Test func aRowThatReadsOtherValuesWhenItComesBackRegistersAnew() throws {
    let model = DetailNotesViewModel()
    let screen = DetailNotesScreen()
    screen.list.visibleRowCount = 5
    screen.list.windowMargin = 2
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    scheduler.flush()
    screen.list.scroll(toRow: 10)
    scheduler.flush()
    // NB: read by the template when it makes the row's bindings, outside any registration.
    model.notes[0].showsDetail = true
    screen.list.scroll(toRow: 0)
    scheduler.flush()
    let label = { (screen.list.rows.first?.widget("text") as? Label)?.text.value }
    #expect(label() == "detail 0")
    model.notes[0].detail = "new detail"
    scheduler.flush()
    #expect(label() == "new detail", "the row observes what it reads now, not what it read before")
    mounted.unmount()
  }
}

/// A note whose row shows its title or, once asked, its detail.
@MainActor
@Observable
private final class DetailNoteCell: Identifiable {
  let id: Int
  var title: String
  var detail: String
  var showsDetail = false

  init(_ id: Int) {
    self.id = id
    title = "title \(id)"
    detail = "detail \(id)"
  }
}

/// A row that binds its label to the title or the detail, as its view model says when the row
/// is mounted.
private struct DetailNoteRow: RowTemplate {
  let text = Label("text")

  var body: Widget { text }

  func bindings(_ vm: DetailNoteCell) -> [BindingDeclaration<DetailNoteCell>] {
    if vm.showsDetail {
      bind(\.detail, to: text.text)
    } else {
      bind(\.title, to: text.text)
    }
  }
}

@MainActor
@Observable
private final class DetailNotesViewModel {
  var notes = (0..<30).map { DetailNoteCell($0) }
}

private struct DetailNotesScreen: Screen {
  let list = ListView("notes", rows: [DetailNoteRow.self])

  var body: Widget { list }

  func bindings(_ vm: DetailNotesViewModel) -> [BindingDeclaration<DetailNotesViewModel>] {
    show(\.notes, in: list, animation: .none)
  }
}
