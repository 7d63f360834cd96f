import BindingDSL
import Headless
import HeadlessTesting
import Testing

// The examples of the documentation comments of `AppHost` and `AppDriver`, as written there,
// on the navigation tests' pages (`navigationRegistry()` holds the `ScreenRegistry` example).

@MainActor
@Suite struct DocCommentAppExampleTests {
  @Test func theAppHostExampleShowsTheStackItWasGiven() throws {
    let registry = try navigationRegistry()
    let scheduler = ManualScheduler()
    let clock = VirtualClock()
    let log = EventLog()
    let host = AppHost(registry: registry, scheduler: scheduler, clock: clock)
    try host.setStack([PageViewModel("home", navigator: host, log: log, clock: clock)])
    #expect(host.mainStack.count == 1)
    host.shutDown()
  }

  @Test func theAppDriverExamplePushesAndGoesBack() async throws {
    let registry = try navigationRegistry()
    let clock = VirtualClock()
    let log = EventLog()
    let driver = AppDriver(registry: registry, clock: clock)
    try await driver.start { host in
      PageViewModel("home", navigator: host, log: log, clock: clock)
    }
    try await driver.tap("next")
    #expect(driver.host.mainStack.count == 2)
    try await driver.back()
    #expect(driver.host.mainStack.count == 1)
    driver.shutDown()
  }
}
