import BindingDSL
import Headless
import Observation
import Testing

// A retained-mode host written with public API only: it keeps one "view" (a line) per widget,
// builds them once, and afterwards updates only the widgets a `WidgetChangeFeed` names.

@MainActor
@Observable
final class ChangeFeedViewModel {
  var name = ""
  var agreed = false
  var greeting: String { name.isEmpty ? "Hello" : "Hello, \(name)" }
  var canSend: Bool { !name.isEmpty && agreed }
}

@MainActor
struct ChangeFeedScreen: Screen {
  let name = TextField("name")
  let greeting = Label("greeting")
  let agree = Toggle("agree", title: "Agree")
  let send = Button("send", title: "Send")
  let footer = Label("footer", text: "v1")

  var body: Widget {
    VStack("greetingScreen") {
      name
      greeting
      agree
      send
      footer
    }
  }

  func bindings(_ vm: ChangeFeedViewModel) -> [BindingDeclaration<ChangeFeedViewModel>] {
    bind(\.name, to: name.text)
    bind(\.greeting, to: greeting.text)
    bind(\.agreed, to: agree.isOn)
    bind(\.canSend, to: send.isEnabled)
  }
}

/// The host: one line per widget it shows, made from what a host reads of a widget.
@MainActor
final class LineHost {
  private(set) var lines: [ObjectIdentifier: String] = [:]
  /// The children each view was built with: a host drops the views of those that leave.
  private var childrenOf: [ObjectIdentifier: [Widget]] = [:]
  /// How many widgets the host read since it was made.
  private(set) var reads = 0
  let feed: WidgetChangeFeed
  private(set) var updatesAsked = 0

  init(root: Widget) {
    feed = WidgetChangeFeed(root: root)
    build(root)
    feed.onChange = { [weak self] in self?.updatesAsked += 1 }
  }

  /// What a fresh host would show of `root`.
  static func lines(of root: Widget, rows: Bool = true) -> [ObjectIdentifier: String] {
    var all: [ObjectIdentifier: String] = [:]
    func walk(_ widget: Widget) {
      all[ObjectIdentifier(widget)] = line(of: widget)
      for child in children(of: widget) { walk(child) }
    }
    walk(root)
    return all
  }

  static func children(of widget: Widget) -> [Widget] {
    guard let list = widget as? ListView else { return widget.children }
    return list.windowRange.compactMap { list.row(atPosition: $0) }
  }

  static func line(of widget: Widget) -> String {
    let fields = widget.renderedFields.map { "\($0.name)=\($0.value)" }
    let state = [
      widget.isEnabled.value ? "" : "disabled", widget.isHidden.value ? "hidden" : "",
    ]
    return ([widget.kind, widget.id] + fields + widget.renderedFlags + state)
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  private func build(_ widget: Widget) {
    reads += 1
    lines[ObjectIdentifier(widget)] = Self.line(of: widget)
    let children = Self.children(of: widget)
    childrenOf[ObjectIdentifier(widget)] = children
    for child in children { build(child) }
  }

  private func drop(_ widget: Widget) {
    lines[ObjectIdentifier(widget)] = nil
    for child in childrenOf.removeValue(forKey: ObjectIdentifier(widget)) ?? [] { drop(child) }
  }

  /// Takes the changes and updates the lines of the widgets they name; returns them.
  @discardableResult
  func update() -> [WidgetChange] {
    let changes = feed.takeChanges()
    for change in changes {
      reads += 1
      lines[ObjectIdentifier(change.widget)] = Self.line(of: change.widget)
      if change.properties.contains("children") {
        let old = childrenOf[ObjectIdentifier(change.widget)] ?? []
        let new = Self.children(of: change.widget)
        for child in old where !new.contains(where: { $0 === child }) { drop(child) }
        for child in new where !old.contains(where: { $0 === child }) { build(child) }
        childrenOf[ObjectIdentifier(change.widget)] = new
      }
    }
    return changes
  }

  /// The host's lines; what a fresh host would build of `root` when it kept up.
  func shown(in root: Widget) -> [ObjectIdentifier: String] { lines }
}

@MainActor
@Suite struct WidgetChangeFeedTests {
  @Test func aHostUpdatesOnlyTheWidgetsAFlushChanged() throws {
    let scheduler = ManualScheduler()
    let model = ChangeFeedViewModel()
    let screen = ChangeFeedScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    let root = try #require(mounted.root)
    scheduler.flush()
    let host = LineHost(root: root)
    let built = host.reads

    screen.name.text.edit("Ada")
    scheduler.flush()
    let changes = host.update()
    #expect(changes.map(\.widget.id) == ["name", "greeting"])
    #expect(changes.map(\.properties) == [["text"], ["text"]])
    #expect(host.reads == built + 2)
    #expect(host.updatesAsked == 1)
    #expect(host.shown(in: root) == LineHost.lines(of: root))

    screen.agree.isOn.edit(true)
    scheduler.flush()
    #expect(
      host.update().map { "\($0.widget.id) \($0.properties)" } == [
        "agree [\"isOn\"]", "send [\"isEnabled\"]",
      ])
    #expect(host.shown(in: root) == LineHost.lines(of: root))
    #expect(host.updatesAsked == 2)
    mounted.unmount()
  }

  @Test func aFlushThatChangesNothingTellsTheHostNothing() throws {
    let scheduler = ManualScheduler()
    let model = ChangeFeedViewModel()
    let mounted = try ChangeFeedScreen().mount(on: model, scheduler: scheduler)
    scheduler.flush()
    let host = LineHost(root: try #require(mounted.root))

    model.name = "Ada"
    model.name = ""
    scheduler.flush()
    #expect(host.update().isEmpty)
    #expect(host.updatesAsked == 0)
    #expect(!host.feed.hasChanges)
    mounted.unmount()
  }

  @Test func aRejectedEditAndItsClearingAreChanges() throws {
    let field = TextField("age")
    let feed = WidgetChangeFeed(root: field)
    field.text.edit("x")
    _ = feed.takeChanges()
    field.text.editRejected("x")
    #expect(feed.takeChanges().map(\.properties) == [["text"]])
    field.text.receive("x")
    #expect(feed.takeChanges().map(\.properties) == [["text"]])
    field.text.receive("x")
    #expect(feed.takeChanges().isEmpty)
  }

  @Test func baseAndAdoptedPropertiesMadeLaterReportToo() {
    let label = Label("caption")
    let feed = WidgetChangeFeed(root: label)
    label.accessibilityLabel.receive("Caption")
    label.isHidden.receive(true)
    #expect(feed.takeChanges().map(\.properties) == [["accessibilityLabel", "isHidden"]])
  }

  @Test func aWidgetKindFromOutsideReportsItsOwnState() {
    let badge = CountBadge(id: "badge")
    let feed = WidgetChangeFeed(root: badge)
    badge.count = 3
    badge.count = 4
    #expect(feed.takeChanges().map(\.properties) == [["count"]])
  }

  /// A host holding every item of a list (a toolkit's list) rereads them when the feed names
  /// `items`, which a content names and a scroll does not, and finds a row's item by its
  /// `itemID`.
  @Test func aContentNamesItemsAndAScrollDoesNot() throws {
    let (scheduler, model, screen, mounted) = try mountThirtyOrdersInAWindowOfFive()
    let root = try #require(mounted.root)
    let feed = WidgetChangeFeed(root: root)
    screen.list.scroll(toRow: 10)
    let scrolled = feed.takeChanges().first { $0.widget === screen.list }
    #expect(scrolled?.properties == ["children"])
    model.orders.remove(at: 11)
    scheduler.flush()
    let edited = feed.takeChanges().first { $0.widget === screen.list }
    #expect(Set(edited?.properties ?? []) == ["children", "items"])
    let row = try #require(screen.list.row(atPosition: 10))
    #expect(row.itemID == "11")
    #expect(screen.list.itemIDs[10] == row.itemID)
  }

  /// Thirty orders in a list whose window shows five rows and no margin, mounted and flushed.
  private func mountThirtyOrdersInAWindowOfFive() throws -> (
    ManualScheduler, OrdersViewModel, OrdersScreen, MountedScreen<OrdersScreen>
  ) {
    let scheduler = ManualScheduler()
    let model = OrdersViewModel(count: 30)
    let screen = OrdersScreen()
    screen.list.visibleRowCount = 5
    screen.list.windowMargin = 0
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    scheduler.flush()
    return (scheduler, model, screen, mounted)
  }

  @Test func rowsEnteringTheWindowAreFollowedAndThoseLeavingAreNot() throws {
    let (scheduler, model, screen, mounted) = try mountThirtyOrdersInAWindowOfFive()
    let root = try #require(mounted.root)
    let host = LineHost(root: root)
    let leaving = try #require(screen.list.row(atPosition: 0))

    screen.list.scroll(toRow: 10)
    let changes = host.update()
    #expect(changes.map(\.widget.id) == ["orders"])
    #expect(changes.first?.properties == ["children"])
    #expect(host.shown(in: root) == LineHost.lines(of: root))

    // A row that entered reports its changes; one that left reports nothing.
    model.orders[10].title = "Renamed"
    model.orders[0].title = "Gone"
    scheduler.flush()
    let rowChanges = host.update()
    #expect(rowChanges.map(\.widget.id) == ["title"])
    #expect(rowChanges.first?.properties == ["text"])
    #expect(host.shown(in: root) == LineHost.lines(of: root))
    #expect(leaving.content == nil)
    mounted.unmount()
  }

  @Test func aRowKnowsItsList() throws {
    let (_, screen, driver) = try ordersOnAScheduler()
    let row = try #require(screen.list.row(atPosition: 2))
    #expect(row.list === screen.list)
    #expect(screen.list.position(of: row) == 2)
    driver.unmount()
  }

  @Test func screensPushedInAnAppAreFollowed() throws {
    let registry = try navigationRegistry()
    let scheduler = ManualScheduler()
    let clock = VirtualClock()
    let log = EventLog()
    let host = AppHost(registry: registry, scheduler: scheduler, clock: clock)
    try host.setStack([PageViewModel("home", navigator: host, log: log, clock: clock)])
    scheduler.flush()
    let lines = LineHost(root: host.view)

    let next = PageViewModel("next", navigator: host, log: log, clock: clock)
    try host.push(next)
    scheduler.flush()
    let changed = lines.update()

    #expect(
      changed.contains { $0.widget is NavigationStackView && $0.properties.contains("children") })
    #expect(lines.shown(in: host.view) == LineHost.lines(of: host.view))

    next.title = "Next, renamed"
    scheduler.flush()
    #expect(!lines.update().isEmpty)
    #expect(lines.shown(in: host.view) == LineHost.lines(of: host.view))
    host.shutDown()
  }

  @Test func theDocumentedHostUpdatesTheChangedLabel() {
    #expect(
      feedExample(root: Label("caption"), scheduler: ManualScheduler()) == [
        "caption [\"text\"]"
      ])
  }

  @Test func aStoppedFeedHearsNothing() {
    let label = Label("caption")
    let feed = WidgetChangeFeed(root: label)
    feed.stop()
    label.text.receive("changed")
    #expect(!feed.hasChanges)
  }
}

/// A widget kind from outside whose state is a plain stored property (the example of
/// `Widget.reportChange(_:)`).
@MainActor
final class CountBadge: Widget {
  var count = 0 { didSet { reportChange("count") } }
}

/// The example of `WidgetChangeFeed`, as written there: a host that updates what changed.
@MainActor
private func feedExample(root: Widget, scheduler: ManualScheduler) -> [String] {
  var updateIsDue = false
  var updated: [String] = []
  func update(_ widget: Widget, _ properties: [String]) {
    updated.append("\(widget.id) \(properties)")
  }
  let feed = WidgetChangeFeed(root: root)
  feed.onChange = { updateIsDue = true }
  (root as? Label)?.text.receive("changed")
  scheduler.flush()
  guard updateIsDue else { return [] }
  // after each flush:
  for change in feed.takeChanges() {
    update(change.widget, change.properties)
  }
  return updated
}

/// The orders screen mounted on a manual scheduler, with a window of 5 rows.
@MainActor
private func ordersOnAScheduler() throws -> (
  OrdersViewModel, OrdersScreen, MountedScreen<OrdersScreen>
) {
  let scheduler = ManualScheduler()
  let model = OrdersViewModel(count: 10)
  let screen = OrdersScreen()
  screen.list.visibleRowCount = 5
  let mounted = try screen.mount(on: model, scheduler: scheduler)
  scheduler.flush()
  return (model, screen, mounted)
}
