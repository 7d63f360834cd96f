import Headless
import Observation

// The screen of Docs/Hosts.md's "Your own screen in a GTK window", the same as the terminal
// guide's: a view model and a screen written for the library, which know nothing of GTK.

@MainActor @Observable
final class GreetingModel {
  var name = ""
  var greeting: String { name.isEmpty ? "Who are you?" : "Hello, \(name)" }
}

struct GreetingScreen: Screen {
  let name = TextField("name", placeholder: "Name")
  let greeting = Label("greeting")

  var body: Widget {
    VStack("greetingForm") {
      name
      greeting
    }
  }

  func bindings(_ vm: GreetingModel) -> [BindingDeclaration<GreetingModel>] {
    bind(\.name, to: name.text)
    bind(\.greeting, to: greeting.text)
  }
}
