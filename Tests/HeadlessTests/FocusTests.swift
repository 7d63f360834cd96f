import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct FocusTests {
  let clock = VirtualClock()
  let model: AccountFormViewModel
  let driver: ScreenDriver<AccountFormScreen>

  init() throws {
    model = AccountFormViewModel(clock: clock)
    driver = try ScreenDriver(AccountFormScreen(), model: model, clock: clock)
  }

  private var focused: [String] {
    driver.render().split(separator: "\n").filter { $0.hasSuffix("[focused]") }.map {
      String($0.trimmingPrefix(while: \.isWhitespace).split(separator: " ")[1])
    }
  }

  @Test func theViewModelFocusesAFieldAndTheRenderMarksIt() async throws {
    model.focus = .email
    try await driver.settle()
    #expect(focused == ["#email"])
    model.focus = nil
    try await driver.settle()
    #expect(focused.isEmpty)
  }

  @Test func focusingAFieldTellsTheViewModelAndUnfocusesTheOthers() async throws {
    try await driver.focus("password")
    #expect(model.focus == .password)
    try await driver.focus("userName")
    #expect(model.focus == .userName)
    #expect(focused == ["#userName"])
  }

  /// A person taps into a field, and the view model puts the focus back before the flush: the
  /// fields show the view model's focus, not the tap (as a two-way binding shows the view
  /// model's value when it refuses an edit).
  @Test func aFocusTheViewModelRefusesBeforeTheFlushIsNotLeftOnScreen() async throws {
    try await driver.focus("userName")
    let password = try driver.widget("password", as: TextField.self)
    password.isFocused.edit(true)
    #expect(model.focus == .password)
    model.focus = .userName
    try await driver.settle()
    #expect(focused == ["#userName"])
    #expect(!password.isFocused.value)
  }

  @Test func returnMovesTheFocusInOrderAndTheLastSubmits() async throws {
    try await driver.focus("userName")
    try await driver.type("adam", into: "userName")
    try await driver.submit("userName")
    #expect(model.focus == .email)
    try await driver.type("adam@example.org", into: "email")
    try await driver.submit("email")
    try await driver.type("secret12", into: "password")
    try await driver.submit("password")
    #expect(model.focus == .confirmation)
    try await driver.type("secret12", into: "confirmation")
    try await driver.advance(by: .milliseconds(500))
    try await driver.submit("confirmation")
    #expect(model.focus == nil)
    #expect(model.signedUp == ["adam"])
  }

  @Test func returnSkipsAFieldThatCannotTakeTheFocus() async throws {
    let email = try driver.widget("email", as: TextField.self)
    email.isEnabled.value = false
    try await driver.focus("userName")
    try await driver.submit("userName")
    #expect(model.focus == .password, "the disabled e-mail field is skipped")
    email.isEnabled.value = true
    email.isHidden.value = true
    try await driver.focus("userName")
    try await driver.submit("userName")
    #expect(model.focus == .password, "the hidden e-mail field is skipped")
  }

  @Test func aCommandEndsEditingWhenItStarts() async throws {
    model.userName = "adam"
    model.email = "adam@example.org"
    model.password = "secret12"
    model.confirmation = "secret12"
    try await driver.settle()
    try await driver.advance(by: .milliseconds(500))
    try await driver.focus("confirmation")
    #expect(model.focus == .confirmation)
    try await driver.tap("signUp")
    #expect(model.focus == nil)
    #expect(focused.isEmpty)
  }

  @Test func onlyFocusableWidgetsTakeTheFocus() async throws {
    let error = await expectDriverFailure { try await driver.focus("form") }
    #expect(
      error?.message == "cannot focus 'form': it is a VStack. Widgets that take focus: "
        + "confirmation, email, password, signUp, trySignUp, userName")
  }
}
