import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct StepperTests {
  @Test func steppingReachesTheViewModelBothWays() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.step("guests")
    #expect(model.guests == 3)
    try await driver.step("guests", by: -2)
    #expect(model.guests == 1)
    model.guests = 8
    try await driver.settle()
    #expect(driver.render().contains("Stepper #guests value=8 range=1...8 step=1"))
    try await driver.slide("guests", to: 5)
    #expect(model.guests == 5)
  }

  @Test func steppingPastEitherEndIsRefused() async throws {
    let (model, driver) = try await kitDriver()
    let below = await expectDriverFailure {
      try await driver.step("guests", by: -2)
    }
    #expect(below?.message == "cannot step 'guests' down by 2 from 2: it would pass its minimum, 1")
    model.guests = 8
    try await driver.settle()
    let above = await expectDriverFailure { try await driver.step("guests") }
    #expect(above?.message == "cannot step 'guests' up by 1 from 8: it would pass its maximum, 8")
    #expect(model.guests == 8)
  }

  @Test func theRangeFollowsTheViewModel() async throws {
    let (model, driver) = try await kitDriver()
    model.guestRange = 1...3
    try await driver.settle()
    #expect(driver.render().contains("Stepper #guests value=2 range=1...3 step=1\n"))
    try await driver.step("guests")
    let error = await expectDriverFailure { try await driver.step("guests") }
    #expect(error?.message == "cannot step 'guests' up by 1 from 3: it would pass its maximum, 3")
    model.guestRange = 1...2
    try await driver.settle()
    #expect(driver.render().contains("Stepper #guests value=3 range=1...2 step=1 [out-of-range]"))
  }

  @Test func aStepOfMoreThanOneCountsFromTheStartOfTheRange() {
    let stepper = Stepper("even", value: 2, range: 0...10, step: 2)
    #expect(TextRenderer.line(for: stepper) == "Stepper #even value=2 range=0...10 step=2")
    #expect(
      stepper.problem(adjustingTo: 3)
        == "it moves in steps of 2 from 0; the nearest values are 2 and 4")
  }
}
