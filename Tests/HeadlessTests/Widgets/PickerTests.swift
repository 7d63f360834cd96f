import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct PickerTests {
  @Test func pickingAnOptionReachesTheViewModelBothWays() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.select("Dark", in: "theme")
    #expect(model.theme == "Dark")
    model.theme = nil
    try await driver.settle()
    #expect(
      driver.render().contains(
        #"Picker #theme title="Theme" options=["Light", "Dark", "System"] selection=none"#))
  }

  @Test func aPickerWithoutOptionsSaysWhereTheyComeFrom() async throws {
    let (model, driver) = try await kitDriver()
    model.themes = []
    try await driver.settle()
    let error = await expectDriverFailure {
      try await driver.select("Dark", in: "theme")
    }
    #expect(
      error?.message == "cannot select 'Dark' in 'theme': it has no such option; its options: "
        + "none (bind its options to the view model)")
  }

  @Test func optionTitlesAreQuotedAndEscaped() {
    let picker = Picker("p", options: ["a \"b\"", "c, d"], selection: "c, d")
    #expect(
      TextRenderer.line(for: picker) == #"Picker #p options=["a \"b\"", "c, d"] selection="c, d""#)
  }
}
