/// What the registration screen needs from the back end.
protocol AccountService: Sendable {
  /// Sends a new SMS code to `phone`.
  func sendCode(to phone: String) async throws
  /// Creates the account, or throws ``RegistrationError/wrongCode`` for a code that was not sent.
  func register(phone: String, code: String, password: String) async throws -> Account
}

struct Account: Hashable, Sendable {
  let phone: String
}

enum RegistrationError: Error, Hashable, CustomStringConvertible {
  case wrongCode

  var description: String {
    switch self {
    case .wrongCode: "That code is not the one we sent. Check the SMS and try again."
    }
  }
}

/// An account service that answers after a fixed latency on an injected clock and accepts one
/// code.
struct FakeAccountService: AccountService {
  let validCode: String
  let latency: Duration
  let clock: any Clock<Duration>

  func sendCode(to phone: String) async throws {
    try await clock.sleep(for: latency)
  }

  func register(phone: String, code: String, password: String) async throws -> Account {
    try await clock.sleep(for: latency)
    guard code == validCode else { throw RegistrationError.wrongCode }
    return Account(phone: phone)
  }
}
