import Foundation
import Headless
import HeadlessTesting
import Observation
import Testing

/// Work that waits until the test lets it go, and ignores cancellation meanwhile.
@MainActor
final class HeldWork {
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var watchers: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    await withCheckedContinuation {
      waiting.append($0)
      for watcher in watchers { watcher.resume() }
      watchers = []
    }
  }

  var count: Int { waiting.count }

  /// Waits until `count` pieces of work wait.
  func waitUntilWaiting(_ count: Int) async {
    while waiting.count < count { await withCheckedContinuation { watchers.append($0) } }
  }

  func release() {
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

/// A counter whose command, run on every change of the count, changes the count again.
@MainActor
@Observable
final class EchoViewModel {
  var count = 0
  @ObservationIgnored let held = HeldWork()

  @ObservationIgnored private(set) lazy var bump = Command<Int, Void>("bump", owner: self) {
    vm, value in
    vm.count = value + 1
  }

  /// A search whose work never ends unless the test releases it, and holds only `held`, not
  /// the view model.
  @ObservationIgnored private(set) lazy var search = Command<Void, Void>(
    "search", policy: .cancelPrevious
  ) { [held] in
    await held.wait()
  }

  /// A countdown on the injected clock.
  @ObservationIgnored var clock: any Clock<Duration> = ContinuousClock()
  private(set) var ticks = 0
  @ObservationIgnored private(set) lazy var tick = Command<Void, Void>("tick", owner: self) {
    vm, _ in
    try await vm.countDown()
  }

  private func countDown() async throws {
    for _ in 0..<3 {
      try await clock.sleep(for: .seconds(1))
      ticks += 1
    }
  }
}

struct EchoScreen: Screen {
  let count = Label("count")

  var body: Widget { VStack("echo") { count } }

  func bindings(_ vm: EchoViewModel) -> [BindingDeclaration<EchoViewModel>] {
    bind(\.count, to: count.text) { "\($0)" }
    command(vm.bump, onChangeOf: \.count)
  }
}

struct SearchOnlyScreen: Screen {
  let search = Button("search", title: "Search")
  let tick = Button("tick", title: "Tick")
  let ticks = Label("ticks")

  var body: Widget {
    VStack("searchOnly") {
      search
      tick
      ticks
    }
  }

  func bindings(_ vm: EchoViewModel) -> [BindingDeclaration<EchoViewModel>] {
    command(vm.search, on: search)
    command(vm.tick, on: tick)
    bind(\.ticks, to: ticks.text) { "\($0)" }
  }
}

@MainActor
@Suite struct DriverReliabilityTests {
  @Test func aDriverAfterUnmountThrowsInsteadOfSucceedingOrRecording() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    driver.unmount()
    let settling = await expectDriverFailure { try await driver.settle() }
    #expect(settling?.message == "cannot settle: the screen is unmounted")
    let advancing = await expectDriverFailure {
      try await driver.advance(by: .seconds(1))
    }
    #expect(advancing?.message == "cannot advance the clock: the screen is unmounted")
    #expect(driver.clock.now.offset == .zero)
    let appearing = await expectDriverFailure { try await driver.appear() }
    #expect(appearing?.message == "cannot appear: the screen is unmounted")
    let name = "after-unmount-\(UUID().uuidString)"
    let snapshot = FailureReporter.$forcedDestination.withValue(.thrown) {
      #expect(throws: SnapshotError.self) { try driver.assertSnapshot(named: name) }
    }
    #expect(snapshot?.kind == .nothingToRender)
    #expect(
      snapshot?.message
        == "cannot compare snapshot '\(name)': the screen is unmounted, so there is no tree to "
        + "render; take snapshots before unmount()")
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/DriverReliabilityTests/\(name).txt")
    #expect(!FileManager.default.fileExists(atPath: file.path), "nothing is recorded")
  }

  @Test func aCommandThatChangesTheValueItRunsOnIsNamedAsTheReasonSettleFails() async throws {
    let model = EchoViewModel()
    let driver = try ScreenDriver(EchoScreen(), model: model)
    model.count = 1
    let error = await expectDriverFailure { try await driver.settle() }
    let message = try #require(error?.message)
    #expect(error?.kind == .notSettled)
    #expect(
      message.hasPrefix(
        "the screen did not settle: it asked for a flush 1000 times in one settle, so what it "
          + "shows keeps changing what it runs. Work that ran meanwhile: command 'bump'."))
    driver.unmount()
    try await model.bump.settle()
  }

  @Test func unmountingOneOfTwoMountsCancelsOnlyItsOwnRuns() async throws {
    let clock = VirtualClock()
    let model = EchoViewModel()
    model.clock = clock
    let first = try ScreenDriver(SearchOnlyScreen(), model: model, clock: clock)
    let second = try ScreenDriver(SearchOnlyScreen(), model: model, clock: clock)
    try await first.tap("tick")
    #expect(model.tick.isExecuting)
    second.unmount()
    #expect(model.tick.isExecuting, "the run the other mount started goes on")
    try await first.advance(by: .seconds(3))
    #expect(model.ticks == 3)
    #expect(model.tick.status == .succeeded)
    #expect(first.render().contains(#"Label #ticks text="3""#))
    try await first.tap("tick")
    first.unmount()
    #expect(model.tick.status == .cancelled, "the mount that started a run cancels it")
    try await model.tick.settle()
  }

  @Test func cancelledRunsAreFollowedUntilTheyEndAndDoNotKeepTheViewModel() async throws {
    weak var weakModel: EchoViewModel?
    let held: HeldWork
    let search: Command<Void, Void>
    do {
      let model = EchoViewModel()
      weakModel = model
      held = model.held
      search = model.search
      let screen = try SearchOnlyScreen().mount(on: model, scheduler: ManualScheduler())
      let button = try #require(screen.widget("search") as? Button)
      for tap in 1...1_000 {
        button.tap.send()
        await held.waitUntilWaiting(tap)
      }
      #expect(search.activeRuns == 1)
      #expect(search.unwindingRuns == 999, "cancelled runs whose work ignores cancellation")
      let driver = try ScreenDriver(
        SearchOnlyScreen(), model: model, clock: VirtualClock(stallTimeout: .milliseconds(50)))
      let error = await expectDriverFailure { try await driver.settle() }
      #expect(
        error?.message.hasPrefix(
          "the screen did not settle: command 'search' (cancelled, still unwinding) ×999, "
            + "command 'search' are still executing and not sleeping on the virtual clock")
          == true)
      driver.unmount()
      screen.unmount()
      #expect(search.status == .cancelled)
    }
    #expect(weakModel == nil, "suspended work that does not hold the view model lets it go")
    #expect(search.unwindingRuns == 1_000)
    held.release()
    try await search.settle()
    #expect(search.unwindingRuns == 0)
  }
}

/// Every failure of the driver carries a kind a test can match.
@MainActor
@Suite struct DriverErrorKindTests {
  private func kind(
    _ action: () async throws -> Void
  ) async -> DriverError.Kind? {
    await expectDriverFailure(action)?.kind
  }

  @Test func missingWrongKindHiddenDisabledAndUnmountedAreKindsOfTheirOwn() async throws {
    let model = ProfileViewModel()
    let driver = try ScreenDriver(ProfileScreen(), model: model)
    #expect(await kind { try await driver.tap("sav") } == .missingWidget)
    #expect(await kind { try await driver.tap("title") } == .wrongKind)
    #expect(await kind { _ = try driver.widget("name", as: Button.self) } == .wrongKind)
    #expect(await kind { try await driver.tap("delete") } == .hidden)
    #expect(await kind { try await driver.pullToRefresh("name") } == .wrongKind)
    #expect(await kind { try await driver.tap("save") } == .disabled)
    driver.unmount()
    #expect(await kind { try await driver.tap("save") } == .unmounted)
    #expect(await kind { try await driver.settle() } == .unmounted)
  }

  @Test func aDriverErrorNamesTheCallThatFailedAsTheTestWroteIt() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    let line: UInt = #line + 1
    let error = await expectDriverFailure { try await driver.type("x", into: "sav") }
    #expect(error?.callSite?.line == line)
    #expect(error?.callSite?.fileID == #fileID)
    #expect(error?.callSite?.filePath == #filePath)
    let column = try #require(error?.callSite?.column)
    #expect(error?.description == "\(#fileID):\(line):\(column): \(error?.message ?? "")")
  }
}
