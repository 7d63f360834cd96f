import BindingDSL
import Headless
import HeadlessTesting
import Observation
import TerminalHost
import Testing

// The terminal's keys and the driver's verbs mean the same: one step, the next option and the
// next day are the capabilities' rules (`Adjustable.value(steppedBy:)`,
// `OptionSelectable.option(movedBy:)`, `DatePickable.day(movedBy:)`), and a value reads as
// `adjustableValueText` says.

@MainActor
@Observable
final class RulesModel {
  var level = 0.61
  var size = 2
  var unit: String? = "mi"
  var day = CalendarDate.unixEpoch.adding(days: 1)
}

@MainActor
struct RulesScreen: Screen {
  let level = Slider("level", range: 0...2)
  let size = Stepper("size", range: 0...3)
  let unit = SegmentedControl("unit", options: ["km", "mi", "nm"])
  let day = DatePicker(
    "day", range: CalendarDate.unixEpoch...CalendarDate.unixEpoch.adding(days: 2))

  var body: Widget {
    VStack("rules") {
      level
      size
      unit
      day
    }
  }

  func bindings(_ vm: RulesModel) -> [BindingDeclaration<RulesModel>] {
    bind(\.level, to: level.value)
    bind(\.size, to: size.value)
    bind(\.unit, to: unit.selection)
    bind(\.day, to: day.date)
  }
}

@MainActor
@Suite struct TerminalInteractionRuleTests {
  let keysModel = RulesModel()
  let verbsModel = RulesModel()
  let keys: ScreenDriver<RulesScreen>
  let verbs: ScreenDriver<RulesScreen>
  let host: TerminalScreenHost

  init() throws {
    keys = try ScreenDriver(RulesScreen(), model: keysModel)
    verbs = try ScreenDriver(RulesScreen(), model: verbsModel)
    host = TerminalScreenHost(keys.mounted, flush: {})
  }

  /// Moves the terminal's focus to `id` with Tab, then sends `key` and settles.
  func press(_ key: KeyEvent, on id: String) async throws {
    try await keys.settle()
    for _ in 0..<8 where host.focused?.id != id { host.handle(.tab) }
    #expect(host.focused?.id == id)
    host.handle(key)
    try await keys.settle()
  }

  @Test func aStepIsTheSameKeyedOrDriven() async throws {
    try await verbs.settle()
    let slider = try verbs.widget("level", as: Slider.self)
    let expected = slider.value(steppedBy: 1)
    try await press(.right, on: "level")
    try await verbs.step("level", by: 1)
    #expect(keysModel.level == expected)
    #expect(verbsModel.level == expected)
    #expect(expected == 0.8, "0.61 moves up to the next point of a grid of 0.2")
    try await press(.right, on: "size")
    try await verbs.step("size", by: 1)
    #expect(keysModel.size == 3)
    #expect(verbsModel.size == 3)
    // Past the end: the driver refuses, the key does nothing.
    try await press(.right, on: "size")
    let refused = await expectDriverFailure { try await verbs.step("size", by: 1) }
    #expect(refused?.message == "cannot step 'size' up by 1 from 3: it would pass its maximum, 3")
    #expect(keysModel.size == 3)
    #expect(verbsModel.size == 3)
  }

  @Test func theNextOptionAndTheNextDayAreTheRules() async throws {
    try await verbs.settle()
    let control = try verbs.widget("unit", as: SegmentedControl.self)
    let picker = try verbs.widget("day", as: DatePicker.self)
    let nextOption = try #require(control.option(movedBy: 1))
    let nextDay = try #require(picker.day(movedBy: 1))
    try await press(.right, on: "unit")
    try await verbs.select(nextOption, in: "unit")
    #expect(keysModel.unit == "nm")
    #expect(verbsModel.unit == keysModel.unit)
    try await press(.right, on: "unit")
    #expect(keysModel.unit == "nm", "no option past the last")
    try await press(.right, on: "day")
    try await verbs.pick(nextDay, in: "day")
    #expect(keysModel.day == nextDay)
    #expect(verbsModel.day == keysModel.day)
    try await press(.right, on: "day")
    #expect(keysModel.day == nextDay, "no day past the range")
  }

  @Test func aValueReadsTheSameOnScreen() async throws {
    keysModel.level = 0.1 + 0.2
    try await keys.settle()
    let slider = try keys.widget("level", as: Slider.self)
    let frame = host.frame(width: 40, height: 8)
    let line = (0..<40).map { frame[$0, 0].text }.joined()
    #expect(slider.adjustableValueText == "0.3")
    #expect(line.contains(" 0.3"))
    #expect(!line.contains("0.30000000000000004"))
  }
}
