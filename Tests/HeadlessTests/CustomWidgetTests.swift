import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A star rating, written outside the library as a team would write its own widget: its
/// properties are stored properties made with its id, and adopting ``Adjustable`` is all the
/// driver needs to slide and step it.
@MainActor
final class RatingWidget: Widget, Adjustable {
  /// How many stars are lit, editable.
  let stars: WidgetProperty<Int>
  /// What the rating is of.
  let caption: WidgetProperty<String>
  /// Sent when a person clears the rating; no binding needs it to be registered.
  let cleared: WidgetEvent
  let maximum: Int

  /// A property made anew each time it is read: never the widget's own.
  var ghost: WidgetProperty<String> { WidgetProperty(widgetID: id, name: "ghost", value: "") }

  init(_ id: String, caption: String = "", maximum: Int = 5) {
    stars = WidgetProperty(widgetID: id, name: "stars", value: 0, isEditable: true)
    self.caption = WidgetProperty(widgetID: id, name: "caption", value: caption)
    cleared = WidgetEvent(widgetID: id, name: "cleared")
    self.maximum = maximum
    super.init(id: id)
  }

  override var kind: String { "Rating" }

  override var renderedFields: [RenderedField] {
    let lit = String(repeating: "★", count: stars.value)
    let unlit = String(repeating: "☆", count: max(0, maximum - stars.value))
    return [.init("caption", .text(caption.value)), .init("stars", .text(lit + unlit))]
  }

  var adjustableValue: Double { Double(stars.value) }
  var adjustableRange: ClosedRange<Double> { 0...Double(maximum) }
  var adjustableStep: Double? { 1 }
  func adjust(to value: Double) { stars.edit(Int(value)) }
}

@MainActor
@Observable
final class ReviewViewModel {
  var stars = 2
  var title = "Pen"
  var volume = 0.5
}

@MainActor
struct ReviewScreen: Screen {
  let rating = RatingWidget("rating", caption: "Your rating")
  let volume = Slider("volume", value: 0.5, range: 0...1, step: 0.25)
  let title = TextField("title")

  var body: Widget {
    VStack("review") {
      rating
      volume
      title
    }
  }

  func bindings(_ vm: ReviewViewModel) -> [BindingDeclaration<ReviewViewModel>] {
    bind(\.stars, to: rating.stars)
    bind(\.title, to: rating.caption)
    bind(\.volume, to: volume.value)
    bind(\.title, to: title.text)
  }
}

@MainActor
@Suite struct CustomWidgetTests {
  @Test func aWidgetFromOutsideTheLibraryBindsTwoWayRendersAndIsDriven() async throws {
    let model = ReviewViewModel()
    let driver = try ScreenDriver(ReviewScreen(), model: model)
    try await driver.settle()
    #expect(
      driver.render() == """
        VStack #review
          Rating #rating caption="Pen" stars="★★☆☆☆"
          Slider #volume value=0.5 range=0...1 step=0.25
          TextField #title text="Pen"
        """)
    try await driver.slide("rating", to: 4)
    #expect(model.stars == 4, "an editable property makes bind two-way without a mode")
    try await driver.step("rating", by: -3)
    #expect(model.stars == 1)
    model.stars = 5
    try await driver.settle()
    #expect(driver.render().contains(#"Rating #rating caption="Pen" stars="★★★★★""#))
    let graph = driver.mounted.bindingGraph.dump()
    #expect(graph.contains("rating.stars"))
  }

  @Test func aCustomWidgetGetsTheSameMessagesAsABuiltInOne() async throws {
    let driver = try ScreenDriver(ReviewScreen(), model: ReviewViewModel())
    let outside = await expectDriverFailure {
      try await driver.slide("rating", to: 7)
    }
    #expect(outside?.message == "cannot slide 'rating' to 7: its range is 0...5")
    let builtIn = await expectDriverFailure {
      try await driver.slide("volume", to: 7)
    }
    #expect(builtIn?.message == "cannot slide 'volume' to 7: its range is 0...1")
    let offStep = await expectDriverFailure {
      try await driver.slide("rating", to: 2.5)
    }
    #expect(
      offStep?.message
        == "cannot slide 'rating' to 2.5: it moves in steps of 1 from 0; the nearest values are "
        + "2 and 3")
    let pastTheEnd = await expectDriverFailure {
      try await driver.step("rating", by: 4)
    }
    #expect(
      pastTheEnd?.message == "cannot step 'rating' up by 4 from 2: it would pass its maximum, 5")
    let wrongKind = await expectDriverFailure {
      try await driver.slide("title", to: 1)
    }
    #expect(
      wrongKind?.message
        == "cannot slide 'title': it is a TextField. Widgets that take slide: rating, volume")
    let typing = await expectDriverFailure {
      try await driver.type("x", into: "rating")
    }
    #expect(
      typing?.message == "cannot type 'rating': it is a Rating. Widgets that take type: title")
  }

  @Test func aHiddenOrDisabledCustomWidgetIsRefusedAsABuiltInOne() async throws {
    let screen = ReviewScreen()
    let driver = try ScreenDriver(screen, model: ReviewViewModel())
    screen.rating.isHidden.value = true
    let hidden = await expectDriverFailure { try await driver.step("rating") }
    #expect(hidden?.message == "cannot step 'rating': it is hidden")
    screen.rating.isHidden.value = false
    screen.rating.isEnabled.value = false
    let disabled = await expectDriverFailure { try await driver.step("rating") }
    #expect(disabled?.message == "cannot step 'rating': it is disabled")
  }

  @Test func declaringAPropertyRegistersItForTheMountChecks() {
    let rating = RatingWidget("rating")
    #expect(
      rating.members.map(\.memberName) == [
        "isEnabled", "isHidden", "accessibilityLabel", "stars", "caption", "cleared",
      ])
  }

  @Test func aPropertyThatIsNotStoredIsAnErrorAtMount() throws {
    let error = #expect(throws: ScreenError.self) {
      try ScreenDriver(GhostScreen(), model: ReviewViewModel())
    }
    let problem = try #require(error?.problems.first)
    // NB: one literal, not a chain of `+`, which took the type checker 200 ms in #expect.
    let expected = """
      uses rating.ghost, but the widget 'rating' (a Rating) has no property or event 'ghost' \
      among its stored properties; its members: isEnabled, isHidden, accessibilityLabel, \
      stars, caption, cleared. Declare widget properties and events as stored properties \
      of the widget
      """
    #expect(problem.hasSuffix(expected))
  }

  @Test func aPropertyMadeWithAnotherIdThanItsWidgetsIsAnErrorAtMount() throws {
    let error = #expect(throws: ScreenError.self) {
      try ScreenDriver(MisnamedScreen(), model: ReviewViewModel())
    }
    let problem = try #require(error?.problems.first)
    let expected = """
      uses score.stars, which belongs to the widget 'rating' (a Rating) but was made with the \
      id 'score'; make a widget's properties and events with the widget's own id
      """
    #expect(problem.hasSuffix(expected))
  }

  @Test func unmountingReleasesTheCustomWidgetAndTheViewModel() async throws {
    weak var weakModel: ReviewViewModel?
    weak var weakRating: RatingWidget?
    do {
      let model = ReviewViewModel()
      let screen = ReviewScreen()
      weakModel = model
      weakRating = screen.rating
      let driver = try ScreenDriver(screen, model: model)
      try await driver.slide("rating", to: 3)
      driver.unmount()
    }
    #expect(weakModel == nil)
    #expect(weakRating == nil)
  }
}

@MainActor
private struct GhostScreen: Screen {
  let rating = RatingWidget("rating")

  var body: Widget { rating }

  func bindings(_ vm: ReviewViewModel) -> [BindingDeclaration<ReviewViewModel>] {
    bind(\.title, to: rating.ghost)
  }
}

/// A rating whose `stars` was made with another id than the rating's.
@MainActor
private final class MisnamedRating: Widget {
  let stars = WidgetProperty(widgetID: "score", name: "stars", value: 0, isEditable: true)

  override var kind: String { "Rating" }
}

@MainActor
private struct MisnamedScreen: Screen {
  let rating = MisnamedRating(id: "rating")

  var body: Widget { rating }

  func bindings(_ vm: ReviewViewModel) -> [BindingDeclaration<ReviewViewModel>] {
    bind(\.stars, to: rating.stars)
  }
}
