import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct SliderTests {
  @Test func slidingReachesTheViewModelAndTheViewModelMovesTheSlider() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.slide("volume", to: 0.75)
    #expect(model.volume == 0.75)
    model.volume = 0.25
    try await driver.settle()
    #expect(driver.render().contains("Slider #volume value=0.25 range=0...1 step=0.25"))
    try await driver.step("volume", by: 3)
    #expect(model.volume == 1)
  }

  @Test func aValueOutsideTheRangeOrOffTheStepsIsRefusedAndNothingChanges() async throws {
    let (model, driver) = try await kitDriver()
    let outside = await expectDriverFailure {
      try await driver.slide("volume", to: 1.5)
    }
    #expect(outside?.message == "cannot slide 'volume' to 1.5: its range is 0...1")
    let offStep = await expectDriverFailure {
      try await driver.slide("volume", to: 0.6)
    }
    #expect(
      offStep?.message
        == "cannot slide 'volume' to 0.6: it moves in steps of 0.25 from 0; the nearest values "
        + "are 0.5 and 0.75")
    let notANumber = await expectDriverFailure {
      try await driver.slide("volume", to: .nan)
    }
    #expect(notANumber?.message == "cannot slide 'volume' to nan: it is not a number")
    #expect(model.volume == 0.5)
  }

  @Test func theStepFollowsTheViewModel() async throws {
    let (model, driver) = try await kitDriver()
    model.volumeStep = nil
    try await driver.settle()
    #expect(driver.render().contains("Slider #volume value=0.5 range=0...1\n"))
    try await driver.slide("volume", to: 0.61)
    #expect(model.volume == 0.61)
    try await driver.step("volume")
    #expect(model.volume == 0.7, "a free slider steps on a grid of a tenth of its range")
  }

  @Test func aFreeSliderTakesAnyValueInItsRangeAndStepsByATenth() async throws {
    let slider = Slider("free", value: 2, range: 0...10)
    #expect(TextRenderer.line(for: slider) == "Slider #free value=2 range=0...10")
    #expect(slider.problem(adjustingTo: 3.14159) == nil)
    #expect(slider.adjustableStep == nil)
  }
}
