import BindingDSL
import Observation

/// Registration with an SMS code: the phone the code went to, the code and a password, a
/// register command enabled only while both are filled in, and a resend command whose
/// 60-second countdown keeps it disabled.
@MainActor
@Observable
final class RegistrationViewModel {
  static let resendInterval = 60

  let phone: String
  var code = ""
  var password = ""
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

  @ObservationIgnored private(set) lazy var register = Command<Void, Account>(
    "register", owner: self, enabledWhen: { !$0.code.isEmpty && !$0.password.isEmpty }
  ) { vm, _ in
    try await vm.submit()
  }

  @ObservationIgnored private(set) lazy var resend = Command<Void, Void>("resend", owner: self) {
    vm, _ in
    try await vm.resendCode()
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
