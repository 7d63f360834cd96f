import BindingDSL
import Headless
import Testing

@testable import TerminalHost

/// The redraw scheduler on a virtual clock: it draws after a flush and only then, at most once
/// per interval however many changes come, and after an app's dialogs and stacks change.
@MainActor
@Suite struct RedrawSchedulerTests {
  let clock = VirtualClock()

  @Test func changesBeforeADrawAreDrawnOnceAndTheNextWaitsOutTheInterval() async throws {
    let scheduler = RedrawScheduler(clock: clock)
    var frames = 0
    scheduler.draw = { frames += 1 }
    clock.withTracking { scheduler.setNeedsRedraw() }
    try await clock.advance(by: .zero)
    clock.withTracking {
      scheduler.setNeedsRedraw()
      scheduler.setNeedsRedraw()
    }
    try await clock.advance(by: .zero)
    #expect(frames == 1)
    try await clock.advance(by: scheduler.interval)
    #expect(frames == 2)
  }

  @Test func aFlushThatChangedSomethingDrawsAndNothingElseDoes() async throws {
    let scheduler = RedrawScheduler(clock: clock)
    let model = ProfileModel()
    let screen = try ProfileScreen().mount(on: model, scheduler: scheduler, clock: clock)
    var names: [String] = []
    scheduler.draw = { names.append((screen.widget("name") as? TextField)?.text.value ?? "") }
    // NB: the draw holds the screen, whose graph holds the scheduler: the test lets go of it
    // at its end, as a session does, so that neither outlives the test.
    defer { scheduler.draw = nil }
    // NB: an hour passes with no change: nothing polls, so nothing is drawn.
    try await clock.advance(by: .seconds(3_600))
    #expect(names == [])
    clock.withTracking { model.name = "Ada" }
    #expect(names == [], "the flush waits for the main actor's next turn")
    try await clock.advance(by: .zero)
    #expect(names == ["Ada"])
    #expect(scheduler.drawCount == 1)
    try await clock.advance(by: .seconds(3_600))
    #expect(scheduler.drawCount == 1)
  }

  @Test func flushesWithinAnIntervalAreDrawnOnceAtItsEnd() async throws {
    let scheduler = RedrawScheduler(clock: clock, interval: .milliseconds(100))
    let model = ProfileModel()
    let screen = try ProfileScreen().mount(on: model, scheduler: scheduler, clock: clock)
    var names: [String] = []
    scheduler.draw = { names.append((screen.widget("name") as? TextField)?.text.value ?? "") }
    defer { scheduler.draw = nil }
    clock.withTracking { model.name = "A" }
    try await clock.advance(by: .zero)
    for (step, name) in ["Ad", "Ada", "Ada L"].enumerated() {
      clock.withTracking { model.name = name }
      try await clock.advance(by: .milliseconds(10 * (step + 1)))
    }
    #expect(names == ["A"], "60 ms after the first draw, the next waits")
    try await clock.advance(by: .milliseconds(39))
    #expect(names == ["A"])
    try await clock.advance(by: .milliseconds(1))
    #expect(names == ["A", "Ada L"])
    #expect(model.name == (screen.widget("name") as? TextField)?.text.value ?? "")
  }

  @Test func aHostsKeyFlushesAtOnceAndDrawsOnce() async throws {
    let scheduler = RedrawScheduler(clock: clock)
    let model = ProfileModel()
    let screen = try ProfileScreen().mount(on: model, scheduler: scheduler, clock: clock)
    let host = TerminalScreenHost(screen, flush: { scheduler.flush() })
    var frames: [[String]] = []
    scheduler.draw = { frames.append(host.frame(width: 30, height: 6).lines) }
    defer { scheduler.draw = nil }
    clock.withTracking { host.handle(.character("G")) }
    #expect(model.name == "G", "the key's edit is flushed before the key returns")
    try await clock.advance(by: .zero)
    #expect(frames.count == 1)
    #expect(frames.last?[1] == "G")
  }

  @Test func cancellingDropsTheWaitingDraw() async throws {
    let scheduler = RedrawScheduler(clock: clock)
    var frames = 0
    scheduler.draw = { frames += 1 }
    clock.withTracking { scheduler.setNeedsRedraw() }
    try await clock.advance(by: .zero)
    clock.withTracking { scheduler.setNeedsRedraw() }
    scheduler.cancel()
    try await clock.advance(by: .seconds(1))
    #expect(frames == 1)
    #expect(scheduler.needsRedraw)
  }

  @Test func aSchedulerLetGoWhileItsTurnWaitsIsFreedAndTheWaitEnds() async throws {
    weak var released: RedrawScheduler?
    do {
      let scheduler = RedrawScheduler(clock: clock)
      released = scheduler
      clock.withTracking { scheduler.setNeedsRedraw() }
      try await clock.advance(by: .zero)
      clock.withTracking { scheduler.setNeedsRedraw() }
      await WorkLedger.shared.wait { clock.sleeperCount == 1 }
    }
    try #require(released == nil, "the waiting turn does not keep its scheduler")
    await WorkLedger.shared.wait { clock.sleeperCount == 0 }
  }

  @Test func anAppTellsItsHostWhenADialogOrAToastComesAndGoes() async throws {
    let scheduler = RedrawScheduler(clock: clock)
    let app = AppHost(registry: try inboxRegistry(), scheduler: scheduler, clock: clock)
    let inbox = InboxModel(app: app)
    try app.setStack([inbox])
    defer { app.shutDown() }
    app.view.onChange = { scheduler.setNeedsRedraw() }
    var overlays: [[String]] = []
    scheduler.draw = { overlays.append(app.view.overlays.map(\.id)) }
    defer { scheduler.draw = nil }
    clock.withTracking { app.dialogs.toast("Saved") }
    try await clock.advance(by: .zero)
    #expect(overlays == [["toast"]])
    try await clock.advance(by: DialogCenter.toastDuration)
    #expect(overlays == [["toast"], []], "the toast goes when its time is up, without a flush")
  }
}
