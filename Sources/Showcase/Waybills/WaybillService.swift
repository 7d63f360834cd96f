import Synchronization

/// Where a waybill is in its life.
enum WaybillStatus: String, Hashable, Sendable {
  case inTransit
  case delivered
}

/// One consignment a courier carries: who it goes to, where, how many parcels, and by when.
struct Waybill: Hashable, Sendable, Identifiable {
  let id: Int
  let recipient: String
  let address: String
  let parcels: Int
  /// The promised delivery time, as the dispatcher wrote it.
  let due: String
  var status: WaybillStatus

  /// The waybills the showcase's fake service starts with: seven, in three pages of three.
  static let samples = [
    Waybill(1001, "Ada Park", "12 Harbour Road", parcels: 2, due: "10:30", .inTransit),
    Waybill(1002, "Ben Okafor", "4 Mill Lane", parcels: 1, due: "10:45", .delivered),
    Waybill(1003, "Chloe Martin", "88 Station Street", parcels: 3, due: "11:15", .inTransit),
    Waybill(1004, "Dev Sharma", "7 Orchard Close", parcels: 1, due: "11:30", .inTransit),
    Waybill(1005, "Elena Rossi", "31 Quay Street", parcels: 2, due: "12:00", .delivered),
    Waybill(1006, "Farid Haddad", "19 Bridge Road", parcels: 1, due: "12:30", .inTransit),
    Waybill(1007, "Grace Liu", "2 Church Walk", parcels: 4, due: "13:00", .inTransit),
  ]

  /// A depot's day of `count` waybills, numbered from 10001 in id order, made from their
  /// numbers alone: the same waybills every time. Every third one (the numbers divisible by 3)
  /// was delivered already.
  ///
  /// - Parameter count: How many waybills.
  /// - Returns: The waybills, in id order.
  static func depot(count: Int) -> [Waybill] {
    let names = [
      "Ada Park", "Ben Okafor", "Chloe Martin", "Dev Sharma", "Elena Rossi", "Farid Haddad",
      "Grace Liu",
    ]
    let streets = [
      "Harbour Road", "Mill Lane", "Station Street", "Orchard Close", "Quay Street",
      "Bridge Road", "Church Walk", "Market Square", "Canal Side", "Park Row", "Hill Top",
    ]
    func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return (0..<count).map { index in
      let id = 10_001 + index
      // NB: due times run from 08:00 in steps of 5 minutes and start again after 18:55.
      let minutes = 8 * 60 + (index % 132) * 5
      let due = "\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60))"
      return Waybill(
        id: id, recipient: names[index % names.count],
        address: "\(index % 97 + 1) \(streets[index % streets.count])", parcels: index % 4 + 1,
        due: due, status: id % 3 == 0 ? .delivered : .inTransit)
    }
  }
}

extension Waybill {
  /// A waybill written as one row of a table, as ``samples`` lists them: number, recipient,
  /// address, parcels, due time and status.
  fileprivate init(
    _ id: Int, _ recipient: String, _ address: String, parcels: Int, due: String,
    _ status: WaybillStatus
  ) {
    self.init(
      id: id, recipient: recipient, address: address, parcels: parcels, due: due, status: status)
  }
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
/// three unless told otherwise, and fails the requests a test asks it to.
final class FakeWaybillService: WaybillService {
  let clock: any Clock<Duration>
  let latency: Duration
  /// How many waybills a page holds.
  let pageSize: Int
  private let state: Mutex<State>

  private struct State {
    var waybills: [Waybill]
    var failuresLeft = 0
  }

  init(
    clock: any Clock<Duration>, latency: Duration = .seconds(1),
    waybills: [Waybill] = Waybill.samples, pageSize: Int = 3
  ) {
    self.clock = clock
    self.latency = latency
    self.pageSize = pageSize
    self.state = Mutex(State(waybills: waybills.sorted { $0.id < $1.id }))
  }

  /// Makes the next `count` requests fail with ``WaybillServiceError/unreachable``.
  func failNextRequests(_ count: Int = 1) {
    state.withLock { $0.failuresLeft += count }
  }

  func page(after cursor: Int?) async throws -> WaybillPage {
    try await answer { state in
      let rest = state.waybills.filter { waybill in cursor.map { waybill.id > $0 } ?? true }
      let page = Array(rest.prefix(pageSize))
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
