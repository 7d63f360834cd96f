import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct SegmentedControlTests {
  @Test func selectingASegmentReachesTheViewModelAndItsOptionsFollowIt() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.select("mi", in: "unit")
    #expect(model.unit == "mi")
    model.units = ["km", "mi", "nmi"]
    model.unit = "nmi"
    try await driver.settle()
    #expect(
      driver.render().contains(
        #"SegmentedControl #unit options=["km", "mi", "nmi"] selection="nmi""#))
  }

  @Test func anOptionItDoesNotHaveIsRefusedWithTheOptionsItHas() async throws {
    let (model, driver) = try await kitDriver()
    let error = await expectDriverFailure {
      try await driver.select("miles", in: "unit")
    }
    #expect(
      error?.message == "cannot select 'miles' in 'unit': it has no such option; its options: "
        + "'km', 'mi'")
    #expect(model.unit == "km")
    let wrongKind = await expectDriverFailure {
      try await driver.select("km", in: "volume")
    }
    #expect(
      wrongKind?.message
        == "cannot select an option of 'volume': it is a Slider. Widgets that take select an "
        + "option of: theme, unit")
  }

  @Test func aSelectionThatIsNotAnOptionIsFlagged() async throws {
    let (model, driver) = try await kitDriver()
    model.unit = "furlong"
    try await driver.settle()
    #expect(
      driver.render().contains(
        #"SegmentedControl #unit options=["km", "mi"] selection="furlong" [unlisted]"#))
  }
}
