// A command bound to a row event without taking the row. Fix: take the cell view model as the
// command's input.
import Headless
import Observation

@MainActor @Observable
final class TaskCell: Identifiable {
  let id: Int
  init(id: Int) { self.id = id }
}

struct TaskRow: RowTemplate {
  let title = Label("title")
  var body: Widget { title }
  func bindings(_ vm: TaskCell) -> [BindingDeclaration<TaskCell>] {
    bind(\.id, to: title.text) { "Task \($0)" }
  }
}

@MainActor @Observable
final class TasksViewModel: CommandOwner {
  let commands = CommandStore()
  var tasks = [TaskCell(id: 1)]
  var open: Command<Void, Void> {
    .owned(by: self) { _ in }
  }
}

struct TasksScreen: Screen {
  let list = ListView("tasks", rows: [TaskRow.self])
  var body: Widget { list }
  func bindings(_ vm: TasksViewModel) -> [BindingDeclaration<TasksViewModel>] {
    show(\.tasks, in: list)
    // expected-error on the next line: a row event passes the row's view model
    command(vm.open, on: list.selection)
  }
}
