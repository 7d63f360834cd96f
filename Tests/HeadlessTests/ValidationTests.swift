import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
@Suite struct ValidationTests {
  let clock = VirtualClock()
  let model: AccountFormViewModel
  let driver: ScreenDriver<AccountFormScreen>

  init() throws {
    model = AccountFormViewModel(clock: clock)
    driver = try ScreenDriver(AccountFormScreen(), model: model, clock: clock)
  }

  private func line(_ id: Finder) throws -> String {
    TextRenderer.line(for: try driver.widget(id))
  }

  @Test func messagesShowOnlyOnceTheFieldWasEditedAndFollowTheValue() async throws {
    try await driver.settle()
    #expect(try line("email") == #"TextField #email text="" placeholder="E-mail""#)
    try await driver.type("ada@", into: "email")
    #expect(
      try line("email")
        == #"TextField #email text="ada@" placeholder="E-mail" message="Not an e-mail address""#)
    #expect(try line("password") == #"SecureField #password text="" placeholder="Password""#)
    try await driver.type("example.org", into: "email")
    #expect(try line("email") == #"TextField #email text="ada@example.org" placeholder="E-mail""#)
  }

  @Test func theFirstBrokenRuleDecidesTheMessage() async throws {
    try await driver.type("short", into: "password")
    #expect(try line("password").hasSuffix(#"message="At least 8 characters""#))
    try await driver.type("enough", into: "password")
    #expect(try line("password").hasSuffix(#"message="Add a digit""#))
    try await driver.type("1", into: "password")
    #expect(!(try line("password").contains("message=")))
  }

  @Test func aFieldEqualToAnotherFollowsTheOther() async throws {
    try await driver.type("secret12", into: "password")
    try await driver.type("secret12", into: "confirmation")
    #expect(!(try line("confirmation").contains("message=")))
    try await driver.type("3", into: "password")
    #expect(try line("confirmation").hasSuffix(#"message="Passwords differ""#))
  }

  @Test func anAsynchronousRuleRunsOnceTypingPausesOnTheInjectedClock() async throws {
    try await driver.type("ada", into: "userName")
    #expect(model.form.isChecking(\AccountFormViewModel.userName))
    #expect(
      try line("userName") == #"TextField #userName text="ada" placeholder="User name" [checking]"#)
    try await driver.advance(by: .milliseconds(299))
    #expect(model.form.isChecking(\AccountFormViewModel.userName), "the debounce has not ended")
    try await driver.advance(by: .milliseconds(1))
    #expect(model.form.isChecking(\AccountFormViewModel.userName), "the directory is asked")
    try await driver.advance(by: .milliseconds(200))
    #expect(
      try line("userName")
        == #"TextField #userName text="ada" placeholder="User name" message="ada is taken""#)
    try await driver.type("m", into: "userName")
    #expect(!(try line("userName").contains("message=")), "no answer yet for adam")
    try await driver.advance(by: .milliseconds(500))
    #expect(!model.form.isChecking(\AccountFormViewModel.userName))
    #expect(!(try line("userName").contains("message=")))
  }

  @Test func aValueThatBreaksASynchronousRuleIsNeverSentToTheDirectory() async throws {
    try await driver.type("a", into: "userName")
    try await driver.advance(by: .milliseconds(300))
    #expect(try line("userName").hasSuffix(#"message="3 to 20 characters""#))
    #expect(clock.sleeperCount == 0, "nothing waits on the directory")
  }

  @Test func aValueTheViewModelStartsWithIsCheckedAtOnce() async throws {
    let clock = VirtualClock()
    let model = AccountFormViewModel(clock: clock)
    model.userName = "grace"
    let driver = try ScreenDriver(AccountFormScreen(), model: model, clock: clock)
    try await driver.settle()
    #expect(model.form.isChecking(\AccountFormViewModel.userName))
    try await driver.advance(by: .milliseconds(200))
    #expect(!model.form.isChecking(\AccountFormViewModel.userName))
    #expect(!model.form.isValid)
    #expect(model.form.message(for: \AccountFormViewModel.userName) == nil, "not edited yet")
    model.form.attemptSubmit()
    #expect(model.form.message(for: \AccountFormViewModel.userName) == "grace is taken")
  }

  @Test func theCommandFollowsFormValidity() async throws {
    try await driver.settle()
    #expect(try line("signUp") == #"Button #signUp title="Sign up" [disabled]"#)
    try await fillInValidly()
    #expect(try line("signUp") == #"Button #signUp title="Sign up""#)
    try await driver.tap("signUp")
    #expect(model.signedUp == ["adam"])
  }

  @Test func aSubmitAttemptShowsEveryMessage() async throws {
    try await driver.type("adam@example.org", into: "email")
    try await driver.tap("trySignUp")
    #expect(model.signedUp.isEmpty)
    #expect(try line("userName").hasSuffix(#"message="Choose a user name""#))
    #expect(try line("password").hasSuffix(#"message="At least 8 characters""#))
    #expect(!(try line("email").contains("message=")))
    model.form.reset()
    try await driver.settle()
    #expect(!(try line("userName").contains("message=")))
  }

  @Test func aFieldTheFormDoesNotKnowIsAnErrorAtMount() throws {
    let error = #expect(throws: ScreenError.self) {
      try ScreenDriver(UnknownFieldScreen(), model: AccountFormViewModel(clock: clock))
    }
    #expect(
      error?.problems.first?.contains(
        "is not a field of the form; its fields: userName, email, password, confirmation") == true)
  }

  @Test func unmountingReleasesTheViewModelAndItsValidation() async throws {
    weak var weakModel: AccountFormViewModel?
    weak var weakForm: FormValidation<AccountFormViewModel>?
    do {
      let clock = VirtualClock()
      let model = AccountFormViewModel(clock: clock)
      weakModel = model
      weakForm = model.form
      let driver = try ScreenDriver(AccountFormScreen(), model: model, clock: clock)
      try await driver.type("ada", into: "userName")
      try await driver.advance(by: .milliseconds(350))
      driver.unmount()
    }
    #expect(weakModel == nil)
    #expect(weakForm == nil)
  }

  private func fillInValidly() async throws {
    try await driver.type("adam", into: "userName")
    try await driver.type("adam@example.org", into: "email")
    try await driver.type("secret12", into: "password")
    try await driver.type("secret12", into: "confirmation")
    try await driver.advance(by: .milliseconds(500))
  }
}

@MainActor
private struct UnknownFieldScreen: Screen {
  let name = TextField("name")

  var body: Widget { name }

  func bindings(_ vm: AccountFormViewModel) -> [BindingDeclaration<AccountFormViewModel>] {
    validate(\.focus, with: vm.form, on: name)
  }
}

@MainActor
@Observable
private final class Trip {
  var guests = 0
  var destination: String?
}

@MainActor
@Suite struct FormValidationRuleTests {
  @Test func rangeAndRequiredOptionalRulesAndObservedValidity() {
    let trip = Trip()
    let form = FormValidation(owner: trip)
      .field(\.guests, named: "guests", .range(1...8, "1 to 8 guests"))
      .field(\.destination, named: "destination", .required("Choose a destination"))
    #expect(!form.isValid)
    #expect(form.message(for: \Trip.guests) == nil, "nothing edited, no submit attempted")
    #expect(!form.attemptSubmit())
    #expect(form.message(for: \Trip.guests) == "1 to 8 guests")
    #expect(form.message(for: \Trip.destination) == "Choose a destination")
    let changed = Flag()
    withObservationTracking {
      _ = form.isValid
    } onChange: {
      changed.set()
    }
    trip.guests = 3
    #expect(changed.isSet, "validity is read under observation")
    trip.destination = "Oslo"
    #expect(form.isValid)
    #expect(form.message(for: \Trip.guests) == nil)
  }
}

private final class Flag: @unchecked Sendable {
  private(set) var isSet = false
  func set() { isSet = true }
}

@MainActor
@Observable
private final class TermsViewModel {
  var accepted = false

  @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
    .field(\.accepted, named: "accepted", .custom { $0 ? nil : "Accept the terms to go on" })
}

@MainActor
private struct TermsScreen: Screen {
  let terms = Toggle("terms", title: "I accept the terms")

  var body: Widget { terms }

  func bindings(_ vm: TermsViewModel) -> [BindingDeclaration<TermsViewModel>] {
    bind(\.accepted, to: terms.isOn)
    validate(\.accepted, with: vm.form, on: terms)
  }
}

@MainActor
@Suite struct ToggleValidationTests {
  @Test func aToggleShowsItsMessageOnceFlippedOrSubmitted() async throws {
    let model = TermsViewModel()
    let driver = try ScreenDriver(TermsScreen(), model: model)
    try await driver.settle()
    #expect(driver.render() == #"Toggle #terms title="I accept the terms" isOn=false"#)
    model.form.attemptSubmit()
    try await driver.settle()
    #expect(
      driver.render()
        == #"Toggle #terms title="I accept the terms" isOn=false message="Accept the terms to go on""#
    )
    try await driver.toggle("terms")
    #expect(driver.render() == #"Toggle #terms title="I accept the terms" isOn=true"#)
    #expect(model.form.isValid)
  }
}
