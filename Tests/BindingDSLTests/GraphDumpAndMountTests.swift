import BindingDSL
import Testing

@MainActor
@Suite struct GraphDumpAndMountTests {
  let scheduler = ManualScheduler()

  @Test func theDumpListsNodesThenEdgesInAStableOrder() throws {
    let model = FormModel()
    let field = Slot("name", "text", "", editable: true)
    let greeting = Slot("greeting", "text", "")
    let pair = Slot("pair", "text", "")
    let button = TestButton("save")
    let graph = try BindingGraph<FormModel> {
      bind(\.name, to: field)
      bind(\.greeting, to: greeting)
      bind(\.left, \.right, to: pair) { "\($0)/\($1)" }
      command(model.save, on: button)
    }
    #expect(
      graph.dump() == """
        BindingGraph<FormModel>: 12 nodes, 8 edges
        nodes:
          n1 source \\FormModel.name: String (name.text, GraphDumpAndMountTests.swift:15)
          n2 target name.text: String (editable) (\\FormModel.name, GraphDumpAndMountTests.swift:15)
          n3 source \\FormModel.greeting: String (greeting.text, GraphDumpAndMountTests.swift:16)
          n4 target greeting.text: String (\\FormModel.greeting, GraphDumpAndMountTests.swift:16)
          n5 source \\FormModel.left: Int (derived#1, GraphDumpAndMountTests.swift:17)
          n6 source \\FormModel.right: Int (derived#1, GraphDumpAndMountTests.swift:17)
          n7 derived derived#1: String (pair.text, GraphDumpAndMountTests.swift:17)
          n8 target pair.text: String (derived#1, GraphDumpAndMountTests.swift:17)
          n9 event save.tap (save, GraphDumpAndMountTests.swift:18)
          n10 command save: Command<(), ()> (save.tap, GraphDumpAndMountTests.swift:18)
          n11 target save.isEnabled: Bool (save, GraphDumpAndMountTests.swift:18)
          n12 target save.isBusy: Bool (save, GraphDumpAndMountTests.swift:18)
        edges:
          n1 -> n2 value two-way  (\\FormModel.name -> name.text)
          n3 -> n4 value one-way  (\\FormModel.greeting -> greeting.text)
          n5 -> n7 input  (\\FormModel.left -> derived#1)
          n6 -> n7 input  (\\FormModel.right -> derived#1)
          n7 -> n8 value one-way transformed  (derived#1 -> pair.text)
          n9 -> n10 trigger  (save.tap -> save)
          n10 -> n11 enabled  (save -> save.isEnabled)
          n10 -> n12 busy  (save -> save.isBusy)
        """)
    #expect(graph.nodes[0].name == "\\FormModel.#1", "nodes keep the numbers")
  }

  /// A declaration that reads a key path an earlier declaration reached names its other key
  /// paths too: its literals are matched with every key path it reaches, in order.
  @Test func aKeyPathIsNamedByADeclarationThatAlsoReadsAnEarlierOne() throws {
    let field = Slot("name", "text", "", editable: true)
    let both = Slot("both", "text", "")
    let graph = try BindingGraph<FormModel> {
      bind(\.name, to: field)
      bind(\.name, \.greeting, to: both) { "\($0) \($1)" }
    }
    let dump = graph.dump()
    #expect(dump.contains(#"n1 source \FormModel.name: String"#), "\(dump)")
    #expect(dump.contains(#"source \FormModel.greeting: String"#), "\(dump)")
    #expect(!dump.contains(".#"), "no key path left numbered: \(dump)")
  }

  /// The text of a kind of one's own, when its file cannot be read, names each key path it
  /// reaches, though two of one type share a name until the graph numbers them.
  @Test func aKindOfOnesOwnNamesEachOfItsKeyPathsWhereItsFileCannotBeRead() throws {
    let both = Slot("both", "text", "")
    let joined = BindingEndpoint(node: .derived, name: "join", valueType: String.self)
    let site = DeclarationSite(fileID: "Elsewhere/Gone.swift", line: 7)
    let declaration = BindingDeclaration<FormModel>(
      "joinNames", site: site,
      edges: [
        .input(from: BindingEndpoint(\FormModel.name), to: joined),
        .input(from: BindingEndpoint(\FormModel.greeting), to: joined),
        BindingEdge(from: joined, to: BindingEndpoint(both), role: .value) { _ in },
      ])
    #expect(
      declaration.summary
        == #"joinNames(\FormModel.<String>, join, \FormModel.<String>, both.text)"#)
  }

  @Test func aDeclarationWhoseSourceCannotBeReadIsNamedByNumber() throws {
    let field = Slot("name", "text", "", editable: true)
    let greeting = Slot("greeting", "text", "")
    let graph = try BindingGraph<FormModel> {
      bind(\.name, to: field, fileID: "Elsewhere/Gone.swift", line: 3)
    }
    #expect(graph.declarations[0].written == graph.declarations[0].summary)
    #expect(graph.dump().contains(#"n1 source \FormModel.#1: String (name.text, Gone.swift:3)"#))
    var declarations: [String] = []
    let line = #line + 3
    do {
      _ = try BindingGraph<FormModel> {
        bind(\.greeting, to: greeting)
        bind(\.name, to: greeting, fileID: "Elsewhere/Gone.swift", line: 3)
      }
    } catch {
      declarations = error.problems.first?.declarations ?? []
    }
    #expect(
      declarations == [
        "bind(\\.greeting, to: greeting) at BindingDSLTests/GraphDumpAndMountTests.swift:\(line)",
        #"bind(\FormModel.#2: String, to: greeting.text, mode: .oneWay) at Elsewhere/Gone.swift:3"#,
      ])
  }

  @Test func unmountReleasesTheModelAndTheWidgetsAndStopsPropagation() throws {
    weak var weakModel: FormModel?
    weak var weakField: Slot<String>?
    weak var weakButton: TestButton?
    var mounted: MountedGraph<FormModel>?
    do {
      let model = FormModel()
      let field = Slot("name", "text", "", editable: true)
      let button = TestButton("save")
      weakModel = model
      weakField = field
      weakButton = button
      mounted = try BindingGraph<FormModel> {
        bind(\.name, to: field)
        command(model.save, on: button)
      }.mount(on: model, scheduler: scheduler)
      #expect(field.handlerCount == 1)
      #expect(button.tap.handlerCount == 1)
      mounted?.unmount()
      #expect(field.handlerCount == 0, "edit handlers come off the widget")
      #expect(button.tap.handlerCount == 0, "tap handlers come off the widget")
      model.name = "after unmount"
      scheduler.flush()
      #expect(field.received == [""], "an unmounted graph writes nothing")
    }
    #expect(mounted?.isMounted == false)
    #expect(mounted?.model == nil)
    #expect(mounted?.graph.edges.count == 4, "an unmounted graph can still be inspected")
    #expect(weakModel == nil)
    #expect(weakField == nil)
    #expect(weakButton == nil)
    mounted?.unmount()
  }

  /// An unmounted graph keeps a copy without install code, made once per graph: the graph itself
  /// still installs, every unmounted mount describes it, and none keeps its widgets.
  @Test func aGraphMountedAgainAfterAnUnmountInstallsAndIsDescribedAsBefore() throws {
    weak var weakField: Slot<String>?
    var unmounted: [MountedGraph<FormModel>] = []
    var dump = ""
    do {
      let field = Slot("name", "text", "", editable: true)
      weakField = field
      let graph = try BindingGraph<FormModel> { bind(\.name, to: field) }
      dump = graph.dump()
      for round in 1...3 {
        let model = FormModel()
        let mounted = graph.mount(on: model, scheduler: scheduler)
        field.edit("edit \(round)")
        #expect(model.name == "edit \(round)", "mount \(round) installed the binding")
        mounted.unmount()
        #expect(field.handlerCount == 0)
        unmounted.append(mounted)
      }
    }
    #expect(weakField == nil, "no unmounted mount keeps the widgets")
    #expect(unmounted.map { $0.graph.dump() } == [dump, dump, dump])
  }

  @Test func releasingAMountedGraphUnmountsIt() throws {
    let model = FormModel()
    let field = Slot("name", "text", "", editable: true)
    weak var weakMounted: MountedGraph<FormModel>?
    do {
      let mounted = try BindingGraph<FormModel> { bind(\.name, to: field) }
        .mount(on: model, scheduler: scheduler)
      weakMounted = mounted
      #expect(field.handlerCount == 1)
    }
    #expect(weakMounted == nil)
    #expect(field.handlerCount == 0, "edits no longer reach a view model nobody shows")
    field.edit("typed")
    #expect(model.name == "")
  }

  /// A graph released with a flush requested (the change came before the release), or with its
  /// Observation registration still pending (the change comes after, and fires it once the
  /// graph and its engine are gone): neither keeps the graph alive or reaches its widgets.
  @Test(arguments: [true, false])
  func aReleasedGraphIsNotKeptAliveByAFlushRequestOrAPendingRegistration(
    changeBeforeRelease: Bool
  ) throws {
    let model = FormModel()
    let label = Slot("name", "text", "")
    weak var weakMounted: MountedGraph<FormModel>?
    do {
      let mounted = try BindingGraph<FormModel> { bind(\.name, to: label) }
        .mount(on: model, scheduler: scheduler)
      weakMounted = mounted
      if changeBeforeRelease {
        model.name = "Ada"
        #expect(scheduler.hasPendingFlush)
      }
    }
    #expect(weakMounted == nil)
    if !changeBeforeRelease { model.name = "Ada" }
    #expect(!scheduler.hasPendingFlush)
    #expect(!scheduler.flush())
    #expect(label.received == [""])
  }

  /// A sink releases the last reference to its own mounted graph (without unmounting it) during
  /// the flush: nothing crashes, nothing is written afterwards, and the view model is let go.
  @Test func aGraphReleasedByItsOwnSinkMidFlushStopsCleanly() throws {
    weak var weakModel: FormModel?
    let holder = MountedGraphHolder()
    let first = Slot("first", "text", "")
    let second = Slot("second", "text", 0)
    do {
      let model = FormModel()
      weakModel = model
      holder.mounted = try BindingGraph<FormModel> {
        bind(\.name, to: first)
        bind(\.name, \.count, to: second) { $0.count + $1 }
      }.mount(on: model, scheduler: scheduler)
      first.onReceive = { [unowned holder] _ in holder.mounted = nil }
      model.name = "Ada"
      model.count = 4
      scheduler.flush()
      model.name = "Grace"
      #expect(!scheduler.flush())
    }
    #expect(holder.mounted == nil)
    #expect(weakModel == nil)
    #expect(second.received == [0], "the derived node of a released graph is not computed")
  }
}

/// Holds a mounted graph that a sink of that graph lets go.
@MainActor
final class MountedGraphHolder {
  var mounted: MountedGraph<FormModel>?
}
