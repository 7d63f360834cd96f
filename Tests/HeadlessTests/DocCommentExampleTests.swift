import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

// The examples of the documentation comments of `Command`, `BindingGraph` and `ScreenDriver`,
// as written there; each function supplies what its example needs around it (the view model,
// the widgets), and the tests run them.

@MainActor @Observable final class LoginViewModel: CommandOwner {
  let commands = CommandStore()
  var name = ""
  var greeting = ""
  var logIn: Command<Void, Void> {
    .owned(by: self, enabledWhen: { !$0.name.isEmpty }) { vm in
      vm.greeting = "Hello, \(vm.name)"
    }
  }
}

@MainActor
private func bindingGraphExample(
  vm: LoginViewModel, nameField: TextField, logInButton: Button
) throws -> BindingGraph<LoginViewModel> {
  let graph = try BindingGraph<LoginViewModel> {
    bind(\.name, to: nameField.text)
    command(vm.logIn, on: logInButton)
  }
  print(graph.dump())
  return graph
}

@MainActor
private func screenDriverExample() async throws -> String {
  let clock = VirtualClock()
  let driver = try ScreenDriver(SignUpScreen(), model: SignUpViewModel(), clock: clock)
  try await driver.type("ada@example.com", into: "email")
  try await driver.toggle("agree")
  try await driver.tap("submit")
  print(driver.render())
  return driver.render()
}

@MainActor
@Suite struct DocCommentExampleTests {
  @Test func theCommandExampleRunsItsWorkOnceANameIsTyped() async throws {
    let model = LoginViewModel()
    #expect(!model.logIn.canExecute)
    model.name = "Ada"
    model.logIn.execute()
    try await model.logIn.settle()
    #expect(model.greeting == "Hello, Ada")
  }

  @Test func theBindingGraphExampleBuildsAGraphOfBothDeclarations() throws {
    let graph = try bindingGraphExample(
      vm: LoginViewModel(), nameField: TextField("name", placeholder: "Name"),
      logInButton: Button("logIn", title: "Log in"))
    #expect(graph.declarations.count == 2)
    #expect(graph.dump().contains("name.text"))
  }

  @Test func theScreenDriverExampleSignsUp() async throws {
    let text = try await screenDriverExample()
    #expect(text.contains(#"TextField #email text="ada@example.com""#))
    #expect(text.contains("isOn=true"))
  }
}
