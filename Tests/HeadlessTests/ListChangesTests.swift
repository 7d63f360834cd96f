import BindingDSL
import Foundation
import Headless
import Observation
import Testing

// A list's batch of changes, applied to the list as it was, section by section, gives the list
// as it is. The seeded random round shows a sectioned list arrangements made anew and edits of
// a `RowList`, and after every flush applies the reported batch to the arrangement before it.
//
// Run longer, or replay a failure:
//
//     LIST_CHANGES_STEPS=100000 swift test --filter ListChangesTests
//     LIST_CHANGES_SEED=42 swift test --filter ListChangesTests

@MainActor
@Observable
private final class SectionedRowsViewModel {
  var rows: RowList

  init(_ sections: [ListSection]) {
    rows = RowList(sections: sections)
  }
}

private struct SectionedRowsScreen: Screen {
  let list = ListView("rows", rows: [OrderRow.self])

  var body: Widget { list }

  func bindings(_ vm: SectionedRowsViewModel) -> [BindingDeclaration<SectionedRowsViewModel>] {
    show(\.rows, in: list)
  }
}

/// Sections as plain ids: each section's id and its rows' ids, in order.
private typealias Arrangement = [Arranged]

/// One section of an ``Arrangement``.
private struct Arranged: Equatable, CustomStringConvertible {
  var id: String
  var rows: [String]

  var description: String { "\(id):[\(rows.joined(separator: ","))]" }
}

extension [ListSection] {
  /// The arrangement of these sections, with ids as a list's changes write them.
  fileprivate var arrangement: Arrangement {
    map { section in
      Arranged(
        id: "\(section.id.base)", rows: section.rows.map { "\(rowIdentity(of: $0).base)" })
    }
  }
}

extension ListView {
  /// The arrangement the list shows, read from its render tree (its sections, then their rows).
  fileprivate var shownArrangement: Arrangement {
    let prefix = id.count + 1
    return children.map { section in
      Arranged(
        id: String(section.id.dropFirst(prefix)),
        rows: section.children.map { String($0.id.dropFirst(prefix).dropLast()) })
    }
  }
}

/// Applies `changes` to `old` as a table view applies a batch update, or says why it cannot:
/// deleted and moved rows and sections are taken out (a deleted section must be empty by then),
/// then inserted and moved sections go in at their indices in `new`, ascending, then inserted
/// and moved rows at their index paths in `new`, ascending. Only the ids of the changes are
/// read; the positions come from `new`, as a table view takes them from its data source.
private func apply(
  _ changes: ListChanges, to old: Arrangement, giving new: Arrangement
) -> Result<Arrangement, ApplyFailure> {
  let takenRows = Set(changes.deletedRows + changes.movedRows)
  let deletedSections = Set(changes.deletedSections)
  let movedSections = Set(changes.movedSections)
  let insertedSections = Set(changes.insertedSections)
  let arrivingRows = Set(changes.insertedRows + changes.movedRows)
  var work: Arrangement = []
  var setAside: [String: [String]] = [:]
  for section in old {
    let rows = section.rows.filter { !takenRows.contains($0) }
    if deletedSections.contains(section.id) {
      guard rows.isEmpty else {
        return .failure(.init("deleted section \(section.id) still holds \(rows)"))
      }
    } else if movedSections.contains(section.id) {
      setAside[section.id] = rows
    } else {
      work.append(Arranged(id: section.id, rows: rows))
    }
  }
  for (index, section) in new.enumerated() {
    let arriving: [String]
    if insertedSections.contains(section.id) {
      arriving = []
    } else if let rows = setAside[section.id] {
      arriving = rows
    } else {
      continue
    }
    guard index <= work.count else {
      return .failure(.init("section \(section.id) goes at \(index) of \(work.count)"))
    }
    work.insert(Arranged(id: section.id, rows: arriving), at: index)
  }
  guard work.map(\.id) == new.map(\.id) else {
    return .failure(.init("sections \(work.map(\.id)) after the section changes"))
  }
  for (index, section) in new.enumerated() {
    for (row, id) in section.rows.enumerated() where arrivingRows.contains(id) {
      guard row <= work[index].rows.count else {
        return .failure(.init("row \(id) goes at \(row) of \(work[index])"))
      }
      work[index].rows.insert(id, at: row)
    }
  }
  return .success(work)
}

/// Why a batch of changes could not be applied.
private struct ApplyFailure: Error, Equatable, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

@MainActor
@Suite struct ListChangesTests {
  /// A batch keeps the `Int` ids of rows put in as numbers until their text is asked for; it
  /// reads, compares and hashes as the same batch written with text.
  @Test func insertedIntIdsReadAsTheirText() {
    var numbers = ListChanges(animation: .none)
    numbers.insertRows([3, 4])
    numbers.insertRow(5)
    var text = ListChanges(animation: .none)
    text.insertedRows = ["3", "4", "5"]
    #expect(numbers.insertedRows == ["3", "4", "5"])
    #expect(numbers == text)
    #expect(numbers.hashValue == text.hashValue)
    #expect(numbers.description == "insert 3, 4, 5")
    numbers.insertedRows.append("six")
    #expect(numbers.insertedRows == ["3", "4", "5", "six"], "text added after numbers")
    #expect(numbers != text)
  }

  /// A list that showed no rows shares its new ids with its changes; the changes read as before.
  @Test func aFirstLoadReportsEveryRowInserted() throws {
    let model = OrdersViewModel(count: 4)
    let all = model.orders
    model.orders = []
    let scheduler = ManualScheduler()
    let screen = try OrdersScreen().mount(on: model, scheduler: scheduler)
    defer { screen.unmount() }
    let list = try #require(screen.widget("orders") as? ListView)
    model.orders = all
    scheduler.flush()
    #expect(list.lastChanges?.description == "insert 1, 2, 3, 4")
    #expect(list.rowIDs == ["1", "2", "3", "4"])
  }
  /// The issue's example: row 46 goes from the top of `s0` to the top of `s1`.
  @Test func aRowThatChangesSectionIsMoved() throws {
    let cells = Dictionary(uniqueKeysWithValues: (40..<70).map { ($0, OrderCell($0)) })
    func section(_ id: String, _ rows: [Int]) -> ListSection {
      ListSection(id: id, rows: rows.compactMap { cells[$0] })
    }
    let model = SectionedRowsViewModel([section("s0", [46, 61, 60, 54]), section("s1", [])])
    let scheduler = ManualScheduler()
    let screen = try SectionedRowsScreen().mount(on: model, scheduler: scheduler)
    defer { screen.unmount() }
    let list = try #require(screen.widget("rows") as? ListView)
    model.rows = RowList(sections: [section("s0", [62, 63, 65, 54]), section("s1", [46, 64])])
    scheduler.flush()
    #expect(list.lastChanges?.description == "insert 62, 63, 65, 64; delete 61, 60; move 46")
  }

  /// A row that changes section is the same row: its widgets and bindings stay, and go on
  /// showing its view model; the rows it passed keep theirs too.
  @Test func aRowThatChangesSectionKeepsItsWidgetsAndBindings() throws {
    let cells = (1...4).map { OrderCell($0) }
    let model = SectionedRowsViewModel([
      ListSection(id: "a", rows: [cells[0], cells[1]]),
      ListSection(id: "b", rows: [cells[2], cells[3]]),
    ])
    let scheduler = ManualScheduler()
    let screen = try SectionedRowsScreen().mount(on: model, scheduler: scheduler)
    defer { screen.unmount() }
    let list = try #require(screen.widget("rows") as? ListView)
    let before = Dictionary(uniqueKeysWithValues: list.rows.map { ($0.rowID, $0) })
    try model.rows.move(from: RowPosition(section: 0, row: 0), to: RowPosition(section: 1, row: 1))
    scheduler.flush()
    #expect(list.shownArrangement.description == "[a:[2], b:[3,1,4]]")
    #expect(list.lastChanges?.description == "move 1")
    #expect(list.rows.allSatisfy { before[$0.rowID] === $0 }, "every row keeps its widgets")
    cells[0].title = "Moved"
    scheduler.flush()
    let moved = try #require(list.rows.first { $0.rowID == AnyHashable(1) })
    #expect((moved.content?.allWidgets.first { $0.id == "title" } as? Label)?.text.value == "Moved")
  }

  @Test func aRowListMoveToTheTopOfTheNextSectionIsReported() throws {
    let model = SectionedRowsViewModel([
      ListSection(id: "a", rows: [OrderCell(1)]), ListSection(id: "b", rows: [OrderCell(2)]),
    ])
    let scheduler = ManualScheduler()
    let screen = try SectionedRowsScreen().mount(on: model, scheduler: scheduler)
    defer { screen.unmount() }
    let list = try #require(screen.widget("rows") as? ListView)
    try model.rows.move(from: RowPosition(section: 0, row: 0), to: RowPosition(section: 1, row: 0))
    scheduler.flush()
    #expect(list.lastChanges?.description == "move 1")
    #expect(list.shownArrangement.description == "[a:[], b:[1,2]]")
  }

  @Test func aMovedSectionIsReportedAndItsRowsStay() throws {
    let model = SectionedRowsViewModel([
      ListSection(id: "a", rows: [OrderCell(1), OrderCell(2)]),
      ListSection(id: "b", rows: [OrderCell(3)]),
      ListSection(id: "c", rows: [OrderCell(4)]),
    ])
    let scheduler = ManualScheduler()
    let screen = try SectionedRowsScreen().mount(on: model, scheduler: scheduler)
    defer { screen.unmount() }
    let list = try #require(screen.widget("rows") as? ListView)
    try model.rows.moveSection(from: 0, to: 2, animation: .fade)
    scheduler.flush()
    #expect(list.lastChanges?.description == "move section a")
    #expect(list.lastChanges?.movedSections == ["a"])
    #expect(list.lastChanges?.animation == .fade)
  }

  /// The example of ``ListChanges``: a section and a row of another section move.
  @Test func theListChangesExampleMovesASectionAndARow() throws {
    let model = SectionedRowsViewModel([
      ListSection(id: "s0", rows: [OrderCell(1), OrderCell(2)]),
      ListSection(id: "s1", rows: [OrderCell(3)]),
    ])
    let scheduler = ManualScheduler()
    let screen = try SectionedRowsScreen().mount(on: model, scheduler: scheduler)
    defer { screen.unmount() }
    let list = try #require(screen.widget("rows") as? ListView)
    let rows = model.rows
    try rows.moveSection(from: 1, to: 0)
    try rows.move(from: RowPosition(section: 1, row: 0), to: RowPosition(section: 0, row: 1))
    scheduler.flush()
    #expect(list.shownArrangement.description == "[s1:[3,1], s0:[2]]")
    #expect(list.lastChanges?.description == "move section s1; move 1")
  }

  /// Random arrangements and `RowList` edits, a few between flushes; after each flush the
  /// reported batch, applied to the arrangement shown before, gives the one shown after.
  @Test func randomChangesApplyToTheOldSectionsToGiveTheNewOnes() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["LIST_CHANGES_SEED"].flatMap { UInt64($0) } ?? 7
    let steps = environment["LIST_CHANGES_STEPS"].flatMap { Int($0) }.map { max(1, $0) } ?? 3_000
    var round = RandomListRound(seed: seed)
    let model = SectionedRowsViewModel([])
    let scheduler = ManualScheduler()
    let screen = try SectionedRowsScreen().mount(on: model, scheduler: scheduler)
    defer { screen.unmount() }
    let list = try #require(screen.widget("rows") as? ListView)
    var failures = 0
    for step in 1...steps {
      let old = list.shownArrangement
      let shown = (model.rows, model.rows.content.revision)
      let edits = round.change(model)
      // NB: edits that did not apply leave the content as it was; the list then receives
      // nothing, and its last changes are still those of the step before.
      if model.rows === shown.0 && model.rows.content.revision == shown.1 { continue }
      scheduler.flush()
      let new = model.rows.sections.arrangement
      let replay = "seed \(seed), step \(step) (replay: LIST_CHANGES_SEED=\(seed)); \(edits)"
      guard list.shownArrangement == new, let changes = list.lastChanges else {
        Issue.record("\(replay): the list shows \(list.shownArrangement), not \(new)")
        failures += 1
        break
      }
      let applied = apply(changes, to: old, giving: new)
      let oldRows = Set(old.flatMap(\.rows))
      let newRows = Set(new.flatMap(\.rows))
      let oldSections = Set(old.map(\.id))
      let newSections = Set(new.map(\.id))
      let checks: [(Bool, String)] = [
        (applied == .success(new), "applying \(changes) to \(old) gave \(applied)"),
        (Set(changes.insertedRows) == newRows.subtracting(oldRows), "inserted rows"),
        (Set(changes.deletedRows) == oldRows.subtracting(newRows), "deleted rows"),
        (Set(changes.insertedSections) == newSections.subtracting(oldSections), "new sections"),
        (Set(changes.deletedSections) == oldSections.subtracting(newSections), "gone sections"),
      ]
      for (holds, what) in checks where !holds {
        Issue.record("\(replay): \(what); \(old) → \(new)")
        failures += 1
      }
      if failures > 0 { break }
    }
    #expect(failures == 0)
  }
}

/// The random changes of ``ListChangesTests``: a new `RowList` of random sections now and then,
/// otherwise one to three edits of the shown one.
@MainActor
private struct RandomListRound {
  private var random: SplitMix64
  private var nextSection = 0
  private let pool = 24

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  private mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }

  /// Changes `model`'s rows without flushing, and says how.
  mutating func change(_ model: SectionedRowsViewModel) -> String {
    if below(8) == 0 {
      let sections = arrangement(keeping: model.rows.sections)
      model.rows = RowList(sections: sections)
      return "new row list \(sections.arrangement)"
    }
    var done: [String] = []
    for _ in 0...below(3) { done.append(edit(model.rows)) }
    return done.joined(separator: ", ")
  }

  /// Random sections over some of the pool's ids: some of the old sections (in another order),
  /// perhaps new ones, the rows that stay keeping their view models.
  private mutating func arrangement(keeping old: [ListSection]) -> [ListSection] {
    var cells: [Int: any RowModel] = [:]
    for row in old.flatMap(\.rows) { cells[rowIdentity(of: row).base as? Int ?? -1] = row }
    var ids = old.map(\.id).filter { _ in below(4) != 0 }
    for _ in 0..<below(3) { ids.append(newSectionID()) }
    ids.shuffle(using: &random)
    var sections = ids.map { ListSection(id: $0, rows: []) }
    guard !sections.isEmpty else { return [] }
    for id in (0..<pool).shuffled(using: &random) where below(3) != 0 {
      let row = cells[id] ?? OrderCell(id)
      sections[below(sections.count)].rows.append(row)
    }
    return sections
  }

  private mutating func newSectionID() -> AnyHashable {
    nextSection += 1
    return AnyHashable("s\(nextSection)")
  }

  /// A free id of the pool, or `nil` when every id is shown.
  private mutating func freeID(in rows: RowList) -> Int? {
    let shown = Set(rows.rows.compactMap { rowIdentity(of: $0).base as? Int })
    let free = (0..<pool).filter { !shown.contains($0) }
    return free.isEmpty ? nil : free[below(free.count)]
  }

  private mutating func position(in rows: RowList, allowingEnd: Bool) -> RowPosition? {
    let sections = rows.sections.indices.filter { allowingEnd || !rows.sections[$0].rows.isEmpty }
    guard !sections.isEmpty else { return nil }
    let section = sections[below(sections.count)]
    let count = rows.sections[section].rows.count
    return RowPosition(section: section, row: below(count + (allowingEnd ? 1 : 0)))
  }

  /// One edit of `rows`, described; edits that do not apply are skipped.
  private mutating func edit(_ rows: RowList) -> String {
    let sectionCount = rows.sections.count
    switch below(9) {
    case 0, 1:
      guard let id = freeID(in: rows), let at = position(in: rows, allowingEnd: true) else {
        return "no insert"
      }
      try? rows.insert([OrderCell(id)], at: at)
      return "insert \(id) at \(at.section).\(at.row)"
    case 2:
      guard let at = position(in: rows, allowingEnd: false) else { return "no remove" }
      try? rows.remove(at: at)
      return "remove \(at.section).\(at.row)"
    case 3, 4:
      guard let from = position(in: rows, allowingEnd: false) else { return "no move" }
      let to = below(sectionCount)
      let count = rows.sections[to].rows.count - (from.section == to ? 1 : 0)
      let destination = RowPosition(section: to, row: below(count + 1))
      try? rows.move(from: from, to: destination)
      return "move \(from.section).\(from.row) to \(to).\(destination.row)"
    case 5:
      guard sectionCount > 0 else { return "no section move" }
      let (from, to) = (below(sectionCount), below(sectionCount))
      try? rows.moveSection(from: from, to: to)
      return "move section \(from) to \(to)"
    case 6:
      let id = newSectionID()
      let cells = (0..<below(3)).compactMap { _ in freeID(in: rows) }
      let unique = Array(Set(cells)).sorted().map { OrderCell($0) as any RowModel }
      let at = below(sectionCount + 1)
      try? rows.insertSection(ListSection(id: id, rows: unique), at: at)
      return "insert section \(id.base) at \(at)"
    case 7:
      guard sectionCount > 0 else { return "no section remove" }
      let at = below(sectionCount)
      try? rows.removeSection(at: at)
      return "remove section \(at)"
    default:
      guard let at = position(in: rows, allowingEnd: false) else { return "no replace" }
      let id = rowIdentity(of: rows.sections[at.section].rows[at.row]).base as? Int ?? 0
      try? rows.replace(at: at, with: OrderCell(id))
      return "replace \(at.section).\(at.row) with a new view model"
    }
  }
}
