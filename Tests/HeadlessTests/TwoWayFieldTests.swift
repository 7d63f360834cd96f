import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
@Observable
private final class NameViewModel {
  var name = ""
}

/// Two fields and a label showing one value.
private struct NameScreen: Screen {
  let name = TextField("name")
  let twin = TextField("twin")
  let echo = Label("echo")

  var body: Widget {
    VStack("form") {
      name
      twin
      echo
    }
  }

  func bindings(_ vm: NameViewModel) -> [BindingDeclaration<NameViewModel>] {
    bind(\.name, to: name.text)
    bind(\.name, to: twin.text)
    bind(\.name, to: echo.text)
  }
}

/// A view model that sets a value back after a person edited it, before the bindings flush.
@MainActor
@Suite struct TwoWayFieldTests {
  private let model = NameViewModel()

  @Test func theDriverShowsTheModelsValueWhenAnEditIsUndoneBeforeTheFlush() async throws {
    let driver = try ScreenDriver(NameScreen(), model: model)
    try await driver.type("Ada", into: "name")
    let field = try driver.widget("name", as: TextField.self)
    field.text.edit("Bo")
    model.name = "Ada"
    try await driver.settle()
    #expect(
      driver.render() == """
        VStack #form
          TextField #name text="Ada"
          TextField #twin text="Ada"
          Label #echo text="Ada"
        """)
  }

  /// Each screen mounted without a scheduler makes its own (Decisions/0138): a screen
  /// unmounted before its changes flush leaves another screen's changes to flush on their turn.
  @Test func screensMountedWithoutASchedulerEachFlushOnTheMainActorsNextTurn() async throws {
    let other = NameViewModel()
    let first = try NameScreen().mount(on: model)
    let second = try NameScreen().mount(on: other)
    model.name = "Ada"
    other.name = "Bo"
    #expect(first.graph.needsFlush && second.graph.needsFlush)
    first.unmount()
    while second.graph.needsFlush { await Task.yield() }
    #expect(second.render().contains(#"Label #echo text="Bo""#))
    #expect(first.root == nil, "the unmounted screen holds no widgets")
  }

  @Test func theMainActorSchedulerShowsTheModelsValueWhenAnEditIsUndoneBeforeTheFlush()
    async throws
  {
    let mounted = try NameScreen().mount(on: model, scheduler: MainActorScheduler())
    model.name = "Ada"
    while mounted.graph.needsFlush { await Task.yield() }
    let field = try #require(mounted.widget("name") as? TextField)
    field.text.edit("Bo")
    model.name = "Ada"
    while mounted.graph.needsFlush { await Task.yield() }
    #expect(field.text.value == "Ada")
    #expect(mounted.render().contains(#"TextField #twin text="Ada""#))
    #expect(mounted.render().contains(#"Label #echo text="Ada""#))
  }
}
