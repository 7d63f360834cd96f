import BindingDSL
import Observation
import Testing

/// A view model changed from any thread.
@Observable
final class SharedCounter: @unchecked Sendable {
  var value = 0
  var other = 0
}

/// How sources are observed: alone or in groups, from the main actor or elsewhere, and what a
/// pending Observation registration may keep alive.
@MainActor
@Suite struct EngineRegistrationTests {
  let scheduler = ManualScheduler()

  @Test func aSourceObservedAloneKeepsDeliveringEveryChange() throws {
    let model = FormModel()
    let label = Slot("count", "text", 0)
    let mounted = try BindingGraph<FormModel> { bind(\.count, to: label) }
      .mount(on: model, scheduler: scheduler)
    for round in 1...5 {
      model.count = round
      model.count = round * 10
      scheduler.flush()
    }
    #expect(label.received == [0, 10, 20, 30, 40, 50])
    #expect(mounted.updateCount == 5)
  }

  @Test func sourcesRegroupedAfterAChangeStillDeliverTheirOwnChanges() throws {
    let model = FormModel()
    let slots = (0..<6).map { Slot("slot\($0)", "text", "") }
    let mounted = try BindingGraph<FormModel> {
      bind(\.name, to: slots[0])
      bind(\.count, to: slots[1]) { "\($0)" }
      bind(\.age, to: slots[2]) { "\($0)" }
      bind(\.value, to: slots[3]) { "\($0)" }
      bind(\.code, to: slots[4])
      bind(\.pin, to: slots[5])
    }.mount(on: model, scheduler: scheduler)
    // The mount's one registration fires and splits: `count` alone, the rest together.
    model.count = 1
    scheduler.flush()
    model.name = "Ada"
    scheduler.flush()
    model.count = 2
    model.age = 3
    scheduler.flush()
    model.value = 4
    scheduler.flush()
    #expect(slots[0].received == ["", "Ada"])
    #expect(slots[1].received == ["0", "1", "2"])
    #expect(slots[2].received == ["0", "3"])
    #expect(slots[3].received == ["1", "4"])
    #expect(slots[4].received == [""])
    #expect(mounted.updateCount == 5)
  }

  @Test func aPendingRegistrationOfAnUnmountedGraphDoesNothing() throws {
    let model = FormModel()
    let label = Slot("name", "text", "")
    let mounted = try BindingGraph<FormModel> {
      bind(\.name, to: label)
      bind(\.name, \.count, to: Slot("pair", "text", "")) { "\($0)\($1)" }
    }.mount(on: model, scheduler: scheduler)
    model.name = "Ada"
    scheduler.flush()
    mounted.unmount()
    // Observation still holds the registrations armed by the last flush; they fire now.
    model.name = "Grace"
    model.count = 1
    #expect(!mounted.needsFlush)
    #expect(!scheduler.flush())
    #expect(label.received == ["", "Ada"])
  }

  // NB: the time limits only turn a change that never arrives into a failure instead of a run
  // that never ends; the tests wait for the change, not for a time.
  @Test func aChangeMadeOffTheMainActorReachesTheWidgetAtTheNextFlush()
    async throws
  {
    let model = SharedCounter()
    let label = Slot("value", "text", 0)
    let mounted = try BindingGraph<SharedCounter> { bind(\.value, to: label) }
      .mount(on: model, scheduler: scheduler)
    await Task.detached { model.value = 7 }.value
    while !mounted.needsFlush { await Task.yield() }
    scheduler.flush()
    #expect(label.received == [0, 7])
  }

  @Test
  func aChangeMadeOffTheMainActorToAGroupReachesTheWidgetsAtTheNextFlush() async throws {
    let model = SharedCounter()
    let value = Slot("value", "text", 0)
    let other = Slot("other", "text", 0)
    let mounted = try BindingGraph<SharedCounter> {
      bind(\.value, to: value)
      bind(\.other, to: other)
    }.mount(on: model, scheduler: scheduler)
    // Both change before one flush, which observes them again under one registration.
    model.value = 1
    model.other = 2
    scheduler.flush()
    await Task.detached { model.other = 3 }.value
    while !mounted.needsFlush { await Task.yield() }
    scheduler.flush()
    model.value = 4
    scheduler.flush()
    #expect(value.received == [0, 1, 4])
    #expect(other.received == [0, 2, 3])
  }
}
