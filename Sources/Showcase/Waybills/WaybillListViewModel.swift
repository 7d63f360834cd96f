import BindingDSL
import Observation

/// A waybill as one row of the list: what the row shows, its height, and a command of its own
/// that records the hand-over.
@MainActor
@Observable
final class WaybillCell: Identifiable, UpdatableCell, CommandOwner {
  let commands = CommandStore()

  let id: Int
  private(set) var recipient: String
  private(set) var address: String
  private(set) var parcels: Int
  private(set) var due: String
  private(set) var status: WaybillStatus

  @ObservationIgnored private let service: any WaybillService

  init(_ waybill: Waybill, service: any WaybillService) {
    id = waybill.id
    recipient = waybill.recipient
    address = waybill.address
    parcels = waybill.parcels
    due = waybill.due
    status = waybill.status
    self.service = service
  }

  /// Takes what the server says now, keeping the row (and its widgets) as it is.
  func update(from waybill: Waybill) {
    recipient = waybill.recipient
    address = waybill.address
    parcels = waybill.parcels
    due = waybill.due
    status = waybill.status
  }

  /// Records the hand-over; the row then moves to the delivered section.
  var deliver: Command<Void, Void> {
    .owned(by: self, enabledWhen: { !$0.isDelivered }) { cell in
      try await cell.service.markDelivered(cell.id)
      cell.status = .delivered
    }
  }

  var number: String { "WB-\(id)" }
  var title: String { "\(number) \(recipient)" }
  var isDelivered: Bool { status == .delivered }
  var parcelCount: String { parcels == 1 ? "1 parcel" : "\(parcels) parcels" }

  var summary: String {
    if isDelivered { return "\(parcelCount), delivered" }
    let line = "\(parcelCount), due \(due)"
    return deliver.status == .failed ? "\(line); the hand-over was not recorded" : line
  }

  /// Delivered rows need one line, rows in transit two (the due time and the button).
  var height: Double { isDelivered ? 44 : 64 }
}

/// The header of one section of the list: its title and how many waybills it holds.
@MainActor
@Observable
final class WaybillSectionHeader: Identifiable {
  let id: WaybillStatus
  let title: String
  @ObservationIgnored weak var list: WaybillListViewModel?

  init(_ id: WaybillStatus, title: String) {
    self.id = id
    self.title = title
  }

  var text: String { "\(title) (\(list?.waybills(id).count ?? 0))" }
}

/// A courier's waybills, in two sections (in transit, delivered) with a header each: loaded in
/// pages, refreshed by a pull, deleted by a swipe, and shown in detail when selected.
@MainActor
@Observable
final class WaybillListViewModel: CommandOwner {
  let commands = CommandStore()

  static let emptyMessage = "No waybills to deliver. Pull down to check again."

  /// The waybills loaded so far, in id order.
  private(set) var waybills: [WaybillCell] = []
  /// Whether the server has another page.
  private(set) var hasMore = true
  /// Why the last load or delete failed; `nil` once one succeeds.
  private(set) var failure: String?
  /// What the list says when it is empty; `nil` until the first page arrived.
  private(set) var emptyText: String?
  /// The waybill whose details are shown.
  private(set) var selected: WaybillCell?

  @ObservationIgnored let inTransitHeader = WaybillSectionHeader(.inTransit, title: "In transit")
  @ObservationIgnored let deliveredHeader = WaybillSectionHeader(.delivered, title: "Delivered")
  @ObservationIgnored private let service: any WaybillService
  @ObservationIgnored private var cursor: Int?

  init(service: any WaybillService) {
    self.service = service
    inTransitHeader.list = self
    deliveredHeader.list = self
  }

  /// The waybills loaded so far with status `status`.
  func waybills(_ status: WaybillStatus) -> [WaybillCell] {
    waybills.filter { $0.status == status }
  }

  /// The sections the list shows; a section without waybills is left out.
  var sections: [ListSection] {
    [inTransitHeader, deliveredHeader].compactMap { header in
      let rows = waybills(header.id)
      return rows.isEmpty ? nil : ListSection(id: header.id.rawValue, header: header, rows: rows)
    }
  }

  // MARK: - Commands

  /// Loads the first page again, keeping the rows of the waybills it still has.
  var refresh: Command<Void, Void> {
    .owned(by: self) { vm in try await vm.reload() }
  }

  /// Loads the next page; not while a refresh is under way.
  var loadMore: Command<Void, Void> {
    .owned(by: self, enabledWhen: { !$0.refresh.isExecuting }) { vm in
      try await vm.fetchNextPage()
    }
  }

  var select: Command<WaybillCell, Void> {
    .owned(by: self, policy: .concurrent) { vm, cell in vm.selected = cell }
  }

  var deselect: Command<WaybillCell, Void> {
    .owned(by: self, policy: .concurrent) { vm, cell in
      if vm.selected === cell { vm.selected = nil }
    }
  }

  /// Removes the row at once and tells the server; puts the row back if the server refuses.
  var delete: Command<WaybillCell, Void> {
    .owned(by: self, policy: .concurrent) { vm, cell in try await vm.remove(cell) }
  }

  // MARK: - The detail panel

  var detailTitle: String { selected?.title ?? "Select a waybill to see its details" }
  var detailAddress: String {
    guard let selected else { return "" }
    return "\(selected.isDelivered ? "Delivered to" : "Deliver to") \(selected.address)"
  }
  var detailStatus: String { selected?.summary ?? "" }
  var hasNoSelection: Bool { selected == nil }

  // MARK: - Work

  private func reload() async throws {
    loadMore.cancel()
    do {
      let page = try await service.page(after: nil)
      waybills = waybills.reused(for: page.waybills) { WaybillCell($0, service: service) }
      received(page)
    } catch {
      if !(error is CancellationError) {
        failure = "The waybills could not be loaded. \(error) Pull down to try again."
      }
      throw error
    }
  }

  private func fetchNextPage() async throws {
    do {
      let page = try await service.page(after: cursor)
      let known = Set(waybills.map(\.id))
      waybills += page.waybills.filter { !known.contains($0.id) }.map {
        WaybillCell($0, service: service)
      }
      received(page)
    } catch {
      if !(error is CancellationError) {
        failure = "More waybills could not be loaded. \(error) Scroll down to try again."
      }
      throw error
    }
  }

  private func received(_ page: WaybillPage) {
    cursor = page.next
    hasMore = page.next != nil
    failure = nil
    emptyText = Self.emptyMessage
  }

  private func remove(_ cell: WaybillCell) async throws {
    guard waybills.contains(where: { $0 === cell }) else { return }
    waybills.removeAll { $0 === cell }
    do {
      try await service.delete(cell.id)
    } catch {
      if !(error is CancellationError) {
        waybills.insert(cell, at: waybills.firstIndex { $0.id > cell.id } ?? waybills.count)
        failure = "\(cell.number) could not be deleted. \(error)"
      }
      throw error
    }
  }
}
