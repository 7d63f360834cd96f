import Headless
import HeadlessTesting
import Testing

/// The large screen compiles in CI's strict build (see `.ci/run`); these tests check
/// that it also works.
@MainActor
@Suite struct LargeScreenTests {
  @Test func mountsWithAHundredBindingsAndAHundredWidgets() throws {
    let driver = try ScreenDriver(LargeFormScreen(showsAdvanced: true), model: LargeFormViewModel())
    let graph = driver.mounted.bindingGraph
    #expect(graph.declarations.count == 100)
    #expect(driver.mounted.widgetIDs.count == 106)
    #expect(graph.nodes.filter { $0.kind == .target }.count == 100)
    #expect(graph.edges.count == 119)
  }

  @Test func theElseBranchDeclaresFewerBindings() throws {
    let driver = try ScreenDriver(
      LargeFormScreen(showsAdvanced: false), model: LargeFormViewModel())
    #expect(driver.mounted.bindingGraph.declarations.count == 99)
    #expect(driver.mounted.widget("advancedOnly") == nil)
  }

  @Test func typingReachesTheViewModelAndDerivedValuesFollow() async throws {
    let model = LargeFormViewModel()
    let driver = try ScreenDriver(LargeFormScreen(showsAdvanced: true), model: model)
    try await driver.type("ada", into: "field0")
    try await driver.type("lovelace", into: "field1")
    try await driver.type("x", into: "extra2")
    try await driver.toggle("flag0")
    #expect(model.field0 == "ada")
    #expect(model.extras == ["", "", "x", ""])
    let render = driver.render()
    #expect(render.contains(#"Label #combo0 text="ADA""#))
    #expect(render.contains(#"Label #summary text="Ready to save""#))
    #expect(
      render.contains(#"Button #save title="Save""#)
        && !render.contains("#save title=\"Save\" [disabled"))
    try await driver.tap("save")
    #expect(model.save.lastOutput == 6)
  }

  @Test func unmountReleasesTheModelAndTheWidgets() throws {
    weak var weakModel: LargeFormViewModel?
    weak var weakField: TextField?
    let driver: ScreenDriver<LargeFormScreen>
    do {
      let model = LargeFormViewModel()
      driver = try ScreenDriver(LargeFormScreen(showsAdvanced: true), model: model)
      weakModel = model
      weakField = try driver.widget("field7", as: TextField.self)
    }
    driver.unmount()
    #expect(weakModel == nil, "released while the driver is still held")
    #expect(weakField == nil)
  }
}
