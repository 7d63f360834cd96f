import BindingDSL
import Headless
import HeadlessTesting

/// The showcase screens wired into one app: sign-in, registration with its terms page, and a
/// home with the fruit search (its results push a detail page) and the waybill list in tabs.
@MainActor
enum ShowcaseApp {
  /// The screen of every view-model type of the app.
  static func registry(services: @escaping @MainActor (AppHost) -> AppServices) throws
    -> ScreenRegistry
  {
    let registry = ScreenRegistry()
    try registry.register(
      "login", title: "Sign in", route: .plain { LoginViewModel(services: services($0)) }
    ) { LoginScreen() }
    try registry.register("registration", title: "Register") { RegistrationFlowScreen() }
    try registry.register("agreement", title: "Terms of service") { AgreementScreen() }
    try registry.register("home", title: "Home", route: HomeViewModel.route(services: services)) {
      HomeScreen()
    }
    try registry.register(
      "fruit", title: \FruitDetailViewModel.title,
      route: RouteCoding(encode: { $0.name }) { name, _ in
        FakeCatalog.fruit.contains(name) ? FruitDetailViewModel(name: name) : nil
      }
    ) { FruitDetailScreen() }
    return registry
  }

  /// The app on fake back ends that answer one second later on a virtual clock, started at
  /// sign-in.
  static func driver() async throws -> AppDriver {
    let clock = VirtualClock()
    let services = self.services(clock: clock)
    let driver = AppDriver(registry: try registry(services: services), clock: clock)
    try await driver.start { host in LoginViewModel(services: services(host)) }
    return driver
  }

  /// The fake back ends on `clock`, each answering one second later, given to the screens of
  /// an app host.
  static func services(clock: any Clock<Duration>) -> @MainActor (AppHost) -> AppServices {
    let accounts = FakeAccountService(validCode: "123456", latency: .seconds(1), clock: clock)
    let catalog = FakeCatalog(clock: clock)
    let waybills = FakeWaybillService(clock: clock)
    return { @MainActor (host: AppHost) in
      AppServices(
        navigator: host, dialogs: host.dialogs, accounts: accounts, catalog: catalog,
        waybills: waybills, clock: clock)
    }
  }
}
