import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

// The examples of the documentation comments of `Command.init(_:owner:policy:enabledWhen:work:)`,
// `Navigator`, `BackHandling` and `DialogPresenter`, as written there, with what they name
// around them.

@MainActor @Observable
final class LazyRegistrationViewModel {
  var code = ""
  var canRegister: Bool { code.count == 6 }

  func submit() async throws -> Account { Account(code: code) }

  @ObservationIgnored private(set) lazy var register = Command<Void, Account>(
    "register", owner: self, enabledWhen: { $0.canRegister }
  ) { vm, _ in
    try await vm.submit()
  }
}

struct Message {
  let subject: String
}

@MainActor @Observable
final class MessageViewModel {
  let message: Message
  @ObservationIgnored let navigator: any Navigator
  init(_ message: Message, navigator: any Navigator) {
    self.message = message
    self.navigator = navigator
  }
}

@MainActor @Observable
final class InboxViewModel {
  @ObservationIgnored let navigator: any Navigator
  init(navigator: any Navigator) { self.navigator = navigator }
  func open(_ message: Message) throws {
    try navigator.push(MessageViewModel(message, navigator: navigator))
  }
}

@MainActor @Observable
final class DraftViewModel: BackHandling, CommandOwner {
  let commands = CommandStore()
  var hasChanges = false
  var asked = 0

  var confirmLeaving: Command<Void, Void> {
    .owned(by: self) { vm in vm.asked += 1 }
  }

  func handleBack() -> Bool {
    guard hasChanges else { return false }
    confirmLeaving.execute()
    return true
  }
}

@MainActor @Observable
final class LeavingViewModel {
  @ObservationIgnored let dialogs: any DialogPresenter
  @ObservationIgnored let navigator: any Navigator
  init(dialogs: any DialogPresenter, navigator: any Navigator) {
    self.dialogs = dialogs
    self.navigator = navigator
  }

  func confirmLeaving() async throws {
    let answer = await dialogs.confirm(
      "Leave registration?", message: "The code you typed will be lost.",
      confirm: "Leave", cancel: "Stay")
    if answer == .answered(true) { try navigator.pop() }
  }
}

@MainActor
@Suite struct DocCommentNavigationExampleTests {
  @Test func theOwnerCommandExampleRegistersOnceTheCodeIsComplete() async throws {
    let model = LazyRegistrationViewModel()
    #expect(!model.register.canExecute)
    model.code = "123456"
    model.register.execute()
    try await model.register.settle()
    #expect(model.register.lastOutput == Account(code: "123456"))
  }

  @Test func theNavigatorExamplePushesThroughTheNavigatorItWasGiven() {
    let host = AppHost(registry: ScreenRegistry())
    let inbox = InboxViewModel(navigator: host)
    #expect(throws: NavigationError.self, "no screen shows a message in an empty registry") {
      try inbox.open(Message(subject: "Hello"))
    }
    #expect(host.mainStack.isEmpty, "a refused push changes nothing")
  }

  @Test func theBackHandlingExampleAsksOnlyWhenThereAreChanges() async throws {
    let draft = DraftViewModel()
    #expect(!draft.handleBack())
    draft.hasChanges = true
    #expect(draft.handleBack())
    try await draft.confirmLeaving.settle()
    #expect(draft.asked == 1)
  }

  @Test func theDialogExampleCompilesAgainstTheHostsPresenter() {
    let host = AppHost(registry: ScreenRegistry())
    let model = LeavingViewModel(dialogs: host.dialogs, navigator: host)
    #expect(model.navigator === host)
  }
}
