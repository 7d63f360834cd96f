import BindingDSL
import Headless
import HeadlessTesting
import Testing

@testable import Showcase

@MainActor
@Suite struct SettingsWalkthroughTests {
  @Test func settingsWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.settings()
    try assertSnapshot(of: walkthrough.text, named: "settings-walkthrough")
  }

  @Test func everyEditReachesTheViewModel() async throws {
    let walkthrough = try await Walkthroughs.settings()
    let model = try #require(walkthrough.driver.model)
    #expect(model.theme == "Dark")
    #expect(model.unit == "mi")
    #expect(model.volume == 0.8)
    #expect(model.radius == 15)
    #expect(model.vacationStart.description == "2026-12-21")
    #expect(model.signature == "Thanks,\nAda")
    #expect(model.homeCity == "Berlin")
    #expect(model.scrollOffset == 240)
  }

  @Test func anInteractiveSessionDrivesEveryWidget() async throws {
    var lines = [
      "select theme Light", "slide volume 0.3", "step radius -2", "pick vacation 2027-01-04",
      "type signature Bye", "type city os", "submit city", "scroll page 80",
      "slide volume 2", "step radius 100", "pick vacation 2020-01-01", "pick vacation soon",
      "select unit furlong", "slide volume loud", "scroll page -1", "submit theme", "quit",
    ].makeIterator()
    var output: [String] = []
    try await Interactive.run(
      screen: "settings", echo: true, readLine: { lines.next() }, write: { output.append($0) })
    try assertSnapshot(of: output.joined(separator: "\n"), named: "settings-session")
  }

  @Test func aRangeRuleShowsOnTheStepperAndADayRuleOnTheDatePicker() async throws {
    let driver = try Demos.settings()
    try await driver.step("radius", by: 25)
    #expect(
      driver.render().contains(
        #"Stepper #radius value=35 range=1...50 step=1 message="Jobs are offered up to 30 away" label="Search radius""#
      ))
    try await driver.step("radius", by: -5)
    #expect(
      driver.render().contains(
        #"Stepper #radius value=30 range=1...50 step=1 label="Search radius""#))
    try await driver.pick(try CalendarDate(parsing: "2026-11-29"), in: "vacation")
    #expect(driver.render().contains(#"message="Book a vacation at least a week ahead""#))
    try await driver.pick(try CalendarDate(parsing: "2026-11-30"), in: "vacation")
    #expect(!driver.render().contains("message="))
    #expect(driver.model?.form.isValid == true)
  }

  @Test func unmountingTheSettingsReleasesTheViewModel() async throws {
    weak var weakModel: SettingsViewModel?
    do {
      let driver = try Demos.settings()
      let model = try #require(driver.model)
      weakModel = model
      try await driver.appear()
      try await driver.select("Dark", in: "theme")
      try await driver.advance(by: .seconds(86_400))
      #expect(model.today.description == "2026-11-24")
      #expect(model.followDays.isExecuting, "counting days while shown")
      driver.unmount()
      try await model.followDays.settle()
      #expect(model.followDays.status == .cancelled)
    }
    #expect(weakModel == nil)
  }
}
