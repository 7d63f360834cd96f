import BindingDSL
import Headless
import Observation

/// Signing in: a phone and a password, a sign-in command that shows a progress HUD while it
/// checks and replaces the stack with the home screen, and a way to registration.
@MainActor
@Observable
final class LoginViewModel: CommandOwner {
  let commands = CommandStore()

  static let password = "hunter22"

  var phone = "+1 555 0100"
  var password = ""
  private(set) var message: String?

  @ObservationIgnored let services: AppServices

  init(services: AppServices) {
    self.services = services
  }

  var signIn: Command<Void, Void> {
    .owned(by: self, enabledWhen: { !$0.phone.isEmpty && !$0.password.isEmpty }) { vm in
      try await vm.checkAndEnter()
    }
  }

  var register: Command<Void, Void> {
    .owned(by: self) { vm in
      try vm.services.navigator.push(
        RegistrationFlowViewModel(phone: vm.phone, services: vm.services))
    }
  }

  private func checkAndEnter() async throws {
    message = nil
    let accepted = try await services.dialogs.withProgress("Signing in…") {
      try await services.clock.sleep(for: .seconds(1))
      return password == Self.password
    }
    guard accepted else {
      message = "That password is not right."
      return
    }
    password = ""
    try services.navigator.setStack([HomeViewModel(services: services)])
  }
}

struct LoginScreen: Screen {
  let phone = TextField("phone", placeholder: "Phone")
  let password = TextField("password", placeholder: "Password", isSecure: true)
  let signIn = Button("signIn", title: "Sign in")
  let register = Button("register", title: "Create an account")
  let message = Label("message")

  var body: Widget {
    VStack("login") {
      phone
      password
      signIn
      register
      message
    }
  }

  func bindings(_ vm: LoginViewModel) -> [BindingDeclaration<LoginViewModel>] {
    bind(\.phone, to: phone.text)
    bind(\.password, to: password.text)
    command(vm.signIn, on: signIn)
    command(vm.register, on: register, showsBusy: false)
    bind(\.message, to: message.text) { $0 ?? "" }
    bind(\.message, to: message.isHidden) { $0 == nil }
  }
}
