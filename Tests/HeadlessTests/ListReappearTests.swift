import Headless
import HeadlessTesting
import Observation
import Testing

/// A list of notes whose selection pushes the selected note, as a master list does.
@MainActor
@Observable
final class NoteListViewModel: CommandOwner {
  let commands = CommandStore()
  var notes: [NoteCell] = [NoteCell(1), NoteCell(2)]
  private(set) var deselected: [Int] = []
  @ObservationIgnored let navigator: any Navigator

  init(navigator: any Navigator) {
    self.navigator = navigator
  }

  var open: Command<NoteCell, Void> {
    .owned(by: self) { vm, cell in
      let note = NoteViewModel()
      note.text = "note \(cell.id)"
      try vm.navigator.push(note)
    }
  }

  var forget: Command<NoteCell, Void> {
    .owned(by: self) { vm, cell in vm.deselected.append(cell.id) }
  }
}

@MainActor
@Observable
final class NoteCell: Identifiable {
  let id: Int

  init(_ id: Int) {
    self.id = id
  }
}

struct NoteCellRow: RowTemplate {
  let name = Label("name")

  var body: Widget { name }

  func bindings(_ vm: NoteCell) -> [BindingDeclaration<NoteCell>] {
    bind(\.id, to: name.text) { "Note \($0)" }
  }
}

struct NoteListScreen: Screen {
  let list = ListView("notes", rows: [NoteCellRow.self])

  var body: Widget { VStack("noteList") { list } }

  func bindings(_ vm: NoteListViewModel) -> [BindingDeclaration<NoteListViewModel>] {
    show(\.notes, in: list)
    command(vm.open, on: list.selection)
    command(vm.forget, on: list.deselection)
  }
}

/// A list whose screen disappears and appears again deselects its selected row, as a table
/// view controller does, unless it is told to keep it.
@MainActor
@Suite struct ListReappearTests {
  @Test func aRowThatPushedAScreenOpensItAgainAfterBack() async throws {
    let registry = ScreenRegistry()
    try registry.register("notes", title: "Notes") { NoteListScreen() }
    try registry.register("note", title: "Note") { NoteScreen() }
    let driver = AppDriver(registry: registry)
    let list = NoteListViewModel(navigator: driver.host)
    try await driver.start { _ in list }

    try await driver.select("notes[2]")
    #expect(try driver.visibleModel(as: NoteViewModel.self).text == "note 2")
    try await driver.back()
    #expect(try !driver.widget("notes[2]", as: RowWidget.self).isSelected.value)
    #expect(list.deselected == [2], "the row was deselected as its screen appeared again")

    try await driver.select("notes[2]")
    #expect(
      try driver.visibleModel(as: NoteViewModel.self).text == "note 2",
      "selecting the row again opened it again instead of deselecting it")
  }

  @Test func aScreenShownAgainDeselectsItsListsRow() async throws {
    let model = OrdersViewModel()
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    try await driver.appear()
    try await driver.select("orders[2]")
    try await driver.disappear()
    #expect(try driver.widget("orders[2]", as: RowWidget.self).isSelected.value)
    #expect(model.closed == [], "a screen hidden keeps its selection until it is shown again")

    try await driver.appear()
    #expect(try !driver.widget("orders[2]", as: RowWidget.self).isSelected.value)
    #expect(model.closed == [2])
    try await driver.select("orders[2]")
    #expect(model.opened == [2, 2])
    #expect(try driver.widget("orders[2]", as: RowWidget.self).isSelected.value)
  }

  @Test func aListToldToKeepItsSelectionKeepsItWhenShownAgain() async throws {
    let model = OrdersViewModel()
    let screen = OrdersScreen()
    screen.list.clearsSelectionOnReappear = false
    let driver = try ScreenDriver(screen, model: model)
    try await driver.appear()
    try await driver.select("orders[2]")
    try await driver.disappear()
    try await driver.appear()
    #expect(try driver.widget("orders[2]", as: RowWidget.self).isSelected.value)
    #expect(model.closed == [])
  }

  @Test func theFirstAppearanceKeepsARowSelectedBeforeIt() async throws {
    let model = OrdersViewModel()
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    try await driver.select("orders[1]")
    try await driver.appear()
    #expect(try driver.widget("orders[1]", as: RowWidget.self).isSelected.value)
    #expect(model.closed == [])
  }
}
