import Headless
import HeadlessTesting
import Testing

@testable import Showcase

@MainActor
@Suite struct RegistrationWalkthroughTests {
  let clock = VirtualClock()
  let model: RegistrationViewModel
  let driver: ScreenDriver<RegistrationScreen>

  init() throws {
    let service = FakeAccountService(validCode: "123456", latency: .seconds(1), clock: clock)
    model = RegistrationViewModel(phone: "+1 555 0100", service: service, clock: clock)
    driver = try ScreenDriver(RegistrationScreen(), model: model, clock: clock)
  }

  @Test func theWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.registration()
    try assertSnapshot(of: walkthrough.text, named: "registration-walkthrough")
  }

  @Test func theGraphDumpMatchesItsSnapshot() throws {
    try assertSnapshot(of: driver.mounted.bindingGraph.dump(), named: "registration-graph")
  }

  @Test func registerIsEnabledOnlyWhileTheFormIsValid() async throws {
    let register = try driver.widget("register", as: Button.self)
    #expect(!register.isEnabled.value)
    try await driver.type("123456", into: "code")
    #expect(!register.isEnabled.value, "the password is still empty")
    try await driver.type("passwor", into: "password")
    #expect(!register.isEnabled.value, "the password is one character short")
    try await driver.type("d", into: "password")
    #expect(register.isEnabled.value)
    try await driver.replaceText(in: "code", with: "")
    #expect(!register.isEnabled.value, "the code was cleared")
    #expect(
      TextRenderer.line(for: try driver.widget("code"))
        == #"TextField #code text="" placeholder="SMS code" message="Enter the code from the SMS" [focused]"#
    )
    await expectDriverFailure { try await driver.tap("register") }
  }

  @Test func returnMovesFromTheCodeToThePasswordAndRegisterEndsEditing() async throws {
    #expect(model.focusedField == .code)
    try await driver.type("123456", into: "code")
    try await driver.submit("code")
    #expect(model.focusedField == .password)
    try await driver.type("secret12", into: "password")
    try await driver.tap("register")
    #expect(model.focusedField == nil, "starting to register ends editing")
    try await driver.advance(by: .seconds(1))
    #expect(model.register.status == .succeeded)
  }

  @Test func aWrongCodeFailsTheCommandWithAMessageAndTheRightOneRegisters() async throws {
    try await driver.type("000000", into: "code")
    try await driver.type("secret12", into: "password")
    try await driver.tap("register")
    try await driver.advance(by: .seconds(1))
    #expect(model.register.status == .failed)
    #expect(model.register.lastError as? RegistrationError == .wrongCode)
    #expect(model.toastMessage == RegistrationError.wrongCode.description)
    try await driver.replaceText(in: "code", with: "123456")
    try await driver.tap("register")
    try await driver.advance(by: .seconds(1))
    #expect(model.register.status == .succeeded)
    #expect(model.account == Account(phone: "+1 555 0100"))
    #expect(model.register.lastError == nil)
  }

  @Test func resendCountsDownEverySecondAndIsDisabledUntilTheEnd() async throws {
    let resend = try driver.widget("resend", as: Button.self)
    try await driver.tap("resend")
    try await driver.advance(by: .seconds(1))
    var titles: [String] = [resend.title.value]
    for _ in 0..<60 {
      #expect(!resend.isEnabled.value)
      try await driver.advance(by: .seconds(1))
      titles.append(resend.title.value)
    }
    #expect(titles.first == "Resend in 60s")
    #expect(titles[1] == "Resend in 59s")
    #expect(titles[59] == "Resend in 1s")
    #expect(titles.last == "Resend code")
    #expect(resend.isEnabled.value)
    #expect(model.resend.status == .succeeded)
  }

  @Test func unmountingMidCountdownReleasesTheViewModel() async throws {
    weak var weakModel: RegistrationViewModel?
    do {
      let clock = VirtualClock()
      let service = FakeAccountService(validCode: "1", latency: .seconds(1), clock: clock)
      let model = RegistrationViewModel(phone: "+1", service: service, clock: clock)
      weakModel = model
      let driver = try ScreenDriver(RegistrationScreen(), model: model, clock: clock)
      try await driver.tap("resend")
      try await driver.advance(by: .seconds(5))
      #expect(model.secondsUntilResend == 56)
      driver.unmount()
      #expect(model.resend.status == .cancelled)
      try await model.resend.settle()
    }
    #expect(weakModel == nil)
  }
}

@MainActor
@Suite struct RegistrationSessionTests {
  @Test func anInteractiveSessionFocusesAndSubmitsFields() async throws {
    var lines = [
      "focus password", "type password hunter22", "focus code", "type code 123456",
      "submit code", "submit password", "advance 1s", "focus toast", "focus register", "quit",
    ].makeIterator()
    var output: [String] = []
    try await Interactive.run(
      screen: "registration", echo: true, readLine: { lines.next() },
      write: { output.append($0) })
    try assertSnapshot(of: output.joined(separator: "\n"), named: "registration-focus-session")
  }
}
