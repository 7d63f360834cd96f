import BindingDSL
import Headless
import Observation

/// Which field of the sign-up form has the focus.
enum AccountField: Hashable, Sendable {
  case userName, email, password, confirmation
}

/// User names the fake directory knows, answered after 200 ms on its clock.
struct FakeDirectory: Sendable {
  let clock: VirtualClock

  func isTaken(_ name: String) async throws -> Bool {
    try await clock.sleep(for: .milliseconds(200))
    return ["ada", "grace"].contains(name.lowercased())
  }
}

/// A sign-up form with every kind of rule, a focus order, and a command that follows validity.
@MainActor
@Observable
final class AccountFormViewModel {
  var userName = ""
  var email = ""
  var password = ""
  var confirmation = ""
  var focus: AccountField?
  private(set) var signedUp: [String] = []

  @ObservationIgnored let directory: FakeDirectory

  init(clock: VirtualClock) {
    directory = FakeDirectory(clock: clock)
  }

  @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
    .field(
      \.userName, named: "userName", .required("Choose a user name"),
      .length(3...20, "3 to 20 characters"),
      .async(debounce: .milliseconds(300)) { [directory] name in
        try await directory.isTaken(name) ? "\(name) is taken" : nil
      }
    )
    .field(\.email, named: "email", .pattern(#/[^@ ]+@[^@ ]+\.[a-z]+/#, "Not an e-mail address"))
    .field(
      \.password, named: "password", .length(atLeast: 8, "At least 8 characters"),
      .custom { $0.contains(where: \.isNumber) ? nil : "Add a digit" }
    )
    .field(\.confirmation, named: "confirmation", .equal(to: \.password, "Passwords differ"))

  @ObservationIgnored private(set) lazy var signUp = Command<Void, Void>(
    "signUp", owner: self, enabledWhen: { $0.form.isValid }
  ) { vm, _ in
    vm.signedUp.append(vm.userName)
  }

  /// Submits whatever the form holds: shows every message, and signs up only when valid.
  @ObservationIgnored private(set) lazy var trySignUp = Command<Void, Void>(
    "trySignUp", owner: self
  ) { vm, _ in
    guard vm.form.attemptSubmit() else { return }
    vm.signedUp.append(vm.userName)
  }
}

@MainActor
struct AccountFormScreen: Screen {
  let userName = TextField("userName", placeholder: "User name")
  let email = TextField("email", placeholder: "E-mail")
  let password = TextField("password", placeholder: "Password", isSecure: true)
  let confirmation = TextField("confirmation", placeholder: "Repeat password", isSecure: true)
  let signUp = Button("signUp", title: "Sign up")
  let trySignUp = Button("trySignUp", title: "Try")

  var body: Widget {
    VStack("form") {
      userName
      email
      password
      confirmation
      signUp
      trySignUp
    }
  }

  func bindings(_ vm: AccountFormViewModel) -> [BindingDeclaration<AccountFormViewModel>] {
    bind(\.userName, to: userName.text)
    bind(\.email, to: email.text)
    bind(\.password, to: password.text)
    bind(\.confirmation, to: confirmation.text)
    validate(\.userName, with: vm.form, on: userName)
    validate(\.email, with: vm.form, on: email)
    validate(\.password, with: vm.form, on: password)
    validate(\.confirmation, with: vm.form, on: confirmation)
    command(vm.signUp, on: signUp)
    command(vm.trySignUp, on: trySignUp)
    focus(
      \.focus,
      order: [
        (.userName, userName), (.email, email), (.password, password),
        (.confirmation, confirmation),
      ], submit: vm.signUp)
    endEditing(\.focus, when: vm.signUp)
  }
}
