import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct ImageTests {
  @Test func theRenderShowsWhatAScreenReaderSays() async throws {
    let (model, driver) = try await kitDriver()
    model.avatar = nil
    try await driver.settle()
    #expect(driver.render().contains(#"Image #avatar says="avatar-placeholder""#))
    driver.mounted.screen?.avatar.accessibilityLabel.value = "Your photo"
    #expect(driver.render().contains(#"Image #avatar says="Your photo" label="Your photo""#))
  }

  @Test func anImageWithNothingToSayIsFlaggedUnlabeled() {
    #expect(TextRenderer.line(for: Image("blank")) == "Image #blank [unlabeled]")
    #expect(TextRenderer.line(for: Image("blank", description: "")) == "Image #blank [unlabeled]")
    #expect(TextRenderer.line(for: Image("rule", decorative: "rule")) == "Image #rule [decorative]")
  }

  @Test func anImageTakesNoGesture() async throws {
    let (_, driver) = try await kitDriver()
    let error = await expectDriverFailure { try await driver.tap("avatar") }
    #expect(error?.message == "cannot tap 'avatar': it is an Image. Widgets that take tap: none")
  }
}
