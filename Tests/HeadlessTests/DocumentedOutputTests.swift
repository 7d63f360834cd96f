import BindingDSL
import Foundation
import Headless
import HeadlessTesting
import Testing

/// What the guides show as output (driver errors, settle errors, graph errors, snapshot
/// failures, rendered trees), produced by the code and stored under
/// `__Snapshots__/DocumentedOutputTests`. Each guide's block is marked
/// `<!-- output: <that file> -->`, and `GuideExamplesTests` checks that it shows the file's lines:
/// a message that changes fails here first, then in the guide until the guide is updated.
@MainActor
@Suite struct DocumentedOutputTests {
  /// The messages of failed driver calls, one a line, as the testing guide lists them.
  private func messages(_ calls: [() async throws -> Void]) async -> String {
    var lines: [String] = []
    for call in calls {
      let error = await expectDriverFailure { try await call() }
      lines.append(error?.message ?? "(the call succeeded)")
    }
    return lines.joined(separator: "\n")
  }

  @Test func driverErrors() async throws {
    let profile = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    let (_, kit) = try await kitDriver()
    let shown = await messages([
      { try await profile.tap("svae") },
      { try await profile.tap("save") },
      { try await profile.tap("title") },
      { try await profile.tap("delete") },
      { try await profile.type("x", into: "save") },
      { try await kit.slide("volume", to: 0.6) },
    ])
    try assertSnapshot(of: shown, named: "driver-errors")
  }

  @Test func finderErrors() async throws {
    let profile = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    let orders = try ScreenDriver(OrdersScreen(), model: OrdersViewModel(count: 2))
    let shown = await messages([
      { _ = try profile.find(.kind(Button.self, labelled: "Sav")) },
      { _ = try profile.find(.text("Delete account")) },
      { _ = try orders.find(.kind(Button.self)) },
    ])
    try assertSnapshot(of: shown, named: "finder-errors")
  }

  @Test func settleErrors() async throws {
    // Each driver has a clock of its own: a settle also waits for work tracked on its clock.
    let stuck = ProfileViewModel()
    stuck.saveWaitsOnARealClock = true
    let profile = try ScreenDriver(
      ProfileScreen(), model: stuck, clock: VirtualClock(stallTimeout: .milliseconds(100)))
    try await profile.type("Ada", into: "name")

    let searching = EchoViewModel()
    let screen = try SearchOnlyScreen().mount(on: searching, scheduler: ManualScheduler())
    let button = try #require(screen.widget("search") as? Button)
    for tap in 1...3 {
      button.tap.send()
      await searching.held.waitUntilWaiting(tap)
    }
    let search = try ScreenDriver(
      SearchOnlyScreen(), model: searching, clock: VirtualClock(stallTimeout: .milliseconds(100)))

    let echo = EchoViewModel()
    let echoing = try ScreenDriver(EchoScreen(), model: echo)
    echo.count = 1

    let shown = await messages([
      { try await profile.tap("save") },
      { try await search.settle() },
      { try await echoing.settle() },
    ])
    try assertSnapshot(of: shown, named: "settle-errors")
    profile.unmount()
    search.unmount()
    screen.unmount()
    searching.held.release()
    try await searching.search.settle()
    echoing.unmount()
    try await echo.bump.settle()
  }

  @Test func graphError() throws {
    let error = #expect(throws: ScreenError.self) {
      try ConflictingProfileScreen().mount(on: ProfileViewModel(), scheduler: ManualScheduler())
    }
    try assertSnapshot(of: error?.description ?? "(mounted)", named: "graph-error")
  }

  @Test func snapshotFailures() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentedOutputTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let stored = (1...30).map { "  Label #l\($0)" }.joined(separator: "\n") + "\n"
    try stored.write(
      to: directory.appendingPathComponent("tree.txt"), atomically: true, encoding: .utf8)
    let rendered = stored.replacingOccurrences(of: "#l15\n", with: "#l15 text=\"x\"\n")
    let failures = collectFailures {
      try withSnapshotRecording(.missing) {
        try assertSnapshot(of: rendered, named: "tree", in: directory)
        for step in 1...3 {
          try assertSnapshot(of: "step \(step)", named: "step-\(step)", in: directory)
        }
      }
    }
    let shown = failures.map {
      $0.message.replacingOccurrences(
        of: directory.path, with: "/…/__Snapshots__/DocumentedOutputTests")
    }
    try assertSnapshot(of: shown.joined(separator: "\n"), named: "snapshot-failures")
  }

  @Test func aListWithChangesAndSelection() async throws {
    let model = OrdersViewModel(count: 2)
    model.orders[1].isUrgent = true
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    try await driver.select("orders[2]")
    model.orders.insert(OrderCell(9, clock: model.clock), at: 0)
    model.orders.swapAt(1, 2)
    try await driver.settle()
    let list = try driver.widget("orders")
    try assertSnapshot(
      of: TextRenderer.render(list) + "\n\n" + TextRenderer.render(list, options: .listChanges),
      named: "list")
  }

  @Test func anAppWithAPresentedStack() async throws {
    let driver = AppDriver(registry: try navigationRegistry())
    let log = EventLog()
    let home = PageViewModel("home", navigator: driver.host, log: log, clock: driver.clock)
    try await driver.start { _ in home }
    try await driver.tap("next")
    try await driver.navigate { (host) throws(NavigationError) in
      try host.present(NoteViewModel())
    }
    try assertSnapshot(of: driver.render(), named: "app")
  }

  @Test func tabsAndAFieldWithAMessage() async throws {
    let dashboard = try ScreenDriver(
      DashboardScreen(), model: DashboardViewModel(log: EventLog()))
    let form = try ScreenDriver(
      AccountFormScreen(), model: AccountFormViewModel(clock: VirtualClock()))
    try await form.type("ada@", into: "email")
    try assertSnapshot(
      of: TextRenderer.render(try dashboard.widget("tabs")) + "\n\n"
        + TextRenderer.line(for: try form.widget("email")),
      named: "tabs-and-field")
  }

  /// The widget kit's lines, as the widgets' documentation comments show them: the scroll
  /// view's subtree, then one line for each widget.
  @Test func theWidgetKit() async throws {
    let (_, driver) = try await kitDriver()
    try await driver.select("Dark", in: "theme")
    try await driver.type("Leave at the door.\nRing twice.", into: "notes")
    try await driver.type("pen", into: "query")
    try await driver.scroll("page", to: 120)
    let lines = try [
      "volume", "guests", "unit", "theme", "delivery", "notes", "avatar", "divider", "query",
    ]
    .map { TextRenderer.line(for: try driver.widget($0)) }
    try assertSnapshot(
      of: ([TextRenderer.render(try driver.widget("page"))] + lines).joined(separator: "\n"),
      named: "kit")
  }

  /// The profile screen after a name was typed, as the renderer's documentation shows it.
  @Test func aScreen() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    try await driver.type("Ada", into: "name")
    try assertSnapshot(of: driver.render(), named: "profile")
  }
}
