import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

// The examples of the documentation comments of `Screen`, `Command.owned(by:)`, `CommandOwner`,
// `Transcript` and `ScreenMountCache`, as written there, with what they name around them.

@MainActor @Observable
final class GreetingViewModel {
  var name = ""
  var greeting: String { name.isEmpty ? "" : "Hello, \(name)" }
}

struct GreetingScreen: Screen {
  let name = TextField("name", placeholder: "Your name")
  let greeting = Label("greeting")

  var body: Widget {
    VStack("root") {
      name
      greeting
    }
  }

  func bindings(_ vm: GreetingViewModel) -> [BindingDeclaration<GreetingViewModel>] {
    bind(\.name, to: name.text)
    bind(\.greeting, to: greeting.text)
  }
}

struct Account: Equatable {
  let code: String
}

@MainActor @Observable
final class AccountRegistrationViewModel: CommandOwner {
  let commands = CommandStore()
  var code = ""
  var canRegister: Bool { code.count == 6 }

  func submit() async throws -> Account { Account(code: code) }

  var register: Command<Void, Account> {
    .owned(by: self, enabledWhen: { $0.canRegister }) { vm in
      try await vm.submit()
    }
  }
}

@MainActor @Observable final class QueryViewModel: CommandOwner {
  let commands = CommandStore()
  var query = ""

  var search: Command<Void, Void> {
    .owned(by: self) { vm in print(vm.query) }
  }
}

@MainActor
@Suite struct DocCommentScreenExampleTests {
  @Test func theCommandOwnerExampleKeepsItsCommandInItsStore() async {
    let model = QueryViewModel()
    model.query = "apples"
    let search = model.search
    await search.execute()?.value
    #expect(model.search === search)
    #expect(search.status == .succeeded)
    #expect(model.commands.count == 1)
  }

  @Test func theScreenExampleGreetsWhoTypesTheirName() async throws {
    let driver = try ScreenDriver(GreetingScreen(), model: GreetingViewModel())
    try await driver.type("Ada", into: "name")
    #expect(try driver.widget("greeting", as: Label.self).text.value == "Hello, Ada")
  }

  @Test func theBindingGraphExampleDumpsTheScreensBindings() throws {
    let mounted = try GreetingScreen().mount(on: GreetingViewModel())
    let dump = mounted.bindingGraph.dump()
    #expect(dump.hasPrefix("BindingGraph<GreetingViewModel>: "))
    #expect(dump.contains("(name.text, DocCommentScreenExamples.swift:28)"), "\(dump)")
    mounted.unmount()
    #expect(mounted.bindingGraph.dump() == dump, "the description stays once unmounted")
  }

  @Test func theMountCacheExampleChecksTheScreenOnce() throws {
    let models = [GreetingViewModel(), GreetingViewModel(), GreetingViewModel()]
    let cache = ScreenMountCache()
    for model in models {
      let mounted = try GreetingScreen().mount(on: model, cache: cache)
      mounted.unmount()
    }
    #expect(cache.shapeCount == 1, "one shape, checked on the first mount")
    #expect(cache.parked.count == 3, "each view model's registration is kept for its next mount")
  }

  @Test func theInlineSnapshotExampleMatchesTheGreetingScreen() async throws {
    let driver = try ScreenDriver(GreetingScreen(), model: GreetingViewModel())
    try await driver.type("Ada", into: "name")
    try assertInlineSnapshot(
      of: driver.render(),
      matches: """
        VStack #root
          TextField #name text="Ada" placeholder="Your name"
          Label #greeting text="Hello, Ada"
        """)
  }

  @Test(.snapshots(record: .failed))
  func greetsWhoTypesTheirName() async throws {
    let driver = try ScreenDriver(GreetingScreen(), model: GreetingViewModel())
    try await driver.type("Ada", into: "name")
    try driver.assertSnapshot(named: "greeting")
  }

  @Test func theOwnedCommandExampleRegistersOnceTheCodeIsComplete() async throws {
    let model = AccountRegistrationViewModel()
    #expect(!model.register.canExecute)
    model.code = "123456"
    #expect(model.register === model.register, "every read is the same command")
    model.register.execute()
    try await model.register.settle()
    #expect(model.register.lastOutput == Account(code: "123456"))
  }

  @Test func theTranscriptExampleRecordsTwoSteps() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    let transcript = Transcript(title: "Profile", driver: driver)
    try await transcript.step("type a name") { try await $0.type("Ada", into: "name") }
    try await transcript.step("tap Save") { try await $0.tap("save") }
    try assertSnapshot(of: transcript.text, named: "profile-transcript")
  }
}
