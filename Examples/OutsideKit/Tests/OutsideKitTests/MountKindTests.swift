// A combination and a debounced command trigger written outside the library, on the public
// mount API alone: what the library's own `bind(_:_:to:transform:)` and
// `command(_:onChangeOf:timing:)` are written on.

import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
func showFullName<Model: AnyObject>(
  _ first: KeyPath<Model, String>, _ last: KeyPath<Model, String>, in label: Label,
  fileID: String = #fileID, line: Int = #line
) -> BindingDeclaration<Model> {
  let name = BindingEndpoint(node: .derived, name: "full name")
  return BindingDeclaration(
    "showFullName", site: DeclarationSite(fileID: fileID, line: line),
    edges: [
      .input(from: BindingEndpoint(first), to: name),
      .input(from: BindingEndpoint(last), to: name),
      BindingEdge(from: name, to: BindingEndpoint(label.text), role: .value) { mount in
        mount.combine(mount.value(first), mount.value(last)) { "\($0) \($1)" }
          .show(in: label.text)
      },
    ])
}

/// Executes `command` with the value at `keyPath` once it has stopped changing for `quiet`.
@MainActor
func searchWhenQuiet<Model: AnyObject>(
  _ command: Command<String, Void>, onChangeOf keyPath: KeyPath<Model, String>,
  quiet: Duration, fileID: String = #fileID, line: Int = #line
) -> BindingDeclaration<Model> {
  let timer = BindingEndpoint(node: .timer, name: "quiet for \(quiet)")
  return BindingDeclaration(
    "searchWhenQuiet", site: DeclarationSite(fileID: fileID, line: line),
    edges: [
      .input(from: BindingEndpoint(keyPath), to: timer),
      BindingEdge(from: timer, to: BindingEndpoint(command), role: .trigger) { mount in
        let search = mount.pace(.debounce(quiet), named: "searchWhenQuiet") { query in
          mount.execute(command, query)
        }
        mount.value(keyPath).observe(skippingCurrent: true) { search.send($0) }
      },
    ])
}

@MainActor
@Observable
final class PersonViewModel {
  var first = "Ada"
  var last = "Lovelace"
  var query = ""
  private(set) var searches: [String] = []

  @ObservationIgnored private(set) lazy var search = Command<String, Void>("search") {
    [weak self] query in
    self?.searches.append(query)
  }
}

@MainActor
struct PersonScreen: Screen {
  let name = Label("name")
  let query = TextField("query")
  let twice: Bool

  init(twice: Bool = false) {
    self.twice = twice
  }

  var body: Widget {
    VStack("person") {
      name
      query
    }
  }

  func bindings(_ vm: PersonViewModel) -> [BindingDeclaration<PersonViewModel>] {
    showFullName(\.first, \.last, in: name)
    bind(\.query, to: query.text)
    searchWhenQuiet(vm.search, onChangeOf: \.query, quiet: .milliseconds(300))
    if twice {
      bind(\.first, to: name.text)
    }
  }
}

@MainActor
@Suite struct MountKindTests {
  @Test func aCombinationFromOutsideWritesItsWidgetOnceWhenBothInputsChange() async throws {
    let model = PersonViewModel()
    let driver = try ScreenDriver(PersonScreen(), model: model)
    let name = try driver.widget("name", as: Label.self)
    #expect(name.text.value == "Ada Lovelace")
    let writes = name.text.changeCount
    model.first = "Grace"
    model.last = "Hopper"
    try await driver.settle()
    #expect(name.text.value == "Grace Hopper")
    #expect(name.text.changeCount == writes + 1, "one write, with both new values")
  }

  @Test func aDebouncedTriggerFromOutsideRunsOnceWithTheLastValue() async throws {
    let clock = VirtualClock()
    let model = PersonViewModel()
    let driver = try ScreenDriver(PersonScreen(), model: model, clock: clock)
    #expect(model.searches.isEmpty, "the value at mount starts no timer")
    try await driver.type("ki", into: "query")
    try await driver.advance(by: .milliseconds(200))
    try await driver.type("wi", into: "query")
    try await driver.advance(by: .milliseconds(299))
    #expect(model.searches.isEmpty, "299 ms since the last keystroke")
    try await driver.advance(by: .milliseconds(1))
    #expect(model.searches == ["kiwi"])
    try await driver.advance(by: .seconds(5))
    #expect(model.searches == ["kiwi"])
  }

  @Test func theDumpNamesTheOutsideKindsAndTheirNodes() throws {
    let mounted = try PersonScreen().mount(on: PersonViewModel(), scheduler: ManualScheduler())
    let dump = mounted.bindingGraph.dump()
    #expect(dump.contains("n3 derived full name (name.text"), "\(dump)")
    #expect(dump.contains("n3 -> n4 value by showFullName  (full name -> name.text)"), "\(dump)")
    #expect(dump.contains("timer quiet for"), "\(dump)")
    #expect(dump.contains("by searchWhenQuiet"), "\(dump)")
    mounted.unmount()
  }

  @Test func aSecondWriterOfTheCombinedLabelIsReportedAtTheUsersLines() throws {
    do {
      _ = try PersonScreen(twice: true).mount(on: PersonViewModel(), scheduler: ManualScheduler())
      Issue.record("two writers of one label were accepted")
    } catch {
      let text = error.description
      #expect(text.contains("name.text"), "\(text)")
      #expect(text.contains("showFullName(\\.first, \\.last, in: name)"), "\(text)")
      #expect(text.contains("MountKindTests.swift:"), "\(text)")
    }
  }

  @Test func unmountingCancelsTheWaitingTimerAndReleasesTheViewModel() async throws {
    let clock = VirtualClock()
    weak var released: PersonViewModel?
    do {
      let model = PersonViewModel()
      released = model
      let scheduler = ManualScheduler()
      let mounted = try PersonScreen().mount(on: model, scheduler: scheduler, clock: clock)
      model.query = "kiwi"
      scheduler.flush()
      mounted.unmount()
      try await clock.advance(by: .seconds(1))
      #expect(model.searches.isEmpty, "the timer waiting at unmount never fires")
    }
    #expect(released == nil)
  }
}
