import BindingDSL
import Headless
import HeadlessTesting

/// The showcase screens, each mounted on its view model with fake services on one virtual
/// clock: what the walkthroughs script and the interactive mode drives.
@MainActor
enum Demos {
  /// The screens by the name the command line uses.
  static let names = ["registration", "search", "roles", "waybills", "settings", "app"]

  static func registration() throws -> ScreenDriver<RegistrationScreen> {
    let clock = VirtualClock()
    let service = FakeAccountService(validCode: "123456", latency: .seconds(1), clock: clock)
    let model = RegistrationViewModel(phone: "+1 555 0100", service: service, clock: clock)
    return try ScreenDriver(RegistrationScreen(), model: model, clock: clock)
  }

  static func search() throws -> ScreenDriver<SearchScreen> {
    let clock = VirtualClock()
    let model = SearchViewModel(catalog: FakeCatalog(clock: clock))
    return try ScreenDriver(SearchScreen(), model: model, clock: clock)
  }

  static func roles() throws -> ScreenDriver<RoleListScreen> {
    let clock = VirtualClock()
    let model = RoleListViewModel(service: FakeRoleService(clock: clock, failures: 1))
    return try ScreenDriver(RoleListScreen(), model: model, clock: clock)
  }

  /// The waybill list on a fake service of seven waybills in pages of three, each request
  /// answered one second later. Pass `service` (made on `clock`) to make its requests fail.
  static func waybills(
    clock: VirtualClock = VirtualClock(), service: FakeWaybillService? = nil
  ) throws -> ScreenDriver<WaybillListScreen> {
    let model = WaybillListViewModel(service: service ?? FakeWaybillService(clock: clock))
    return try ScreenDriver(WaybillListScreen(), model: model, clock: clock)
  }

  /// The settings page, opened on 2026-11-23 of a virtual clock.
  static func settings() throws -> ScreenDriver<SettingsScreen> {
    let today = try CalendarDate(parsing: "2026-11-23")
    let clock = VirtualClock()
    let model = SettingsViewModel(today: today, clock: clock)
    return try ScreenDriver(SettingsScreen(), model: model, clock: clock)
  }
}
