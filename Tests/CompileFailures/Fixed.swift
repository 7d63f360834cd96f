// Every mistake of this folder, fixed: this file must compile without an error, so that the
// harness cannot pass by every file failing to compile.
import Headless
import Observation

@MainActor @Observable
final class FixedViewModel: CommandOwner {
  let commands = CommandStore()
  var email = ""
  var count = 0
  var query = ""
  var first = ""
  var last = ""
  var fullName: String { first + " " + last }
  @ObservationIgnored let clock: any Clock<Duration> = ContinuousClock()

  var login: Command<Void, Void> {
    .owned(by: self) { vm in print(vm.email) }
  }

  var wait: Command<Void, Void> {
    .owned(by: self) { vm in try await vm.clock.sleep(for: .seconds(1)) }
  }

  var search: Command<String, Void> {
    .owned(by: self) { _, text in print(text) }
  }

  @ObservationIgnored lazy var reset = Command<Void, Void>("reset") { [unowned self] in
    self.count = 0
  }
}

struct FixedScreen: Screen {
  let total = Label("total", text: "")
  let name = Label("name", text: "")
  let go = Button("go", title: "Search")
  let login = Button("login", title: "Log in")
  var body: Widget {
    VStack("fixed") {
      total
      name
      go
      login
    }
  }
  func bindings(_ vm: FixedViewModel) -> [BindingDeclaration<FixedViewModel>] {
    bind(\.count, to: total.text) { String($0) }
    bind(\.fullName, to: name.text)
    command(vm.search, on: go) { vm.query }
    command(vm.login, on: login)
  }
}

@MainActor @Observable
final class FixedCell: Identifiable {
  let id: Int
  var text: String
  init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}

struct FixedRow: RowTemplate {
  let text = Label("text")
  var body: Widget { text }
  func bindings(_ vm: FixedCell) -> [BindingDeclaration<FixedCell>] {
    bind(\.text, to: text.text)
  }
}

@MainActor @Observable
final class FixedListViewModel: CommandOwner {
  let commands = CommandStore()
  var cells = [FixedCell(id: 1, text: "Milk")]
  var open: Command<FixedCell, Void> {
    .owned(by: self) { _, cell in print(cell.text) }
  }
}

struct FixedListScreen: Screen {
  let list = ListView("cells", rows: [FixedRow.self])
  var body: Widget { list }
  func bindings(_ vm: FixedListViewModel) -> [BindingDeclaration<FixedListViewModel>] {
    show(\.cells, in: list)
    command(vm.open, on: list.selection)
  }
}
