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
