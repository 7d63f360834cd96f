import BindingDSL
import Observation
import Synchronization

/// Where the role list comes from.
protocol RoleService: Sendable {
  func fetchRoles() async throws -> [String]
}

enum RoleServiceError: Error, CustomStringConvertible {
  case busy

  var description: String { "The server is busy. Try again." }
}

/// A role service that answers after one second on an injected clock and fails the first
/// `failures` times.
final class FakeRoleService: RoleService {
  let clock: any Clock<Duration>
  private let failuresLeft: Mutex<Int>

  init(clock: any Clock<Duration>, failures: Int) {
    self.clock = clock
    self.failuresLeft = Mutex(failures)
  }

  func fetchRoles() async throws -> [String] {
    try await clock.sleep(for: .seconds(1))
    let fails = failuresLeft.withLock { left in
      defer { left = max(0, left - 1) }
      return left > 0
    }
    if fails { throw RoleServiceError.busy }
    return ["Administrator", "Courier", "Dispatcher", "Warehouse keeper"]
  }
}

/// A list screen whose data command loads the roles when the screen appears and again on
/// demand; its status drives a HUD.
@MainActor
@Observable
final class RoleListViewModel {
  @ObservationIgnored private let service: any RoleService

  init(service: any RoleService) {
    self.service = service
  }

  @ObservationIgnored private(set) lazy var load = Command<Void, [String]>("load") {
    [weak self] in
    guard let self else { throw CancellationError() }
    return try await service.fetchRoles()
  }

  var roles: [String] { load.lastOutput ?? [] }
}
