// A view model without `@MainActor` keeping a command in a stored property. Fix: mark the view
// model `@MainActor`.
import Headless
import Observation

@Observable
final class LoginViewModel {
  var email = ""
  // expected-error on the next line: main actor-isolated default value in a nonisolated
  let login = Command<Void, Void>("login") {}
}
