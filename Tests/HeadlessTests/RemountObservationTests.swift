import BindingDSL
import Headless
import Observation
import Testing

/// A screen unmounted and mounted again on a view model that lives on takes over the Observation
/// registration its last mount left (Observation cannot cancel one), and follows the view model
/// as before.
@MainActor
@Suite struct RemountObservationTests {
  @Test func aScreenMountedAgainOnItsViewModelMakesNoNewRegistration() throws {
    let model = RemountedNoteModel()
    let scheduler = ManualScheduler()
    try RemountedNoteScreen().mount(on: model, scheduler: scheduler).unmount()
    for _ in 0..<5 {
      let again = try RemountedNoteScreen().mount(on: model, scheduler: scheduler)
      #expect(again.graph.registrationsMade == 0, "the last mount's registration is taken over")
      again.unmount()
    }
    let screen = RemountedNoteScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    model.title = "Changed"
    scheduler.flush()
    #expect(screen.title.text.value == "Changed")
    model.text = "Changed too"
    scheduler.flush()
    #expect(screen.text.text.value == "Changed too", "observed again after the first change")
    mounted.unmount()
  }

  @Test func aScreenWhoseViewModelChangedWhileUnmountedRegistersAnewAndShowsTheChange() throws {
    let model = RemountedNoteModel()
    let scheduler = ManualScheduler()
    try RemountedNoteScreen().mount(on: model, scheduler: scheduler).unmount()
    model.title = "Changed while away"
    let screen = RemountedNoteScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    #expect(mounted.graph.registrationsMade == 1, "the last registration fired; a new one is made")
    #expect(screen.title.text.value == "Changed while away")
    model.title = "Changed again"
    scheduler.flush()
    #expect(screen.title.text.value == "Changed again")
    mounted.unmount()
  }

  @Test func aScreenMountedAgainIsReleasedWhenUnmounted() throws {
    weak var weakModel: RemountedNoteModel?
    let scheduler = ManualScheduler()
    do {
      let model = RemountedNoteModel()
      weakModel = model
      for _ in 0..<3 { try RemountedNoteScreen().mount(on: model, scheduler: scheduler).unmount() }
    }
    #expect(weakModel == nil, "a registration left for the next mount does not keep the model")
  }
}

@MainActor
@Observable
private final class RemountedNoteModel {
  var title = "Title"
  var text = "Text"
}

private struct RemountedNoteScreen: Screen {
  let title = Label("title")
  let text = Label("text")

  var body: Widget {
    VStack("note") {
      title
      text
    }
  }

  func bindings(_ vm: RemountedNoteModel) -> [BindingDeclaration<RemountedNoteModel>] {
    bind(\.title, to: title.text)
    bind(\.text, to: text.text)
  }
}
