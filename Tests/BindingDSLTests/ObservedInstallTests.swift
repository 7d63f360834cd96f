import BindingDSL
import Observation
import Testing

/// A mount observes each view-model value with the read that gives its widget the first value,
/// unless code that may write into the view model ran while it installed: then it reads every
/// value again, and a write made meanwhile reaches the widgets installed before it.
@MainActor
@Suite struct ObservedInstallTests {
  let scheduler = ManualScheduler()

  @Test func aMountReadsEachValueOnceAndAFlushOnceMore() throws {
    let model = CountingModel()
    let label = Slot("label", "text", 0)
    let mounted = try BindingGraph<CountingModel> { bind(\.counted, to: label) }
      .mount(on: model, scheduler: scheduler)
    #expect(model.reads == 1)
    model.value = 2
    scheduler.flush()
    #expect(model.reads == 2)
    #expect(label.received == [1, 2])
    mounted.unmount()
  }

  @Test func everyValueOfAMountReadOnceIsObservedHoweverMany() throws {
    let model = SixModel()
    let slots = SixModel.keyPaths.indices.map { Slot("p\($0)", "value", -1) }
    let mounted = try BindingGraph<SixModel> {
      for (keyPath, slot) in zip(SixModel.keyPaths, slots) { bind(keyPath, to: slot) }
    }.mount(on: model, scheduler: scheduler)
    for (index, keyPath) in SixModel.keyPaths.enumerated() {
      model[keyPath: keyPath] = index + 1
      scheduler.flush()
      #expect(slots[index].received == [0, index + 1], "p\(index)")
    }
    mounted.unmount()
  }

  @Test func aMountWhoseWidgetReactsReadsAgainAndSoDoItsLaterMounts() throws {
    let model = CountingModel()
    let label = Slot("label", "text", 0)
    label.onReceive = { _ in }
    let graph = try BindingGraph<CountingModel> { bind(\.counted, to: label) }
    let first = graph.mount(on: model, scheduler: scheduler)
    #expect(model.reads == 2)
    first.unmount()
    // NB: the graph remembers it: the next mount installs and then observes, without a
    // registration made in vain, even when the widget no longer reacts.
    label.onReceive = nil
    let second = graph.mount(on: model, scheduler: scheduler)
    #expect(model.reads == 4)
    model.value = 3
    scheduler.flush()
    #expect(label.received.last == 3)
    second.unmount()
  }

  @Test func aListShownByTheScreenDoesNotMakeItReadItsValuesTwice() throws {
    let model = CountingModel()
    let list = RecordingList()
    let mounted = try BindingGraph<CountingModel> {
      bind(\.counted, to: Slot("label", "text", 0))
      show(\.sections, in: list)
    }.mount(on: model, scheduler: scheduler)
    #expect(model.reads == 1)
    #expect(list.received == 1, "the list gets its content once the install is over")
    mounted.unmount()
  }

  @Test func aScreenTypesSharedGraphRemembersThatItsMountsReadTwice() throws {
    let model = CountingModel()
    let label = Slot("label", "text", 0)
    label.onReceive = { _ in }
    let full = try BindingGraph<CountingModel> { bind(\.counted, to: label) }
    // NB: as a screen type's mounts do: each installs its declarations under the shared graph,
    // description only.
    let shared = full.descriptionOnly()
    let first = MountedGraph(
      shared, installing: full.declarations, on: model, scheduler: scheduler,
      clock: ContinuousClock(), parked: nil)
    #expect(model.reads == 2)
    first.unmount()
    label.onReceive = nil
    let second = MountedGraph(
      shared, installing: full.declarations, on: model, scheduler: scheduler,
      clock: ContinuousClock(), parked: nil)
    #expect(model.reads == 4, "installed first and observed after, as the first mount had to")
    second.unmount()
  }

  @Test func aWriteByAWidgetWhileMountingReachesTheWidgetsInstalledBeforeIt() throws {
    for _ in 0..<2 {
      let model = CountingModel()
      let name = Slot("name", "text", "")
      let reacting = Slot("count", "text", 0)
      reacting.onReceive = { _ in model.name = "set by a widget" }
      let graph = try BindingGraph<CountingModel> {
        bind(\.name, to: name)
        bind(\.value, to: reacting)
      }
      let mounted = graph.mount(on: model, scheduler: scheduler)
      #expect(name.received == ["", "set by a widget"], "in sync before any flush")
      #expect(!mounted.needsFlush)
      model.name = "later"
      scheduler.flush()
      #expect(name.received.last == "later")
      mounted.unmount()
    }
  }

  @Test func aWriteByAWidgetWhileARowMountsReachesTheRowsOtherWidgets() throws {
    let parent = CountingModel()
    let mounted = try BindingGraph<CountingModel> { bind(\.value, to: Slot("v", "text", 0)) }
      .mount(on: parent, scheduler: scheduler)
    let mounter = try #require(mounted.childMounter)
    let template = ObjectIdentifier(CountingModel.self)
    var rows: [ChildMount] = []
    // The first row is observed with its first reads; the second has a widget that writes
    // into its view model when written, and is read again; the third mounts as the first.
    for reacts in [false, true, false] {
      let row = CountingModel()
      let name = Slot("name", "text", "")
      let reacting = Slot("count", "text", 0)
      if reacts { reacting.onReceive = { _ in row.name = "set by a widget" } }
      let declarations = try BindingGraph<CountingModel> {
        bind(\.name, to: name)
        bind(\.value, to: reacting)
      }.declarations
      rows.append(try mounter.mount(declarations, on: row, template: template))
      #expect(name.received.last == (reacts ? "set by a widget" : ""))
      #expect(!mounted.needsFlush)
      row.name = "later"
      scheduler.flush()
      #expect(name.received.last == "later")
    }
    for row in rows { row.unmount() }
    mounted.unmount()
  }
}

/// A list of the minimal widget kit that counts the contents it receives.
@MainActor
final class RecordingList: CollectionTarget {
  let targetKey = TargetKey(widgetID: "list", property: "rows")
  private(set) var received = 0

  func receive(_ content: ListContent, mounter: any ChildMounter) {
    received += 1
  }

  func unmountRows() {}
}

/// A view model that counts the reads of one of its values.
@MainActor
@Observable
final class CountingModel {
  var value = 1
  var name = ""
  var sections: [ListSection] = []
  @ObservationIgnored private(set) var reads = 0

  /// `value`, counting each read.
  var counted: Int {
    reads += 1
    return value
  }
}
