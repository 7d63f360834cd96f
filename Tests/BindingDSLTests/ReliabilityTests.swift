import Observation
import Testing

@testable import BindingDSL

/// A view model of six values, more than a mount's registration keeps in its own object.
@MainActor
@Observable
final class SixModel {
  var p0 = 0
  var p1 = 0
  var p2 = 0
  var p3 = 0
  var p4 = 0
  var p5 = 0

  static let keyPaths: [ReferenceWritableKeyPath<SixModel, Int>] = [
    \.p0, \.p1, \.p2, \.p3, \.p4, \.p5,
  ]
}

/// A graph that unmounts while it flushes, and two-way fields whose view model changes its mind
/// before the flush.
@MainActor
@Suite struct ReliabilityTests {
  let scheduler = ManualScheduler()

  // MARK: Unmounting mid-flush

  @Test func unmountingFromACombinedBindingsWidgetStopsTheFlush() throws {
    weak var weakModel: FormModel?
    var otherWrites: [String] = []
    do {
      let model = FormModel()
      weakModel = model
      let full = Slot("full", "text", "")
      let other = Slot("other", "text", "")
      let mounted = try BindingGraph<FormModel> {
        bind(\.name, \.age, to: full) { "\($0) \($1)" }
        bind(\.name, \.count, to: other) { "\($0) \($1)" }
      }.mount(on: model, scheduler: scheduler)
      full.onReceive = { [unowned mounted] _ in mounted.unmount() }
      model.name = "Ada"
      scheduler.flush()
      #expect(!mounted.isMounted)
      #expect(!mounted.needsFlush)
      #expect(mounted.unsettledReport == nil)
      model.name = "Bo"
      model.count = 3
      #expect(!scheduler.flush(), "nothing torn down is observed again")
      otherWrites = other.received
    }
    #expect(otherWrites == [" 0"], "a node queued after the unmount is not computed")
    #expect(weakModel == nil)
  }

  @Test func unmountingFromASourcesThirdSinkWritesNoOtherSink() throws {
    weak var weakModel: SixModel?
    var lateWrites = 0
    do {
      let model = SixModel()
      weakModel = model
      let fanOut = (0..<4).map { Slot("fan\($0)", "value", -1) }
      let others = (1..<6).map { Slot("p\($0)", "value", -1) }
      let mounted = try BindingGraph<SixModel> {
        for slot in fanOut { bind(\.p0, to: slot) }
        for (keyPath, slot) in zip(SixModel.keyPaths.dropFirst(), others) {
          bind(keyPath, to: slot)
        }
      }.mount(on: model, scheduler: scheduler)
      fanOut[2].onReceive = { [unowned mounted] _ in mounted.unmount() }
      // More dirty sources than the engine observes as one small group.
      for keyPath in SixModel.keyPaths { model[keyPath: keyPath] = 1 }
      scheduler.flush()
      #expect(!mounted.isMounted)
      #expect(!mounted.needsFlush)
      #expect(fanOut.map(\.received) == [[0, 1], [0, 1], [0, 1], [0]])
      #expect(others.allSatisfy { $0.received == [0] }, "no source delivers after the unmount")
      for keyPath in SixModel.keyPaths { model[keyPath: keyPath] = 2 }
      #expect(!scheduler.flush())
      lateWrites = fanOut.map(\.received.count).reduce(0, +) - 7
    }
    #expect(lateWrites == 0)
    #expect(weakModel == nil)
  }

  @Test func unmountingFromASinkOfALoneDirtySourceWritesNoOtherSink() throws {
    let model = FormModel()
    let fanOut = (0..<4).map { Slot("fan\($0)", "text", "") }
    let mounted = try BindingGraph<FormModel> {
      for slot in fanOut { bind(\.name, to: slot, mode: .oneWay) }
    }.mount(on: model, scheduler: scheduler)
    fanOut[2].onReceive = { [unowned mounted] _ in mounted.unmount() }
    model.name = "Ada"
    scheduler.flush()
    #expect(fanOut.map(\.received) == [["", "Ada"], ["", "Ada"], ["", "Ada"], [""]])
    model.name = "Bo"
    #expect(!scheduler.flush())
  }

  /// A chain of derived nodes above rank 1 with one input each, built on the mount's context as
  /// `BindingMount/combine` builds one of rank 1.
  @Test func unmountingFromARankTwoSinkWithMoreQueuedStopsTheFlush() throws {
    weak var weakModel: FormModel?
    let twice = Slot("twice", "value", 0)
    let thrice = Slot("thrice", "value", 0)
    let sum = Slot("sum", "value", 0)
    do {
      let model = FormModel()
      weakModel = model
      let edge = BindingEdge<FormModel>(
        from: BindingEndpoint(\FormModel.age), to: BindingEndpoint(twice), role: .value,
        run: { mount in
          let context = mount.context
          let age = context.source(\.age, reading: { $0.age })
          let count = context.source(\.count, reading: { $0.count })
          let total = context.derived(reading: [age, count]) { age.value + count.value }
          let double = context.derived(reading: [total]) { total.value * 2 }
          let triple = context.derived(reading: [total]) { total.value * 3 }
          let both = context.derived(reading: [double, triple]) { double.value + triple.value }
          double.add(.target(twice))
          triple.add(.target(thrice))
          both.add(.target(sum))
        })
      let chain = BindingDeclaration(
        "chain", site: DeclarationSite(fileID: #fileID, line: #line), edges: [edge])
      let mounted = try BindingGraph<FormModel>(declarations: [chain])
        .mount(on: model, scheduler: scheduler)
      twice.onReceive = { [unowned mounted] _ in mounted.unmount() }
      model.age = 1
      scheduler.flush()
      #expect(!mounted.isMounted)
      #expect(!mounted.needsFlush)
      model.count = 5
      #expect(!scheduler.flush())
    }
    #expect(twice.received == [0, 2])
    #expect(thrice.received == [0], "the node queued beside the unmounting one is not computed")
    #expect(sum.received == [0], "nor the one queued above it")
    #expect(weakModel == nil)
  }

  // MARK: Two-way fields whose view model changes its mind

  @Test func anEditTheModelIsSetBackFromBeforeTheFlushShowsTheModelsValue() throws {
    let model = FormModel()
    let field = Slot("name", "text", "", editable: true)
    let twin = Slot("twin", "text", "", editable: true)
    let label = Slot("label", "text", "")
    let mounted = try BindingGraph<FormModel> {
      bind(\.name, to: field)
      bind(\.name, to: twin)
      bind(\.name, to: label)
    }.mount(on: model, scheduler: scheduler)
    model.name = "Ada"
    scheduler.flush()
    field.edit("Bo")
    #expect(model.name == "Bo")
    model.name = "Ada"
    scheduler.flush()
    #expect(field.currentValue == "Ada", "the field shows what the model holds")
    #expect(twin.currentValue == "Ada")
    #expect(label.currentValue == "Ada")
    #expect(!mounted.needsFlush)
    // The edit that was undone leaves no expectation behind: a later edit still does not echo.
    field.edit("Cy")
    scheduler.flush()
    #expect(field.received == ["", "Ada", "Ada"])
    #expect(twin.currentValue == "Cy")
  }

  @Test func twoFieldsEditedBeforeOneFlushBothShowTheModelsValue() throws {
    let model = FormModel()
    let field = Slot("name", "text", "", editable: true)
    let twin = Slot("twin", "text", "", editable: true)
    let mounted = try BindingGraph<FormModel> {
      bind(\.name, to: field)
      bind(\.name, to: twin)
    }.mount(on: model, scheduler: scheduler)
    field.edit("A")
    twin.edit("")
    #expect(model.name == "")
    scheduler.flush()
    #expect(field.currentValue == "")
    #expect(twin.received == [""], "the field whose edit the model holds is not written")
    #expect(mounted.isMounted)
  }

  @Test func aConvertedEditTheModelIsSetBackFromShowsTheModelsValue() throws {
    let model = FormModel()
    model.age = 7
    let field = Slot("age", "text", "", editable: true)
    let mounted = try BindingGraph<FormModel> {
      bind(\.age, to: field, transform: { String($0) }, back: { Int($0) })
    }.mount(on: model, scheduler: scheduler)
    field.edit("8")
    model.age = 7
    scheduler.flush()
    #expect(field.currentValue == "7")
    // An edit the model takes without changing (Observation stays silent) is not rewritten.
    field.edit("007")
    scheduler.flush()
    #expect(model.age == 7)
    #expect(field.currentValue == "007")
    #expect(field.received == ["7", "7"])
    #expect(!mounted.needsFlush)
  }

  // MARK: Rejected edits

  @Test func aKitThatShowsNoRejectionMarkStillLetsTheViewModelHearOfRejectedEdits() throws {
    let model = FormModel()
    let field = Slot("age", "text", "", editable: true)
    let draft = Slot("draft", "text", "", editable: true)
    var rejected: [String] = []
    let mounted = try BindingGraph<FormModel> {
      bind(
        \.age, to: field, transform: { String($0) }, back: { Int($0) },
        rejected: { rejected.append($0) })
      bind(
        \.count, to: draft, mode: .oneWayToSource, transform: { String($0) },
        back: { Int($0) }, rejected: { rejected.append("draft " + $0) })
    }.mount(on: model, scheduler: scheduler)
    field.edit("1")
    field.edit("1x")
    draft.edit("?")
    scheduler.flush()
    #expect(rejected == ["1x", "draft ?"])
    #expect(model.age == 1)
    #expect(model.count == 0)
    #expect(field.currentValue == "1x", "the field keeps the rejected edit")
    model.age = 2
    scheduler.flush()
    #expect(field.currentValue == "2")
    #expect(mounted.isMounted)
  }
}
