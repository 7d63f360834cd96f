import BindingDSL
import Observation
import Synchronization

/// A role people can hold, as the server describes it.
struct Role: Hashable, Sendable, Identifiable {
  let id: String
  let name: String
  let duty: String
  let members: Int
}

/// Where the role list comes from.
protocol RoleService: Sendable {
  func fetchRoles() async throws -> [Role]
}

enum RoleServiceError: Error, CustomStringConvertible {
  case busy

  var description: String { "The server is busy. Try again." }
}

/// A role service that answers after one second on an injected clock and fails the first
/// `failures` times.
final class FakeRoleService: RoleService {
  static let roles = [
    Role(id: "admin", name: "Administrator", duty: "Manages accounts and permissions", members: 1),
    Role(id: "courier", name: "Courier", duty: "Carries parcels to their recipients", members: 12),
    Role(id: "dispatcher", name: "Dispatcher", duty: "Assigns waybills to couriers", members: 3),
    Role(id: "keeper", name: "Warehouse keeper", duty: "Packs and hands over parcels", members: 4),
  ]

  let clock: any Clock<Duration>
  private let failuresLeft: Mutex<Int>

  init(clock: any Clock<Duration>, failures: Int) {
    self.clock = clock
    self.failuresLeft = Mutex(failures)
  }

  func fetchRoles() async throws -> [Role] {
    try await clock.sleep(for: .seconds(1))
    let fails = failuresLeft.withLock { left in
      defer { left = max(0, left - 1) }
      return left > 0
    }
    if fails { throw RoleServiceError.busy }
    return Self.roles
  }
}

/// A role as one row of the list; its height comes from the view model, as the row's template
/// asks.
@MainActor
@Observable
final class RoleCell: Identifiable, UpdatableCell {
  let id: String
  private(set) var name: String
  private(set) var duty: String
  private(set) var members: Int

  init(_ role: Role) {
    id = role.id
    name = role.name
    duty = role.duty
    members = role.members
  }

  /// Takes what the server says now, keeping the row as it is.
  func update(from role: Role) {
    name = role.name
    duty = role.duty
    members = role.members
  }

  var memberCount: String { members == 1 ? "1 member" : "\(members) members" }
  var height: Double { 60 }
}

/// A list screen whose data command loads the roles when the screen appears and again on
/// demand; its status drives a HUD, and its output becomes the role cells the list shows.
@MainActor
@Observable
final class RoleListViewModel: CommandOwner {
  let commands = CommandStore()

  /// The roles loaded, as rows.
  private(set) var roles: [RoleCell] = []
  /// The role whose duty is shown.
  private(set) var chosen: RoleCell?

  @ObservationIgnored private let service: any RoleService

  init(service: any RoleService) {
    self.service = service
  }

  /// The data command: fetches the roles and shows them, keeping the rows of roles that stay.
  var load: Command<Void, [Role]> {
    .owned(by: self) { vm in
      let roles = try await vm.service.fetchRoles()
      vm.roles = vm.roles.reused(for: roles, making: RoleCell.init)
      return roles
    }
  }

  var choose: Command<RoleCell, Void> {
    .owned(by: self, policy: .concurrent) { vm, cell in vm.chosen = cell }
  }

  var unchoose: Command<RoleCell, Void> {
    .owned(by: self, policy: .concurrent) { vm, cell in
      if vm.chosen === cell { vm.chosen = nil }
    }
  }

  var chosenText: String {
    guard let chosen else { return "Select a role to see its duty" }
    return "\(chosen.name): \(chosen.duty)"
  }
}
