import BindingDSL
import Headless

/// The registration screen: widgets, and the bindings that connect them to
/// ``RegistrationViewModel``.
struct RegistrationScreen: Screen {
  let phone = Label("phone")
  let code = TextField("code", placeholder: "SMS code")
  let password = TextField("password", placeholder: "Password", isSecure: true)
  let register = Button("register", title: "Register")
  let resend = Button("resend")
  let toast = Toast("toast")

  var body: Widget {
    VStack("registration") {
      phone
      code
      password
      HStack("actions") {
        register
        resend
      }
      toast
    }
  }

  func bindings(_ vm: RegistrationViewModel) -> [BindingDeclaration<RegistrationViewModel>] {
    bind(\.phoneText, to: phone.text)
    bind(\.code, to: code.text)
    bind(\.password, to: password.text)
    validate(\.code, with: vm.form, on: code)
    validate(\.password, with: vm.form, on: password)
    focus(\.focusedField, order: [(.code, code), (.password, password)], submit: vm.register)
    endEditing(\.focusedField, when: vm.register)
    command(vm.register, on: register)
    command(vm.resend, on: resend, showsBusy: false)
    bind(\.secondsUntilResend, to: resend.title) { $0 > 0 ? "Resend in \($0)s" : "Resend code" }
    bind(\.toastMessage, to: toast.message)
  }
}
