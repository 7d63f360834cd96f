import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct TextViewTests {
  @Test func typingLinesReachesTheViewModelAndTheRenderCountsThem() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.type("Leave at the door.\nRing twice.", into: "notes")
    #expect(model.notes == "Leave at the door.\nRing twice.")
    #expect(
      driver.render().contains(
        #"TextView #notes text="Leave at the door.\nRing twice." lines=2 placeholder="#))
    model.notes = "Call first."
    try await driver.settle()
    #expect(driver.render().contains(#"TextView #notes text="Call first." lines=1"#))
    try await driver.replaceText(in: "notes", with: "")
    #expect(model.notes == "")
  }
}
