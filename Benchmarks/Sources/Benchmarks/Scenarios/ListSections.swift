import Headless
import Observation

@MainActor
@Observable
final class SectionedItemsViewModel {
  var sections: [ListSection] = []
}

/// A screen that is one list of items in sections.
struct SectionedItemsScreen: Screen {
  let list = ListView("items", rows: [ItemRow.self])

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

/// The change of `lists-diff` on a list of ten sections, which takes the general path (rows by
/// `AnyHashable` id, section by section); its moves go half the list further, into another
/// section.
@MainActor
func listSectionRows(_ settings: Settings) -> [Row] {
  let count = settings.isQuick ? 1_000 : 10_000
  let edits = settings.isQuick ? 20 : 100
  let moves = settings.isQuick ? 5 : 10
  let change = ListChange(count: count, edits: edits, moves: moves)
  let cells = (0..<count + edits).map { ItemCell($0) }
  let oldSections = sections(of: change.old.map { cells[$0] }, count: 10)
  let newSections = sections(of: change.new.map { cells[$0] }, count: 10)

  let model = SectionedItemsViewModel()
  model.sections = oldSections
  let scheduler = ManualScheduler()
  let screen = SectionedItemsScreen()
  let mounted = try! screen.mount(on: model, scheduler: scheduler)
  defer { mounted.unmount() }

  model.sections = newSections
  scheduler.flush()
  let inOrder = screen.list.rows.map(\.rowID) == change.new.map(AnyHashable.init)
  model.sections = oldSections
  scheduler.flush()

  let changes = settings.isQuick ? 2 : 10
  let engine = median(settings, units: changes) {
    time {
      for index in 0..<changes {
        model.sections = index.isMultiple(of: 2) ? newSections : oldSections
        scheduler.flush()
      }
    }
  }
  let size = "\(format(Double(count))) rows in 10 sections, \(edits) inserts + \(edits) deletes"
  return [
    Row(
      scenario: "lists: \(size) + \(moves) moves, diff and apply", unit: "ms/change",
      engine: engine / 1e6),
    Row(
      scenario: "lists: sectioned row ids in order after the change", unit: "equal",
      target: .count(expected: 1, what: ""), count: inOrder ? 1 : 0),
  ]
}
