import Synchronization

/// Where a waybill is in its life.
enum WaybillStatus: String, Hashable, Sendable {
  case inTransit
  case delivered
}

/// One consignment a courier carries: who it goes to, where, how many parcels, and by when.
struct Waybill: Hashable, Sendable {
  let id: Int
  let recipient: String
  let address: String
  let parcels: Int
  /// The promised delivery time, as the dispatcher wrote it.
  let due: String
  var status: WaybillStatus

  /// The waybills the showcase's fake service starts with: seven, in three pages of three.
  static let samples = [
    Waybill(
      id: 1001, recipient: "Ada Park", address: "12 Harbour Road", parcels: 2, due: "10:30",
      status: .inTransit),
    Waybill(
      id: 1002, recipient: "Ben Okafor", address: "4 Mill Lane", parcels: 1, due: "10:45",
      status: .delivered),
    Waybill(
      id: 1003, recipient: "Chloe Martin", address: "88 Station Street", parcels: 3,
      due: "11:15", status: .inTransit),
    Waybill(
      id: 1004, recipient: "Dev Sharma", address: "7 Orchard Close", parcels: 1, due: "11:30",
      status: .inTransit),
    Waybill(
      id: 1005, recipient: "Elena Rossi", address: "31 Quay Street", parcels: 2, due: "12:00",
      status: .delivered),
    Waybill(
      id: 1006, recipient: "Farid Haddad", address: "19 Bridge Road", parcels: 1, due: "12:30",
      status: .inTransit),
    Waybill(
      id: 1007, recipient: "Grace Liu", address: "2 Church Walk", parcels: 4, due: "13:00",
      status: .inTransit),
  ]
}

/// One page of waybills, in id order, and where the next one starts.
struct WaybillPage: Hashable, Sendable {
  let waybills: [Waybill]
  /// The cursor to ask for the next page with; `nil` when this page is the last.
  let next: Int?
}

/// What the waybill list needs from the back end.
protocol WaybillService: Sendable {
  /// The page of waybills after the one with id `cursor`; the first page when `cursor` is `nil`.
  func page(after cursor: Int?) async throws -> WaybillPage
  /// Records that the waybill `id` was handed over.
  func markDelivered(_ id: Int) async throws
  /// Deletes the waybill `id`: later pages no longer have it.
  func delete(_ id: Int) async throws
}

enum WaybillServiceError: Error, Hashable, CustomStringConvertible {
  case unreachable

  var description: String { "The network is unreachable." }
}

/// A waybill service that answers after a fixed latency on an injected clock, serves pages of
/// three, and fails the requests a test asks it to.
final class FakeWaybillService: WaybillService {
  static let pageSize = 3

  let clock: any Clock<Duration>
  let latency: Duration
  private let state: Mutex<State>

  private struct State {
    var waybills: [Waybill]
    var failuresLeft = 0
  }

  init(
    clock: any Clock<Duration>, latency: Duration = .seconds(1),
    waybills: [Waybill] = Waybill.samples
  ) {
    self.clock = clock
    self.latency = latency
    self.state = Mutex(State(waybills: waybills.sorted { $0.id < $1.id }))
  }

  /// Makes the next `count` requests fail with ``WaybillServiceError/unreachable``.
  func failNextRequests(_ count: Int = 1) {
    state.withLock { $0.failuresLeft += count }
  }

  func page(after cursor: Int?) async throws -> WaybillPage {
    try await answer { state in
      let rest = state.waybills.filter { waybill in cursor.map { waybill.id > $0 } ?? true }
      let page = Array(rest.prefix(Self.pageSize))
      return WaybillPage(waybills: page, next: rest.count > page.count ? page.last?.id : nil)
    }
  }

  func markDelivered(_ id: Int) async throws {
    try await answer { state in
      if let index = state.waybills.firstIndex(where: { $0.id == id }) {
        state.waybills[index].status = .delivered
      }
    }
  }

  func delete(_ id: Int) async throws {
    try await answer { state in state.waybills.removeAll { $0.id == id } }
  }

  /// Waits the latency, then fails if a failure is due, or does `work`.
  private func answer<Result: Sendable>(
    _ work: @Sendable (inout State) -> Result
  ) async throws -> Result {
    try await clock.sleep(for: latency)
    return try state.withLock { state throws(WaybillServiceError) in
      if state.failuresLeft > 0 {
        state.failuresLeft -= 1
        throw .unreachable
      }
      return work(&state)
    }
  }
}
