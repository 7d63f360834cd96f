import Headless
import Observation

/// A row's view model: an order with a title and a status, and a command of its own.
@MainActor
@Observable
final class OrderCell: Identifiable {
  let id: Int
  var title: String
  var isUrgent = false
  var height: Double { isUrgent ? 88 : 44 }
  @ObservationIgnored let clock: VirtualClock
  private(set) var pings = 0

  init(_ id: Int, title: String? = nil, clock: VirtualClock = VirtualClock()) {
    self.id = id
    self.title = title ?? "Order \(id)"
    self.clock = clock
  }

  /// A row command whose work sleeps on the clock.
  @ObservationIgnored private(set) lazy var ping = Command<Void, Void>("ping", owner: self) {
    cell, _ in
    try await cell.waitAndCount()
  }

  private func waitAndCount() async throws {
    try await clock.sleep(for: .seconds(1))
    pings += 1
  }
}

/// A section header's view model.
@MainActor
@Observable
final class GroupHeader: Identifiable {
  let id: String
  var title: String

  init(_ id: String, title: String) {
    self.id = id
    self.title = title
  }
}

/// A view model no template shows.
@MainActor
@Observable
final class StrayCell: Identifiable {
  let id = "stray"
}

struct OrderRow: RowTemplate {
  let title = Label("title")
  let ping = Button("ping", title: "Ping")

  var body: Widget {
    HStack("order") {
      title
      ping
    }
  }

  static var height: KeyPath<OrderCell, Double>? { \.height }

  func bindings(_ vm: OrderCell) -> [BindingDeclaration<OrderCell>] {
    bind(\.title, to: title.text)
    command(vm.ping, on: ping)
  }
}

struct GroupHeaderRow: RowTemplate {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: GroupHeader) -> [BindingDeclaration<GroupHeader>] {
    bind(\.title, to: title.text)
  }
}

/// The orders screen's view model: orders shown as rows, commands for selection, deletion,
/// refresh and load more, and a summary that changes in the same turn as the rows.
@MainActor
@Observable
final class OrdersViewModel {
  var orders: [OrderCell]
  var hasMore = true
  var summary: String { "\(orders.count) orders" }
  private(set) var opened: [Int] = []
  private(set) var closed: [Int] = []
  private(set) var shown: [Int] = []
  private(set) var hidden: [Int] = []
  @ObservationIgnored let clock: VirtualClock
  @ObservationIgnored var pages = 2
  @ObservationIgnored var failsToRefresh = false
  var failure: String?

  init(count: Int = 3, clock: VirtualClock = VirtualClock()) {
    self.clock = clock
    orders = (1...max(count, 1)).prefix(count).map { OrderCell($0, clock: clock) }
  }

  @ObservationIgnored private(set) lazy var open = Command<OrderCell, Void>("open", owner: self) {
    vm, cell in
    vm.opened.append(cell.id)
  }

  @ObservationIgnored private(set) lazy var close = Command<OrderCell, Void>("close", owner: self) {
    vm, cell in
    vm.closed.append(cell.id)
  }

  @ObservationIgnored private(set) lazy var show = Command<OrderCell, Void>(
    "show", owner: self, policy: .concurrent
  ) { vm, cell in
    vm.shown.append(cell.id)
  }

  @ObservationIgnored private(set) lazy var hide = Command<OrderCell, Void>(
    "hide", owner: self, policy: .concurrent
  ) { vm, cell in
    vm.hidden.append(cell.id)
  }

  @ObservationIgnored private(set) lazy var delete = Command<OrderCell, Void>(
    "delete", owner: self
  ) { vm, cell in
    vm.orders.removeAll { $0 === cell }
  }

  @ObservationIgnored private(set) lazy var refresh = Command<Void, Void>("refresh", owner: self) {
    vm, _ in
    try await vm.reload()
  }

  @ObservationIgnored private(set) lazy var loadMore = Command<Void, Void>(
    "loadMore", owner: self
  ) { vm, _ in
    try await vm.fetchNextPage()
  }

  private func reload() async throws {
    try await clock.sleep(for: .seconds(1))
    if failsToRefresh {
      failure = "The orders could not be loaded."
      return
    }
    failure = nil
    orders = (1...2).map { OrderCell($0, title: "Fresh \($0)", clock: clock) }
    hasMore = true
  }

  private func fetchNextPage() async throws {
    try await clock.sleep(for: .seconds(1))
    let next = (orders.map(\.id).max() ?? 0) + 1
    orders += (next..<next + 2).map { OrderCell($0, clock: clock) }
    pages -= 1
    hasMore = pages > 0
  }
}

struct OrdersScreen: Screen {
  let summary = Label("summary")
  let list = ListView("orders", rows: [OrderRow.self], emptyText: "No orders")

  var body: Widget {
    VStack("screen") {
      summary
      list
    }
  }

  func bindings(_ vm: OrdersViewModel) -> [BindingDeclaration<OrdersViewModel>] {
    bind(\.summary, to: summary.text)
    show(\.orders, in: list, animation: .fade)
    command(vm.open, on: list.selection)
    command(vm.close, on: list.deselection)
    command(vm.show, on: list.willDisplay)
    command(vm.hide, on: list.didEndDisplaying)
    command(vm.delete, on: list.deletion)
    command(vm.refresh, on: list.refresh)
    command(vm.loadMore, on: list.loadMore)
    bind(\.hasMore, to: list.hasMore)
    bind(\.failure, to: list.failureText)
  }
}
