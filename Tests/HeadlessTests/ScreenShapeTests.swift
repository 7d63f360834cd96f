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

/// A screen type's mounts share one checked graph per shape; a mount of another shape is
/// checked as a first mount is.
@MainActor
@Suite struct ScreenShapeTests {
  @Test func mountsOfOneShapeShareTheCheckedGraphAndEachShowsItsOwnModel() throws {
    let first = try ShapeScreen().mount(on: ShapeViewModel(), scheduler: ManualScheduler())
    let other = ShapeViewModel()
    other.name = "Grace"
    let second = try ShapeScreen().mount(on: other, scheduler: ManualScheduler())
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
    weak var weakModel: ShapeViewModel?
    weak var weakTitle: Label?
    do {
      for _ in 0..<2 {
        let model = ShapeViewModel()
        let screen = ShapeScreen()
        weakModel = model
        weakTitle = screen.title
        let mounted = try screen.mount(on: model, scheduler: ManualScheduler())
        #expect(mounted.render().contains(#"Label #title text="Ada""#))
        mounted.unmount()
      }
    }
    #expect(weakModel == nil, "the view model of the mount that reused the graph is released")
    #expect(weakTitle == nil, "and so are its widgets")
  }

  @Test func aBodyThatTakesAnotherBranchIsCheckedAgain() throws {
    _ = try ShapeScreen().mount(on: ShapeViewModel(), scheduler: ManualScheduler())
    let conflicting = ShapeViewModel()
    conflicting.bindsTwice = true
    let error = #expect(throws: ScreenError.self) {
      try ShapeScreen().mount(on: conflicting, scheduler: ManualScheduler())
    }
    #expect(error?.graphProblems.map(\.kind) == [.conflictingWriters])
  }

  @Test func aTreeWithoutAWidgetTheBindingsReachIsCheckedAgain() throws {
    _ = try ShapeScreen().mount(on: ShapeViewModel(), scheduler: ManualScheduler())
    let error = #expect(throws: ScreenError.self) {
      try ShapeScreen(showsExtra: false).mount(on: ShapeViewModel(), scheduler: ManualScheduler())
    }
    #expect(error?.problems.first?.contains("no widget 'extra' is in the tree") == true)
  }

  @Test func manyShapesAreEachCorrectAndTheOldestAreCheckedAgain() throws {
    for round in 0..<2 {
      for count in 0...CheckedScreenShapes.limit + 2 {
        let model = ShapeViewModel()
        model.count = count
        let mounted = try ShapeScreen().mount(on: model, scheduler: ManualScheduler())
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
}
