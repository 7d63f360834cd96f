import Headless
import HeadlessTesting
import Observation
import Testing

// The code of the tutorial "Building a registration screen"
// (Sources/Headless/Headless.docc/BuildingARegistrationScreen.md), step by step; every block of
// the article is a run of lines of this file, which the guide check verifies.

// Step 1: the view model.
@MainActor @Observable
final class CodeRegistrationViewModel: CommandOwner {
  let commands = CommandStore()
  var code = ""
  var password = ""
  var isRegistered = false
  var canRegister: Bool { code.count == 6 && password.count >= 8 }

  @ObservationIgnored let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  var register: Command<Void, Void> {
    .owned(by: self, enabledWhen: { $0.canRegister }) { vm in
      try await vm.clock.sleep(for: .seconds(1))
      vm.isRegistered = true
    }
  }
}

// Steps 2 and 3: the screen's widgets, then its bindings.
struct CodeRegistrationScreen: Screen {
  let code = TextField("code", placeholder: "SMS code")
  let password = TextField("password", placeholder: "Password", isSecure: true)
  let register = Button("register", title: "Register")
  let done = Label("done", text: "")

  var body: Widget {
    VStack("registration") {
      code
      password
      register
      done
    }
  }

  func bindings(
    _ vm: CodeRegistrationViewModel
  ) -> [BindingDeclaration<CodeRegistrationViewModel>] {
    bind(\.code, to: code.text)
    bind(\.password, to: password.text)
    bind(\.isRegistered, to: done.text) { $0 ? "Registered" : "" }
    command(vm.register, on: register)
  }
}

// Step 4: a test that drives the screen on a virtual clock and compares a snapshot.
@MainActor
@Test func registeringTakesASecondOfVirtualTime() async throws {
  let clock = VirtualClock()
  let model = CodeRegistrationViewModel(clock: clock)
  let driver = try ScreenDriver(CodeRegistrationScreen(), model: model, clock: clock)
  try await driver.type("123456", into: "code")
  try await driver.type("hunter22", into: "password")
  try await driver.tap("register")
  #expect(model.register.isExecuting)
  try await driver.advance(by: .seconds(1))
  #expect(model.isRegistered)
  try driver.assertSnapshot(named: "registered")
}
