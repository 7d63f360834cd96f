import Headless
import HeadlessTesting
import Testing

// What one step, the next option and the next day mean: the rules the driver and every host
// share (`Adjustable.value(steppedBy:)`, `OptionSelectable.option(movedBy:)`,
// `DatePickable.day(movedBy:)`, `Adjustable.adjustableValueText`).

@MainActor
@Suite struct InteractionRuleTests {
  @Test(arguments: [
    (0.2, 1, 0.3), (0.2, 8, 1.0), (0.2, 9, 1.1), (0.95, 1, 1.0), (0.95, -1, 0.9),
    (0.0, -1, -0.1), (0.3, 0, 0.3),
  ])
  func aStepMovesOnTheGridOfTheSteps(start: Double, steps: Int, expected: Double) {
    let slider = Slider("volume", value: start, range: 0...1, step: 0.1)
    #expect(slider.value(steppedBy: steps) == expected)
  }

  @Test func aFreeSliderStepsByATenthOfItsRange() {
    let slider = Slider("level", value: 0.55, range: 0...2)
    #expect(slider.stepSize == 0.2)
    #expect(slider.value(steppedBy: 1) == 0.6)
    #expect(slider.value(steppedBy: -1) == 0.4)
  }

  @Test func theDocumentedExamplesHold() {
    let volume = Slider("volume", value: 0.2, range: 0...1, step: 0.1)
    let up = volume.value(steppedBy: 1)
    // up is 0.3
    let past = volume.value(steppedBy: 9)
    #expect(up == 0.3)
    #expect(past == 1.1)
    #expect(volume.problem(adjustingTo: past) == "its range is 0...1")
    let three = formattedNumber(3)
    // "3"
    let quarter = formattedNumber(0.25)
    #expect([three, quarter] == ["3", "0.25"])
  }

  @Test func aValueReadsAsItsStepsAreWritten() {
    let slider = Slider("volume", value: 0.1 + 0.2, range: 0...1, step: 0.1)
    #expect(slider.adjustableValueText == "0.3")
    let free = Slider("free", value: 1 / 3, range: 0...1)
    #expect(free.adjustableValueText == "0.33")
    let whole = Stepper("guests", value: 4, range: 1...8)
    #expect(whole.adjustableValueText == "4")
    #expect(formattedNumber(2) == "2")
    #expect(formattedNumber(0.25) == "0.25")
  }

  @Test func numbersAtTheEndsOfA64BitIntegerAndPastThem() {
    #expect(formattedNumber(-0x1p63) == "-9223372036854775808", "Int64.min is whole")
    #expect(formattedNumber(0x1p63) == "9.223372036854776e+18", "Int64 cannot hold 2^63")
    #expect(formattedNumber(-0x1p64) == "-1.8446744073709552e+19")
    #expect(formattedNumber(-0.0) == "0")
    #expect(formattedNumber(.nan) == "nan")
    #expect(formattedNumber(.infinity) == "inf")
    #expect(formattedNumber(-.infinity) == "-inf")
  }

  @Test func theNextOptionStopsAtTheEnds() {
    let control = SegmentedControl("unit", options: ["km", "mi", "nm"], selection: "mi")
    #expect(control.option(movedBy: 1) == "nm")
    #expect(control.option(movedBy: -1) == "km")
    #expect(control.option(movedBy: 2) == nil)
    let none = Picker("size", options: ["S", "M", "L"])
    #expect(none.option(movedBy: 1) == "S")
    #expect(none.option(movedBy: -1) == "L")
    #expect(Picker("empty").option(movedBy: 1) == nil)
  }

  @Test func theNextDayStaysInTheRange() throws {
    let first = CalendarDate.unixEpoch
    let last = first.adding(days: 2)
    let picker = DatePicker("day", date: last.adding(days: -1), range: first...last)
    #expect(picker.day(movedBy: 1) == last)
    #expect(picker.day(movedBy: 2) == nil)
    #expect(picker.day(movedBy: -1) == first)
  }

  @Test func theDriversStepIsTheRule() async throws {
    let model = ReviewViewModel()
    model.volume = 0.3
    let driver = try ScreenDriver(ReviewScreen(), model: model)
    try await driver.settle()
    let slider = try #require(driver.widget("volume") as? Slider)
    let expected = slider.value(steppedBy: 2)
    try await driver.step("volume", by: 2)
    #expect(model.volume == expected)
    #expect(model.volume == 0.75)
    let past = await expectDriverFailure { try await driver.step("volume", by: 2) }
    #expect(past?.message == "cannot step 'volume' up by 2 from 0.75: it would pass its maximum, 1")
    #expect(slider.value(steppedBy: 2) == 1.25)
  }
}
