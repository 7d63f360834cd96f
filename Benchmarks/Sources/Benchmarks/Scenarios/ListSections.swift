import Headless
import Observation

@MainActor
@Observable
final class SectionedItemsViewModel {
  var sections: [ListSection] = []
}

/// A screen that is one list of items in sections.
struct SectionedItemsScreen: Screen {
  let list = ListView.mountingEveryRow("items", rows: [ItemRow.self])

  var body: Widget { list }

  func bindings(_ vm: SectionedItemsViewModel) -> [BindingDeclaration<SectionedItemsViewModel>] {
    show(\.sections, in: list, animation: .none)
  }
}

/// `rows` cut into `count` sections of equal size, with ids `0..<count`.
@MainActor
private func sections(of rows: [ItemCell], count: Int) -> [ListSection] {
  let size = rows.count / count
  return (0..<count).map { index in
    let end = index == count - 1 ? rows.count : (index + 1) * size
    return ListSection(id: index, rows: Array(rows[index * size..<end]))
  }
}

/// The change of `lists-diff` on a list of ten sections (rows by `AnyHashable` id, section by
/// section), against the same change on the same rows in one section, in the same run; its moves
/// go half the list further, into another section.
@MainActor
func listSectionRows(_ settings: Settings) -> [Row] {
  let diff = ListDiffCase(settings)
  let (count, edits, moves, change) = (diff.count, diff.edits, diff.moves, diff.change)
  let oldSections = sections(of: diff.oldRows, count: 10)
  let newSections = sections(of: diff.newRows, count: 10)

  let model = SectionedItemsViewModel()
  model.sections = oldSections
  let scheduler = ManualScheduler()
  let screen = SectionedItemsScreen()
  let mounted = try! screen.mount(on: model, scheduler: scheduler)
  defer { mounted.unmount() }

  let widgetsBefore = Dictionary(
    uniqueKeysWithValues: screen.list.rows.map { ($0.rowID, ObjectIdentifier($0)) })
  model.sections = newSections
  scheduler.flush()
  let inOrder = screen.list.rows.map(\.rowID) == change.new.map(AnyHashable.init)
  let shownBoth = screen.list.rows.filter { widgetsBefore[$0.rowID] != nil }.count
  let keptRows = screen.list.rows.filter { widgetsBefore[$0.rowID] == ObjectIdentifier($0) }.count
  model.sections = oldSections
  scheduler.flush()

  let engine = medianOfAlternatingChanges(settings, changes: diff.changes) { forward in
    model.sections = forward ? newSections : oldSections
    scheduler.flush()
  }
  let flatModel = ItemsViewModel()
  flatModel.items = diff.oldRows
  let flatMount = try! ItemsScreen().mount(on: flatModel, scheduler: scheduler)
  defer { flatMount.unmount() }
  let flat = medianOfAlternatingChanges(settings, changes: diff.changes) { forward in
    flatModel.items = forward ? diff.newRows : diff.oldRows
    scheduler.flush()
  }
  let size = "\(format(Double(count))) rows in 10 sections, \(edits) inserts + \(edits) deletes"
  return [
    Row(
      scenario: "lists: \(size) + \(moves) moves, diff and apply", unit: "ms/change",
      engine: engine / 1e6, closures: flat / 1e6, target: .closuresRatio(2),
      note: "closures column: the same change on the same rows in one section, diffed by their "
        + "Int ids"),
    Row(
      scenario: "lists: sectioned row ids in order after the change", unit: "equal",
      target: .count(expected: 1, what: ""), count: inOrder ? 1 : 0),
    Row(
      scenario: "lists: sectioned rows mounted before and after kept their RowWidget",
      unit: "rows",
      target: .count(expected: Double(shownBoth), what: "of \(format(Double(shownBoth)))"),
      count: Double(keptRows)),
  ]
}

// MARK: - Windowed lists

/// Lists past their window: a 10,000-row identity change while scrolled to the middle against
/// the hand-written diff, the bookkeeping per row outside the window, and a 1,000,000-row list
/// mounted and scrolled with a window of 50 rows.
@MainActor
func listWindowRows(_ settings: Settings) -> [Row] {
  var rows: [Row] = []
  let diff = ListDiffCase(settings)
  let count = diff.count
  let model = ItemsViewModel()
  model.items = diff.oldRows
  let scheduler = ManualScheduler()
  let screen = ItemsScreen()
  screen.list.visibleRowCount = 50
  let mounted = try! screen.mount(on: model, scheduler: scheduler)
  screen.list.scroll(toRow: count / 2)
  let (engine, byHand) = diff.times(settings, of: model, flushing: scheduler)
  mounted.unmount()
  rows.append(
    Row(
      scenario: "lists: windowed, \(format(Double(count))) rows scrolled to the middle, diff and "
        + "apply", unit: "ms/change", engine: engine / 1e6, closures: byHand / 1e6,
      target: .closuresRatio(2),
      note: "window of 50 rows and 10 on each side; closures column: the hand-written diff"))

  let large = settings.isQuick ? 100_000 : 1_000_000
  let many = (0..<large).map { ItemCell($0) }
  let bigModel = ItemsViewModel()
  let bigScreen = ItemsScreen()
  bigScreen.list.visibleRowCount = 50
  let bigMount = try! bigScreen.mount(on: bigModel, scheduler: scheduler)
  let start = heapInUse()
  let mountTime = time {
    bigModel.items = many
    scheduler.flush()
  }.nanoseconds
  let perRow = Double(heapInUse() - start) / Double(large)
  let (firstByHand, bytesByHand) = handBuiltWindow(of: many, rows: 70)
  // NB: the first mount of the process above touches memory no one used before, and one
  // reading of it varies by half from run to run; the row shows the median of later mounts,
  // each in a new screen, and the note the first.
  let laterMounts = median(settings, units: 1) {
    let model = ItemsViewModel()
    let screen = ItemsScreen()
    screen.list.visibleRowCount = 50
    let mounted = try! screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    return time {
      model.items = many
      scheduler.flush()
    }
  }
  // NB: a screen mounted on a view model that already holds the rows: the list's first content
  // arrives at the mount itself.
  let mountsWithRows = median(settings, units: 1) {
    let model = ItemsViewModel()
    model.items = many
    let screen = ItemsScreen()
    screen.list.visibleRowCount = 50
    var mounted: MountedScreen<ItemsScreen>?
    let elapsed = time {
      mounted = try! screen.mount(on: model, scheduler: scheduler)
      scheduler.flush()
    }
    mounted?.unmount()
    return elapsed
  }
  let laterByHand = median(settings, units: 1) {
    .nanoseconds(Int64(handBuiltWindow(of: many, rows: 70).nanoseconds))
  }
  let list = bigScreen.list
  let scrolls = 20
  // NB: each timed run scrolls onto rows no run showed before: 20 windows further on each time.
  var nextFresh = 0
  let scrollTime = median(settings, units: scrolls) {
    let base = nextFresh
    nextFresh += scrolls * 50
    return time {
      for step in 0..<scrolls { list.scroll(toRow: base + (step + 1) * 50) }
    }
  }
  // NB: the same scrolls by hand with raw Observation, onto cells no one observed before (from
  // the middle of the list on; the list's own scrolls stay far below it).
  var nextHandFresh = large / 2
  let scrollByHand = median(settings, units: scrolls) {
    let start = nextHandFresh
    nextHandFresh += 70 + scrolls * 50
    return .nanoseconds(Int64(handBuiltScrolls(over: many, from: start, scrolls: scrolls)))
  }
  // NB: what no scroll onto 50 rows never shown can skip: each row's widgets and one
  // registration of its cell, built by hand, nothing disposed.
  let scrollFloor = median(settings, units: scrolls) {
    let start = nextHandFresh
    nextHandFresh += scrolls * 50
    var built: [ObservationFloorRow] = []
    built.reserveCapacity(scrolls * 50)
    let elapsed = time {
      for cell in many[start..<start + scrolls * 50] { built.append(ObservationFloorRow(cell)) }
    }
    consume(built)
    return elapsed
  }
  // NB: the registrations alone: what even a list that reused its rows' widgets would pay.
  let registrationsAlone = median(settings, units: scrolls) {
    let start = nextHandFresh
    nextHandFresh += scrolls * 50
    return time {
      for cell in many[start..<start + scrolls * 50] { observeOnce(cell) }
    }
  }
  // Back and forth between two windows whose rows were shown before: they take over the
  // registrations their last mounts left.
  list.scroll(toRow: 0)
  list.scroll(toRow: 50)
  let scrollBackTime = median(settings, units: scrolls) {
    time {
      for step in 0..<scrolls { list.scroll(toRow: step.isMultiple(of: 2) ? 0 : 50) }
    }
  }
  // NB: what a row shown once keeps after it scrolled away: Observation cannot cancel the
  // registration its mount made, which stays in the cell's registrar until a value changes.
  let shownOnce = 200 * 50
  let heapBefore = heapInUse()
  for step in 0..<200 { list.scroll(toRow: nextFresh + (step + 1) * 50) }
  let perShownRow = Double(heapInUse(holding: list) - heapBefore) / Double(shownOnce)
  let pendingByHand: Double = {
    let cells = (0..<shownOnce).map { ItemCell(large + $0) }
    let start = heapInUse()
    for cell in cells { observeOnce(cell) }
    return Double(heapInUse(holding: cells) - start) / Double(shownOnce)
  }()
  let mountedRows = list.rows.count
  bigMount.unmount()
  rows += [
    Row(
      scenario: "lists: mount \(format(Double(large))) rows, window of 50", unit: "ms",
      engine: laterMounts / 1e6, observation: laterByHand / 1e6, target: .atMost(50),
      note: "median of mounts in new screens; the first of the process "
        + "\(format(mountTime / 1e6)) ms (by hand \(format(firstByHand / 1e6)) ms); "
        + "\(format(Double(mountedRows))) rows mounted; "
        + "\(format(perRow * Double(large) / 1e6)) MB beyond the cell view models, which are "
        + "made before the clock starts; Observation column: by hand, the same cells held, "
        + "their ids read into an array, the window's 70 rows built with raw Observation"),
    Row(
      scenario: "lists: mount a screen whose view model holds \(format(Double(large))) rows, "
        + "window of 50", unit: "ms", engine: mountsWithRows / 1e6,
      observation: laterByHand / 1e6, target: .atMost(50),
      note: "the rows are the list's content at the mount; median of mounts in new screens; "
        + "Observation column: by hand, as the row above"),
    Row(
      scenario: "memory: list bookkeeping per row outside the window", unit: "B/row",
      engine: perRow, observation: Double(bytesByHand) / Double(large), target: .atMost(64),
      note: "\(format(Double(large))) rows, the window's 70 mounted rows included; Observation "
        + "column: the hand-built window of the mount row (the ids in an array, 70 rows)"),
    Row(
      scenario: "lists: scroll \(format(Double(large))) rows by one window of 50", unit: "µs",
      engine: scrollTime / 1e3, observation: scrollByHand / 1e3, target: .atMost(1_000),
      note: "50 rows leave the window (of 50 and 10 on each side) and 50 rows never shown "
        + "before enter it; Observation column: by hand, the 50 rows leaving disposed and the 50 "
        + "entering built with raw Observation, nothing else"),
    Row(
      scenario: "lists: scroll by one window of 50, against the floor", unit: "µs",
      engine: scrollTime / 1e3, observation: scrollFloor / 1e3, target: .observationRatio(1.5),
      note: "Observation column: the floor, by hand, the 50 entering rows' widgets and one "
        + "registration each reading its cell's three properties into them, nothing else "
        + "(nothing disposed, no list); the registrations alone, which a list reusing its rows' "
        + "widgets would still make, \(format(registrationsAlone / 1e3)) µs"),
    Row(
      scenario: "memory: a row shown once and scrolled away, beyond its view model", unit: "B/row",
      engine: perShownRow, observation: pendingByHand,
      note: "\(format(Double(shownOnce))) rows scrolled through; Observation column: one raw "
        + "registration of the row's three properties left pending, which Observation keeps in "
        + "the cell's registrar until a value changes (it cannot cancel one); the rest is the "
        + "registration the row keeps for its next mount (Decisions/0048)"),
    Row(
      scenario: "lists: scroll back by one window of 50 onto rows shown before", unit: "µs",
      engine: scrollBackTime / 1e3, observation: scrollFloor / 1e3,
      target: .observationRatio(1.5),
      note: "back and forth between two windows: the rows coming back take over the "
        + "Observation registrations their last mounts left (Decisions/0048); Observation "
        + "column: the floor of the scroll above (by hand, the scroll made every row anew: "
        + "\(format(scrollByHand / 1e3)) µs)"),
  ]
  return rows
}

/// Scrolls written by hand with raw Observation, in nanoseconds for all of them: a window of 70
/// rows of `cells` from `start`, then `scrolls` times the first 50 rows disposed and the next 50
/// cells' rows built.
@MainActor
private func handBuiltScrolls(over cells: [ItemCell], from start: Int, scrolls: Int) -> Double {
  var window = cells[start..<start + 70].map(ObservationItemRow.init)
  let nanoseconds = time {
    for step in 0..<scrolls {
      for row in window.prefix(50) { row.dispose() }
      window.removeFirst(50)
      let next = start + 70 + step * 50
      for cell in cells[next..<next + 50] { window.append(ObservationItemRow(cell)) }
    }
  }.nanoseconds
  for row in window { row.dispose() }
  return nanoseconds
}

/// A windowed list of `cells` written by hand: it holds the cells (sharing the array, as the
/// list does), reads their ids into an array for later diffs, and builds the window's first
/// `rows` rows with raw Observation.
///
/// - Returns: The time it took, in nanoseconds, and the heap it holds beyond the cells, in bytes.
@MainActor
private func handBuiltWindow(of cells: [ItemCell], rows: Int) -> (nanoseconds: Double, bytes: Int) {
  var built: [ObservationItemRow] = []
  var ids = ContiguousArray<Int>()
  let start = heapInUse()
  let nanoseconds = time {
    let held = cells
    ids.reserveCapacity(held.count)
    for cell in held { ids.append(cell.id) }
    built.reserveCapacity(rows)
    for cell in held.prefix(rows) { built.append(ObservationItemRow(cell)) }
    consume(held)
  }.nanoseconds
  let bytes = heapInUse(holding: (ids, built)) - start
  for row in built { row.dispose() }
  return (nanoseconds, bytes)
}
