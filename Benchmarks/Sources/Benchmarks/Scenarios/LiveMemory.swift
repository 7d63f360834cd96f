import Headless
import Observation

/// Heap per live binding with 100,000 bindings mounted: 1,000 forms of 100 bindings each.
@MainActor
func memoryRows(_ settings: Settings) -> [Row] {
  let screenCount = settings.iterations(1_000)
  let bindings = Double(screenCount * 100)
  let screens = (0..<screenCount).map { _ in FormScreen() }

  let engine: (graph: Double, mount: Double) = {
    let models = screens.map { _ in FormViewModel() }
    let scheduler = ManualScheduler()
    let start = heapInUse()
    let graphs = zip(screens, models).map { screen, model in
      try! BindingGraph(declarations: screen.bindings(model))
    }
    let compiled = heapInUse(holding: (models, graphs))
    let mounted = zip(graphs, models).map { graph, model in
      graph.mount(on: model, scheduler: scheduler)
    }
    let end = heapInUse(holding: (models, mounted))
    for graph in mounted { graph.unmount() }
    return (Double(compiled - start) / bindings, Double(end - compiled) / bindings)
  }()

  // NB: screens mount as an app mounts them, through one owner's mount cache; the first
  // mount of the shape checks it and keeps the shared graph, so it happens before the
  // measurement.
  let screenMounts: Double = {
    let models = screens.map { _ in FormViewModel() }
    let scheduler = ManualScheduler()
    let cache = ScreenMountCache()
    try! screens[0].mount(on: FormViewModel(), scheduler: scheduler, cache: cache).unmount()
    let start = heapInUse()
    let mounted = zip(screens, models).map { screen, model in
      try! screen.mount(on: model, scheduler: scheduler, cache: cache)
    }
    let end = heapInUse(holding: (models, mounted))
    for screen in mounted { screen.unmount() }
    return Double(end - start) / bindings
  }()

  let closures: Double = {
    let models = screens.map { _ in FormClosureModel() }
    let start = heapInUse()
    let mounts = zip(models, screens).map { ClosureMount(model: $0, screen: $1) }
    let end = heapInUse(holding: (models, mounts))
    for mount in mounts { mount.dispose() }
    return Double(end - start) / bindings
  }()

  let observation: Double = {
    let models = screens.map { _ in FormViewModel() }
    let start = heapInUse()
    let mounts = zip(models, screens).map { ObservationMount(model: $0, screen: $1) }
    let end = heapInUse(holding: (models, mounts))
    for mount in mounts { mount.dispose() }
    return Double(end - start) / bindings
  }()

  return [
    Row(
      scenario: "memory: live bindings (mounted)", unit: "B/binding",
      engine: engine.mount, closures: closures, observation: observation,
      target: .atMost(300), note: "\(format(bindings)) bindings on \(screenCount) view models"),
    Row(
      scenario: "memory: compiled graph (declarations, nodes, edges)", unit: "B/binding",
      engine: engine.graph,
      note: "what BindingGraph(declarations:) builds; a screen's mounts share one per shape"),
    Row(
      scenario: "memory: a screen mount beyond its live bindings", unit: "B/binding",
      engine: screenMounts - engine.mount, target: .atMost(300),
      note: "\(format(screenMounts)) B/binding in all for a mounted screen: the graph is "
        + "shared, what remains is the screen's id table and its mount"),
  ]
}
