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
    return try ScreenDriver(
      RegistrationScreen(), model: registrationModel(clock: clock), clock: clock)
  }

  static func search() throws -> ScreenDriver<SearchScreen> {
    let clock = VirtualClock()
    return try ScreenDriver(SearchScreen(), model: searchModel(clock: clock), clock: clock)
  }

  static func roles() throws -> ScreenDriver<RoleListScreen> {
    let clock = VirtualClock()
    return try ScreenDriver(RoleListScreen(), model: rolesModel(clock: clock), clock: clock)
  }

  /// The waybill list on a fake service of seven waybills in pages of three, each request
  /// answered one second later. Pass `service` (made on `clock`) to make its requests fail.
  static func waybills(
    clock: VirtualClock = VirtualClock(), service: FakeWaybillService? = nil
  ) throws -> ScreenDriver<WaybillListScreen> {
    let model = WaybillListViewModel(service: service ?? FakeWaybillService(clock: clock))
    return try ScreenDriver(WaybillListScreen(), model: model, clock: clock)
  }

  /// The waybill list of a depot's 10,000 waybills (``Waybill/depot(count:)``), served in one
  /// page one second after it is asked for. Its list shows five rows at a time, as a phone's
  /// screen does, and mounts one more on each side: its text is that window, whatever the
  /// length of the list.
  static func depotWaybills() throws -> ScreenDriver<WaybillListScreen> {
    let clock = VirtualClock()
    let depot = Waybill.depot(count: 10_000)
    let service = FakeWaybillService(clock: clock, waybills: depot, pageSize: depot.count)
    let model = WaybillListViewModel(service: service)
    let screen = WaybillListScreen()
    screen.list.visibleRowCount = 5
    screen.list.windowMargin = 1
    return try ScreenDriver(screen, model: model, clock: clock)
  }

  /// The settings page, opened on 2026-11-23 of a virtual clock.
  static func settings() throws -> ScreenDriver<SettingsScreen> {
    let clock = VirtualClock()
    return try ScreenDriver(SettingsScreen(), model: try settingsModel(clock: clock), clock: clock)
  }

  // MARK: - View models, on any clock

  /// The registration of +1 555 0100, on a fake service whose code is 123456 and which
  /// answers one second later.
  static func registrationModel(clock: any Clock<Duration>) -> RegistrationViewModel {
    let service = FakeAccountService(validCode: "123456", latency: .seconds(1), clock: clock)
    return RegistrationViewModel(phone: "+1 555 0100", service: service, clock: clock)
  }

  static func searchModel(clock: any Clock<Duration>) -> SearchViewModel {
    SearchViewModel(catalog: FakeCatalog(clock: clock))
  }

  static func rolesModel(clock: any Clock<Duration>) -> RoleListViewModel {
    RoleListViewModel(service: FakeRoleService(clock: clock, failures: 1))
  }

  static func waybillsModel(clock: any Clock<Duration>) -> WaybillListViewModel {
    WaybillListViewModel(service: FakeWaybillService(clock: clock))
  }

  /// The settings page, opened on 2026-11-23.
  static func settingsModel(clock: any Clock<Duration>) throws -> SettingsViewModel {
    SettingsViewModel(today: try CalendarDate(parsing: "2026-11-23"), clock: clock)
  }
}
