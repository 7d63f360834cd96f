import Headless
import Observation

/// A row's view model: an item with a title, a quantity and a done state.
@MainActor
@Observable
final class ItemCell: Identifiable {
  let id: Int
  var title: String
  var quantity: Int
  var isDone: Bool

  init(_ id: Int) {
    self.id = id
    title = "Item \(id)"
    quantity = id % 10
    isDone = id % 3 == 0
  }

  /// A command the cell owns, made when a row template first binds it.
  @ObservationIgnored private(set) lazy var ping = Command<Void, Void>("ping", owner: self) {
    _, _ in
  }
}

/// The three-binding row template: a title label, a quantity label (transformed) and a done
/// toggle (two-way).
struct ItemRow: RowTemplate {
  let title = Label("title")
  let quantity = Label("quantity")
  let done = Toggle("done", title: "Done")

  var body: Widget {
    HStack("item") {
      title
      quantity
      done
    }
  }

  func bindings(_ vm: ItemCell) -> [BindingDeclaration<ItemCell>] {
    bind(\.title, to: title.text)
    bind(\.quantity, to: quantity.text) { String($0) }
    bind(\.isDone, to: done.isOn)
  }
}

/// The three-binding row with a button bound to the cell's command: what a row with an action
/// costs.
struct PingItemRow: RowTemplate {
  let title = Label("title")
  let quantity = Label("quantity")
  let done = Toggle("done", title: "Done")
  let ping = Button("ping", title: "Ping")

  var body: Widget {
    HStack("item") {
      title
      quantity
      done
      ping
    }
  }

  func bindings(_ vm: ItemCell) -> [BindingDeclaration<ItemCell>] {
    bind(\.title, to: title.text)
    bind(\.quantity, to: quantity.text) { String($0) }
    bind(\.isDone, to: done.isOn)
    command(vm.ping, on: ping)
  }
}

/// A screen that is one list of items whose rows have a button bound to a command.
struct PingItemsScreen: Screen {
  let list = ListView.mountingEveryRow("items", rows: [PingItemRow.self])

  var body: Widget { list }

  func bindings(_ vm: ItemsViewModel) -> [BindingDeclaration<ItemsViewModel>] {
    show(\.items, in: list, animation: .none)
  }
}

@MainActor
@Observable
final class ItemsViewModel {
  var items: [ItemCell] = []
}

/// A screen that is one list of items, one section.
struct ItemsScreen: Screen {
  let list = ListView.mountingEveryRow("items", rows: [ItemRow.self])

  var body: Widget { list }

  func bindings(_ vm: ItemsViewModel) -> [BindingDeclaration<ItemsViewModel>] {
    show(\.items, in: list, animation: .none)
  }
}

extension ListView {
  /// A list whose window is every row: the diff, insert, render and memory rows measure lists
  /// whose every row is mounted, as before lists had windows. The window rows set theirs to 50.
  static func mountingEveryRow(_ id: String, rows templates: [any RowTemplate.Type]) -> ListView {
    let list = ListView(id, rows: templates)
    list.visibleRowCount = .max
    return list
  }
}

/// The list scenarios: an identity diff of a 10,000-row list, inserting 1,000 rows, rendering
/// 10,000 rows, and memory per mounted row. `only` picks one of them (`lists-diff`,
/// `lists-sections`, `lists-insert`, `lists-render`, `lists-memory`, `lists-window`); `lists`
/// or `nil` runs
/// all.
@MainActor
func listRows(_ settings: Settings, only: String?) -> [Row] {
  let runs = { (part: String) in only == nil || only == "lists" || only == "lists-\(part)" }
  var rows: [Row] = []
  if runs("diff") { rows += listDiffRows(settings) }
  if runs("sections") { rows += listSectionRows(settings) }
  if runs("insert") { rows += listInsertRows(settings) }
  if runs("render") { rows += listRenderRows(settings) }
  if runs("memory") { rows += listMemoryRows(settings) }
  if runs("window") { rows += listWindowRows(settings) }
  return rows
}

// MARK: - Diff and apply

/// One change of a list of ids 0..<count: `edits` ids deleted, `moves` ids moved by half the
/// list, `edits` new ids (count..<count + edits) inserted, all spread evenly, none adjacent to
/// another, so that the smallest diff is exactly these changes.
struct ListChange {
  let old: [Int]
  let new: [Int]
  let expected: IDChanges

  init(count: Int, edits: Int, moves: Int) {
    let step = count / edits
    let moveStep = count / moves
    precondition(step >= 8 && moveStep.isMultiple(of: step) && (count / 2).isMultiple(of: step))
    old = Array(0..<count)
    // Deleted ids are 1 (mod step), moved ids step/2, the ids moves land after step/2 as well
    // (half the list further on), the ids inserts land after 3: no two touch.
    let deleted = (0..<edits).map { $0 * step + 1 }
    let moved = (0..<moves).map { $0 * moveStep + step / 2 }
    let inserted = (0..<edits).map { count + $0 }
    var after: [Int: [Int]] = [:]
    for id in moved { after[(id + count / 2) % count, default: []].append(id) }
    for (index, id) in inserted.enumerated() { after[index * step + 3, default: []].append(id) }
    let leaving = Set(deleted).union(moved)
    var new: [Int] = []
    new.reserveCapacity(count)
    for id in old {
      if !leaving.contains(id) { new.append(id) }
      new += after[id] ?? []
    }
    self.new = new
    expected = IDChanges(inserted: inserted, deleted: deleted, moved: moved)
  }
}

/// The change the diff rows apply, its view models, and the list's rows before and after it:
/// 100 inserts, 100 deletes and 10 moves in 10,000 rows (fewer in a quick run).
@MainActor
struct ListDiffCase {
  let count: Int
  let edits: Int
  let moves: Int
  let change: ListChange
  let oldRows: [ItemCell]
  let newRows: [ItemCell]
  /// How many changes each timed run applies, the change and its reverse in turn.
  let changes: Int

  init(_ settings: Settings) {
    count = settings.isQuick ? 1_000 : 10_000
    edits = settings.isQuick ? 20 : 100
    moves = settings.isQuick ? 5 : 10
    change = ListChange(count: count, edits: edits, moves: moves)
    let cells = (0..<count + edits).map { ItemCell($0) }
    oldRows = change.old.map { cells[$0] }
    newRows = change.new.map { cells[$0] }
    changes = settings.isQuick ? 2 : 10
  }

  /// The median time per change, in nanoseconds, of `model`'s list taking the change and its
  /// reverse in turn (the same numbers of inserts, deletes and moves each time, and the list
  /// ends as it began), and of the hand-written diff of the same ids doing the same.
  ///
  /// - Parameters:
  ///   - settings: How many runs to time.
  ///   - model: The view model whose rows a mounted list shows, holding ``oldRows``.
  ///   - scheduler: The scheduler the list's screen was mounted with.
  /// - Returns: The list's time and the hand-written diff's.
  func times(_ settings: Settings, of model: ItemsViewModel, flushing scheduler: ManualScheduler)
    -> (engine: Double, byHand: Double)
  {
    let engine = medianOfAlternatingChanges(settings, changes: changes) { forward in
      model.items = forward ? newRows : oldRows
      scheduler.flush()
    }
    let byHand = medianOfAlternatingChanges(settings, changes: changes) { forward in
      consume(
        forward
          ? diffByHand(from: change.old, to: change.new)
          : diffByHand(from: change.new, to: change.old))
    }
    return (engine, byHand)
  }
}

/// A 10,000-row list applying 100 inserts, 100 deletes and 10 moves in one change, against a
/// hand-written diff of the same ids.
@MainActor
func listDiffRows(_ settings: Settings) -> [Row] {
  let diff = ListDiffCase(settings)
  let (count, edits, moves, change) = (diff.count, diff.edits, diff.moves, diff.change)
  let checks = listChangeChecks(change, oldRows: diff.oldRows, newRows: diff.newRows)

  // A fresh mount for the timings: the checks hold their rows weakly, and an object that was
  // ever held weakly keeps a side table that makes every later retain and release slower.
  let model = ItemsViewModel()
  model.items = diff.oldRows
  let scheduler = ManualScheduler()
  let mounted = try! ItemsScreen().mount(on: model, scheduler: scheduler)
  defer { mounted.unmount() }

  let (engine, byHand) = diff.times(settings, of: model, flushing: scheduler)
  let standardLibrary = medianOfAlternatingChanges(settings, changes: diff.changes) { forward in
    consume(
      forward
        ? diffWithStandardLibrary(from: change.old, to: change.new)
        : diffWithStandardLibrary(from: change.new, to: change.old))
  }

  let size = "\(format(Double(count))) rows, \(edits) inserts + \(edits) deletes + \(moves) moves"
  return [
    Row(
      scenario: "lists: \(size), diff and apply", unit: "ms/change",
      engine: engine / 1e6, closures: byHand / 1e6, target: .atMost(2),
      note: "closures column: a hand-written diff of the Int ids (dictionary of old positions + "
        + "longest increasing subsequence), no widgets; the standard library's "
        + "difference(from:).inferringMoves() on the same Int arrays: "
        + "\(format(standardLibrary / 1e6)) ms"),
    Row(
      scenario: "lists: diff and apply, against the hand-written diff", unit: "ms/change",
      engine: engine / 1e6, closures: byHand / 1e6, target: .closuresRatio(2)),
    Row(
      scenario: "lists: row ids in order after the change", unit: "equal",
      target: .count(expected: 1, what: ""), count: checks.inOrder ? 1 : 0),
    Row(
      scenario: "lists: rows that stayed and kept their RowWidget", unit: "rows",
      target: .count(expected: Double(count - edits), what: "of \(format(Double(count - edits)))"),
      count: Double(checks.keptRows)),
    Row(
      scenario: "lists: inserts, deletes, moves as expected (list, by hand, stdlib)",
      unit: "equal", target: .count(expected: 1, what: ""), count: checks.reported ? 1 : 0),
    Row(
      scenario: "lists: removed rows still alive after the change", unit: "rows",
      target: .count(expected: 0, what: ""), count: Double(checks.alive)),
  ]
}

/// The counted invariants of one change, on a mount of their own: whether the rows are the new
/// ids in order, how many rows that stayed kept their `RowWidget`, whether the list, the
/// hand-written diff and the standard library's report exactly the expected inserts, deletes
/// and moves, and how many removed rows are still alive.
@MainActor
private func listChangeChecks(
  _ change: ListChange, oldRows: [ItemCell], newRows: [ItemCell]
) -> (inOrder: Bool, keptRows: Int, reported: Bool, alive: Int) {
  let model = ItemsViewModel()
  model.items = oldRows
  let scheduler = ManualScheduler()
  let screen = ItemsScreen()
  let mounted = try! screen.mount(on: model, scheduler: scheduler)
  defer { mounted.unmount() }
  let list = screen.list
  // Weakly, so that the removed rows can be seen to be released.
  let before = Dictionary(uniqueKeysWithValues: list.rows.map { ($0.rowID, Weak($0)) })
  let deletedIDs = Set(change.expected.deleted.map(AnyHashable.init))
  let removed = before.filter { deletedIDs.contains($0.key) }.map(\.value)
  model.items = newRows
  scheduler.flush()
  let after = list.rows
  let lastChanges = list.lastChanges ?? ListChanges(animation: .none)
  let listed = [
    Set(lastChanges.insertedRows), Set(lastChanges.deletedRows), Set(lastChanges.movedRows),
  ]
  let expected = change.expected.sets
  return (
    inOrder: after.map(\.rowID) == change.new.map(AnyHashable.init),
    keptRows: after.filter { before[$0.rowID]?.object === $0 }.count,
    reported: listed == expected.map { Set($0.map(String.init)) }
      && diffByHand(from: change.old, to: change.new).sets == expected
      && diffWithStandardLibrary(from: change.old, to: change.new).sets == expected,
    alive: removed.filter { $0.object != nil }.count
  )
}

/// A weak reference, to count objects that should have been released.
@MainActor
struct Weak {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

// MARK: - Inserting rows

/// Whether a row's widgets show its view model's values.
@MainActor
private func showsItsCell(_ row: RowWidget) -> Bool {
  guard let cell = row.model as? ItemCell, let children = row.content?.children,
    children.count == 3, let title = children[0] as? Label,
    let quantity = children[1] as? Label, let done = children[2] as? Toggle
  else { return false }
  return title.text.value == cell.title && quantity.text.value == String(cell.quantity)
    && done.isOn.value == cell.isDone
}

/// Appending 1,000 rows to a mounted list of 1,000, in one change (as a page loaded by
/// scrolling to the end), against the same rows built by hand.
@MainActor
func listInsertRows(_ settings: Settings) -> [Row] {
  let existing = 1_000
  let inserted = settings.isQuick ? 100 : 1_000
  let base = (0..<existing).map { ItemCell($0) }
  let fresh = { (0..<inserted).map { ItemCell(existing + $0) } }

  let model = ItemsViewModel()
  model.items = base
  let scheduler = ManualScheduler()
  let screen = ItemsScreen()
  let mounted = try! screen.mount(on: model, scheduler: scheduler)
  defer { mounted.unmount() }
  let list = screen.list

  // The counted invariants, on the first insert.
  model.items = base + fresh()
  scheduler.flush()
  let rowCount = list.rows.count
  let showing = list.rows.dropFirst(existing).filter(showsItsCell).count
  let pending = scheduler.hasPendingFlush
  model.items = base
  scheduler.flush()

  let engine = median(settings, units: 1) {
    let items = base + fresh()
    let elapsed = time {
      model.items = items
      scheduler.flush()
    }
    model.items = base
    scheduler.flush()
    return elapsed
  }

  // The same insert, into a list whose rows also bind a button to the cell's command.
  let withCommand: Double = {
    let model = ItemsViewModel()
    model.items = base
    let mounted = try! PingItemsScreen().mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    return median(settings, units: 1) {
      let items = base + fresh()
      let elapsed = time {
        model.items = items
        scheduler.flush()
      }
      model.items = base
      scheduler.flush()
      return elapsed
    }
  }()

  let closures = median(settings, units: 1) {
    let cells = (0..<inserted).map { ItemClosureCell(existing + $0) }
    var rows: [ClosureItemRow] = []
    let elapsed = time {
      rows.reserveCapacity(cells.count)
      for cell in cells { rows.append(ClosureItemRow(cell)) }
    }
    for row in rows { row.dispose() }
    return elapsed
  }

  let observation = median(settings, units: 1) {
    timeBuilding(fresh(), ObservationItemRow.init) { $0.dispose() }
  }

  // NB: what no row bound to an `@Observable` cell can skip (its widgets and one registration),
  // built by hand: how much of the target's 2× closures it leaves to everything else.
  let floor = median(settings, units: 1) {
    timeBuilding(fresh(), ObservationFloorRow.init) { _ in }
  }

  let what = "\(format(Double(inserted))) rows into a mounted list of \(format(Double(existing)))"
  return [
    Row(
      scenario: "lists: insert \(what)", unit: "ms/insert",
      engine: engine / 1e6, closures: closures / 1e6, observation: observation / 1e6,
      target: .atMost(10),
      note: "\(format(engine / Double(inserted) / 1e3)) µs/row, three bindings each; "
        + "closures and Observation columns: the same widgets and bindings built by hand, "
        + "with closures (no Observation) and with raw Observation (a registration per binding)"),
    Row(
      scenario: "lists: insert \(what), against raw Observation", unit: "ms/insert",
      engine: engine / 1e6, observation: observation / 1e6, target: .observationRatio(2),
      note: "the rows built by hand that observe their cells as the list's rows do"),
    Row(
      scenario: "lists: insert \(what), against the floor", unit: "ms/insert",
      engine: engine / 1e6, closures: closures / 1e6, observation: floor / 1e6,
      target: .observationRatio(1.5),
      note: "Observation column: the floor, by hand, each new row's widgets and one registration "
        + "reading its cell's three properties into them, nothing else (no list, no edit "
        + "handler), which no row bound to an `@Observable` cell can skip; it is "
        + "\(format(floor / closures))× the closure rows"),
    Row(
      scenario: "lists: insert \(what), each row also binding a command", unit: "ms/insert",
      engine: withCommand / 1e6,
      note: "\(format(withCommand / Double(inserted) / 1e3)) µs/row: the three bindings and a "
        + "button bound to the cell's command; reported, no target"),
    Row(
      scenario: "lists: inserted rows showing their view model after one flush", unit: "rows",
      target: .count(expected: Double(inserted), what: "of \(format(Double(inserted)))"),
      count: rowCount == existing + inserted && !pending ? Double(showing) : -1),
  ]
}

/// The time it takes to build a row with `make` for each of `cells`, which are made before the
/// clock starts; the rows are disposed of with `dispose` after it stops.
@MainActor
private func timeBuilding<BuiltRow>(
  _ cells: [ItemCell], _ make: (ItemCell) -> BuiltRow, dispose: (BuiltRow) -> Void
) -> Duration {
  var rows: [BuiltRow] = []
  let elapsed = time {
    rows.reserveCapacity(cells.count)
    for cell in cells { rows.append(make(cell)) }
  }
  for row in rows { dispose(row) }
  return elapsed
}

// MARK: - Rendering

/// The list of an items screen showing `rows` three-binding rows, mounted and flushed, with its
/// mount: unmount it when done.
@MainActor
func mountedItemList(rows: Int) -> (list: ListView, mounted: MountedScreen<ItemsScreen>) {
  let model = ItemsViewModel()
  model.items = (0..<rows).map { ItemCell($0) }
  let scheduler = ManualScheduler()
  let screen = ItemsScreen()
  let mounted = try! screen.mount(on: model, scheduler: scheduler)
  scheduler.flush()
  return (screen.list, mounted)
}

/// Rendering a list of 10,000 three-binding rows with `TextRenderer.render`.
@MainActor
func listRenderRows(_ settings: Settings) -> [Row] {
  let count = settings.isQuick ? 1_000 : 10_000
  let (root, mounted) = mountedItemList(rows: count)
  defer { mounted.unmount() }
  let widgets = renderedCount(root)
  let renders = settings.isQuick ? 1 : 5
  var rendered = ""
  var byHand = ""

  let engine = median(settings, units: renders) {
    time {
      for _ in 0..<renders { rendered = TextRenderer.render(root) }
    }
  }

  let closures = median(settings, units: renders) {
    time {
      for _ in 0..<renders {
        var text = ""
        renderByHand(root, depth: 0, into: &text)
        byHand = text
      }
    }
  }

  return [
    Row(
      scenario: "lists: render \(format(Double(count))) rows to text", unit: "ms/render",
      engine: engine / 1e6, closures: closures / 1e6, target: .atMost(10),
      note: "\(format(Double(widgets))) widgets, \(format(engine / Double(widgets))) ns/widget; "
        + "closures column: by hand"),
    Row(
      scenario: "lists: hand-written text equals the renderer's", unit: "equal",
      target: .count(expected: 1, what: ""), count: rendered == byHand ? 1 : 0),
  ]
}

// MARK: - Memory

/// Heap per mounted three-binding row with 10,000 rows mounted in one list, against the same
/// widgets and bindings built by hand. View models are allocated before the first reading; the
/// rows' widgets are made by the template at mount, so they are in the figure (the note gives
/// their share).
@MainActor
func listMemoryRows(_ settings: Settings) -> [Row] {
  let count = settings.isQuick ? 1_000 : 10_000
  let perRow = { (start: Int, end: Int) in Double(end - start) / Double(count) }

  let engine: Double = {
    let cells = (0..<count).map { ItemCell($0) }
    let model = ItemsViewModel()
    let scheduler = ManualScheduler()
    let screen = ItemsScreen()
    let mounted = try! screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    let start = heapInUse()
    model.items = cells
    scheduler.flush()
    return perRow(start, heapInUse())
  }()

  let widgets: Double = {
    let start = heapInUse()
    let rows = (0..<count).map { _ in
      let row = ItemRow()
      return (row, row.body)
    }
    let end = heapInUse(holding: rows)
    consume(rows)
    return perRow(start, end)
  }()

  let closures: Double = {
    let cells = (0..<count).map { ItemClosureCell($0) }
    let start = heapInUse()
    let rows = cells.map { ClosureItemRow($0) }
    let end = heapInUse(holding: (cells, rows))
    for row in rows { row.dispose() }
    return perRow(start, end)
  }()

  let observation: Double = {
    let cells = (0..<count).map { ItemCell($0) }
    let start = heapInUse()
    let rows = cells.map { ObservationItemRow($0) }
    let end = heapInUse(holding: (cells, rows))
    for row in rows { row.dispose() }
    return perRow(start, end)
  }()

  // NB: what Observation itself stores for one registration per row, as the engine makes: the
  // cell's registrar tables and the tracking's access list, under a handler holding nothing.
  let registration: Double = {
    let cells = (0..<count).map { ItemCell($0) }
    let start = heapInUse()
    for cell in cells { observeOnce(cell) }
    return perRow(start, heapInUse(holding: cells))
  }()

  let library = engine - widgets - registration
  return [
    Row(
      scenario: "memory: mounted three-binding row (widgets included)", unit: "B/row",
      engine: engine, closures: closures, observation: observation,
      note: "\(format(Double(count))) rows in one list; of which the template's four widgets "
        + "\(format(widgets)) B/row, the rest (row widget, child mount, three bindings, list "
        + "bookkeeping, Observation's registration) \(format(engine - widgets)) B/row; "
        + "Observation column: three raw registrations per row"),
    Row(
      scenario: "memory: the library's own bookkeeping per mounted row", unit: "B/row",
      engine: library, target: settings.isQuick ? .none : .atMost(1_000),
      note: "beyond the widgets and beyond what Observation stores for one registration of the "
        + "row's three properties (\(format(registration)) B/row, measured by hand with an "
        + "empty change handler), which any row observing its cell holds"),
  ]
}

/// Observes `cell`'s three properties once, with a change handler that holds nothing: the
/// storage Observation itself needs for a row's registration.
@MainActor
func observeOnce(_ cell: ItemCell) {
  withObservationTracking {
    _ = cell.title
    _ = cell.quantity
    _ = cell.isDone
  } onChange: {
  }
}

/// How many widgets a render shows: `widget` and everything under it through `children` (rows
/// are not among `allWidgets`, which stops at scopes).
@MainActor
private func renderedCount(_ widget: Widget) -> Int {
  widget.children.reduce(1) { $0 + renderedCount($1) }
}
