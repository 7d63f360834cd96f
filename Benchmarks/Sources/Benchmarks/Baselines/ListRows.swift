import Headless
import Observation

/// A row's view model written by hand: three subjects.
@MainActor
final class ItemClosureCell {
  let id: Int
  let title: Subject<String>
  let quantity: Subject<Int>
  let isDone: Subject<Bool>

  init(_ id: Int) {
    self.id = id
    title = Subject("Item \(id)")
    quantity = Subject(id % 10)
    isDone = Subject(id % 3 == 0)
  }
}

/// One row of the items list written by hand: the template's widgets, three closure
/// subscriptions and the toggle's edit handler.
@MainActor
struct ClosureItemRow {
  let id: Int
  let cell: ItemClosureCell
  let widgets: ItemRow
  let root: Widget
  let subscriptions: (title: Int, quantity: Int, isDone: Int)
  let edits: HandlerToken

  init(_ cell: ItemClosureCell) {
    let widgets = ItemRow()
    id = cell.id
    self.cell = cell
    self.widgets = widgets
    root = widgets.body
    subscriptions = (
      cell.title.observe { widgets.title.text.receive($0) },
      cell.quantity.observe { widgets.quantity.text.receive(String($0)) },
      cell.isDone.observe { widgets.done.isOn.receive($0) }
    )
    edits = widgets.done.isOn.addEditHandler { [weak cell] in cell?.isDone.value = $0 }
  }

  func dispose() {
    cell.title.remove(subscriptions.title)
    cell.quantity.remove(subscriptions.quantity)
    cell.isDone.remove(subscriptions.isDone)
    widgets.done.isOn.removeEditHandler(edits)
  }
}

/// One row of the items list with raw Observation: the template's widgets, three tracked links
/// and the toggle's edit handler.
@MainActor
struct ObservationItemRow {
  let id: Int
  let widgets: ItemRow
  let root: Widget
  let links: [ObservationLink]
  let edits: HandlerToken

  init(_ cell: ItemCell) {
    let widgets = ItemRow()
    id = cell.id
    self.widgets = widgets
    root = widgets.body
    links = [
      ObservationLink { [unowned cell] in widgets.title.text.receive(cell.title) },
      ObservationLink { [unowned cell] in widgets.quantity.text.receive(String(cell.quantity)) },
      ObservationLink { [unowned cell] in widgets.done.isOn.receive(cell.isDone) },
    ]
    edits = widgets.done.isOn.addEditHandler { [weak cell] in cell?.isDone = $0 }
  }

  func dispose() {
    for link in links { link.dispose() }
    widgets.done.isOn.removeEditHandler(edits)
  }
}

/// The least a row bound to an `@Observable` cell costs, written by hand: the template's widgets
/// and one registration that reads the cell's three properties into them (one, as the list's
/// rows make, where `ObservationItemRow` makes one per binding). No edit handler and nothing to
/// dispose of: what any row that shows a cell and follows its changes cannot skip.
@MainActor
struct ObservationFloorRow {
  let widgets: ItemRow
  let root: Widget

  init(_ cell: ItemCell) {
    let widgets = ItemRow()
    self.widgets = widgets
    root = widgets.body
    withObservationTracking {
      widgets.title.text.receive(cell.title)
      widgets.quantity.text.receive(String(cell.quantity))
      widgets.done.isOn.receive(cell.isDone)
    } onChange: {
    }
  }
}
