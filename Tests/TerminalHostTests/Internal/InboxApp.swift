import BindingDSL
import Headless
import Observation

/// The inbox: a button that opens a message, and one that asks before leaving.
@MainActor
@Observable
final class InboxModel {
  private(set) var answers: [String] = []
  @ObservationIgnored let app: AppHost

  init(app: AppHost) {
    self.app = app
  }

  @ObservationIgnored private(set) lazy var open = Command<Void, Void>("open", owner: self) {
    vm, _ in
    try vm.app.push(MessageModel())
  }

  @ObservationIgnored private(set) lazy var leave = Command<Void, Void>("leave", owner: self) {
    vm, _ in
    let answer = await vm.app.dialogs.confirm(
      "Leave?", message: "Drafts are kept.", confirm: "Leave", cancel: "Stay")
    vm.answers.append("\(answer)")
  }
}

struct InboxScreen: Screen {
  let open = Button("open", title: "Open")
  let leave = Button("leave", title: "Leave")

  var body: Widget {
    VStack("inbox") {
      open
      leave
    }
  }

  func bindings(_ vm: InboxModel) -> [BindingDeclaration<InboxModel>] {
    command(vm.open, on: open)
    command(vm.leave, on: leave)
  }
}

/// A message, pushed over the inbox.
@MainActor
@Observable
final class MessageModel {
  var body = "Hello"
}

struct MessageScreen: Screen {
  let text = Label("text")

  var body: Widget { text }

  func bindings(_ vm: MessageModel) -> [BindingDeclaration<MessageModel>] {
    bind(\.body, to: text.text)
  }
}

/// The registry of the inbox app.
@MainActor
func inboxRegistry() throws -> ScreenRegistry {
  let registry = ScreenRegistry()
  try registry.register("inbox", title: "Inbox") { InboxScreen() }
  try registry.register("message", title: "Message") { MessageScreen() }
  return registry
}
