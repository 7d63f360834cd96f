import Observation
import Testing

@testable import BindingDSL

/// A mounted row's bookkeeping (Decisions/0049): a node's sink set, the source lookups kept
/// between installs, nested installs and two graph runs.
@MainActor
@Suite struct RowBookkeepingTests {
  let scheduler = ManualScheduler()

  @Test func aSourcesSinksAreWrittenInTheOrderAddedAfterTheSecondAndThird() throws {
    let model = FormModel()
    var order: [String] = []
    let slots = (0..<5).map { index in Slot("s\(index)", "text", "") }
    for (index, slot) in slots.enumerated() { slot.onReceive = { _ in order.append("s\(index)") } }
    let mounted = try BindingGraph<FormModel> {
      for slot in slots { bind(\.name, to: slot, mode: .oneWay) }
    }.mount(on: model, scheduler: scheduler)
    #expect(order == ["s0", "s1", "s2", "s3", "s4"])
    order = []
    model.name = "Ada"
    scheduler.flush()
    #expect(order == ["s0", "s1", "s2", "s3", "s4"])
    #expect(slots.map(\.received) == Array(repeating: ["", "Ada"], count: 5))
    mounted.unmount()
  }

  @Test(arguments: [0, 1]) func unmountingFromOneOfTwoSinksWritesNoLaterSink(_ which: Int) throws {
    let model = FormModel()
    let slots = (0..<2).map { Slot("s\($0)", "text", "") }
    let mounted = try BindingGraph<FormModel> {
      for slot in slots { bind(\.name, to: slot, mode: .oneWay) }
    }.mount(on: model, scheduler: scheduler)
    slots[which].onReceive = { [unowned mounted] _ in mounted.unmount() }
    model.name = "Ada"
    scheduler.flush()
    #expect(!mounted.isMounted)
    #expect(slots[0].received == ["", "Ada"])
    #expect(slots[1].received == (which == 0 ? [""] : ["", "Ada"]))
    model.name = "Bo"
    #expect(!scheduler.flush())
  }

  /// A row of the same view-model type mounted from a widget write while another row installs:
  /// each reads its own view model (the lookups are not shared).
  @Test func aRowMountedWhileAnotherInstallsReadsItsOwnModel() throws {
    let parent = CountingModel()
    let mounted = try BindingGraph<CountingModel> { bind(\.value, to: Slot("v", "text", 0)) }
      .mount(on: parent, scheduler: scheduler)
    let mounter = try #require(mounted.childMounter)
    let template = ObjectIdentifier(CountingModel.self)
    let outer = CountingModel()
    outer.name = "outer"
    outer.value = 10
    let inner = CountingModel()
    inner.name = "inner"
    inner.value = 20
    let innerName = Slot("name", "text", "")
    let innerValue = Slot("value", "text", 0)
    let innerDeclarations = try BindingGraph<CountingModel> {
      bind(\.value, to: innerValue)
      bind(\.name, to: innerName)
    }.declarations
    var innerMount: ChildMount?
    let trigger = Slot("value", "text", 0)
    trigger.onReceive = { _ in
      guard innerMount == nil else { return }
      innerMount = try? mounter.mount(innerDeclarations, on: inner, template: template)
    }
    let outerName = Slot("name", "text", "")
    let outerDeclarations = try BindingGraph<CountingModel> {
      bind(\.value, to: trigger)
      bind(\.name, to: outerName)
    }.declarations
    let outerMount = try mounter.mount(outerDeclarations, on: outer, template: template)
    #expect(innerMount != nil)
    #expect(outerName.received == ["outer"])
    #expect(innerName.received == ["inner"])
    #expect(innerValue.received == [20])
    outer.name = "outer 2"
    inner.name = "inner 2"
    inner.value = 21
    scheduler.flush()
    #expect(outerName.received == ["outer", "outer 2"])
    #expect(innerName.received == ["inner", "inner 2"])
    #expect(innerValue.received == [20, 21])
    // A third row after both: fresh lookups, its own values.
    let third = CountingModel()
    third.name = "third"
    let thirdName = Slot("name", "text", "")
    let thirdMount = try mounter.mount(
      try BindingGraph<CountingModel> {
        bind(\.value, to: Slot("value", "text", 0))
        bind(\.name, to: thirdName)
      }.declarations, on: third, template: template)
    #expect(thirdName.received == ["third"])
    third.name = "third 2"
    scheduler.flush()
    #expect(thirdName.received == ["third", "third 2"])
    thirdMount.unmount()
    innerMount?.unmount()
    outerMount.unmount()
    mounted.unmount()
  }

  /// A second screen (graph run) mounted from a widget write while the first installs.
  @Test func aScreenMountedWhileAnotherInstallsReadsItsOwnModel() throws {
    let first = FormModel()
    first.name = "first"
    let second = FormModel()
    second.name = "second"
    let secondName = Slot("name", "text", "")
    let secondCount = Slot("count", "text", 0)
    let secondGraph = try BindingGraph<FormModel> {
      bind(\.count, to: secondCount)
      bind(\.name, to: secondName)
    }
    var secondMount: MountedGraph<FormModel>?
    let trigger = Slot("count", "text", 0)
    trigger.onReceive = { _ in
      if secondMount == nil { secondMount = secondGraph.mount(on: second, scheduler: scheduler) }
    }
    let firstName = Slot("name", "text", "")
    let firstMount = try BindingGraph<FormModel> {
      bind(\.count, to: trigger)
      bind(\.name, to: firstName)
    }.mount(on: first, scheduler: scheduler)
    #expect(firstName.received == ["first"])
    #expect(secondName.received == ["second"])
    first.name = "first 2"
    second.name = "second 2"
    scheduler.flush()
    #expect(firstName.received == ["first", "first 2"])
    #expect(secondName.received == ["second", "second 2"])
    secondMount?.unmount()
    firstMount.unmount()
  }
}
