// A command kept in a `lazy var` of an `@Observable` class without `@ObservationIgnored`: the
// macro turns the property into a computed one. Fix: declare it with `.owned(by:)` as a
// computed property, or mark the `lazy var` `@ObservationIgnored`.
import Headless
import Observation

@MainActor @Observable
final class LoginViewModel {
  var email = ""
  // expected-error on the next line: 'lazy' cannot be used on a computed property
  lazy var login = Command<Void, Void>("login") { [unowned self] in print(self.email) }
}
