import BindingDSL
import Headless
import Observation

/// Registration as a step of the app: the registration form (its own view model and screen,
/// embedded), the terms on a page of their own, the "didn't receive a code" alert, a
/// confirmation before leaving a form half filled in, and back to sign-in once registered.
@MainActor
@Observable
final class RegistrationFlowViewModel: CommandOwner {
  let commands = CommandStore()

  let form: RegistrationViewModel
  var agreed = false

  var termsText: String { agreed ? "Terms accepted" : "Read the terms before you register" }

  @ObservationIgnored let services: AppServices

  init(phone: String, services: AppServices) {
    self.services = services
    form = RegistrationViewModel(phone: phone, service: services.accounts, clock: services.clock)
  }

  var openTerms: Command<Void, Void> {
    .owned(by: self) { vm in
      try vm.services.navigator.push(AgreementViewModel(flow: vm))
    }
  }

  var noCode: Command<Void, Void> {
    .owned(by: self) { vm in
      await vm.offerResend()
    }
  }

  var leave: Command<Void, Void> {
    .owned(by: self) { vm in
      try await vm.confirmLeaving()
    }
  }

  var finish: Command<Account?, Void> {
    .owned(by: self) { vm, account in
      guard let account else { return }
      vm.stopCountdown()
      vm.services.dialogs.toast("Welcome! Sign in with \(account.phone).")
      try vm.services.navigator.popToRoot()
    }
  }

  private func offerResend() async {
    let answer = await services.dialogs.alert(
      "Didn't receive a code?", message: "Codes can take a minute. We can send another.",
      buttons: [DialogButton("Send again"), DialogButton("Another number"), .cancel("Wait")])
    if answer == .answered("Send again") { form.resend.execute() }
    if answer == .answered("Another number") { await askForAnotherNumber() }
  }

  /// Asks for the number to send the code to instead, and sends one there.
  private func askForAnotherNumber() async {
    let answer = await services.dialogs.prompt(
      "Send the code to", placeholder: "Phone number", text: form.phone)
    guard case .answered(let text?) = answer, !text.isEmpty, text != form.phone else { return }
    form.phone = text
    form.resend.execute()
  }

  /// Ends the resend countdown, which the view model started itself (so unmounting the screen
  /// does not cancel it): leaving registration releases the form at once.
  private func stopCountdown() {
    form.resend.cancel()
  }

  private func confirmLeaving() async throws {
    let answer = await services.dialogs.confirm(
      "Leave registration?", message: "What you typed will be lost.", confirm: "Leave",
      cancel: "Stay")
    guard answer == .answered(true) else { return }
    stopCountdown()
    try services.navigator.pop()
  }
}

extension RegistrationFlowViewModel: BackHandling {
  /// Asks before leaving a form with something typed in it.
  func handleBack() -> Bool {
    guard !form.code.isEmpty || !form.password.isEmpty else {
      stopCountdown()
      return false
    }
    leave.execute()
    return true
  }
}

struct RegistrationFlowScreen: Screen {
  let form = EmbeddedScreen("form") { RegistrationScreen() }
  let terms = Label("terms")
  let openTerms = Button("openTerms", title: "Terms of service")
  let noCode = Button("noCode", title: "Didn't receive a code?")

  var body: Widget {
    VStack("registrationFlow") {
      form
      terms
      HStack("help") {
        openTerms
        noCode
      }
    }
  }

  func bindings(
    _ vm: RegistrationFlowViewModel
  ) -> [BindingDeclaration<RegistrationFlowViewModel>] {
    embed(\.form, in: form)
    bind(\.termsText, to: terms.text)
    command(vm.openTerms, on: openTerms, showsBusy: false)
    command(vm.noCode, on: noCode, showsBusy: false)
    command(vm.finish, onChangeOf: \.form.account)
  }
}

/// The terms of service, pushed from registration; accepting them pops back.
@MainActor
@Observable
final class AgreementViewModel: CommandOwner {
  let commands = CommandStore()

  let terms = "Codes are sent by SMS. Your number is used only to sign you in."

  @ObservationIgnored private weak var flow: RegistrationFlowViewModel?
  @ObservationIgnored private let navigator: any Navigator

  init(flow: RegistrationFlowViewModel) {
    self.flow = flow
    navigator = flow.services.navigator
  }

  var accept: Command<Void, Void> {
    .owned(by: self) { vm in
      vm.flow?.agreed = true
      try vm.navigator.pop()
    }
  }
}

struct AgreementScreen: Screen {
  let terms = Label("terms")
  let accept = Button("accept", title: "I agree")

  var body: Widget {
    VStack("agreement") {
      terms
      accept
    }
  }

  func bindings(_ vm: AgreementViewModel) -> [BindingDeclaration<AgreementViewModel>] {
    bind(\.terms, to: terms.text)
    command(vm.accept, on: accept, showsBusy: false)
  }
}
