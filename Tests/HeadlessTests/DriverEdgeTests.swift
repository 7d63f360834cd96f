import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A view model with one note, for screens made of whatever widgets a test builds.
@MainActor
@Observable
final class BoxModel {
  var note = ""
}

/// A screen around whatever widgets a test builds, with one binding so that it mounts.
@MainActor
struct BoxScreen: Screen {
  let root: Widget
  let note = Label("note")

  init(_ widgets: [Widget]) {
    let all = widgets + [note]
    root = VStack("box") { all }
  }

  var body: Widget { root }

  func bindings(_ vm: BoxModel) -> [BindingDeclaration<BoxModel>] {
    bind(\.note, to: note.text)
  }
}

/// The driver refuses what a person could not do: act on a hidden or disabled list and its rows.
@MainActor
@Suite struct DriverListReachabilityTests {
  let model = OrdersViewModel(count: 2)
  let screen = OrdersScreen()

  @Test func aRowOfAHiddenListCannotBeSelectedOrSwiped() async throws {
    let driver = try ScreenDriver(screen, model: model)
    screen.list.isHidden.value = true
    let select = await expectDriverFailure { try await driver.select("orders[1]") }
    #expect(select?.kind == .hidden)
    #expect(select?.message == "cannot select 'orders[1]': its list 'orders' is hidden")
    let swipe = await expectDriverFailure { try await driver.swipe("orders[1]", action: "delete") }
    #expect(swipe?.kind == .hidden)
    #expect(model.opened == [])
    #expect(model.orders.count == 2)
  }

  @Test func aHiddenListCannotBeRefreshedOrScrolled() async throws {
    let driver = try ScreenDriver(screen, model: model)
    screen.list.isHidden.value = true
    let refresh = await expectDriverFailure { try await driver.pullToRefresh("orders") }
    #expect(refresh?.message == "cannot refresh 'orders': it is hidden")
    let scroll = await expectDriverFailure { try await driver.scrollToEnd("orders") }
    #expect(scroll?.kind == .hidden)
  }

  @Test func aRowOfADisabledListCannotBeSelected() async throws {
    let driver = try ScreenDriver(screen, model: model)
    screen.list.isEnabled.value = false
    let error = await expectDriverFailure { try await driver.select("orders[1]") }
    #expect(error?.kind == .disabled)
    #expect(error?.message == "cannot select 'orders[1]': its list 'orders' is disabled")
    #expect(model.opened == [])
  }

  @Test func aRowOfAListInAHiddenContainerCannotBeSelected() async throws {
    let driver = try ScreenDriver(screen, model: model)
    try driver.widget("screen").isHidden.value = true
    let error = await expectDriverFailure { try await driver.select("orders[1]") }
    #expect(error?.message == "cannot select 'orders[1]': its container 'screen' is hidden")
  }
}

/// A code field that takes six digits, then is disabled.
@MainActor
@Observable
final class SixDigitCodeModel {
  var code = ""
  var canEdit: Bool { code.count < 6 }
}

struct SixDigitCodeScreen: Screen {
  let code = TextField("code", placeholder: "SMS code")

  var body: Widget { VStack("form") { code } }

  func bindings(_ vm: SixDigitCodeModel) -> [BindingDeclaration<SixDigitCodeModel>] {
    bind(\.code, to: code.text)
    bind(\.canEdit, to: code.isEnabled)
  }
}

/// Typing goes a character at a time, as a person types, and stops where a person would.
@MainActor
@Suite struct DriverTypingTests {
  @Test func typingStopsWhenTheFieldBecomesDisabled() async throws {
    let model = SixDigitCodeModel()
    let driver = try ScreenDriver(SixDigitCodeScreen(), model: model)
    let error = await expectDriverFailure { try await driver.type("1234567", into: "code") }
    #expect(error?.kind == .disabled)
    let message = error?.message ?? ""
    #expect(message.hasPrefix("cannot type 'code': it is disabled (its enabled state follows"))
    #expect(message.hasSuffix(", after \"123456\" was typed of \"1234567\""), "\(message)")
    #expect(model.code == "123456")
  }
}

/// Sliders and steppers: the values a refusal offers are values the widget takes, messages name
/// the end a value is beyond, integers render exactly, and the ends of an `Int` range are reached
/// without a trap.
@MainActor
@Suite struct DriverAdjustingTests {
  @Test func theNearestValuesASliderOffersAreValuesItTakes() async throws {
    let slider = Slider("s", value: 0, range: 0...1, step: 0.3)
    let driver = try ScreenDriver(BoxScreen([slider]), model: BoxModel())
    let between = await expectDriverFailure { try await driver.slide("s", to: 0.5) }
    #expect(
      between?.message
        == "cannot slide 's' to 0.5: it moves in steps of 0.3 from 0; the nearest values are 0.3 "
        + "and 0.6")
    let top = await expectDriverFailure { try await driver.slide("s", to: 0.95) }
    #expect(
      top?.message
        == "cannot slide 's' to 0.95: it moves in steps of 0.3 from 0; the nearest value is 0.9")
    try await driver.slide("s", to: 0.9)
    #expect(slider.value.value == 0.9)
  }

  @Test func aFineStepIsOfferedAsItIsWritten() {
    let slider = Slider("fine", value: 0, range: 0...1, step: 0.00001)
    #expect(
      slider.problem(adjustingTo: 0.000015)
        == "it moves in steps of 1e-05 from 0; the nearest values are 1e-05 and 2e-05")
  }

  @Test func steppingTowardsTheRangeFromOutsideItSaysWhichEndTheValueIsBeyond() async throws {
    let stepper = Stepper("g", value: 10, range: 0...5)
    let driver = try ScreenDriver(BoxScreen([stepper]), model: BoxModel())
    let down = await expectDriverFailure { try await driver.step("g", by: -1) }
    #expect(
      down?.message == "cannot step 'g' down by 1 from 10: it would still be above its maximum, 5")
    let up = await expectDriverFailure { try await driver.step("g", by: 1) }
    #expect(up?.message == "cannot step 'g' up by 1 from 10: it is already above its maximum, 5")
    let inside = Stepper("h", value: 5, range: 0...5)
    let other = try ScreenDriver(BoxScreen([inside]), model: BoxModel())
    let past = await expectDriverFailure { try await other.step("h", by: 1) }
    #expect(past?.message == "cannot step 'h' up by 1 from 5: it would pass its maximum, 5")
  }

  @Test func aStepperRendersItsIntegersExactly() {
    let stepper = Stepper("s", value: Int.max, range: 0...Int.max)
    #expect(
      TextRenderer.render(stepper)
        == "Stepper #s value=9223372036854775807 range=0...9223372036854775807 step=1")
    #expect(
      TextRenderer.render(Slider("big", value: 1e15, range: 0...1e18))
        .hasPrefix("Slider #big value=1000000000000000 range=0...1000000000000000000"))
  }

  @Test func slidingAStepperToTheTopOfAnIntRangeReachesIt() async throws {
    let stepper = Stepper("s", value: 0, range: 0...Int.max)
    let driver = try ScreenDriver(BoxScreen([stepper]), model: BoxModel())
    try await driver.slide("s", to: Double(Int.max))
    #expect(stepper.value.value == Int.max)
    try await driver.slide("s", to: 0)
    #expect(stepper.value.value == 0)
  }
}

/// What a finder says when a query matches several widgets.
@MainActor
@Suite struct FinderMatchesTests {
  @Test func severalHiddenMatchesAreNamedAsSuch() async throws {
    let first = Button("a", title: "Go")
    let second = Button("b", title: "Go")
    first.isHidden.value = true
    second.isHidden.value = true
    let driver = try ScreenDriver(BoxScreen([first, second]), model: BoxModel())
    let error = await expectDriverFailure { try driver.find(.text("Go")) }
    #expect(error?.kind == .hidden)
    #expect(
      error?.message.hasPrefix("2 widgets match text \"Go\" in BoxScreen, and none is visible: ")
        == true, "\(error?.message ?? "")")
  }

  @Test func matchesBeyondTheFirstFiveAreCounted() async throws {
    let buttons = (1...7).map { Button("b\($0)", title: "Go") }
    let driver = try ScreenDriver(BoxScreen(buttons), model: BoxModel())
    let error = await expectDriverFailure { try driver.find(.text("Go")) }
    let message = error?.message ?? ""
    #expect(message.hasPrefix("7 widgets match text \"Go\""))
    #expect(message.contains("'b5'") && message.contains(" and 2 more; "), "\(message)")
  }
}

/// A cell whose id is text a view model chose.
@MainActor
@Observable
final class NamedCell: Identifiable {
  let id: String
  var title = "row"

  init(_ id: String) {
    self.id = id
  }
}

struct NamedRow: RowTemplate {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: NamedCell) -> [BindingDeclaration<NamedCell>] {
    bind(\.title, to: title.text)
  }
}

@MainActor
@Observable
final class NamesModel {
  var names: [NamedCell]

  init(_ ids: [String]) {
    names = ids.map(NamedCell.init)
  }
}

struct NamesScreen: Screen {
  let list = ListView("names", rows: [NamedRow.self])

  var body: Widget { VStack("screen") { list } }

  func bindings(_ vm: NamesModel) -> [BindingDeclaration<NamesModel>] {
    show(\.names, in: list)
  }
}

/// Row ids are written in renders and driver paths: one that would break a line or a path is
/// not shown, and the list says why.
@MainActor
@Suite struct RowIDTests {
  @Test func aRowIdWithALineBreakOrAClosingBracketIsNotShown() async throws {
    let model = NamesModel(["a\nb", "x]y", "plain", "c\u{85}d"])
    let driver = try ScreenDriver(NamesScreen(), model: model)
    let list = try driver.widget("names", as: ListView.self)
    #expect(list.rowIDs == ["plain"])
    // NB: the expected text built apart from `#expect`: a chain of literals inside the macro
    // took over 100 ms to type-check, near CI's budget of 200.
    let rule =
      "row and section ids must be written without control characters or ']', so that "
      + "renders and driver paths can name them"
    let expected: String =
      "\(rule); 'a\\u{A}b' is not shown; \(rule); 'x]y' is not shown; \(rule); "
      + "'c\\u{85}d' is not shown"
    #expect(list.problem == expected)
    #expect(!driver.render().contains("a\nb"), "every line is one widget")
    model.names = [NamedCell("plain")]
    try await driver.settle()
    #expect(list.problem == nil)
  }
}

/// Finders on a screen with child screens answer addresses that lead back to what they found.
@MainActor
@Suite struct ChildScreenFinderTests {
  @Test func theAddressAFinderAnswersLeadsToTheWidgetItFound() async throws {
    let model = DashboardViewModel(log: EventLog())
    model.detail = CounterViewModel("detail", log: model.log)
    let driver = try ScreenDriver(DashboardScreen(), model: model)
    let found = try driver.widget(.text("left: 0"), as: Label.self)
    let address = try driver.find(.text("left: 0"))
    #expect(address == "left.count")
    #expect(try driver.widget(.path(address), as: Label.self) === found)
  }

  @Test func severalMatchesOnChildScreensAreNamedByTheirPaths() async throws {
    let model = DashboardViewModel(log: EventLog())
    model.detail = CounterViewModel("detail", log: model.log)
    let driver = try ScreenDriver(DashboardScreen(), model: model)
    let error = await expectDriverFailure { try driver.find(.kind(Label.self)) }
    let message = error?.message ?? ""
    #expect(message.contains("'detail.count'") && message.contains("'left.count'"), "\(message)")
  }
}
