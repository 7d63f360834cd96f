import Headless
import Observation

/// A row of the random rounds: a value, and a derived pair that must always agree with it.
@MainActor
@Observable
final class RoundCell: Identifiable {
  let id: Int
  var value = 0
  var twice: Int { value * 2 }

  init(_ id: Int) {
    self.id = id
  }
}

/// Counts, for every row ever mounted, a pair computed from inconsistent inputs.
@MainActor
var roundGlitches = 0

/// The row template: the value, and the value and its double combined.
struct RoundRow: RowTemplate {
  let value = Label("value")
  let pair = Label("pair")

  var body: Widget {
    HStack("round") {
      value
      pair
    }
  }

  func bindings(_ vm: RoundCell) -> [BindingDeclaration<RoundCell>] {
    bind(\.value, to: value.text) { String($0) }
    bind(\.value, \.twice, to: pair.text) { value, twice in
      if twice != value * 2 { roundGlitches += 1 }
      return String(value)
    }
  }
}

@MainActor
@Observable
final class RoundsViewModel {
  var a = 0
  var b = 0
  var twiceA: Int { a * 2 }
  var cells: [RoundCell] = []
  /// The child screen's view model; `nil` shows nothing.
  var child: RoundCell?
}

/// A parent with two values, a derived pair over them, and a list of rows.
struct RoundsScreen: Screen {
  let a = Label("a")
  let b = Label("b")
  let pair = Label("pair")
  let list = ListView("cells", rows: [RoundRow.self])
  // NB: a row template is a screen too; embedded, it is a child screen on the parent's graph run.
  let child = EmbeddedScreen("child") { RoundRow() }

  var body: Widget {
    VStack("rounds") {
      a
      b
      pair
      list
      child
    }
  }

  func bindings(_ vm: RoundsViewModel) -> [BindingDeclaration<RoundsViewModel>] {
    bind(\.a, to: a.text) { String($0) }
    bind(\.b, to: b.text) { String($0) }
    bind(\.a, \.twiceA, to: pair.text) { a, twice in
      if twice != a * 2 { roundGlitches += 1 }
      return String(a)
    }
    show(\.cells, in: list, animation: .none)
    embed(\.child, in: child)
  }
}

/// A small deterministic generator, so that a failing round reproduces.
struct RoundRandom: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Seeded random rounds over a parent with rows and a child screen: parent values, row values,
/// the rows themselves (inserted, removed, reordered), the child screen's view model (swapped,
/// removed) and its value change between flushes; after every flush every widget must show its
/// view model (a lost update otherwise) and no derived pair may have seen inconsistent inputs
/// (a glitch). Counted, in release builds, over 10,000 rounds.
@MainActor
func roundsRows(_ settings: Settings) -> [Row] {
  let rounds = settings.iterations(10_000)
  roundGlitches = 0
  var lost = 0
  var rowChecks = 0
  var childChecks = 0
  var nextID = 0
  let scheduler = ManualScheduler()
  let model = RoundsViewModel()
  let screen = RoundsScreen()
  let mounted = try! screen.mount(on: model, scheduler: scheduler)
  var random = RoundRandom(state: 13)
  let elapsed = ContinuousClock().measure {
    for _ in 0..<rounds {
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        switch Int.random(in: 0..<13, using: &random) {
        case 0..<2:
          model.a = Int.random(in: 0..<3, using: &random)
        case 2..<4:
          model.b = Int.random(in: 0..<3, using: &random)
        case 4..<7 where !model.cells.isEmpty:
          model.cells.randomElement(using: &random)?.value = Int.random(in: 0..<3, using: &random)
        case 7 where model.cells.count < 12:
          nextID += 1
          let index = Int.random(in: 0...model.cells.count, using: &random)
          model.cells.insert(RoundCell(nextID), at: index)
        case 8 where !model.cells.isEmpty:
          model.cells.remove(at: Int.random(in: 0..<model.cells.count, using: &random))
        case 9:
          model.cells.shuffle(using: &random)
        case 10:
          nextID += 1
          model.child = Bool.random(using: &random) ? RoundCell(nextID) : model.cells.first
        case 11:
          model.child = nil
        case 12:
          model.child?.value = Int.random(in: 0..<3, using: &random)
        default:
          break
        }
      }
      scheduler.flush()
      if screen.a.text.currentValue != String(model.a)
        || screen.b.text.currentValue != String(model.b)
        || screen.pair.text.currentValue != String(model.a)
      {
        lost += 1
      }
      let childLabels = screen.child.children.flatMap(\.allWidgets).compactMap { $0 as? Label }
      if let cell = model.child {
        childChecks += 1
        if childLabels.count != 2
          || !childLabels.allSatisfy({ $0.text.currentValue == String(cell.value) })
        {
          lost += 1
        }
      } else if !childLabels.isEmpty {
        lost += 1
      }
      let shown = screen.list.rows.filter { $0.role == .row }
      if shown.map(\.rowID) != model.cells.map({ AnyHashable($0.id) }) {
        lost += 1
        continue
      }
      rowChecks += shown.count
      for row in shown {
        let labels = row.content?.allWidgets.compactMap { $0 as? Label } ?? []
        guard let cell = row.model as? RoundCell, labels.count == 2,
          labels.allSatisfy({ $0.text.currentValue == String(cell.value) })
        else {
          lost += 1
          break
        }
      }
    }
  }
  mounted.unmount()
  return [
    Row(
      scenario: "rounds: lost updates and glitches, rows and a child screen", unit: "count",
      engine: settings.isQuick ? nil : elapsed.nanoseconds / Double(rounds) / 1e3,
      target: .count(expected: 0, what: "in \(format(Double(rounds))) rounds"),
      count: Double(lost + roundGlitches),
      note: "\(format(Double(rounds))) rounds, seed 13: \(lost) rounds with a widget not showing "
        + "its view model, \(roundGlitches) glitches, \(format(Double(rowChecks))) rows and "
        + "\(format(Double(childChecks))) child screens checked; the engine column is µs per round")
  ]
}
