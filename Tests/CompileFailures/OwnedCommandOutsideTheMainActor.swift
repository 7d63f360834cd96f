// A view model without `@MainActor` declaring a command with `.owned(by:)`. Fix: mark the view
// model `@MainActor`.
import Headless
import Observation

@Observable
final class LoginViewModel: CommandOwner {
  let commands = CommandStore()
  var email = ""
  var login: Command<Void, Void> {
    // expected-error on the next line: call to main actor-isolated static method 'owned(by:
    .owned(by: self) { vm in print(vm.email) }
  }
}
