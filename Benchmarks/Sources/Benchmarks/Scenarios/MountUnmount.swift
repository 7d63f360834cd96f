import Headless
import Observation

/// Mounting and unmounting the 100-binding form: the cost per binding of creating and disposing
/// it, the cost of a whole screen cycle, and whether memory stays flat over many cycles.
@MainActor
func mountRows(_ settings: Settings) -> [Row] {
  let bindings = 100
  let cycles = settings.iterations(2_000)
  let screen = FormScreen()
  let graph = try! BindingGraph(declarations: screen.bindings(FormViewModel()))
  let scheduler = ManualScheduler()
  // NB: the screen mounts as an app host mounts its screens, through one owner's mount cache:
  // the first mount checks the form, the others reuse its graph (Decisions/0017, 0128, 0130).
  let cache = ScreenMountCache()

  let engine = median(settings, units: cycles * bindings) {
    time {
      for _ in 0..<cycles {
        let mounted = graph.mount(on: FormViewModel(), scheduler: scheduler)
        mounted.unmount()
      }
    }
  }

  let closures = median(settings, units: cycles * bindings) {
    time {
      for _ in 0..<cycles {
        ClosureMount(model: FormClosureModel(), screen: screen).dispose()
      }
    }
  }

  let observation = median(settings, units: cycles * bindings) {
    time {
      for _ in 0..<cycles {
        ObservationMount(model: FormViewModel(), screen: screen).dispose()
      }
    }
  }

  let screenCycles = settings.iterations(10_000)
  let screenCycle = median(settings, units: screenCycles) {
    time {
      for _ in 0..<screenCycles {
        let mounted = try! screen.mount(on: FormViewModel(), scheduler: scheduler, cache: cache)
        mounted.unmount()
      }
    }
  }

  let growth = memoryGrowth(
    screen, scheduler: scheduler, cache: cache, early: 100, late: screenCycles)

  return [
    Row(
      scenario: "create + dispose: 100-binding graph", unit: "ns/binding",
      engine: engine, closures: closures, observation: observation,
      target: .observationRatio(1), note: "a fresh view model per mount"),
    Row(
      scenario: "mount + unmount: 100-binding screen", unit: "µs/cycle",
      engine: screenCycle / 1_000, target: .atMost(200),
      note: "widget tree, shape compared with the checked one, mount, unmount"),
    Row(
      scenario: "mount/unmount: RSS growth, 100 → \(format(Double(screenCycles))) cycles",
      unit: "%", engine: growth.resident, target: settings.isQuick ? .none : .atMost(1),
      note: "heap growth \(format(growth.heap))%"),
  ]
}

/// How much memory grows between `early` and `late` screen cycles, in percent.
@MainActor
private func memoryGrowth(
  _ screen: FormScreen, scheduler: ManualScheduler, cache: ScreenMountCache, early: Int,
  late: Int
) -> (resident: Double, heap: Double) {
  var resident = 0
  var heap = 0
  for cycle in 1...max(early, late) {
    let mounted = try! screen.mount(on: FormViewModel(), scheduler: scheduler, cache: cache)
    mounted.unmount()
    if cycle == early {
      resident = residentBytes()
      heap = heapInUse()
    }
  }
  let percent = { (before: Int, after: Int) in
    before > 0 ? Double(after - before) / Double(before) * 100 : 0
  }
  return (percent(resident, residentBytes()), percent(heap, heapInUse()))
}
