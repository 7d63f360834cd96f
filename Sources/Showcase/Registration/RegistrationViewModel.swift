import BindingDSL
import Observation

/// The fields of the registration form, in the order the return key goes through them.
enum RegistrationField: Hashable, Sendable {
  case code, password
}

/// Registration with an SMS code: the phone the code went to, the code and a password, each
/// validated (a six-digit code, a password of at least eight characters), a register command
/// enabled only while the form is valid, the focused field, and a resend command whose 60-second
/// countdown keeps it disabled.
@MainActor
@Observable
final class RegistrationViewModel: CommandOwner {
  let commands = CommandStore()

  static let resendInterval = 60

  /// The phone the code goes to; the app's "another number" prompt changes it.
  var phone: String
  var code = ""
  var password = ""
  /// The field that has the focus, `nil` while none does.
  var focusedField: RegistrationField? = .code
  /// The outcome shown in the toast.
  var toastMessage: String?
  /// Seconds left before another code can be sent; zero when it can.
  private(set) var secondsUntilResend = 0
  /// The account, once registered.
  private(set) var account: Account?

  var phoneText: String { "Code sent to \(phone)" }

  @ObservationIgnored private let service: any AccountService
  @ObservationIgnored private let clock: any Clock<Duration>

  init(phone: String, service: any AccountService, clock: any Clock<Duration>) {
    self.phone = phone
    self.service = service
    self.clock = clock
  }

  @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
    .field(
      \.code, named: "code", .required("Enter the code from the SMS"),
      .pattern(#/[0-9]{6}/#, "The code has 6 digits")
    )
    .field(\.password, named: "password", .length(atLeast: 8, "At least 8 characters"))

  var register: Command<Void, Account> {
    .owned(by: self, enabledWhen: { $0.form.isValid }) { vm in try await vm.submit() }
  }

  var resend: Command<Void, Void> {
    .owned(by: self) { vm in try await vm.resendCode() }
  }

  private func submit() async throws -> Account {
    toastMessage = nil
    do {
      let account = try await service.register(phone: phone, code: code, password: password)
      self.account = account
      toastMessage = "Welcome! Your account for \(account.phone) is ready."
      return account
    } catch let error as RegistrationError {
      toastMessage = error.description
      throw error
    }
  }

  private func resendCode() async throws {
    defer { secondsUntilResend = 0 }
    try await service.sendCode(to: phone)
    toastMessage = "A new code is on its way to \(phone)."
    for remaining in stride(from: Self.resendInterval, to: 0, by: -1) {
      secondsUntilResend = remaining
      try await clock.sleep(for: .seconds(1))
    }
  }
}
