import BindingDSL
import Headless
import Observation

/// How many tabs the app has.
private let tabCount = 20
/// How many screens each tab holds: its own and the sections it embeds.
private let screensPerTab = 5

/// A section of a tab: a title the view model holds.
@MainActor @Observable
private final class SectionModel {
  /// The title the section shows.
  var title: String

  /// Makes a section titled `title`.
  init(_ title: String) { self.title = title }
}

/// What a section shows: its title.
private struct SectionScreen: Screen {
  /// The section's title.
  let title = Label("sectionTitle")

  /// The title alone.
  var body: Widget { title }

  /// The title bound one way.
  func bindings(_ vm: SectionModel) -> [BindingDeclaration<SectionModel>] {
    bind(\.title, to: title.text)
  }
}

/// One tab: its title and the view models of the sections it embeds.
@MainActor @Observable
private final class TabModel {
  /// The title the tab shows.
  var title: String
  /// The sections' view models, one a section.
  let sections: [SectionModel]

  /// Makes tab `index` and its sections.
  init(_ index: Int) {
    title = "Tab \(index)"
    sections = (1..<screensPerTab).map { SectionModel("Tab \(index), section \($0)") }
  }
}

/// What a tab shows: its title and its sections, each an embedded screen.
private struct TabScreen: Screen {
  /// The tab's title.
  let title = Label("tabTitle")
  /// The places of the sections' screens.
  let sections = (1..<screensPerTab).map { EmbeddedScreen("section\($0)") { SectionScreen() } }

  /// The title above the sections.
  var body: Widget {
    VStack("tabPage") {
      title
      sections
    }
  }

  /// The title bound one way, each section embedded on its view model.
  func bindings(_ vm: TabModel) -> [BindingDeclaration<TabModel>] {
    bind(\.title, to: title.text)
    for (index, section) in sections.enumerated() {
      embed(\.sections[index], in: section)
    }
  }
}

/// The app's root: every tab's view model and the id of the selected tab.
@MainActor @Observable
private final class TabsModel {
  /// The tabs' view models, in order.
  let tabs: [TabModel]
  /// The id of the selected tab.
  var selectedTab = "tab0"

  /// Makes every tab.
  init() { tabs = (0..<tabCount).map { TabModel($0) } }
}

/// The app's root screen: a tab view of every tab, its selection bound both ways.
private struct TabsScreen: Screen {
  /// The tabs, each an embedded screen.
  let tabs = (0..<tabCount).map { index in
    EmbeddedScreen("tab\(index)", title: "Tab \(index)") { TabScreen() }
  }
  /// The tab view that holds them.
  let bar = TabView("tabs", selection: "tab0")

  /// The tab view alone.
  var body: Widget { bar.with { tabs } }

  /// Each tab embedded on its view model, the selection bound both ways.
  func bindings(_ vm: TabsModel) -> [BindingDeclaration<TabsModel>] {
    for (index, tab) in tabs.enumerated() {
      embed(\.tabs[index], in: tab)
    }
    bind(\.selectedTab, to: bar.selection)
  }
}

/// The root screen of the host showed no tab view.
private struct MissingTabView: Error {}

/// An app of 20 tabs on one host: the tab view is the root of the main stack, and a screen
/// pushed goes on that stack, over the tab view (the host has one stack, not one per tab).
@MainActor
private final class TabsApp {
  /// The app's host.
  let host: AppHost
  /// Who flushes the app's bindings: only when told to.
  let scheduler = ManualScheduler()
  /// The tab view of the main stack's root.
  let bar: TabView
  /// The index of the selected tab.
  private var selected = 0
  /// Operations the host refused, which make the counted row fail.
  var refused = 0

  /// Registers the screens, sets the tab view as the main stack's root and finds its tab view.
  init() throws {
    let registry = ScreenRegistry()
    try registry.register("tabs", title: "Tabs") { TabsScreen() }
    try registry.register("page", title: "Page") { PageScreen() }
    host = AppHost(registry: registry, scheduler: scheduler, clock: VirtualClock())
    try host.setStack([TabsModel()])
    guard let bar = host.view.stacks.first?.screens.first?.content as? TabView else {
      throw MissingTabView()
    }
    self.bar = bar
  }

  /// Selects tab `index` as a person would, then flushes what the edit changed.
  func select(_ index: Int) {
    selected = index
    bar.selection.edit(bar.tabIDs[index])
    scheduler.flush()
  }

  /// Selects the tab after the selected one, the first after the last.
  func switchTab() { select((selected + 1) % tabCount) }

  /// Pushes the screen of `page` and pops it, counting a refusal.
  func pushAndPop(_ page: PageModel) {
    do {
      try host.push(page)
      try host.pop()
    } catch {
      refused += 1
    }
  }

  /// One cycle: a tab switch when `switching`, then a push and a pop.
  func cycle(_ page: PageModel, switching: Bool) {
    if switching { switchTab() }
    pushAndPop(page)
  }

  /// The screens mounted: the main stack's, then each tab's own and its sections', read by
  /// selecting each tab in turn (a tab not selected shows nothing).
  func mountedScreens() -> Int {
    var count = host.mainStack.count
    for index in 0..<tabCount {
      select(index)
      count += mounted(in: bar.tabs[index])
    }
    return count
  }

  /// The screens a selected tab shows: its own and the sections that show theirs.
  private func mounted(in tab: any TabContent) -> Int {
    guard let tab = tab as? EmbeddedScreen<TabScreen>, tab.problem == nil,
      let page = tab.children.first
    else { return 0 }
    let sections = page.children.compactMap { $0 as? EmbeddedScreen<SectionScreen> }
    return 1 + sections.filter { $0.problem == nil && !$0.children.isEmpty }.count
  }
}

/// An app of 20 tabs, each tab a screen that embeds four more (100 tab screens under the tab
/// view): what a push and a pop cost beyond the pushed screen's own mount, with and without a
/// tab switch each time, whether every screen is still mounted after, and whether memory stays
/// flat over many cycles.
@MainActor
func tabsRows(_ settings: Settings) throws -> [Row] {
  let app = try TabsApp()
  let cycles = settings.iterations(2_000)
  let extra = PageModel("Pushed")
  let plain = median(settings, units: cycles) {
    time { for _ in 0..<cycles { app.cycle(extra, switching: false) } }
  }
  let switching = median(settings, units: cycles) {
    time { for _ in 0..<cycles { app.cycle(extra, switching: true) } }
  }
  let switchAlone = median(settings, units: cycles) {
    time { for _ in 0..<cycles { app.switchTab() } }
  }
  let mountAlone = mountAloneTime(settings, app: app, page: extra, cycles: cycles)
  let memory = tabsMemory(settings, app: app)
  let mounted = app.mountedScreens() + app.refused
  app.host.shutDown()
  let timings = TabsTimings(
    plain: plain, switching: switching, switchAlone: switchAlone, mountAlone: mountAlone)
  return tabsTimingRows(settings, timings) + tabsCheckRows(settings, mounted: mounted, memory)
}

/// The pushed screen mounted and unmounted alone, on the app's scheduler: what a push and a pop
/// cannot cost less than. Nanoseconds a mount and unmount.
@MainActor
private func mountAloneTime(
  _ settings: Settings, app: TabsApp, page: PageModel, cycles: Int
) -> Double {
  // NB: through a mount cache of its own, as the host mounts its screens.
  let cache = ScreenMountCache()
  return median(settings, units: cycles) {
    time {
      for _ in 0..<cycles {
        guard
          let mounted = try? PageScreen().mount(
            on: page, scheduler: app.scheduler, cache: cache)
        else {
          app.refused += 1
          continue
        }
        mounted.unmount()
      }
    }
  }
}

/// The figures of the timed parts, nanoseconds a cycle.
private struct TabsTimings {
  /// A push and a pop.
  var plain: Double
  /// A tab switch, a push and a pop.
  var switching: Double
  /// A tab switch.
  var switchAlone: Double
  /// The pushed screen mounted and unmounted alone.
  var mountAlone: Double
}

/// Memory read at cycle `early` and after cycle `late`, in percent of the early reading.
private struct TabsMemory {
  /// The cycle after which memory is first read.
  var early: Int
  /// The number of cycles.
  var late: Int
  /// The resident set's growth, in percent.
  var resident: Double
  /// The heap's growth, in percent.
  var heap: Double
}

/// Runs tab switch, push and pop cycles, each pushing a new view model, and reads memory at the
/// early cycle and after the last.
@MainActor
private func tabsMemory(_ settings: Settings, app: TabsApp) -> TabsMemory {
  let late = settings.iterations(10_000)
  let early = settings.iterations(1_000)
  var resident = 0
  var heap = 0
  for cycle in 1...late {
    app.cycle(PageModel("Cycle \(cycle)"), switching: true)
    if cycle == early {
      resident = residentBytes()
      heap = heapInUse()
    }
  }
  let percent = { (before: Int, after: Int) in
    before > 0 ? Double(after - before) / Double(before) * 100 : 0
  }
  return TabsMemory(
    early: early, late: late, resident: percent(resident, residentBytes()),
    heap: percent(heap, heapInUse()))
}

/// The rows of the timed parts: half of a cycle's cost beyond the pushed screen's mount.
private func tabsTimingRows(_ settings: Settings, _ timings: TabsTimings) -> [Row] {
  let target: Target = settings.isQuick ? .none : .atMost(50)
  let mount = format(timings.mountAlone / 1_000)
  return [
    Row(
      scenario: "tabs: push and pop in an app of \(tabCount) tabs, each beyond the screen's mount",
      unit: "µs", engine: (timings.plain - timings.mountAlone) / 2 / 1_000, target: target,
      note:
        "a push and a pop together \(format(timings.plain / 1_000)) µs, the pushed screen "
        + "mounted and unmounted alone \(mount) µs; half the difference is shown; the push "
        + "covers the tab view: the host has one stack, a tab holds one embedded screen"),
    Row(
      scenario: "tabs: a tab switch, a push and a pop, each push and pop beyond the mount",
      unit: "µs", engine: (timings.switching - timings.mountAlone) / 2 / 1_000, target: target,
      note:
        "the three together \(format(timings.switching / 1_000)) µs, the mount alone \(mount) "
        + "µs; half the difference is shown; a tab switch alone (selection edited, then a "
        + "flush) \(format(timings.switchAlone / 1_000)) µs: it mounts nothing, every tab "
        + "stays mounted"),
  ]
}

/// The rows of the counted screens and of memory.
private func tabsCheckRows(_ settings: Settings, mounted: Int, _ memory: TabsMemory) -> [Row] {
  let expected = 1 + tabCount * screensPerTab
  return [
    Row(
      scenario: "tabs: screens mounted after every push was popped (the root, \(tabCount) × "
        + "\(screensPerTab) in tabs)",
      unit: "screens", target: .count(expected: Double(expected), what: "screens"),
      count: Double(mounted)),
    Row(
      scenario: "tabs: RSS growth over \(format(Double(memory.late))) tab switch/push/pop cycles",
      unit: "%", engine: memory.resident, target: settings.isQuick ? .none : .atMost(1),
      note: "from cycle \(format(Double(memory.early))); heap growth \(format(memory.heap))%"),
  ]
}
