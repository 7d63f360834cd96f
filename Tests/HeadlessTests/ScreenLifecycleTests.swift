import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
@Suite struct ScreenLifecycleTests {
  @Test func unmountReleasesTheViewModelAndTheWidgetsWhileTheMountIsStillHeld() throws {
    weak var weakModel: ProfileViewModel?
    weak var weakField: TextField?
    weak var weakRoot: Widget?
    let mounted: MountedScreen<ProfileScreen>
    do {
      let model = ProfileViewModel()
      mounted = try ProfileScreen().mount(on: model, scheduler: ManualScheduler())
      weakModel = model
      weakField = try #require(mounted.widget("name") as? TextField)
      weakRoot = mounted.root
      #expect(weakField?.text.editHandlerCount == 1)
    }
    mounted.unmount()
    #expect(weakModel == nil)
    #expect(weakField == nil)
    #expect(weakRoot == nil)
    #expect(!mounted.isMounted)
    #expect(mounted.bindingGraph.declarations.count == 5, "the description stays for inspection")
    mounted.unmount()
  }

  @Test func repeatedIdsAreRejectedByName() throws {
    let error = #expect(throws: ScreenError.self) {
      try RepeatedIDScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    #expect(
      error?.description == """
        RepeatedIDScreen cannot be mounted:
        • widget ids must be unique in a screen; repeated: 'name' (TextField, Label)
        """)
  }

  @Test func aBindingToARepeatedIdIsNotReportedAsASecondProblem() throws {
    let error = #expect(throws: ScreenError.self) {
      try RepeatedBoundIDScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    #expect(
      error?.problems == [
        "widget ids must be unique in a screen; repeated: 'same' (TextField, Label)"
      ])
  }

  @Test func malformedIdsAreRejectedByName() throws {
    let error = #expect(throws: ScreenError.self) {
      try MalformedIDScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    #expect(
      error?.problems == [
        "widget ids must be non-empty, without spaces, control characters, '#', quotes, '[' or "
          + "']', so that renders and driver calls (orders[2].title) can name them; malformed: "
          + "'', 'a\\u{1B}[31mred', 'first name', 'go[1]', 'no#1'"
      ])
  }

  @Test func aBindingToAWidgetOutsideTheTreeNamesTheWidgetsInIt() throws {
    let error = #expect(throws: ScreenError.self) {
      try OrphanBindingScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    let problem = try #require(error?.problems.first)
    #expect(error?.problems.count == 1)
    #expect(problem.hasPrefix("a binding at HeadlessTests/ScreenLifecycleTests.swift:"))
    #expect(
      problem.hasSuffix(
        "uses orphan.text, but no widget 'orphan' is in the tree; widgets in the tree: name, root"))
  }

  @Test func idsWithDotsAreFoundWhole() async throws {
    let model = ProfileViewModel()
    let driver = try ScreenDriver(DottedIDScreen(), model: model)
    try await driver.type("Ada", into: "user.name")
    #expect(model.name == "Ada")
  }

  @Test func aBindingToAnotherObjectWithATreeWidgetsIdIsCaught() throws {
    let error = #expect(throws: ScreenError.self) {
      try ComputedWidgetScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    let problem = try #require(error?.problems.only)
    #expect(problem.hasPrefix("a binding at HeadlessTests/ScreenLifecycleTests.swift:"))
    #expect(
      problem.hasSuffix(
        "uses title.text of another object than the widget 'title' in the tree; a widget made "
          + "in a computed property or a function is a new object each time: keep widgets in "
          + "`let` properties of the screen"))
  }

  @Test func treeAndGraphProblemsAreReportedTogether() throws {
    let error = #expect(throws: ScreenError.self) {
      try OrphanAndConflictScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    #expect(error?.problems.count == 2)
    #expect(error?.problems.first?.contains("no widget 'orphan' is in the tree") == true)
    #expect(error?.graphProblems.map(\.kind) == [.conflictingWriters])
  }

  @Test func graphProblemsSurfaceAsScreenErrorsWithTheirKinds() throws {
    let error = #expect(throws: ScreenError.self) {
      try ConflictScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    #expect(error?.graphProblems.map(\.kind) == [.conflictingWriters])
    #expect(error?.description.contains("title.text is written by 2 declarations") == true)
  }

  @Test func appearAndDisappearRunLifecycleDeclarationsOnce() async throws {
    let model = LifecycleViewModel()
    let driver = try ScreenDriver(LifecycleScreen(), model: model)
    try await driver.appear()
    try await driver.appear()
    try await driver.disappear()
    #expect(model.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
    try await driver.appear()
    driver.unmount()
    #expect(model.events.suffix(2) == ["willDisappear", "didDisappear"], "unmount hides first")
  }
}

/// A field and a label after it given one id, the field bound.
private struct RepeatedBoundIDScreen: Screen {
  let field = TextField("same")

  var body: Widget {
    VStack("root") {
      field
      Label("same")
    }
  }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: field.text)
  }
}

private struct RepeatedIDScreen: Screen {
  var body: Widget {
    VStack("root") {
      TextField("name")
      Label("name")
    }
  }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {}
}

private struct MalformedIDScreen: Screen {
  var body: Widget {
    VStack("root") {
      Label("first name")
      Label("")
      Label("no#1")
      Button("go[1]", title: "Go")
      Label("a\u{1B}[31mred")
    }
  }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {}
}

private struct OrphanBindingScreen: Screen {
  let name = TextField("name")
  let orphan = Label("orphan")

  var body: Widget { VStack("root") { name } }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: name.text)
    bind(\.name, to: orphan.text)
  }
}

private struct DottedIDScreen: Screen {
  let name = TextField("user.name")

  var body: Widget { VStack("root") { name } }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: name.text)
  }
}

private struct ComputedWidgetScreen: Screen {
  var title: Label { Label("title") }

  var body: Widget { VStack("root") { title } }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: title.text)
  }
}

private struct OrphanAndConflictScreen: Screen {
  let title = Label("title")
  let orphan = Label("orphan")

  var body: Widget { title }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: orphan.text)
    bind(\.name, to: title.text)
    bind(\.notify, to: title.text) { $0 ? "on" : "off" }
  }
}

private struct ConflictScreen: Screen {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: title.text)
    bind(\.notify, to: title.text) { $0 ? "on" : "off" }
  }
}

@MainActor
@Observable
private final class LifecycleViewModel {
  var events: [String] = []
}

private struct LifecycleScreen: Screen {
  var body: Widget { Label("root") }

  func bindings(_ vm: LifecycleViewModel) -> [BindingDeclaration<LifecycleViewModel>] {
    for event in LifecycleEvent.allCases {
      on(event) { vm.events.append(event.rawValue) }
    }
  }
}

extension Array {
  /// The single element, or `nil` when there are none or several.
  fileprivate var only: Element? { count == 1 ? first : nil }
}
