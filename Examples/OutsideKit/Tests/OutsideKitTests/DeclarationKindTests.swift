// Declaration kinds written outside the library, with its public API only: this package
// depends on the library's products, so nothing `package` of the library is visible here.

import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// Counts the values a declaration hands on: what a team might declare to watch a screen.
@MainActor
final class WriteCounter {
  var count = 0
}

@MainActor
func countWrites<Model: AnyObject>(
  of keyPath: KeyPath<Model, String>, into counter: WriteCounter,
  fileID: String = #fileID, line: Int = #line
) -> BindingDeclaration<Model> {
  let count = BindingEndpoint(node: .action, name: "count writes")
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(keyPath), to: count, role: .value
  ) { mount in
    mount.observe(keyPath) { _ in counter.count += 1 }
  }
  return BindingDeclaration(
    "countWrites", site: DeclarationSite(fileID: fileID, line: line), edges: [edge])
}

/// Binds a view-model text to a widget's accessibility label: a declaration kind of its own,
/// with its own name in summaries and errors.
@MainActor
func bindAccessibility<Model: AnyObject>(
  _ keyPath: KeyPath<Model, String?>, to widget: Widget,
  fileID: String = #fileID, line: Int = #line
) -> BindingDeclaration<Model> {
  let label = widget.accessibilityLabel
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(keyPath), to: BindingEndpoint(label), role: .value, mode: .oneWay
  ) { mount in
    mount.show(keyPath, in: label)
  }
  return BindingDeclaration(
    "bindAccessibility", site: DeclarationSite(fileID: fileID, line: line), edges: [edge])
}

/// A declaration whose input feeds a node nothing reads: what the library refuses.
@MainActor
func unreadInput<Model: AnyObject>(
  _ keyPath: KeyPath<Model, String>, fileID: String = #fileID, line: Int = #line
) -> BindingDeclaration<Model> {
  let node = BindingEndpoint(node: .derived, name: "unread", valueType: String.self)
  return BindingDeclaration(
    "unreadInput", site: DeclarationSite(fileID: fileID, line: line),
    edges: [.input(from: BindingEndpoint(keyPath), to: node)])
}

@MainActor
@Observable
final class BadgeViewModel {
  var name = "Ada"
  var hint: String? = "Your name"
}

@MainActor
struct BadgeScreen: Screen {
  let counter: WriteCounter
  let name = Label("name")
  let twice: Bool

  init(counter: WriteCounter, twice: Bool = false) {
    self.counter = counter
    self.twice = twice
  }

  var body: Widget {
    VStack("badge") { name }
  }

  func bindings(_ vm: BadgeViewModel) -> [BindingDeclaration<BadgeViewModel>] {
    bind(\.name, to: name.text)
    countWrites(of: \.name, into: counter)
    bindAccessibility(\.hint, to: name)
    if twice {
      bindAccessibility(\.hint, to: name)
    }
  }
}

@MainActor
struct UnreadInputScreen: Screen {
  let name = Label("name")

  var body: Widget { name }

  func bindings(_ vm: BadgeViewModel) -> [BindingDeclaration<BadgeViewModel>] {
    unreadInput(\.name)
  }
}

@MainActor
@Suite struct DeclarationKindTests {
  @Test func aKindFromOutsideRunsWhatItsEdgesSay() async throws {
    let counter = WriteCounter()
    let model = BadgeViewModel()
    let driver = try ScreenDriver(BadgeScreen(counter: counter), model: model)
    #expect(counter.count == 1, "the value at mount")
    model.name = "Grace"
    try await driver.settle()
    model.name = "Grace"
    try await driver.settle()
    model.name = "Hopper"
    try await driver.settle()
    #expect(counter.count == 3, "each new value once; an equal one is not handed on")
    let label = try driver.widget("name", as: Label.self)
    #expect(label.accessibilityLabel.value == "Your name")
    model.hint = nil
    try await driver.settle()
    #expect(label.accessibilityLabel.value == nil)
  }

  @Test func theDumpShowsTheOutsideKindsEdgesAndTheirNames() throws {
    let model = BadgeViewModel()
    let mounted = try BadgeScreen(counter: WriteCounter()).mount(
      on: model, scheduler: ManualScheduler())
    let dump = mounted.bindingGraph.dump()
    #expect(dump.contains("action count writes"), "\(dump)")
    #expect(dump.contains("(\\BadgeViewModel.name -> count writes)"), "\(dump)")
    #expect(dump.contains(" by countWrites  (\\BadgeViewModel.name -> count writes)"), "\(dump)")
    #expect(
      dump.contains("n1 -> n2 value one-way  (\\BadgeViewModel.name -> name.text)"),
      "the library's own kinds are not named")
    #expect(dump.contains("(\\BadgeViewModel.hint -> name.accessibilityLabel)"), "\(dump)")
    let summaries = mounted.bindingGraph.declarations.map(\.summary)
    #expect(summaries.contains("countWrites(\\BadgeViewModel.<String>, count writes)"))
    mounted.unmount()
  }

  @Test func twoOutsideDeclarationsWritingOneLabelAreReportedAtTheirLines() throws {
    do {
      _ = try BadgeScreen(counter: WriteCounter(), twice: true).mount(
        on: BadgeViewModel(), scheduler: ManualScheduler())
      Issue.record("two writers of one accessibility label were accepted")
    } catch {
      let text = error.description
      #expect(text.contains("name.accessibilityLabel"), "\(text)")
      #expect(text.contains("bindAccessibility(\\.hint, to: name)"), "\(text)")
    }
  }

  @Test func anInputNothingReadsIsRefusedWithWhatToDo() throws {
    do {
      _ = try UnreadInputScreen().mount(on: BadgeViewModel(), scheduler: ManualScheduler())
      Issue.record("an input nothing reads was accepted")
    } catch {
      let text = error.description
      #expect(text.contains("feeds a node no later edge of the declaration leaves from"), "\(text)")
      #expect(text.contains("BindingEdge(from:to:role:run:)"), "\(text)")
    }
  }

  @Test func anOutsideKindReleasesTheViewModelWhenUnmounted() throws {
    weak var released: BadgeViewModel?
    do {
      let model = BadgeViewModel()
      released = model
      let mounted = try BadgeScreen(counter: WriteCounter()).mount(
        on: model, scheduler: ManualScheduler())
      mounted.unmount()
    }
    #expect(released == nil)
  }
}
