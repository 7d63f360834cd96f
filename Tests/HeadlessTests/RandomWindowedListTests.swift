import BindingDSL
import Foundation
import Headless
import Observation
import Testing

/// Seeded random rounds over a windowed list whose rows come and go: values change, rows are
/// taken out and put back (the same view models), reordered and scrolled out of the window and
/// back, so that mounts take over the registrations earlier mounts left (Decisions/0048) in every
/// order. After every flush each mounted row shows its view model, the window holds the rows it
/// should, and no derived pair saw inconsistent inputs.
///
/// Replay a failure with its seed: `WINDOW_ROUNDS_SEED=7 swift test --filter RandomWindowed`.
@MainActor
@Suite struct RandomWindowedListTests {
  @Test func everyMountedRowShowsItsViewModelAfterEveryFlush() throws {
    let seed = UInt64(environmentInteger("WINDOW_ROUNDS_SEED") ?? 7)
    var random = SplitMix64(seed: seed)
    let pool = (0..<16).map { WindowCell($0) }
    let model = WindowRoundsViewModel()
    model.cells = Array(pool.prefix(10))
    let screen = WindowRoundsScreen()
    screen.list.visibleRowCount = 3
    screen.list.windowMargin = 1
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    scheduler.flush()
    WindowRow.glitches = 0
    var failures: [String] = []
    for round in 0..<2_000 where failures.isEmpty {
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        change(model, screen.list, pool, &random)
      }
      scheduler.flush()
      failures += problems(in: screen.list, model, round: round, seed: seed)
    }
    #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "; "))")
    #expect(WindowRow.glitches == 0, "pairs computed from inconsistent inputs")
  }

  /// One random change: a value, a row taken out or put back, the order, or the window.
  private func change(
    _ model: WindowRoundsViewModel, _ list: ListView, _ pool: [WindowCell],
    _ random: inout SplitMix64
  ) {
    switch Int.random(in: 0..<8, using: &random) {
    case 0, 1:
      pool.randomElement(using: &random)?.value = Int.random(in: 0..<4, using: &random)
    case 2 where !model.cells.isEmpty:
      model.cells.remove(at: Int.random(in: 0..<model.cells.count, using: &random))
    case 3:
      let outside = pool.filter { cell in !model.cells.contains { $0 === cell } }
      guard let cell = outside.randomElement(using: &random) else { return }
      model.cells.insert(cell, at: Int.random(in: 0...model.cells.count, using: &random))
    case 4:
      model.cells.shuffle(using: &random)
    case 5:
      model.cells = model.cells.filter { _ in Bool.random(using: &random) }
    default:
      list.scroll(toRow: Int.random(in: 0...max(0, model.cells.count), using: &random))
    }
  }

  /// What is wrong with the list after a flush: a mounted row not showing its view model, or a
  /// window holding other rows than the view model's cells at its positions.
  private func problems(
    in list: ListView, _ model: WindowRoundsViewModel, round: Int, seed: UInt64
  ) -> [String] {
    let window = list.windowRange
    let expected = model.cells[window].map { "cells[\($0.id)]" }
    let shown = list.rows.map(\.id)
    guard shown == expected else {
      return ["round \(round), seed \(seed): the window shows \(shown), not \(expected)"]
    }
    var found: [String] = []
    for (row, cell) in zip(list.rows, model.cells[window]) {
      let texts = [row.widget("value"), row.widget("pair")].map { ($0 as? Label)?.text.value }
      if texts != [String(cell.value), String(cell.value)] {
        found.append("round \(round), seed \(seed): \(row.id) shows \(texts), not \(cell.value)")
      }
    }
    return found
  }
}

/// An integer from the environment, for replaying a seed.
private func environmentInteger(_ name: String) -> Int? {
  ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
}

/// A row's view model: a value and its double, which a row combines.
@MainActor
@Observable
private final class WindowCell: Identifiable {
  let id: Int
  var value = 0
  var twice: Int { value * 2 }

  init(_ id: Int) { self.id = id }
}

/// The row: the value, and the value and its double combined, which must always agree.
private struct WindowRow: RowTemplate {
  @MainActor static var glitches = 0
  let value = Label("value")
  let pair = Label("pair")

  var body: Widget {
    HStack("cell") {
      value
      pair
    }
  }

  func bindings(_ vm: WindowCell) -> [BindingDeclaration<WindowCell>] {
    bind(\.value, to: value.text) { String($0) }
    bind(\.value, \.twice, to: pair.text) { value, twice in
      if twice != value * 2 { WindowRow.glitches += 1 }
      return String(value)
    }
  }
}

@MainActor
@Observable
private final class WindowRoundsViewModel {
  var cells: [WindowCell] = []
}

private struct WindowRoundsScreen: Screen {
  let list = ListView("cells", rows: [WindowRow.self])

  var body: Widget { list }

  func bindings(_ vm: WindowRoundsViewModel) -> [BindingDeclaration<WindowRoundsViewModel>] {
    show(\.cells, in: list, animation: .none)
  }
}
