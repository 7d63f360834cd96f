import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

// The examples of the documentation comments of `bind`, `command`, `on`, `settle`,
// `withTracking` and `trackedTask`, as written there, with the view model and widgets they
// name around them.

@MainActor @Observable
final class SignUpFormExampleViewModel: CommandOwner {
  let commands = CommandStore()
  var password = ""
  var canRegister = false
  var count = 0
  var first = "Ada"
  var last = "Lovelace"
  var query = ""
  var closed = false
  var searches: [String] = []

  var register: Command<Void, Void> {
    .owned(by: self) { _ in }
  }

  var search: Command<String, Void> {
    .owned(by: self) { vm, query in vm.searches.append(query) }
  }

  func close() { closed = true }
}

struct SignUpFormExampleScreen: Screen {
  let passwordField = TextField("password", placeholder: "Password", isSecure: true)
  let hint = Label("hint", text: "Fill in the form")
  let summary = Label("summary")
  let fullName = Label("fullName")
  let registerButton = Button("register", title: "Register")
  let searchButton = Button("search", title: "Search")
  let closeButton = Button("close", title: "Close")

  var body: Widget {
    VStack("form") {
      passwordField
      hint
      summary
      fullName
      registerButton
      searchButton
      closeButton
    }
  }

  func bindings(
    _ vm: SignUpFormExampleViewModel
  ) -> [BindingDeclaration<SignUpFormExampleViewModel>] {
    bind(\.password, to: passwordField.text)  // two-way
    bind(\.canRegister, to: hint.isHidden)  // one-way
    bind(\.count, to: summary.text) { "\($0) items" }
    bind(\.first, \.last, to: fullName.text) { "\($0) \($1)" }
    command(vm.register, on: registerButton)
    command(vm.search, on: searchButton) { vm.query }
    on(closeButton.tap) { vm.close() }
  }
}

@MainActor
@Suite struct DocCommentDeclarationExampleTests {
  @Test func theDeclarationExamplesBindWhatTheySay() async throws {
    let model = SignUpFormExampleViewModel()
    let driver = try ScreenDriver(SignUpFormExampleScreen(), model: model)
    try await driver.type("secret", into: "password")
    #expect(model.password == "secret", "two-way")
    model.canRegister = true
    model.count = 3
    model.query = "ap"
    try await driver.settle()
    #expect(try driver.widget("hint", as: Label.self).isHidden.value)
    #expect(try driver.widget("summary", as: Label.self).text.value == "3 items")
    #expect(try driver.widget("fullName", as: Label.self).text.value == "Ada Lovelace")
    try await driver.tap("search")
    #expect(model.searches == ["ap"])
    try await driver.tap("close")
    #expect(model.closed)
  }

  @Test func theSettleExampleWaitsForTheRun() async throws {
    let model = ProfileViewModel()
    model.name = "Ada"
    model.save.execute()
    try await model.save.settle()
    #expect(model.save.status == .succeeded)
  }

  @Test func theWithTrackingExampleAdvancesPastTheCommandsSleep() async throws {
    let clock = VirtualClock()
    var woke = false
    let command = Command<Void, Void>("wait") {
      try await clock.sleep(for: .seconds(1))
      woke = true
    }
    clock.withTracking { command.execute() }
    try await clock.advance(by: .seconds(1))
    #expect(woke)
  }

  @Test func theTrackedTaskExampleTicksThreeTimes() async throws {
    let clock = VirtualClock()
    var ticks = 0
    let ticker = clock.withTracking {
      trackedTask(named: "ticker") {
        for _ in 0..<3 {
          try await clock.sleep(for: .seconds(1))
          ticks += 1
        }
      }
    }
    try await clock.advance(by: .seconds(3))
    #expect(ticks == 3)
    try await ticker.value
  }
}

@MainActor
@Suite struct DocCommentTestKitExampleTests {
  @Test func theUnifiedDiffExamplePrintsWhatItsCommentShows() {
    let diff = unifiedDiff(from: "a\nb\nc\n", to: "a\nB\nc\n")
    #expect(diff == "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c")
  }
}
