import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A child screen's view model that runs what a test gives it when the child appears.
@MainActor
@Observable
final class AppearingChildViewModel {
  var text = "child"
  @ObservationIgnored var onWillAppear: (() -> Void)?
}

struct AppearingChildScreen: Screen {
  let text = Label("childText")
  var body: Widget { text }
  func bindings(_ vm: AppearingChildViewModel) -> [BindingDeclaration<AppearingChildViewModel>] {
    bind(\.text, to: text.text)
    on(.willAppear) { vm.onWillAppear?() }
  }
}

/// A parent that embeds the child screen once its view model is set.
@MainActor
@Observable
final class EmbeddingParentViewModel {
  var title = "parent"
  var child: AppearingChildViewModel?
}

struct EmbeddingParentScreen: Screen {
  let title = Label("parentTitle")
  let child = EmbeddedScreen("child") { AppearingChildScreen() }
  var body: Widget {
    VStack("parent") {
      title
      child
    }
  }
  func bindings(_ vm: EmbeddingParentViewModel) -> [BindingDeclaration<EmbeddingParentViewModel>] {
    bind(\.title, to: title.text)
    embed(\.child, in: child)
  }
}

/// Navigation asked for from inside a flush: a child screen that appears while its parent's
/// bindings flush pops or pushes.
@MainActor
@Suite struct ReentrantNavigationTests {
  func registry() throws -> ScreenRegistry {
    let registry = try navigationRegistry()
    try registry.register("embeddingParent", title: "Parent") { EmbeddingParentScreen() }
    return registry
  }

  /// A child screen that appears while a flush runs (its view model was set) and pops the screen
  /// that embeds it: the pop happens, nothing crashes, and both view models are let go.
  @Test func aChildAppearingMidFlushThatPopsItsParentLeavesNothingBehind() async throws {
    let driver = AppDriver(registry: try registry())
    let log = EventLog()
    weak var weakParent: EmbeddingParentViewModel?
    weak var weakChild: AppearingChildViewModel?
    try await driver.start { host in
      PageViewModel("home", navigator: host, log: log, clock: driver.clock)
    }
    do {
      let parent = EmbeddingParentViewModel()
      weakParent = parent
      try await driver.navigate { (host) throws(NavigationError) in try host.push(parent) }
      #expect(driver.host.mainStack.count == 2)
      let child = AppearingChildViewModel()
      weakChild = child
      let host = driver.host
      child.onWillAppear = { try? host.pop() }
      parent.child = child
    }
    try await driver.settle()
    #expect(driver.host.mainStack.count == 1, "the child's willAppear popped its parent")
    #expect(weakParent == nil, "the popped parent view model is let go")
    #expect(weakChild == nil, "the child view model is let go")
  }

  /// A child appearing mid-flush pushes a screen: it is shown, with its bindings running.
  @Test func aChildAppearingMidFlushThatPushesShowsTheNewScreen() async throws {
    let driver = AppDriver(registry: try registry())
    let log = EventLog()
    try await driver.start { host in
      PageViewModel("home", navigator: host, log: log, clock: driver.clock)
    }
    let parent = EmbeddingParentViewModel()
    try await driver.navigate { (host) throws(NavigationError) in try host.push(parent) }
    let child = AppearingChildViewModel()
    let note = NoteViewModel()
    let host = driver.host
    child.onWillAppear = { try? host.push(note) }
    parent.child = child
    try await driver.settle()
    #expect(driver.host.visibleModel === note)
    note.text = "changed"
    try await driver.settle()
    #expect(driver.render().contains(#"text="changed""#), "\(driver.render())")
  }
}
