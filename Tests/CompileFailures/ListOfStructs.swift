// A list shown from an array of structs. Fix: rows are view models, Identifiable classes.
import Headless
import Observation

struct Note: Identifiable {
  let id: Int
  var text: String
}

@MainActor @Observable
final class NotesViewModel {
  var notes = [Note(id: 1, text: "Milk")]
}

struct NotesScreen: Screen {
  let list = ListView("notes", rows: [])
  var body: Widget { list }
  func bindings(_ vm: NotesViewModel) -> [BindingDeclaration<NotesViewModel>] {
    // expected-error on the next line: a list's rows are view models
    show(\.notes, in: list)
  }
}
