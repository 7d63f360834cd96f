import BindingDSL
import Headless
import Observation
import Testing

/// A view model whose flags decide which declarations a screen's body makes.
@MainActor
@Observable
final class ShapeViewModel {
  var name = "Ada"
  var count = 2
  var bindsTwice = false
}

/// A screen whose shape depends on its view model (an `if`, a `for`) and on how it was made
/// (a tree with or without a widget).
private struct ShapeScreen: Screen {
  let title = Label("title")
  let extra = Label("extra")
  let items = (0..<12).map { Label("item\($0)") }
  var showsExtra = true

  var body: Widget {
    VStack("shape") {
      title
      if showsExtra { extra }
      for item in items { item }
    }
  }

  func bindings(_ vm: ShapeViewModel) -> [BindingDeclaration<ShapeViewModel>] {
    bind(\.name, to: title.text)
    bind(\.name, to: extra.text)
    if vm.bindsTwice {
      bind(\.count, to: title.text) { "\($0)" }
    }
    for item in items.prefix(vm.count) {
      bind(\.count, to: item.text) { "\($0)" }
    }
  }
}

/// A screen whose one bindings line binds the name or the count, depending on its view model: two
/// graphs of one shape.
private struct OneLineScreen: Screen {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: ShapeViewModel) -> [BindingDeclaration<ShapeViewModel>] {
    vm.bindsTwice ? bind(\.count, to: title.text) { "\($0)" } : bind(\.name, to: title.text)
  }
}

/// The mounts of a screen type through one owner's mount cache share one checked graph per
/// shape; a mount of another shape is checked as a first mount is; two owners share nothing.
@MainActor
@Suite struct ScreenShapeTests {
  @Test func mountsOfOneShapeShareTheCheckedGraphAndEachShowsItsOwnModel() throws {
    let cache = ScreenMountCache()
    let first = try ShapeScreen().mount(
      on: ShapeViewModel(), scheduler: ManualScheduler(), cache: cache)
    let other = ShapeViewModel()
    other.name = "Grace"
    let second = try ShapeScreen().mount(on: other, scheduler: ManualScheduler(), cache: cache)
    #expect(second.bindingGraph.isDescriptionOnly, "the mount keeps no compiled graph of its own")
    #expect(second.bindingGraph.dump() == first.bindingGraph.dump())
    #expect(
      second.bindingGraph.declarations.map(\.summary)
        == first.bindingGraph.declarations.map(\.summary))
    #expect(second.render().contains(#"Label #title text="Grace""#))
    #expect(first.render().contains(#"Label #title text="Ada""#))
    other.name = "Hopper"
    second.graph.flush()
    #expect(second.render().contains(#"Label #extra text="Hopper""#))
    first.unmount()
    second.unmount()
  }

  @Test func theSharedGraphKeepsNoViewModelAndNoWidget() throws {
    let cache = ScreenMountCache()
    weak var weakModel: ShapeViewModel?
    weak var weakTitle: Label?
    do {
      for _ in 0..<2 {
        let model = ShapeViewModel()
        let screen = ShapeScreen()
        weakModel = model
        weakTitle = screen.title
        let mounted = try screen.mount(on: model, scheduler: ManualScheduler(), cache: cache)
        #expect(mounted.render().contains(#"Label #title text="Ada""#))
        mounted.unmount()
      }
    }
    #expect(weakModel == nil, "the view model of the mount that reused the graph is released")
    #expect(weakTitle == nil, "and so are its widgets")
  }

  @Test func aBodyThatTakesAnotherBranchIsCheckedAgain() throws {
    let cache = ScreenMountCache()
    _ = try ShapeScreen().mount(on: ShapeViewModel(), scheduler: ManualScheduler(), cache: cache)
    let conflicting = ShapeViewModel()
    conflicting.bindsTwice = true
    let error = #expect(throws: ScreenError.self) {
      try ShapeScreen().mount(on: conflicting, scheduler: ManualScheduler(), cache: cache)
    }
    #expect(error?.graphProblems.map(\.kind) == [.conflictingWriters])
  }

  @Test func aTreeWithoutAWidgetTheBindingsReachIsCheckedAgain() throws {
    let cache = ScreenMountCache()
    _ = try ShapeScreen().mount(on: ShapeViewModel(), scheduler: ManualScheduler(), cache: cache)
    let error = #expect(throws: ScreenError.self) {
      try ShapeScreen(showsExtra: false).mount(
        on: ShapeViewModel(), scheduler: ManualScheduler(), cache: cache)
    }
    #expect(error?.problems.first?.contains("no widget 'extra' is in the tree") == true)
  }

  @Test func manyShapesAreEachCorrectAndTheOldestAreCheckedAgain() throws {
    let cache = ScreenMountCache()
    for round in 0..<2 {
      for count in 0...ScreenMountCache.shapeLimit + 2 {
        let model = ShapeViewModel()
        model.count = count
        let mounted = try ShapeScreen().mount(
          on: model, scheduler: ManualScheduler(), cache: cache)
        #expect(
          mounted.bindingGraph.declarations.count == 2 + count, "round \(round), count \(count)")
        let shown = mounted.render().split(separator: "\n").filter {
          $0.contains("#item") && $0.hasSuffix("text=\"\(count)\"")
        }.count
        #expect(shown == count, "round \(round): every bound item shows the count")
        mounted.unmount()
      }
    }
  }

  @Test func mountsThroughOneOwnerShareAGraphAndMountsWithoutOneAreEachChecked() throws {
    let scheduler = ManualScheduler()
    let counting = ShapeViewModel()
    counting.bindsTwice = true
    let reads = { (mounted: MountedScreen<OneLineScreen>) in
      mounted.bindingGraph.declarations.map(\.summary).joined()
    }
    let cache = ScreenMountCache()
    let first = try OneLineScreen().mount(
      on: ShapeViewModel(), scheduler: scheduler, cache: cache)
    let shared = try OneLineScreen().mount(on: counting, scheduler: scheduler, cache: cache)
    // NB: one line, one shape: the owner's graph is the first mount's (Decision 0017).
    #expect(reads(first).contains("<String>") && reads(shared) == reads(first))
    let alone = try OneLineScreen().mount(on: counting, scheduler: scheduler)
    #expect(reads(alone).contains("<Int>"), "a mount without a cache is checked on its own")
    let other = ScreenMountCache()
    let own = try OneLineScreen().mount(on: counting, scheduler: scheduler, cache: other)
    #expect(reads(own) == reads(alone), "another owner's cache holds nothing of the first's")
    #expect(cache.shapeCount == 1 && other.shapeCount == 1)
    for mounted in [first, shared, alone, own] { mounted.unmount() }
  }

  @Test func twoAppHostsDoNotShareCheckedShapes() throws {
    let registry = ScreenRegistry()
    try registry.register("shape") { ShapeScreen() }
    let scheduler = ManualScheduler()
    let first = AppHost(registry: registry, scheduler: scheduler)
    let second = AppHost(registry: registry, scheduler: scheduler)
    try first.push(ShapeViewModel())
    try first.push(ShapeViewModel())
    #expect(first.cache.shapeCount == 1, "the second push reuses the first one's graph")
    #expect(second.cache.shapeCount == 0)
    try second.push(ShapeViewModel())
    #expect(second.cache.shapeCount == 1, "the second host checks its own first push")
  }

  @Test func theMountCacheGoesWithItsAppHost() throws {
    let registry = ScreenRegistry()
    try registry.register("shape") { ShapeScreen() }
    weak var cache: ScreenMountCache?
    weak var host: AppHost?
    do {
      let app = AppHost(registry: registry, scheduler: ManualScheduler())
      try app.push(ShapeViewModel())
      cache = app.cache
      host = app
      #expect(cache?.shapeCount == 1)
    }
    #expect(host == nil)
    #expect(cache == nil, "the checked graphs are released with the host")
  }

  @Test func embeddedScreensCheckTheirChildScreensWithTheCacheOfTheirScreensOwner() throws {
    let cache = ScreenMountCache()
    let log = EventLog()
    let dashboard = DashboardViewModel(log: log)
    dashboard.detail = CounterViewModel("detail", log: log)
    let mounted = try DashboardScreen().mount(
      on: dashboard, scheduler: ManualScheduler(), cache: cache)
    // NB: the dashboard, its header, and one counter shape for its three counters.
    #expect(cache.shapeCount == 3)
    let again = try DashboardScreen().mount(
      on: DashboardViewModel(log: log), scheduler: ManualScheduler(), cache: cache)
    #expect(cache.shapeCount == 3)
    mounted.unmount()
    again.unmount()
    let alone = try DashboardScreen().mount(
      on: DashboardViewModel(log: log), scheduler: ManualScheduler())
    #expect(cache.shapeCount == 3, "a mount without a cache adds nothing to an owner's")
    alone.unmount()
  }
}
