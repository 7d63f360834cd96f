import BindingDSL
import Headless
import Observation
import Testing

/// A screen unmounted and mounted again through one mount cache on a view model that lives on
/// takes over the Observation registration its last mount left (Observation cannot cancel one),
/// and follows the view model as before. The registrations go with the cache: two caches share
/// none, and a mount without one registers anew (Decisions/0130).
@MainActor
@Suite struct RemountObservationTests {
  @Test func aScreenMountedAgainOnItsViewModelMakesNoNewRegistration() throws {
    let model = RemountedNoteModel()
    let scheduler = ManualScheduler()
    let cache = ScreenMountCache()
    try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: cache).unmount()
    for _ in 0..<5 {
      let again = try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: cache)
      #expect(again.graph.registrationsMade == 0, "the last mount's registration is taken over")
      again.unmount()
    }
    let screen = RemountedNoteScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler, cache: cache)
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
    let cache = ScreenMountCache()
    try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: cache).unmount()
    model.title = "Changed while away"
    let screen = RemountedNoteScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler, cache: cache)
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
    let cache = ScreenMountCache()
    do {
      let model = RemountedNoteModel()
      weakModel = model
      for _ in 0..<3 {
        try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: cache).unmount()
      }
      #expect(cache.parked.count == 1, "one registration is kept for the view model, the last")
    }
    #expect(weakModel == nil, "a registration left for the next mount does not keep the model")
    #expect(cache.parked.count == 0, "the cache lets go of what the freed view model left")
  }

  @Test func twoCachesDoNotShareTheRegistrationsTheirMountsLeft() throws {
    let model = RemountedNoteModel()
    let scheduler = ManualScheduler()
    let first = ScreenMountCache()
    let second = ScreenMountCache()
    try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: first).unmount()
    let other = try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: second)
    #expect(other.graph.registrationsMade == 1, "the other cache holds nothing of the first's")
    other.unmount()
    #expect(first.parked.count == 1 && second.parked.count == 1)
    let back = try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: first)
    #expect(back.graph.registrationsMade == 0, "the first cache's registration is still there")
    #expect(first.parked.count == 0, "taken over, it leaves the cache")
    back.unmount()
  }

  @Test func theRegistrationsGoWithTheirCache() throws {
    let model = RemountedNoteModel()
    let scheduler = ManualScheduler()
    weak var weakCache: ScreenMountCache?
    do {
      let cache = ScreenMountCache()
      weakCache = cache
      try RemountedNoteScreen().mount(on: model, scheduler: scheduler, cache: cache).unmount()
      #expect(cache.parked.count == 1)
    }
    #expect(weakCache == nil, "nothing the mounts left holds the cache")
    let again = try RemountedNoteScreen().mount(
      on: model, scheduler: scheduler, cache: ScreenMountCache())
    #expect(again.graph.registrationsMade == 1, "a new cache takes nothing over")
    again.unmount()
  }

  @Test func aScreenMountedAgainWithoutACacheRegistersEachTime() throws {
    let model = RemountedNoteModel()
    let scheduler = ManualScheduler()
    try RemountedNoteScreen().mount(on: model, scheduler: scheduler).unmount()
    for _ in 0..<3 {
      let again = try RemountedNoteScreen().mount(on: model, scheduler: scheduler)
      #expect(again.graph.registrationsMade == 1, "nothing was kept to take over")
      again.unmount()
    }
    let screen = RemountedNoteScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    model.title = "Changed"
    scheduler.flush()
    #expect(screen.title.text.value == "Changed")
    mounted.unmount()
  }

  @Test func aViewModelPushedAgainOnAnAppHostMakesNoNewRegistration() throws {
    let registry = ScreenRegistry()
    try registry.register("note") { RemountedNoteScreen() }
    let scheduler = ManualScheduler()
    let host = AppHost(registry: registry, scheduler: scheduler)
    let root = RemountedNoteModel()
    let model = RemountedNoteModel()
    try host.setStack([root])
    try host.push(model)
    try host.pop()
    let before = host.graph.registrationsMade
    for _ in 0..<5 {
      try host.push(model)
      try host.pop()
    }
    #expect(host.graph.registrationsMade == before, "each push takes the last one's over")
    try host.push(model)
    model.title = "Changed"
    scheduler.flush()
    #expect(host.render().contains(#"Label #title text="Changed""#))
  }

  @Test func anEmbeddedScreenShowingAViewModelAgainTakesItsRegistrationOver() throws {
    let holder = NoteHolderModel()
    let first = RemountedNoteModel()
    let second = RemountedNoteModel()
    holder.note = first
    let scheduler = ManualScheduler()
    // NB: without a cache: the embedded screen keeps its own for the child screens it shows.
    let screen = NoteHolderScreen()
    let mounted = try screen.mount(on: holder, scheduler: scheduler)
    holder.note = second
    scheduler.flush()
    let before = mounted.graph.registrationsMade
    for _ in 0..<5 {
      holder.note = first
      scheduler.flush()
      holder.note = second
      scheduler.flush()
    }
    // NB: each change of `note` is observed again where it was read, one registration; the
    // child screens shown again make none.
    #expect(mounted.graph.registrationsMade - before == 10)
    first.title = "Changed"
    holder.note = first
    scheduler.flush()
    #expect(mounted.render().contains(#"Label #title text="Changed""#))
    first.title = "Changed again"
    scheduler.flush()
    #expect(mounted.render().contains(#"Label #title text="Changed again""#))
    mounted.unmount()
  }
}

@MainActor
@Observable
private final class NoteHolderModel {
  var note: RemountedNoteModel?
}

private struct NoteHolderScreen: Screen {
  let child = EmbeddedScreen("child") { RemountedNoteScreen() }

  var body: Widget {
    VStack("holder") {
      child
    }
  }

  func bindings(_ vm: NoteHolderModel) -> [BindingDeclaration<NoteHolderModel>] {
    embed(\.note, in: child)
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
