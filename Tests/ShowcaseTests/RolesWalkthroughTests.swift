import Headless
import HeadlessTesting
import Testing

@testable import Showcase

@MainActor
@Suite struct RolesWalkthroughTests {
  @Test func theWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.roles()
    try assertSnapshot(of: walkthrough.text, named: "roles-walkthrough")
  }

  @Test func theDataCommandDrivesTheHUDAndItsOutputBecomesRows() async throws {
    let driver = try Demos.roles()
    let model = try #require(driver.model)
    let hud = try driver.widget("hud", as: HUD.self)
    try await driver.appear()
    #expect(hud.feedback.value == .loading("Loading roles"))
    try await driver.advance(by: .seconds(1))
    #expect(hud.feedback.value == .failure("The server is busy. Try again."))
    #expect(model.roles.isEmpty)
    try await driver.tap("reload")
    try await driver.advance(by: .seconds(1))
    #expect(hud.feedback.value == .none)
    #expect(model.load.lastOutput?.map(\.id) == ["admin", "courier", "dispatcher", "keeper"])
    let list = try driver.widget("roles", as: ListView.self)
    #expect(list.rowIDs == ["admin", "courier", "dispatcher", "keeper"])
    #expect(
      try driver.widget("roles[keeper].name", as: Label.self).text.value == "Warehouse keeper")
    #expect(try driver.widget("roles[courier]", as: RowWidget.self).height.value == 60)
  }

  @Test func aReloadKeepsTheRowsAndTheSelectionOfRolesThatStay() async throws {
    let driver = try Demos.roles()
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
    try await driver.tap("reload")
    try await driver.advance(by: .seconds(1))
    let courier = try driver.widget("roles[courier]", as: RowWidget.self)
    try await driver.select("roles[courier]")
    try await driver.tap("reload")
    try await driver.advance(by: .seconds(1))
    #expect(try driver.widget("roles[courier]") === courier, "the row was kept, not remounted")
    #expect(courier.isSelected.value)
    #expect(
      try driver.widget("chosen", as: Label.self).text.value
        == "Courier: Carries parcels to their recipients")
    try await driver.select("roles[courier]")
    #expect(!courier.isSelected.value, "selecting the selected row again deselects it")
    #expect(
      try driver.widget("chosen", as: Label.self).text.value == "Select a role to see its duty")
  }
}
