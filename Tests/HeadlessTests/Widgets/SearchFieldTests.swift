import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct SearchFieldTests {
  @Test func typingAndSubmittingReachTheViewModel() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.type("pen", into: "query")
    #expect(model.query == "pen")
    #expect(model.searches.isEmpty)
    try await driver.submit("query")
    #expect(model.searches == ["pen"])
    model.query = ""
    try await driver.settle()
    #expect(driver.render().contains(#"SearchField #query text="" placeholder="Search""#))
  }

  @Test func onlySubmittableWidgetsAreSubmitted() async throws {
    let (_, driver) = try await kitDriver()
    let error = await expectDriverFailure { try await driver.submit("notes") }
    #expect(
      error?.message == "cannot submit 'notes': it is a TextView. Widgets that take submit: query")
  }
}
