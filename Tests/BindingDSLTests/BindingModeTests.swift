import BindingDSL
import Testing

@MainActor
@Suite struct BindingModeTests {
  let scheduler = ManualScheduler()
  let model = FormModel()

  @Test func automaticIsTwoWayForEditableValuesAndWritablePathsAndOneWayOtherwise() throws {
    let field = Slot("name", "text", "", editable: true)
    let greeting = Slot("greeting", "text", "")
    let fixed = Slot("fixed", "text", "", editable: true)
    let title = Slot("title", "text", "")
    let graph = try BindingGraph<FormModel> {
      bind(\.name, to: field)
      bind(\.greeting, to: greeting)
      bind(\.fixed, to: fixed)
      bind(\.name, to: title)
    }
    #expect(graph.edges.map(\.mode) == [.twoWay, .oneWay, .oneWay, .oneWay])
  }

  @Test func oneWayWritesTheInitialValueAtMountAndChangesAtTheFlush() throws {
    let label = Slot("greeting", "text", "")
    let mounted = try BindingGraph<FormModel> { bind(\.greeting, to: label) }
      .mount(on: model, scheduler: scheduler)
    #expect(label.received == ["Hello, "])
    model.name = "Ada"
    #expect(label.received == ["Hello, "], "nothing is written before the flush")
    #expect(mounted.needsFlush)
    scheduler.flush()
    #expect(label.received == ["Hello, ", "Hello, Ada"])
    #expect(!mounted.needsFlush)
  }

  /// A two-way binding with converters and one without: they are linked by different objects.
  @Test(arguments: [false, true])
  func anEditReachingATwoWayBindingAfterAnEarlierHandlerUnmountedItDoesNothing(converted: Bool)
    throws
  {
    let field = Slot("name", "text", "", editable: true)
    var mounted: MountedGraph<FormModel>?
    weak var released: FormModel?
    // NB: added first, so it runs first; the widget still calls the handlers it had when the
    // edit began, the binding's among them.
    _ = field.addEditHandler { _ in
      mounted?.unmount()
      mounted = nil
    }
    do {
      let model = FormModel()
      released = model
      mounted = try twoWay(\.name, field, converted: converted)
        .mount(on: model, scheduler: scheduler)
    }
    #expect(field.handlerCount == 2)
    field.edit("Bo")
    #expect(released == nil, "the unmount released the view model before the binding's turn")
    #expect(!scheduler.hasPendingFlush)
    #expect(field.handlerCount == 1)
  }

  /// A two-way binding of `keyPath` to `field`: without converters, or through identity
  /// converters, which make it an edit link of the general kind.
  private func twoWay<Field: ValueTarget<String>>(
    _ keyPath: ReferenceWritableKeyPath<FormModel, String>, _ field: Field, converted: Bool
  ) throws -> BindingGraph<FormModel> {
    converted
      ? try BindingGraph<FormModel> {
        bind(keyPath, to: field, transform: { $0 }, back: { $0 })
      }
      : try BindingGraph<FormModel> { bind(keyPath, to: field) }
  }

  @Test(arguments: [false, true])
  func twoWayCarriesEditsBackWithoutEchoingThem(converted: Bool) throws {
    let field = Slot("name", "text", "", editable: true)
    let mounted = try twoWay(\.name, field, converted: converted)
      .mount(on: model, scheduler: scheduler)
    field.edit("Bo")
    #expect(model.name == "Bo", "an edit reaches the view model at once")
    scheduler.flush()
    #expect(field.received == [""], "the edit is not written back into the field")
    model.name = "Cy"
    scheduler.flush()
    #expect(field.received == ["", "Cy"])
    #expect(mounted.updateCount == 2)
  }

  @Test(arguments: [false, true])
  func twoWayShowsTheValueAViewModelNormalisedAnEditTo(converted: Bool) throws {
    let field = Slot("code", "text", "", editable: true)
    let mounted = try twoWay(\.code, field, converted: converted)
      .mount(on: model, scheduler: scheduler)
    field.edit("ab12")
    scheduler.flush()
    #expect(model.code == "AB12")
    #expect(field.currentValue == "AB12")
    #expect(mounted.updateCount == 1)
  }

  @Test(arguments: [false, true])
  func anEditTheViewModelCorrectsBackToItsValueShowsTheCorrection(converted: Bool) throws {
    let field = Slot("pin", "text", "", editable: true)
    let mounted = try twoWay(\.pin, field, converted: converted)
      .mount(on: model, scheduler: scheduler)
    field.edit("1234")
    scheduler.flush()
    field.edit("12345")
    #expect(model.pin == "1234")
    #expect(field.currentValue == "1234", "the field shows what the model kept, at once")
    scheduler.flush()
    #expect(field.received == ["", "1234"], "and the flush does not write it again")
    #expect(mounted.updateCount == 1)
  }

  @Test func aConverterKeepsTheEditsSpellingAndRejectsWhatItCannotConvert() throws {
    let field = Slot("age", "text", "", editable: true)
    let graph = try BindingGraph<FormModel> {
      bind(\.age, to: field, transform: { String($0) }, back: { Int($0) })
    }
    #expect(graph.edges.map(\.mode) == [.twoWay])
    #expect(graph.edges.map(\.isTransformed) == [true])
    let mounted = graph.mount(on: model, scheduler: scheduler)
    #expect(field.currentValue == "0")
    field.edit("007")
    scheduler.flush()
    #expect(model.age == 7)
    #expect(field.currentValue == "007", "7 is what the edit produced: no echo")
    field.edit("seven")
    scheduler.flush()
    #expect(model.age == 7, "a rejected edit leaves the view model as it was")
    model.age = 8
    scheduler.flush()
    #expect(field.currentValue == "8")
    #expect(mounted.updateCount == 2, "7, then 8; the rejected edit changed nothing")
  }

  @Test func oneWayToSourceWritesTheWidgetsValueAtMountAndOnlyEditsAfterwards() throws {
    let field = Slot("name", "text", "preset", editable: true)
    let graph = try BindingGraph<FormModel> { bind(\.name, to: field, mode: .oneWayToSource) }
    #expect(graph.edges.count == 1)
    #expect(graph.node(graph.edges[0].from).name == "name.text", "the edge runs widget to model")
    let mounted = graph.mount(on: model, scheduler: scheduler)
    #expect(model.name == "preset")
    model.name = "changed in the model"
    scheduler.flush()
    #expect(field.received.isEmpty)
    #expect(!mounted.needsFlush, "a to-source binding observes nothing in the model")
    field.edit("typed")
    #expect(model.name == "typed")
  }

  @Test func oneTimeWritesOnceAndIgnoresLaterChanges() throws {
    let label = Slot("count", "text", "")
    let mounted = try BindingGraph<FormModel> {
      bind(\.count, to: label, mode: .oneTime) { "\($0) items" }
    }.mount(on: model, scheduler: scheduler)
    model.count = 3
    scheduler.flush()
    #expect(label.received == ["0 items"])
    #expect(!mounted.needsFlush, "a one-time binding observes nothing")
  }

  @Test func aTransformConvertsEachValue() throws {
    let label = Slot("count", "text", "")
    let mounted = try BindingGraph<FormModel> { bind(\.count, to: label) { "\($0) items" } }
      .mount(on: model, scheduler: scheduler)
    model.count = 2
    scheduler.flush()
    #expect(label.received == ["0 items", "2 items"])
    #expect(mounted.updateCount == 1)
  }

  @Test func aComputedPropertyTracksWhateverItReads() throws {
    let label = Slot("greeting", "text", "")
    let enabled = Slot("save", "isEnabled", false)
    let mounted = try BindingGraph<FormModel> {
      bind(\.greeting, to: label)
      bind(\.save.canExecute, to: enabled)
    }.mount(on: model, scheduler: scheduler)
    #expect(enabled.currentValue == false)
    model.name = "Ada"
    scheduler.flush()
    #expect(label.currentValue == "Hello, Ada")
    #expect(enabled.currentValue == true, "the command's predicate reads name")
    #expect(mounted.updateCount == 2)
  }

  /// A widget kit may number its handlers from 0: a link must not take a token for "none".
  @Test(arguments: [false, true])
  func aTwoWayBindingWorksWithAWidgetWhoseTokensStartAtZero(converted: Bool) throws {
    let field = ZeroTokenField()
    let mounted = try twoWay(\.name, field, converted: converted)
      .mount(on: model, scheduler: scheduler)
    field.edit("Ada")
    #expect(model.name == "Ada")
    scheduler.flush()
    model.name = "Bo"
    scheduler.flush()
    #expect(field.currentValue == "Bo")
    mounted.unmount()
    #expect(field.handlerCount == 0, "the handler under token 0 came off the widget")
  }
}

/// An editable text whose handler tokens count from 0, as a widget kit's may.
@MainActor
private final class ZeroTokenField: ValueTarget {
  let targetKey = TargetKey(widgetID: "zero", property: "text")
  let isEditable = true
  private(set) var currentValue = ""
  private var handlers: [(token: Int, handler: @MainActor (String) -> Void)] = []
  private var nextToken = 0

  var handlerCount: Int { handlers.count }

  func receive(_ value: String) { currentValue = value }

  func addEditHandler(_ handler: @escaping @MainActor (String) -> Void) -> HandlerToken {
    defer { nextToken += 1 }
    handlers.append((nextToken, handler))
    return HandlerToken(rawValue: nextToken)
  }

  func removeEditHandler(_ token: HandlerToken) {
    handlers.removeAll { $0.token == token.rawValue }
  }

  func edit(_ value: String) {
    currentValue = value
    for (_, handler) in handlers { handler(value) }
  }
}
