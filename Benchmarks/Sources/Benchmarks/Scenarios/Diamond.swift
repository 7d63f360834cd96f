import Headless
import Observation

@MainActor
@Observable
final class DiamondViewModel {
  var source = 0
  var left: Int { source &* 2 }
  var right: Int { source &+ 1 }
}

@MainActor
final class DiamondClosureModel {
  var onChange: () -> Void = {}
  var source = 0 {
    didSet { onChange() }
  }
  var left: Int { source &* 2 }
  var right: Int { source &+ 1 }
}

/// Counts combinations computed from inconsistent inputs (one side updated, the other not).
@MainActor
final class GlitchCounter {
  var glitches = 0

  func combine(_ left: Int, _ right: Int) -> String {
    if left != 2 &* (right &- 1) { glitches += 1 }
    return String(left &+ right)
  }
}

/// Two values derived from one source feeding one widget: the cost per change, and how often
/// the widget is written per change (glitch-free means once, with consistent inputs).
@MainActor
func diamondRows(_ settings: Settings) -> [Row] {
  let changes = settings.iterations(100_000)
  var updates = 0
  var glitches = 0

  let engine = median(settings, units: changes) {
    let vm = DiamondViewModel()
    let label = Label("diamond")
    let counter = GlitchCounter()
    let scheduler = ManualScheduler()
    let graph = try! BindingGraph<DiamondViewModel> {
      bind(\.left, \.right, to: label.text) { counter.combine($0, $1) }
    }
    let mounted = graph.mount(on: vm, scheduler: scheduler)
    defer { mounted.unmount() }
    let before = label.text.changeCount
    let elapsed = time {
      for _ in 0..<changes {
        vm.source &+= 1
        scheduler.flush()
      }
    }
    updates = label.text.changeCount - before
    glitches = counter.glitches
    return elapsed
  }

  let closures = median(settings, units: changes) {
    let model = DiamondClosureModel()
    let label = Label("diamond")
    let counter = GlitchCounter()
    model.onChange = { [unowned model] in
      label.text.receive(counter.combine(model.left, model.right))
    }
    return time {
      for _ in 0..<changes { model.source &+= 1 }
    }
  }

  let observation = median(settings, units: changes) {
    let vm = DiamondViewModel()
    let label = Label("diamond")
    let counter = GlitchCounter()
    let link = ObservationLink { label.text.receive(counter.combine(vm.left, vm.right)) }
    return time(link, changes: changes) { vm.source &+= 1 }
  }

  return [
    Row(
      scenario: "diamond: 1 source → 2 computed → 1 widget", unit: "ns/change",
      engine: engine, closures: closures, observation: observation,
      target: .observationRatio(1.7)),
    Row(
      scenario: "diamond: widget updates per change", unit: "updates",
      target: .count(expected: 1, what: "per change"),
      count: Double(updates) / Double(changes)),
    Row(
      scenario: "diamond: glitches (inconsistent inputs)", unit: "count",
      target: .count(expected: 0, what: ""), count: Double(glitches)),
  ]
}
