import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

@testable import Showcase

/// A thumbs-up counter defined in a test target, as a team would define its own widget: a
/// stored editable count, adjustable by steps, and a tap event.
@MainActor
private final class Applause: Widget, Adjustable, Tappable {
  let count: WidgetProperty<Int>
  let tap: WidgetEvent

  init(_ id: String) {
    count = WidgetProperty(widgetID: id, name: "count", value: 0, isEditable: true)
    tap = WidgetEvent(widgetID: id, name: "tap")
    super.init(id: id)
  }

  override var renderedFields: [RenderedField] { [.init("count", .number(Double(count.value)))] }

  var adjustableValue: Double { Double(count.value) }
  var adjustableRange: ClosedRange<Double> { 0...3 }
  var adjustableStep: Double? { 1 }
  func adjust(to value: Double) { count.edit(Int(value)) }
}

@MainActor
@Observable
private final class TalkViewModel {
  var applause = 0
  private(set) var cheers = 0

  func cheer() { cheers += 1 }
}

@MainActor
private struct TalkScreen: Screen {
  let applause = Applause("applause")
  let cheers = Label("cheers")

  var body: Widget {
    VStack("talk") {
      applause
      cheers
    }
  }

  func bindings(_ vm: TalkViewModel) -> [BindingDeclaration<TalkViewModel>] {
    bind(\.applause, to: applause.count)
    on(applause.tap) { vm.cheer() }
    bind(\.cheers, to: cheers.text) { "\($0) cheers" }
  }
}

@MainActor
@Suite struct CustomWidgetSessionTests {
  @Test func theInteractiveModeDrivesAWidgetDefinedOutsideTheLibrary() async throws {
    let model = TalkViewModel()
    let driver = try ScreenDriver(TalkScreen(), model: model)
    try await driver.settle()
    let session = InteractiveSession(driver: driver)
    let stepped = await session.run("step applause 2")
    let expected = [
      "@@ -1,3 +1,3 @@", " VStack #talk", "-  Applause #applause count=0",
      "+  Applause #applause count=2", "   Label #cheers text=\"0 cheers\"",
    ]
    #expect(stepped == expected.joined(separator: "\n"))
    #expect(model.applause == 2)
    _ = await session.run("tap applause")
    #expect(model.cheers == 1)
    #expect(
      await session.run("step applause 2")
        == "error: cannot step 'applause' up by 2 from 2: it would pass its maximum, 3")
    #expect(
      await session.run("type applause x")
        == "error: cannot type 'applause': it is an Applause. Widgets that take type: none")
    session.close()
  }
}
