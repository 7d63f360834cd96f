import BindingDSL
import Testing

/// `ManualScheduler` flushes every graph that asked, in the order they asked, and the graphs
/// that ask while it flushes in the same call.
@MainActor
@Suite struct ManualSchedulerTests {
  let scheduler = ManualScheduler()

  @Test func graphsFlushInTheOrderTheyAsked() throws {
    var order: [String] = []
    let first = FormModel()
    let second = FormModel()
    let firstLabel = Slot("first", "text", "")
    let secondLabel = Slot("second", "text", "")
    firstLabel.onReceive = { order.append("first \($0)") }
    secondLabel.onReceive = { order.append("second \($0)") }
    let mountedSecond = try BindingGraph<FormModel> { bind(\.name, to: secondLabel) }
      .mount(on: second, scheduler: scheduler)
    let mountedFirst = try BindingGraph<FormModel> { bind(\.name, to: firstLabel) }
      .mount(on: first, scheduler: scheduler)
    order = []
    first.name = "a"
    second.name = "b"
    #expect(scheduler.flush())
    #expect(order == ["first a", "second b"])
    #expect(!scheduler.flush())
    mountedFirst.unmount()
    mountedSecond.unmount()
  }

  @Test func aFlushTellsItsSchedulerWhetherAnythingChanged() throws {
    let model = FormModel()
    let label = Slot("label", "text", "")
    let mounted = try BindingGraph<FormModel> { bind(\.name, to: label) }
      .mount(on: model, scheduler: scheduler)
    _ = scheduler.flush()
    let received = label.received.count
    // A value set and set back asks for a flush that changes nothing.
    model.name = "Ada"
    model.name = ""
    #expect(scheduler.hasPendingFlush)
    #expect(!scheduler.flush())
    #expect(label.received.count == received)
    model.name = "Grace"
    #expect(mounted.needsFlush)
    #expect(mounted.flush())
    #expect(!mounted.flush(), "nothing waits")
    mounted.unmount()
  }

  @Test func aGraphThatAsksDuringTheFlushOfAnotherFlushesInTheSameCall() throws {
    let source = FormModel()
    let mirror = FormModel()
    let relay = Slot("relay", "text", "")
    let shown = Slot("shown", "text", "")
    // The first graph's widget writes into the second graph's view model while it flushes.
    relay.onReceive = { mirror.name = $0 }
    let mountedSource = try BindingGraph<FormModel> { bind(\.name, to: relay) }
      .mount(on: source, scheduler: scheduler)
    let mountedMirror = try BindingGraph<FormModel> { bind(\.name, to: shown) }
      .mount(on: mirror, scheduler: scheduler)
    source.name = "Ada"
    #expect(scheduler.flush())
    #expect(shown.received.last == "Ada")
    #expect(!scheduler.hasPendingFlush)
    source.name = "Grace"
    source.name = "Lin"
    #expect(scheduler.flush())
    #expect(shown.received.last == "Lin")
    mountedSource.unmount()
    mountedMirror.unmount()
  }
}
