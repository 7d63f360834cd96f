import BindingDSL
import Testing

@MainActor
@Suite struct PropagationTests {
  let scheduler = ManualScheduler()
  let model = FormModel()

  @Test func aDiamondWritesItsWidgetOnceWithConsistentInputs() throws {
    let label = Slot("pair", "text", "")
    let mounted = try BindingGraph<FormModel> {
      bind(\.left, \.right, to: label) { "\($0)/\($1)" }
    }.mount(on: model, scheduler: scheduler)
    #expect(label.received == ["2/2"])
    for value in 2...5 {
      model.value = value
      scheduler.flush()
    }
    // Every write pairs value + 1 with value * 2: never one new input with one old.
    #expect(label.received == ["2/2", "3/4", "4/6", "5/8", "6/10"])
    // Per change: two sources and the combination change, and the widget is written once.
    #expect(mounted.updateCount == 4 * 3)
  }

  @Test func manyChangesBeforeAFlushCoalesceIntoOneWrite() throws {
    let label = Slot("count", "text", "")
    let mounted = try BindingGraph<FormModel> { bind(\.count, to: label) { "\($0)" } }
      .mount(on: model, scheduler: scheduler)
    for count in 1...1_000 { model.count = count }
    scheduler.flush()
    #expect(label.received == ["0", "1000"])
    #expect(mounted.updateCount == 1)
  }

  @Test func aChangeBackToTheShownValueWritesNothing() throws {
    let label = Slot("count", "text", "")
    let mounted = try BindingGraph<FormModel> { bind(\.count, to: label) { "\($0)" } }
      .mount(on: model, scheduler: scheduler)
    model.count = 5
    model.count = 0
    scheduler.flush()
    #expect(label.received == ["0"])
    #expect(mounted.updateCount == 0)
  }

  @Test func oneSourceFeedsEveryWidgetThatShowsIt() throws {
    let labels = (0..<3).map { Slot("label\($0)", "text", "") }
    let graph = try BindingGraph<FormModel> {
      for label in labels { bind(\.name, to: label) }
    }
    #expect(graph.nodes.filter { $0.kind == .source }.count == 1)
    let mounted = graph.mount(on: model, scheduler: scheduler)
    model.name = "Ada"
    scheduler.flush()
    #expect(labels.map(\.received) == Array(repeating: ["", "Ada"], count: 3))
    #expect(mounted.updateCount == 1, "one source read, three widgets written")
  }

  @Test func aChangeRedeliversOnlyTheSourcesThatChanged() throws {
    let name = Slot("name", "text", "")
    let count = Slot("count", "text", "")
    let tag = Slot("tag", "text", "")
    let mounted = try BindingGraph<FormModel> {
      bind(\.name, to: name)
      bind(\.count, to: count) { "\($0)" }
      bind(\.tag, to: tag) { $0.text }
    }.mount(on: model, scheduler: scheduler)
    for round in 1...3 {
      model.count = round
      scheduler.flush()
    }
    model.name = "Ada"
    scheduler.flush()
    #expect(count.received == ["0", "1", "2", "3"])
    #expect(name.received == ["", "Ada"])
    #expect(tag.received == ["none"], "a value that cannot be compared is not re-sent")
    model.tag = Tag(text: "new")
    scheduler.flush()
    #expect(tag.received == ["none", "new"])
    #expect(mounted.updateCount == 5)
  }

  @Test func aWriteIntoTheModelWhileMountingReachesWidgetsInstalledBeforeIt() throws {
    let label = Slot("label", "text", "")
    let field = Slot("field", "text", "preset", editable: true)
    let mounted = try BindingGraph<FormModel> {
      bind(\.name, to: label)
      bind(\.name, to: field, mode: .oneWayToSource)
    }.mount(on: model, scheduler: scheduler)
    #expect(label.received == ["", "preset"], "in sync when mounting ends, before any flush")
    #expect(!mounted.needsFlush)
  }

  @Test func aTargetThatKeepsChangingTheModelIsReportedNotLoopedForever() throws {
    let label = Slot("count", "text", 0)
    let model = self.model
    label.onReceive = { model.count = $0 + 1 }
    let mounted = try BindingGraph<FormModel> { bind(\.count, to: label) }
      .mount(on: model, scheduler: scheduler)
    scheduler.flush()
    let report = try #require(mounted.unsettledReport)
    #expect(report.contains("still changing after 100 passes"))
    label.onReceive = nil
    model.count = 0
    scheduler.flush()
    #expect(mounted.unsettledReport == nil, "a calm flush clears the report")
  }

  @Test func aSchedulerFlushingAGraphFlushedSinceKeepsTheGraphsReport() throws {
    let label = Slot("count", "text", 0)
    let model = self.model
    let mounted = try BindingGraph<FormModel> { bind(\.count, to: label) }
      .mount(on: model, scheduler: scheduler)
    label.onReceive = { model.count = $0 + 1 }
    model.count = 1
    #expect(scheduler.hasPendingFlush)
    mounted.flush()
    #expect(mounted.unsettledReport != nil, "flushed directly, it gave up")
    label.onReceive = nil
    #expect(!mounted.needsFlush)
    #expect(scheduler.flush() == false, "the scheduler's flush finds nothing waiting")
    #expect(mounted.unsettledReport != nil, "a flush with nothing waiting is not a calm one")
  }

  @Test func theMainActorSchedulerFlushesOnTheNextTurn() async throws {
    let label = Slot("name", "text", "")
    let mounted = try BindingGraph<FormModel> { bind(\.name, to: label) }
      .mount(on: model, scheduler: MainActorScheduler())
    model.name = "Ada"
    model.name = "Bo"
    #expect(label.received == [""])
    while mounted.needsFlush { await Task.yield() }
    #expect(label.received == ["", "Bo"])
  }

  @Test func aChangeTheCommandCannotTakeYetRunsOnceItCan() async throws {
    let mounted = try BindingGraph<FormModel> { command(model.slowLookup, onChangeOf: \.name) }
      .mount(on: model, scheduler: scheduler, clock: model.clock)
    func settle() async throws {
      repeat { try await model.slowLookup.settle() } while scheduler.flush()
    }
    model.name = "a"
    try await settle()
    #expect(model.slowLookup.isExecuting)
    for name in ["ab", "abc"] {
      model.name = name
      try await settle()
    }
    #expect(model.lookedUp == ["a"], "ignored while executing")
    try await model.clock.advance(by: .seconds(1))
    try await settle()
    try await settle()
    #expect(model.lookedUp == ["a", "abc"], "the latest waiting value runs once it can")
    try await model.clock.advance(by: .seconds(1))
    try await settle()
    #expect(model.lookedUp == ["a", "abc"], "and only once")
    #expect(mounted.commands.count == 1)
  }

  @Test func aCommandBindingDrivesEnabledBusyAndTap() async throws {
    let button = TestButton("save")
    let mounted = try BindingGraph<FormModel> { command(model.save, on: button) }
      .mount(on: model, scheduler: scheduler)
    #expect(button.enabled.currentValue == false, "the predicate needs a name")
    button.tap.send()
    #expect(model.save.status == .idle, "a disabled command ignores the tap")
    model.name = "Ada"
    scheduler.flush()
    #expect(button.enabled.currentValue == true)
    button.tap.send()
    #expect(model.save.isExecuting)
    scheduler.flush()
    #expect(button.busy.currentValue == true)
    #expect(button.enabled.currentValue == false, "ignored while executing")
    try await model.save.settle()
    scheduler.flush()
    #expect(model.save.status == .succeeded)
    #expect(button.busy.received == [false, true, false])
    #expect(mounted.commands.count == 1)
  }
}
