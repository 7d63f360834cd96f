import Headless
import Observation

@MainActor
@Observable
final class FanOutViewModel {
  var text = ""
}

/// One property bound to 1,000 widget properties; the cost per delivered widget update.
@MainActor
func fanOutRows(_ settings: Settings) -> [Row] {
  let widgetCount = 1_000
  let changes = settings.iterations(1_000)
  let deliveries = changes * widgetCount
  let values = (0..<changes + 1).map { "v\($0)" }
  var delivered = 0

  let engine = median(settings, units: deliveries) {
    let vm = FanOutViewModel()
    let labels = (0..<widgetCount).map { Label("label\($0)") }
    let scheduler = ManualScheduler()
    let graph = try! BindingGraph<FanOutViewModel> {
      for label in labels { bind(\.text, to: label.text) }
    }
    let mounted = graph.mount(on: vm, scheduler: scheduler)
    defer { mounted.unmount() }
    let elapsed = time {
      for index in 1...changes {
        vm.text = values[index]
        scheduler.flush()
      }
    }
    delivered = labels.reduce(0) { $0 + $1.text.changeCount }
    return elapsed
  }

  let closures = median(settings, units: deliveries) {
    let subject = Subject("")
    let labels = (0..<widgetCount).map { Label("label\($0)") }
    for label in labels { _ = subject.observe { label.text.receive($0) } }
    return time {
      for index in 1...changes { subject.value = values[index] }
    }
  }

  let observation = median(settings, units: deliveries) {
    let vm = FanOutViewModel()
    let labels = (0..<widgetCount).map { Label("label\($0)") }
    let links = labels.map { label in ObservationLink { label.text.receive(vm.text) } }
    return time {
      for index in 1...changes {
        vm.text = values[index]
        for link in links { link.flush() }
      }
    }
  }

  return [
    Row(
      scenario: "fan-out: 1 source → 1,000 widgets", unit: "ns/update",
      engine: engine, closures: closures, observation: observation,
      target: .closuresRatio(1.5)),
    Row(
      scenario: "fan-out: widget updates per change", unit: "updates",
      target: .count(expected: 1_000, what: "per change"),
      count: Double(delivered) / Double(changes)),
  ]
}
