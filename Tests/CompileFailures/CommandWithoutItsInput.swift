// A command that takes an input bound to a button without saying where the input comes from.
// Fix: give the input in a trailing closure.
import Headless
import Observation

@MainActor @Observable
final class SearchViewModel: CommandOwner {
  let commands = CommandStore()
  var query = ""
  var search: Command<String, Void> {
    .owned(by: self) { _, text in print(text) }
  }
}

struct SearchScreen: Screen {
  let go = Button("go", title: "Search")
  var body: Widget { go }
  func bindings(_ vm: SearchViewModel) -> [BindingDeclaration<SearchViewModel>] {
    // expected-error on the next line: this command takes an input; say where it comes from
    command(vm.search, on: go)
  }
}
