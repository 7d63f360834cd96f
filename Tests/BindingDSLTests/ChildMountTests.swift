import BindingDSL
import Testing

/// The children a parent mount keeps: unmounted in any order, each is let go and the others stay
/// mounted, and the parent's unmount ends every one still there.
@MainActor
@Suite struct ChildMountTests {
  let scheduler = ManualScheduler()

  @Test(arguments: [UInt64(1), 2, 3, 4, 5])
  func childrenUnmountedInAnyOrderLeaveTheOthersToTheParent(seed: UInt64) throws {
    let parent = CountingModel()
    let mounted = try BindingGraph<CountingModel> { bind(\.value, to: Slot("v", "text", 0)) }
      .mount(on: parent, scheduler: scheduler)
    let mounter = try #require(mounted.childMounter)
    let template = ObjectIdentifier(CountingModel.self)
    var random = SplitMix64(state: seed)
    var children: [(model: CountingModel, label: Slot<Int>, mount: ChildMount?)] = []
    for index in 0..<12 {
      let model = CountingModel()
      model.value = index
      let label = Slot("label", "text", -1)
      let declarations = try BindingGraph<CountingModel> { bind(\.value, to: label) }.declarations
      children.append(
        (model, label, try mounter.mount(declarations, on: model, template: template)))
    }
    var gone: [Int] = []
    for _ in 0..<6 {
      let remaining = children.indices.filter { !gone.contains($0) }
      let index = remaining[Int.random(in: 0..<remaining.count, using: &random)]
      weak let unmounted = children[index].mount
      unmounted?.unmount()
      children[index].mount = nil
      #expect(unmounted == nil, "the parent lets an unmounted child go")
      gone.append(index)
    }
    for child in children { child.model.value += 100 }
    scheduler.flush()
    for (index, child) in children.enumerated() {
      #expect(child.mount?.isMounted ?? false == !gone.contains(index))
      #expect(child.label.received.last == (gone.contains(index) ? index : index + 100))
    }
    mounted.unmount()
    #expect(children.allSatisfy { $0.mount?.isMounted != true }, "the parent ends the rest")
  }
}
