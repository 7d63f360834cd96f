import BindingDSL
import Headless
import Observation

/// A pushed page: a title the view model holds.
@MainActor @Observable
final class PageModel {
  var title: String

  init(_ title: String) { self.title = title }
}

/// What a pushed page shows: its title.
struct PageScreen: Screen {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: PageModel) -> [BindingDeclaration<PageModel>] {
    bind(\.title, to: title.text)
  }
}

/// A navigation stack 100 screens deep: what a push and a pop cost beyond the pushed screen's
/// own mount and unmount, and whether memory stays flat over many of them.
@MainActor
func navigationRows(_ settings: Settings) throws -> [Row] {
  let registry = ScreenRegistry()
  try registry.register("page", title: "Page") { PageScreen() }
  let scheduler = ManualScheduler()
  let host = AppHost(registry: registry, scheduler: scheduler, clock: VirtualClock())
  let depth = 100
  let pages = (0..<depth).map { PageModel("Page \($0)") }
  try host.setStack(pages)
  let extra = PageModel("Pushed")
  let cycles = settings.iterations(2_000)
  var refused = 0
  let pushAndPop = median(settings, units: cycles) {
    time {
      for _ in 0..<cycles {
        do {
          try host.push(extra)
          try host.pop()
        } catch {
          refused += 1
        }
      }
    }
  }
  // NB: the pushed screen mounted and unmounted alone, on the same scheduler and through a
  // mount cache of its own as the host's: what a push and a pop cannot cost less than.
  let cache = ScreenMountCache()
  let mountAlone = median(settings, units: cycles) {
    time {
      for _ in 0..<cycles {
        guard
          let mounted = try? PageScreen().mount(on: extra, scheduler: scheduler, cache: cache)
        else {
          refused += 1
          continue
        }
        mounted.unmount()
      }
    }
  }
  let late = settings.iterations(10_000)
  let early = settings.iterations(1_000)
  var resident = 0
  var heap = 0
  for cycle in 1...late {
    do {
      try host.push(PageModel("Cycle \(cycle)"))
      try host.pop()
    } catch {
      refused += 1
    }
    if cycle == early {
      resident = residentBytes()
      heap = heapInUse()
    }
  }
  let percent = { (before: Int, after: Int) in
    before > 0 ? Double(after - before) / Double(before) * 100 : 0
  }
  let growth = percent(resident, residentBytes())
  let heapGrowth = percent(heap, heapInUse())
  let depthAfter = host.mainStack.count
  host.shutDown()
  let beyond = (pushAndPop - mountAlone) / 2 / 1_000
  return [
    Row(
      scenario: "navigation: push and pop on a stack of \(depth), each beyond the screen's mount",
      unit: "µs", engine: beyond, target: settings.isQuick ? .none : .atMost(50),
      note:
        "a push and a pop together \(format(pushAndPop / 1_000)) µs, the pushed screen mounted "
        + "and unmounted alone \(format(mountAlone / 1_000)) µs; half the difference is shown"),
    Row(
      scenario: "navigation: stack depth after every push was popped", unit: "screens",
      target: .count(expected: Double(depth), what: "screens"),
      count: Double(depthAfter + refused)),
    Row(
      scenario: "navigation: RSS growth over \(format(Double(late))) push/pop cycles", unit: "%",
      engine: growth, target: settings.isQuick ? .none : .atMost(1),
      note: "from cycle \(format(Double(early))); heap growth \(format(heapGrowth))%"),
  ]
}
