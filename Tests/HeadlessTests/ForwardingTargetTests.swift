import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// The example of `ValueTarget.forwardsTo`: a target that counts the writes it forwards to a
/// text field's text.
final class CountingText: ValueTarget {
  let field: TextField
  var writes = 0
  init(_ field: TextField) { self.field = field }
  var targetKey: TargetKey { field.text.targetKey }
  var isEditable: Bool { true }
  var currentValue: String { field.text.value }
  var forwardsTo: AnyObject? { field.text }
  func receive(_ value: String) {
    writes += 1
    field.text.receive(value)
  }
  func addEditHandler(_ handler: @escaping @MainActor (String) -> Void) -> HandlerToken {
    field.text.addEditHandler(handler)
  }
  func removeEditHandler(_ token: HandlerToken) { field.text.removeEditHandler(token) }
}

/// A control that adapts a button and counts its taps.
@MainActor
private final class CountingControl: CommandControl, EventSource {
  let button: Button
  var taps = 0

  init(_ button: Button) { self.button = button }

  var commandTrigger: any EventSource { self }
  var commandEnabled: any ValueTarget<Bool> { button.isEnabled }
  var commandBusy: (any ValueTarget<Bool>)? { button.isBusy }

  var eventKey: TargetKey { button.tap.eventKey }
  var forwardsTo: AnyObject? { button.tap }
  func addHandler(_ handler: @escaping @MainActor () -> Void) -> HandlerToken {
    button.tap.addHandler { [weak self] in
      self?.taps += 1
      handler()
    }
  }
  func removeHandler(_ token: HandlerToken) { button.tap.removeHandler(token) }
}

@MainActor @Observable
private final class GreetingModel: CommandOwner {
  let commands = CommandStore()
  var name = "Ada"
  var saved = 0

  var save: Command<Void, Void> {
    .owned(by: self) { vm in vm.saved += 1 }
  }
}

private struct ForwardingScreen: Screen {
  let name = TextField("name")
  let save = Button("save", title: "Save")
  let counting: CountingText
  let control: CountingControl

  init() {
    counting = CountingText(name)
    control = CountingControl(save)
  }

  var body: Widget {
    VStack("form") {
      name
      save
    }
  }

  func bindings(_ vm: GreetingModel) -> [BindingDeclaration<GreetingModel>] {
    bind(\.name, to: counting)
    command(vm.save, on: control)
  }
}

/// A screen that binds both the field's text and a target forwarding to it.
private struct TwoWritersScreen: Screen {
  let name = TextField("name")
  let counting: CountingText

  init() { counting = CountingText(name) }

  var body: Widget { name }

  func bindings(_ vm: GreetingModel) -> [BindingDeclaration<GreetingModel>] {
    bind(\.name, to: name.text)
    bind(\.name, to: counting)
  }
}

@MainActor
@Suite struct ForwardingTargetTests {
  @Test func aTargetAndAControlThatForwardToWidgetsOfTheTreeMount() async throws {
    let screen = ForwardingScreen()
    let model = GreetingModel()
    let driver = try ScreenDriver(screen, model: model)
    #expect(screen.counting.writes == 1)
    #expect(try driver.widget("name", as: TextField.self).text.value == "Ada")
    model.name = "Grace"
    try await driver.settle()
    #expect(screen.counting.writes == 2)
    try await driver.type("!", into: "name")
    #expect(model.name == "Grace!", "edits reach the view model through the forwarding target")
    try await driver.tap("save")
    #expect(screen.control.taps == 1)
    #expect(model.saved == 1)
  }

  @Test func aForwardingTargetIsTheSamePropertyAsTheOneItForwardsTo() throws {
    let error = #expect(throws: ScreenError.self) {
      try TwoWritersScreen().mount(on: GreetingModel(), scheduler: ManualScheduler())
    }
    #expect(error?.description.contains("name.text is written by 2 declarations") == true)
  }
}
