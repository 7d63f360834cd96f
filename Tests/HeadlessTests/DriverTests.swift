import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct DriverTests {
  let model = ProfileViewModel()
  let driver: ScreenDriver<ProfileScreen>

  init() throws {
    driver = try ScreenDriver(ProfileScreen(), model: model)
  }

  @Test func typingTappingAndTogglingReachTheViewModel() async throws {
    try await driver.type("Ada", into: "name")
    try await driver.toggle("notify")
    try await driver.tap("save")
    #expect(model.name == "Ada")
    #expect(model.notify)
    #expect(model.save.status == .succeeded)
    try await driver.replaceText(in: "name", with: "Grace")
    #expect(model.name == "Grace")
    #expect(driver.render().contains(#"TextField #name text="Grace" placeholder="Name""#))
  }

  @Test func aMissingWidgetSuggestsTheClosestIdAndNamesOnlyAFewNearOnes() async throws {
    let error = await expectDriverFailure { try await driver.tap("svae") }
    #expect(
      error?.message == "no widget 'svae' in ProfileScreen; did you mean 'save'? Nearest ids: "
        + "save, name, title, advanced, delete (of 7)")
  }

  @Test func aDisabledButtonSaysWhatItsEnabledStateFollows() async throws {
    let error = await expectDriverFailure { try await driver.tap("save") }
    let message = try #require(error?.message)
    #expect(
      message.hasPrefix(
        "cannot tap 'save': it is disabled (its enabled state follows command 'save', which "
          + "cannot execute now, bound by command(vm.save, on: save) at "
          + "HeadlessTests/ProfileScreen.swift:"))
    #expect(model.save.status == .idle)
  }

  @Test func aWidgetInAHiddenContainerCannotBeTapped() async throws {
    let error = await expectDriverFailure { try await driver.tap("delete") }
    #expect(error?.message == "cannot tap 'delete': its container 'advanced' is hidden")
    model.showsAdvanced = true
    try await driver.settle()
    try await driver.tap("delete")
    #expect(model.delete.status == .succeeded)
  }

  @Test func actingOnTheWrongKindOfWidgetNamesTheWidgetsThatCan() async throws {
    let typing = await expectDriverFailure {
      try await driver.type("x", into: "save")
    }
    #expect(typing?.message == "cannot type 'save': it is a Button. Widgets that take type: name")
    let toggling = await expectDriverFailure { try await driver.toggle("title") }
    #expect(
      toggling?.message == "cannot toggle 'title': it is a Label. Widgets that take toggle: notify")
    let typed = await expectDriverFailure { try driver.widget("title", as: Button.self) }
    #expect(typed?.message == "widget 'title' is a Label, not a Button")
  }

  /// A driver whose clock gives up on busy work after a tenth of a second of real time: the
  /// work these tests start really is stuck, so the outcome does not depend on the wait.
  private func impatientDriver() throws -> ScreenDriver<ProfileScreen> {
    try ScreenDriver(
      ProfileScreen(), model: model, clock: VirtualClock(stallTimeout: .milliseconds(100)))
  }

  @Test func settleNamesTheCommandsThatWaitOnSomethingElseThanTheVirtualClock() async throws {
    let driver = try impatientDriver()
    model.saveWaitsOnARealClock = true
    try await driver.type("Ada", into: "name")
    let error = await expectDriverFailure { try await driver.tap("save") }
    #expect(error?.kind == .notSettled)
    #expect(
      error?.message.hasPrefix(
        "the screen did not settle: command 'save' is still executing and not sleeping on the "
          + "virtual clock") == true)
    driver.unmount()
    #expect(model.save.status == .cancelled, "unmounting cancels the commands it bound")
  }

  @Test func anotherSleeperOnTheClockDoesNotHideAStuckCommand() async throws {
    let driver = try impatientDriver()
    let ticker = Task { [clock = driver.clock] in try await clock.sleep(for: .seconds(60)) }
    defer { ticker.cancel() }
    model.saveWaitsOnARealClock = true
    try await driver.type("Ada", into: "name")
    await expectDriverFailure { try await driver.tap("save") }
    #expect(driver.clock.sleeperCount == 1, "the ticker sleeps on the clock; the command does not")
  }

  @Test func virtualTimeOnlyMovesForward() async throws {
    let error = await expectDriverFailure {
      try await driver.advance(by: .seconds(-1))
    }
    #expect(error?.message == "cannot advance by -1.0 seconds: virtual time only moves forward")
    #expect(driver.clock.now.offset == .zero)
    let far = await expectDriverFailure {
      try await driver.advance(by: .seconds(Int64.max))
    }
    #expect(far?.message.hasPrefix("cannot advance by 9.223372036854776e+18 seconds") == true)
  }

  @Test func anUnmountedScreenCannotBeDriven() async throws {
    driver.unmount()
    let error = await expectDriverFailure { try await driver.tap("save") }
    #expect(error?.message == "the screen is unmounted; no widget 'save' can be reached")
    #expect(driver.render() == "(unmounted)")
    #expect(driver.model == nil)
  }
}
