// A view model declaring a command with `.owned(by:)` without holding a store for it. Fix:
// declare the class a `CommandOwner` and give it `let commands = CommandStore()`.
import Headless
import Observation

@MainActor @Observable
final class SignInViewModel {
  var email = ""
  var signIn: Command<Void, Void> {
    // expected-error on the next line: the owner holds its commands: declare the class a Comm
    .owned(by: self) { vm in print(vm.email) }
  }
  var lookUp: Command<String, Void> {
    // expected-error on the next line: declare the class a CommandOwner and give it a store
    .owned(by: self) { vm, text in print(vm.email, text) }
  }
}
