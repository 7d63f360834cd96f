import Headless
import Observation

@MainActor
@Observable
final class BatchViewModel {
  var a = 0
  var b = 0
  var c = 0
  var d = 0
  var e = 0
  var f = 0
  var g = 0
  var h = 0
  var i = 0
  var j = 0

  func setAll(_ value: Int) {
    a = value
    b = value
    c = value
    d = value
    e = value
    f = value
    g = value
    h = value
    i = value
    j = value
  }

  static let keyPaths: [KeyPath<BatchViewModel, Int>] = [
    \.a, \.b, \.c, \.d, \.e, \.f, \.g, \.h, \.i, \.j,
  ]
}

/// The hand-written model: each `didSet` writes its widget at once (no coalescing).
@MainActor
final class BatchClosureModel {
  let values = (0..<10).map { _ in Subject(0) }

  func setAll(_ value: Int) {
    for subject in values { subject.value = value }
  }
}

/// 1,000 changes (10 properties, 100 times each) before one flush: the cost per change, and how
/// often each widget is written (coalescing means once).
@MainActor
func batchRows(_ settings: Settings) -> [Row] {
  let rounds = 100
  let changesPerBatch = rounds * 10
  let batches = settings.iterations(1_000)
  var updatesPerWidget = 0.0

  let engine = median(settings, units: batches * changesPerBatch) {
    let vm = BatchViewModel()
    let labels = (0..<10).map { Label("label\($0)") }
    let scheduler = ManualScheduler()
    let graph = try! BindingGraph<BatchViewModel> {
      for (keyPath, label) in zip(BatchViewModel.keyPaths, labels) {
        bind(keyPath, to: label.text) { String($0) }
      }
    }
    let mounted = graph.mount(on: vm, scheduler: scheduler)
    defer { mounted.unmount() }
    let before = labels.reduce(0) { $0 + $1.text.changeCount }
    let elapsed = time {
      var value = 0
      for _ in 0..<batches {
        for _ in 0..<rounds {
          value &+= 1
          vm.setAll(value)
        }
        scheduler.flush()
      }
    }
    let updates = labels.reduce(0) { $0 + $1.text.changeCount } - before
    updatesPerWidget = Double(updates) / Double(batches * labels.count)
    return elapsed
  }

  let closures = median(settings, units: batches * changesPerBatch) {
    let model = BatchClosureModel()
    let labels = (0..<10).map { Label("label\($0)") }
    for (subject, label) in zip(model.values, labels) {
      _ = subject.observe { label.text.receive(String($0)) }
    }
    return time {
      var value = 0
      for _ in 0..<batches {
        for _ in 0..<rounds {
          value &+= 1
          model.setAll(value)
        }
      }
    }
  }

  let observation = median(settings, units: batches * changesPerBatch) {
    let vm = BatchViewModel()
    let labels = (0..<10).map { Label("label\($0)") }
    let links = zip(BatchViewModel.keyPaths, labels).map { keyPath, label in
      ObservationLink { label.text.receive(String(vm[keyPath: keyPath])) }
    }
    return time {
      var value = 0
      for _ in 0..<batches {
        for _ in 0..<rounds {
          value &+= 1
          vm.setAll(value)
        }
        for link in links { link.flush() }
      }
    }
  }

  return [
    Row(
      scenario: "batch: 1,000 changes, 1 flush", unit: "ns/change",
      engine: engine, closures: closures, observation: observation,
      note: "closures write every change; engine and Observation write once per flush"),
    Row(
      scenario: "batch: widget updates per flush", unit: "updates",
      target: .count(expected: 1, what: "per widget"), count: updatesPerWidget),
  ]
}
