import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A view model whose orders two lists show: one as a collection of `OrderCell` (diffed by the
/// list's row index by `Int` id), one as sections of existentials (matched by `AnyHashable` id).
@MainActor
@Observable
final class TwinListsViewModel {
  var orders: [OrderCell] = []
  var sections: [ListSection] { [ListSection(id: 0, rows: orders)] }
}

struct TwinListsScreen: Screen {
  let indexed = ListView("indexed", rows: [OrderRow.self])
  let general = ListView("general", rows: [OrderRow.self])

  var body: Widget {
    VStack("twins") {
      indexed
      general
    }
  }

  func bindings(_ vm: TwinListsViewModel) -> [BindingDeclaration<TwinListsViewModel>] {
    show(\.orders, in: indexed, animation: .fade)
    show(\.sections, in: general, animation: .fade)
  }
}

/// A cell whose id is of any type: the row index matches `Int` and `String` ids with code of
/// their own and any other id through its `Hashable` conformance.
@MainActor
@Observable
final class KeyedCell<Key: Hashable & Sendable>: Identifiable {
  let id: Key
  var title: String

  init(_ id: Key) {
    self.id = id
    title = "\(id)"
  }
}

struct KeyedRow<Key: Hashable & Sendable>: RowTemplate {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: KeyedCell<Key>) -> [BindingDeclaration<KeyedCell<Key>>] {
    bind(\.title, to: title.text)
  }
}

@MainActor
@Observable
final class KeyedTwinsViewModel<Key: Hashable & Sendable> {
  var cells: [KeyedCell<Key>] = []
  var sections: [ListSection] { [ListSection(id: 0, rows: cells)] }
}

/// Two lists of the same cells: one matched by the cells' own id type, one by `AnyHashable`.
struct KeyedTwinsScreen<Key: Hashable & Sendable>: Screen {
  let indexed = ListView("indexed", rows: [KeyedRow<Key>.self])
  let general = ListView("general", rows: [KeyedRow<Key>.self])

  var body: Widget {
    VStack("twins") {
      indexed
      general
    }
  }

  func bindings(_ vm: KeyedTwinsViewModel<Key>) -> [BindingDeclaration<KeyedTwinsViewModel<Key>>] {
    show(\.cells, in: indexed, animation: .fade)
    show(\.sections, in: general, animation: .fade)
  }
}

/// An id type of the app's own.
struct OrderCode: Hashable, Sendable, CustomStringConvertible {
  let number: Int
  var description: String { "code-\(number)" }
}

@MainActor
@Suite struct RowIndexTests {
  /// Random changes of one list, whatever the type of its ids: the indexed list shows what the
  /// `AnyHashable` list shows, reports the same changes, and keeps the rows that stay.
  @Test(arguments: ["Int", "String", "OrderCode"])
  func theIndexedDiffAgreesWithTheGeneralPathForEveryKindOfID(_ kind: String) throws {
    switch kind {
    case "Int": try checkAgreement(kind, seed: 0x1D6) { $0 }
    case "String": try checkAgreement(kind, seed: 0x1D7) { "order-\($0)" }
    default: try checkAgreement(kind, seed: 0x1D8) { OrderCode(number: $0) }
    }
  }

  private func checkAgreement<Key: Hashable & Sendable>(
    _ kind: String, seed: UInt64, key: (Int) -> Key
  ) throws {
    var generator = SplitMix64(state: seed)
    let model = KeyedTwinsViewModel<Key>()
    let scheduler = ManualScheduler()
    let screen = KeyedTwinsScreen<Key>()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    var cells = (0..<30).map { KeyedCell(key($0)) }
    for round in 0..<200 {
      let before = Dictionary(uniqueKeysWithValues: screen.indexed.rows.map { ($0.rowID, $0) })
      var new = cells.indices.filter { _ in Int.random(in: 0..<10, using: &generator) < 7 }
      for _ in 0..<Int.random(in: 0..<3, using: &generator) where new.count > 1 {
        let moved = new.remove(at: Int.random(in: new.indices, using: &generator))
        new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
      }
      if Int.random(in: 0..<5, using: &generator) == 0,
        let replaced = new.randomElement(
          using: &generator)
      {
        cells[replaced] = KeyedCell(key(replaced))
      }
      model.cells = new.map { cells[$0] }
      scheduler.flush()
      #expect(screen.indexed.rowIDs == screen.general.rowIDs, "\(kind) round \(round)")
      #expect(
        screen.indexed.lastChanges?.description == screen.general.lastChanges?.description,
        "\(kind) round \(round): the same changes")
      #expect(screen.indexed.rowIDs == new.map { "\(key($0))" }, "\(kind) round \(round)")
      for row in screen.indexed.rows {
        if let kept = before[row.rowID], kept.model === row.model {
          #expect(kept === row, "\(kind) round \(round): row \(row.rowID) kept its widgets")
        }
      }
    }
  }

  /// Many changes in a row on one mount, with ids kept, dropped, added, moved, repeated and
  /// given to new view models: the indexed list shows what the `AnyHashable` list shows, reports the
  /// same changes and problems, and keeps the rows that stay.
  @Test func theIndexedDiffAgreesWithTheGeneralPathOverManyChanges() throws {
    var generator = SplitMix64(state: 0x1D5)
    let model = TwinListsViewModel()
    let scheduler = ManualScheduler()
    let screen = TwinListsScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    var cells = (0..<40).map { OrderCell($0) }
    for round in 0..<300 {
      let before = Dictionary(uniqueKeysWithValues: screen.indexed.rows.map { ($0.rowID, $0) })
      var new = cells.filter { _ in Int.random(in: 0..<10, using: &generator) < 7 }
      // A few moves, an id given to a new view model now and then, a repeated id rarely.
      for _ in 0..<Int.random(in: 0..<3, using: &generator) where new.count > 1 {
        let from = Int.random(in: new.indices, using: &generator)
        let row = new.remove(at: from)
        new.insert(row, at: Int.random(in: 0...new.count, using: &generator))
      }
      if Int.random(in: 0..<5, using: &generator) == 0,
        let replaced = new.indices.randomElement(
          using: &generator)
      {
        let fresh = OrderCell(new[replaced].id)
        new[replaced] = fresh
        cells[fresh.id] = fresh
      }
      if Int.random(in: 0..<20, using: &generator) == 0, let repeated = new.first {
        new.append(repeated)
      }
      model.orders = new
      scheduler.flush()
      let indexed = screen.indexed
      let general = screen.general
      #expect(indexed.rowIDs == general.rowIDs, "round \(round): the same rows, in order")
      #expect(
        indexed.lastChanges?.description == general.lastChanges?.description,
        "round \(round): the same changes")
      #expect(indexed.problem == general.problem, "round \(round): the same problems")
      for row in indexed.rows {
        if let kept = before[row.rowID], kept.model === row.model {
          #expect(kept === row, "round \(round): row \(row.rowID) stayed and keeps its widgets")
        }
        #expect(row.model != nil && row.content != nil, "round \(round): rows are mounted")
      }
    }
  }

  /// The list applies exactly the expected batch: inserts, deletes, moves and updates by id.
  @Test func aChangeIsReportedAsInsertsDeletesMovesAndUpdates() throws {
    let model = TwinListsViewModel()
    let cells = (0..<6).map { OrderCell($0) }
    model.orders = cells
    let scheduler = ManualScheduler()
    let screen = TwinListsScreen()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    // A first change, so that the list has its index.
    model.orders = Array(cells.dropLast())
    scheduler.flush()
    let replaced = OrderCell(2)
    model.orders = [cells[0], cells[4], cells[1], replaced, OrderCell(9)]
    scheduler.flush()
    #expect(screen.indexed.rowIDs == ["0", "4", "1", "2", "9"])
    #expect(screen.indexed.lastChanges?.description == "insert 9; delete 3; move 4; update 2")
    #expect(screen.indexed.rows[3].model === replaced)
    #expect(screen.general.lastChanges?.description == "insert 9; delete 3; move 4; update 2")
  }

  /// Rows after the first of a template bind their own view model, commands included, though
  /// their declarations were made without text.
  @Test func laterRowsBindTheirOwnViewModelsAndCommands() async throws {
    let model = TwinListsViewModel()
    let clock = VirtualClock()
    model.orders = [OrderCell(1, clock: clock), OrderCell(2, clock: clock)]
    let driver = try ScreenDriver(TwinListsScreen(), model: model, clock: clock)
    try await driver.settle()
    model.orders.append(OrderCell(3, title: "Third", clock: clock))
    try await driver.settle()
    try await driver.tap("indexed[3].ping")
    try await driver.advance(by: .seconds(1))
    #expect(model.orders.map(\.pings) == [0, 0, 1], "the third row's own command ran")
    #expect(try driver.widget("indexed[3].title", as: Label.self).text.value == "Third")
    driver.unmount()
  }
}
