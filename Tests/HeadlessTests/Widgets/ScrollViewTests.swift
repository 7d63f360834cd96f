import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct ScrollViewTests {
  @Test func scrollingReachesTheViewModelAndTheViewModelScrollsBack() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.scroll("page", to: 480)
    #expect(model.scrollOffset == 480)
    model.scrollOffset = 0
    try await driver.settle()
    #expect(driver.render().contains("ScrollView #page offset=0\n    Slider #volume"))
  }

  @Test func aNegativeOffsetIsRefused() async throws {
    let (model, driver) = try await kitDriver()
    let error = await expectDriverFailure {
      try await driver.scroll("page", to: -10)
    }
    #expect(
      error?.message == "cannot scroll 'page' to -10: offsets start at 0, the top of the content")
    #expect(model.scrollOffset == 0)
  }

  @Test func widgetsInsideAScrollViewAreReachedByTheirIds() async throws {
    let (_, driver) = try await kitDriver()
    driver.mounted.screen?.page.isHidden.value = true
    let error = await expectDriverFailure { try await driver.step("guests") }
    #expect(error?.message == "cannot step 'guests': its container 'page' is hidden")
  }
}
