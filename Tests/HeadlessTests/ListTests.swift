import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
@Suite struct ListTests {
  @Test func rowsRenderWithTheirIdsHeightsAndActions() async throws {
    let model = OrdersViewModel(count: 2)
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    model.orders[1].isUrgent = true
    try await driver.settle()
    #expect(
      driver.render() == """
        VStack #screen
          Label #summary text="2 orders"
          List #orders count=2
            Row #orders[1] height=44 actions="delete"
              HStack #order
                Label #title text="Order 1"
                Button #ping title="Ping"
            Row #orders[2] height=88 actions="delete"
              HStack #order
                Label #title text="Order 2"
                Button #ping title="Ping"
        """)
  }

  @Test func aChangeOfRowsAndOfRowStateIsSettledInOneFlush() throws {
    let model = OrdersViewModel(count: 2)
    let scheduler = ManualScheduler()
    let screen = try OrdersScreen().mount(on: model, scheduler: scheduler)
    let list = try #require(screen.widget("orders") as? ListView)
    let first = try #require(list.rows.first?.content?.allWidgets.last as? Button)
    model.orders.append(OrderCell(3))
    model.orders[0].title = "Renamed"
    model.orders[2].title = "New and renamed"
    scheduler.flush()
    #expect(!scheduler.hasPendingFlush, "one flush settles the parent and every row")
    let text = screen.render()
    #expect(text.contains(#"Label #summary text="3 orders""#))
    #expect(text.contains(#"Label #title text="Renamed""#))
    #expect(text.contains(#"Label #title text="New and renamed""#))
    #expect(list.rows.first?.content?.allWidgets.last === first, "a row that stays is kept")
    #expect(list.lastChanges?.description == "insert 3")
    #expect(list.lastChanges?.animation == .fade)
  }

  @Test func identityDiffsApplyInsertsDeletesAndMovesAndKeepUnchangedRows() throws {
    var generator = SplitMix64(state: 0x5EED)
    for round in 0..<200 {
      let model = OrdersViewModel(count: 0)
      let cells = (0..<30).map { OrderCell($0) }
      let old = cells.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
      model.orders = old
      let scheduler = ManualScheduler()
      let screen = try OrdersScreen().mount(on: model, scheduler: scheduler)
      let list = try #require(screen.widget("orders") as? ListView)
      let before = Dictionary(uniqueKeysWithValues: list.rows.map { ($0.rowID, $0) })
      let new = cells.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
      model.orders = new
      scheduler.flush()
      #expect(
        list.rows.map(\.rowID) == new.map { AnyHashable($0.id) },
        "round \(round): the rows are the new ones, in order")
      for row in list.rows {
        if let kept = before[row.rowID] {
          #expect(kept === row, "round \(round): row \(row.rowID) stayed and keeps its widgets")
        }
      }
      let changes = try #require(list.lastChanges)
      let oldIDs = Set(old.map(\.id))
      let newIDs = Set(new.map(\.id))
      #expect(
        Set(changes.insertedRows) == Set(newIDs.subtracting(oldIDs).map(String.init)),
        "round \(round)")
      #expect(
        Set(changes.deletedRows) == Set(oldIDs.subtracting(newIDs).map(String.init)),
        "round \(round)")
      screen.unmount()
    }
  }

  @Test func removedRowsReleaseTheirViewModelsAndWidgets() async throws {
    weak var weakCell: OrderCell?
    weak var weakTitle: Widget?
    let model = OrdersViewModel(count: 3)
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    do {
      let cell = model.orders[1]
      weakCell = cell
      weakTitle = try driver.widget("orders[2].title")
      model.orders.remove(at: 1)
    }
    try await driver.settle()
    #expect(weakCell == nil)
    #expect(weakTitle == nil)
    #expect(model.hidden == [2], "the row's end of display was sent")
    driver.unmount()
  }

  @Test func aRemovedRowWithATwoWayFieldTakesItsEditHandlerOffAndReleasesEverything()
    async throws
  {
    weak var weakCell: OrderCell?
    weak var weakField: TextField?
    // NB: the property, not only the field: a link left on it would keep it (and itself) alive
    // after the field is gone.
    weak var weakText: WidgetProperty<String>?
    let model = OrdersViewModel(count: 3)
    let driver = try ScreenDriver(EditableOrdersScreen(), model: model)
    try await driver.type("!", into: "orders[2].title")
    #expect(model.orders[1].title == "Order 2!", "the row's field edits its cell")
    do {
      let field = try #require(try driver.widget("orders[2].title") as? TextField)
      #expect(field.text.editHandlerCount == 1)
      weakCell = model.orders[1]
      weakField = field
      weakText = field.text
      model.orders.remove(at: 1)
    }
    try await driver.settle()
    #expect(weakCell == nil)
    #expect(weakField == nil)
    #expect(weakText == nil, "the row's edit handler came off its field")
    try await driver.type("?", into: "orders[3].title")
    #expect(model.orders[1].title == "Order 3?", "the rows that stay still edit their cells")
    driver.unmount()
  }

  @Test func unmountingARowCancelsOnlyWhatTheRowStarted() async throws {
    let clock = VirtualClock()
    let model = OrdersViewModel(count: 2, clock: clock)
    let driver = try ScreenDriver(OrdersScreen(), model: model, clock: clock)
    try await driver.tap("orders[1].ping")
    try await driver.tap("orders[2].ping")
    try await driver.scrollToEnd("orders")
    #expect(model.loadMore.isExecuting)
    let second = model.orders[1]
    model.orders.removeFirst()
    try await driver.settle()
    #expect(model.loadMore.isExecuting, "the screen's own command goes on")
    #expect(second.ping.isExecuting, "another row's command goes on")
    try await driver.advance(by: .seconds(1))
    #expect(second.pings == 1)
    #expect(model.orders.count == 3)
  }

  /// A selected row that is removed, or mounted anew (its view model replaced), is deselected
  /// first: `deselection` is sent before `didEndDisplaying`, and no row stays selected.
  @Test func removingOrRemountingTheSelectedRowDeselectsIt() async throws {
    let model = OrdersViewModel(count: 3)
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    try await driver.settle()
    try await driver.select("orders[2]")
    model.orders.remove(at: 1)
    try await driver.settle()
    #expect(model.closed == [2], "the removed row was deselected")
    #expect(model.hidden == [2])
    try await driver.select("orders[3]")
    model.orders[1] = OrderCell(3)
    try await driver.settle()
    #expect(model.closed == [2, 3], "the row mounted anew was deselected")
    #expect(try !driver.widget("orders[3]", as: RowWidget.self).isSelected.value)
    try await driver.select("orders[3]")
    #expect(model.opened == [2, 3, 3], "selecting it again selects it, not deselects it")
  }

  @Test func selectionSwipesAndDisplayEventsReachTheViewModel() async throws {
    let model = OrdersViewModel(count: 3)
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    try await driver.settle()
    #expect(model.shown == [1, 2, 3])
    try await driver.select("orders[2]")
    #expect(model.opened == [2])
    #expect(driver.render().contains("Row #orders[2] height=44 actions=\"delete\" [selected]"))
    try await driver.select("orders[3]")
    #expect(model.opened == [2, 3])
    #expect(model.closed == [2])
    try await driver.swipe("orders[1]", action: "delete")
    #expect(model.orders.map(\.id) == [2, 3])
    #expect(model.hidden == [1])
    let missing = await expectDriverFailure { try await driver.select("orders[9]") }
    #expect(missing?.message == "no row '9' in list 'orders'; its rows: 2, 3")
    let action = await expectDriverFailure {
      try await driver.swipe("orders[2]", action: "archive")
    }
    #expect(
      action?.message == "cannot swipe 'orders[2]' to 'archive': the actions of list 'orders' "
        + "are delete")
    let inner = await expectDriverFailure { try driver.widget("orders[2].nope") }
    #expect(
      inner?.message == "no widget 'nope' in row 'orders[2]'; its widgets: order, ping, title")
    let notAList = await expectDriverFailure { try driver.widget("summary[1]") }
    #expect(
      notAList?.message
        == "'summary' is a Label, not a List; only the rows of a list are addressed with [ ]")
  }

  @Test func refreshLoadMoreEmptyAndFailureFollowTheViewModel() async throws {
    let clock = VirtualClock()
    let model = OrdersViewModel(count: 0, clock: clock)
    let driver = try ScreenDriver(OrdersScreen(), model: model, clock: clock)
    #expect(driver.render().contains(#"List #orders count=0 empty="No orders""#))
    try await driver.pullToRefresh("orders")
    #expect(driver.render().contains("List #orders count=0 empty=\"No orders\" [refreshing]"))
    try await driver.advance(by: .seconds(1))
    #expect(model.orders.map(\.title) == ["Fresh 1", "Fresh 2"])
    try await driver.scrollToEnd("orders")
    #expect(driver.render().contains("List #orders count=2 [loading-more]"))
    try await driver.advance(by: .seconds(1))
    try await driver.scrollToEnd("orders")
    try await driver.advance(by: .seconds(1))
    #expect(model.orders.map(\.id) == [1, 2, 3, 4, 5, 6])
    #expect(driver.render().contains("List #orders count=6 [no-more]"))
    try await driver.scrollToEnd("orders")
    #expect(!model.loadMore.isExecuting, "no more to load: scrolling loads nothing")
    model.failsToRefresh = true
    try await driver.pullToRefresh("orders")
    try await driver.advance(by: .seconds(1))
    #expect(
      driver.render().contains(
        #"List #orders count=6 failure="The orders could not be loaded." [no-more]"#))
  }

  @Test func aRowWithoutATemplateIsNamedWithTheTemplatesThatExist() async throws {
    let model = MixedViewModel()
    let driver = try ScreenDriver(MixedScreen(), model: model)
    model.rows.append(StrayCell())
    let error = await expectDriverFailure { try await driver.settle() }
    #expect(
      error?.message
        == "list 'mixed' cannot show all of its rows: no row template for StrayCell in list "
        + "'mixed'; templates: GroupHeaderRow (GroupHeader), OrderRow (OrderCell)")
    #expect(model.rows.count == 3, "nothing is lost: the view model keeps the row")
  }

  /// A step on a row of a list that cannot show it says why, before the rows it does show: the
  /// first step of a test may come before any settle that would report the list's problem.
  @Test func aStepOnARowTheListCannotShowNamesWhy() async throws {
    let model = MixedViewModel()
    model.rows.append(StrayCell())
    let driver = try ScreenDriver(MixedScreen(), model: model)
    let error = await expectDriverFailure { try await driver.select("mixed[stray]") }
    #expect(
      error?.message
        == "no row 'stray' in list 'mixed', which cannot show all of its rows: no row template "
        + "for StrayCell in list 'mixed'; templates: GroupHeaderRow (GroupHeader), OrderRow "
        + "(OrderCell); its rows: a, 1")
    #expect(error?.kind == .missingWidget)
  }

  /// Many rows of a type without a template make one problem, with how many rows had it.
  @Test func rowsWithTheSameProblemAreNamedOnceWithTheirCount() throws {
    let model = CellsViewModel()
    let screen = CellsScreen()
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    model.cells += (3...5).map { SpecialCell($0, "Special \($0)") }
    scheduler.flush()
    let problem = try #require(screen.list.problem)
    #expect(
      problem == "no row template for SpecialCell in list 'cells'; templates: BaseRow (BaseCell) "
        + "(3 rows)")
    #expect(screen.list.rowIDs == ["1", "2"])
  }

  /// Rows in sections whose ids are all numbers are matched through the list's index by `Int`,
  /// and through its index by `AnyHashable` once a row with a text id comes back: each switch
  /// keeps the rows that stay, with their widgets, and reports the change.
  @Test func rowsKeepTheirWidgetsAcrossContentsOfNumberAndTextIDs() throws {
    let header = GroupHeader("a", title: "A")
    let (one, two) = (OrderCell(1), OrderCell(2))
    let model = MixedViewModel()
    model.rows = [header, one]
    let screen = MixedScreen()
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    let list = screen.list
    func widget(_ id: AnyHashable) -> RowWidget? { list.rows.first { $0.rowID == id } }
    let firstOne = try #require(widget(1))

    model.rows = [one, two]
    scheduler.flush()
    #expect(list.rowIDs == ["1", "2"])
    #expect(list.lastChanges?.description == "insert 2; delete a")
    #expect(widget(1) === firstOne)
    let firstTwo = try #require(widget(2))

    model.rows = [two, one]
    scheduler.flush()
    #expect(list.rowIDs == ["2", "1"])
    #expect(list.lastChanges?.movedRows.count == 1)
    #expect(widget(1) === firstOne && widget(2) === firstTwo)

    model.rows = [header, two]
    scheduler.flush()
    #expect(list.rowIDs == ["a", "2"])
    #expect(list.lastChanges?.description == "insert a; delete 1")
    #expect(widget(2) === firstTwo)
    #expect(list.problem == nil)
  }

  /// The row index mounts the rows a change adds in order; one that cannot be mounted (its
  /// cell's type has no template) must leave the others in their places.
  @Test func aRowTheIndexCannotMountLeavesTheOthersInOrder() throws {
    let model = CellsViewModel()
    let screen = CellsScreen()
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    model.cells += [SpecialCell(3, "Three"), BaseCell(4, "Four"), BaseCell(5, "Five")]
    scheduler.flush()
    #expect(screen.list.rowIDs == ["1", "2", "4", "5"])
    #expect(
      screen.list.rows.map { ($0.content as? Label)?.text.value } == [
        "One", "Two", "Four", "Five",
      ],
      "each row shows its own cell")
    #expect(
      screen.list.problem?.contains("no row template for SpecialCell in list 'cells'") == true)
    model.cells.removeFirst()
    scheduler.flush()
    #expect(
      screen.list.rowIDs == ["2", "4", "5"], "the next change reads the ids of the rows shown again"
    )
  }

  @Test func sectionsShowHeadersAndRowsOfDifferentTypes() async throws {
    let model = SectionsViewModel()
    let driver = try ScreenDriver(SectionsScreen(), model: model)
    #expect(
      driver.render() == """
        List #sections count=3
          Section #sections.open count=2
            Header #sections[header:open]
              Label #title text="Open"
            Row #sections[1] height=44
              HStack #order
                Label #title text="Order 1"
                Button #ping title="Ping"
            Row #sections[2] height=44
              HStack #order
                Label #title text="Order 2"
                Button #ping title="Ping"
          Section #sections.done count=1
            Row #sections[3] height=44
              HStack #order
                Label #title text="Order 3"
                Button #ping title="Ping"
        """)
  }

  @Test func imperativeEditsApplyWithTheirAnimationAndRefuseBadPositions() async throws {
    let model = EditedViewModel()
    let driver = try ScreenDriver(EditedScreen(), model: model)
    let list = try driver.widget("edited", as: ListView.self)
    try model.rows.insert([OrderCell(9)], at: RowPosition(row: 1), animation: .top)
    try await driver.settle()
    #expect(list.rowIDs == ["1", "9", "2"])
    #expect(
      TextRenderer.render(list, options: .listChanges).hasPrefix(
        #"List #edited count=3 changes="insert 9" animation=top"#))
    try model.rows.move(from: RowPosition(row: 0), to: RowPosition(row: 2), animation: .none)
    try await driver.settle()
    #expect(list.rowIDs == ["9", "2", "1"])
    #expect(list.lastChanges?.description.hasPrefix("move") == true)
    let kept = list.rows.map { $0 }
    model.rows.reload(animation: .fade)
    try await driver.settle()
    #expect(list.lastChanges?.description == "update 9, 2, 1")
    #expect(zip(kept, list.rows).allSatisfy { $0 !== $1 }, "a reload mounts every row anew")
    let far = #expect(throws: RowListError.self) {
      try model.rows.insert([OrderCell(7)], at: RowPosition(row: 5))
    }
    #expect(
      far?.message
        == "cannot insert rows at row 5 of section 0: its rows are 0...2 (an insert may also go "
        + "at 3, the end)")
    let section = #expect(throws: RowListError.self) {
      try model.rows.remove(at: RowPosition(section: 2, row: 0))
    }
    #expect(section?.message == "cannot remove a row in section 2: sections are 0...0")
    #expect(list.rowIDs == ["9", "2", "1"], "a refused edit loses nothing")
    model.rows.removeAll(animation: .bottom)
    try await driver.settle()
    #expect(list.rows.isEmpty)
    let empty = #expect(throws: RowListError.self) {
      try model.rows.remove(at: RowPosition(row: 0))
    }
    #expect(empty?.message == "cannot remove a row in section 0: the list has no sections")
  }

  /// A reload and then other edits before one flush: the list shows the edits, every row
  /// mounted anew as the reload asked; the next edit after that flush mounts nothing again.
  @Test(arguments: [false, true])
  func aReloadFollowedByAnEditBeforeTheFlushStillMountsEveryRowAnew(move: Bool) async throws {
    let model = EditedViewModel()
    let driver = try ScreenDriver(EditedScreen(), model: model)
    let list = try driver.widget("edited", as: ListView.self)
    let before = list.rows.map { $0 }
    model.rows.reload(animation: .fade)
    if move {
      try model.rows.move(from: RowPosition(row: 0), to: RowPosition(row: 1))
    } else {
      try model.rows.append([OrderCell(3)])
    }
    try await driver.settle()
    #expect(list.rowIDs == (move ? ["2", "1"] : ["1", "2", "3"]))
    #expect(
      !list.rows.contains { row in before.contains { $0 === row } },
      "a reload mounts every row anew, even when another edit follows it before the flush")
    let after = list.rows.map { $0 }
    try model.rows.append([OrderCell(4)])
    try await driver.settle()
    #expect(zip(after, list.rows).allSatisfy { $0 === $1 }, "the reload was shown once")
  }

  /// `rowIDs` names ``ListView/rows``, one id a row and no more; `itemIDs` names everything
  /// the list shows as a row, section headers and footers too.
  @Test func rowIDsNameTheRowsAndItemIDsTheHeadersAndFootersToo() async throws {
    let model = SectionsViewModel()
    model.sections[1] = ListSection(
      id: "done", footer: GroupHeader("end", title: "End"), rows: [OrderCell(3)])
    let driver = try ScreenDriver(SectionsScreen(), model: model)
    let list = try driver.widget("sections", as: ListView.self)
    #expect(list.rowIDs == ["1", "2", "3"])
    #expect(list.rowIDs == list.rows.map { String($0.id.dropFirst("sections[".count).dropLast()) })
    #expect(list.itemIDs == ["header:open", "1", "2", "3", "footer:done"])
    #expect(list.itemIDs.allSatisfy { list.row($0) != nil }, "each is a row path the driver takes")
  }

  /// A section id given twice: the repeated section is not shown and the list says why, as for
  /// a repeated row id; every header shown stays bound to its view model, and the header of the
  /// section that goes is unmounted, releasing its view model.
  @Test func aRepeatedSectionIdIsReportedAndLeavesNoHeaderMountedOutsideTheList() async throws {
    let model = SectionsViewModel()
    let driver = try ScreenDriver(SectionsScreen(), model: model)
    let list = try driver.widget("sections", as: ListView.self)
    let open = try #require(model.sections[0].header as? GroupHeader)
    weak var doneHeader: GroupHeader?
    do {
      let header = GroupHeader("done", title: "Done")
      doneHeader = header
      model.sections[1] = ListSection(id: "done", header: header, rows: [OrderCell(3)])
      try await driver.settle()
      model.sections = [
        model.sections[0],
        ListSection(id: "open", header: GroupHeader("again", title: "Again"), rows: [OrderCell(4)]),
      ]
    }
    await expectDriverFailure { try await driver.settle() }
    #expect(list.problem == "sections must have unique ids; open is repeated")
    #expect(list.itemIDs == ["header:open", "1", "2"])
    #expect(doneHeader == nil, "the header of the section that went was unmounted")
    model.sections = [model.sections[0]]
    try await driver.settle()
    #expect(list.problem == nil)
    open.title = "Open, renamed"
    try await driver.settle()
    #expect(
      try driver.widget("sections[header:open].title", as: Label.self).text.value
        == "Open, renamed")
  }

  /// Switching back to a row list whose reload the list showed already mounts nothing anew; a
  /// list showing a reloaded row list first inserts its rows.
  @Test func aReloadShownOnceIsNotShownAgainAfterAnotherRowList() async throws {
    let first = RowList(rows: [OrderCell(1), OrderCell(2)])
    first.reload()
    let model = ReplacedRowsViewModel()
    model.rows = first
    let driver = try ScreenDriver(ReplacedRowsScreen(), model: model)
    let list = try driver.widget("replaced", as: ListView.self)
    #expect(list.lastChanges?.insertedRows == ["1", "2"], "a new list inserts, not updates")
    let shown = list.rows.map { $0 }
    model.rows = RowList(rows: first.rows)
    try await driver.settle()
    model.rows = first
    try await driver.settle()
    #expect(zip(shown, list.rows).allSatisfy { $0 === $1 }, "the reload was shown once")
  }

  /// A view model that shows another row list: a reload made on it before the flush is shown,
  /// though its revisions start again.
  @Test func aReloadOfAnotherRowListIsShown() async throws {
    let model = ReplacedRowsViewModel()
    let driver = try ScreenDriver(ReplacedRowsScreen(), model: model)
    let list = try driver.widget("replaced", as: ListView.self)
    for _ in 0..<3 { try model.rows.append([OrderCell(model.rows.rows.count + 1)]) }
    try await driver.settle()
    let other = RowList(rows: list.rows.compactMap { $0.model as? OrderCell })
    let before = list.rows.map { $0 }
    other.reload()
    try other.move(from: RowPosition(row: 0), to: RowPosition(row: 1))
    model.rows = other
    try await driver.settle()
    #expect(list.rowIDs == ["2", "1", "3", "4"])
    #expect(!list.rows.contains { row in before.contains { $0 === row } })
  }
}

@MainActor
@Observable
final class ReplacedRowsViewModel {
  var rows = RowList(rows: [OrderCell(1)])
}

struct ReplacedRowsScreen: Screen {
  let list = ListView("replaced", rows: [OrderRow.self])

  var body: Widget { list }

  func bindings(_ vm: ReplacedRowsViewModel) -> [BindingDeclaration<ReplacedRowsViewModel>] {
    show(\.rows, in: list)
  }
}

@MainActor
@Observable
final class MixedViewModel {
  var rows: [any RowModel] = [GroupHeader("a", title: "A"), OrderCell(1)]
}

struct MixedScreen: Screen {
  let list = ListView("mixed", rows: [OrderRow.self, GroupHeaderRow.self])

  var body: Widget { list }

  func bindings(_ vm: MixedViewModel) -> [BindingDeclaration<MixedViewModel>] {
    show(\.sections, in: list)
  }
}

extension MixedViewModel {
  var sections: [ListSection] { [ListSection(id: 0, rows: rows)] }
}

@MainActor
@Observable
final class SectionsViewModel {
  var sections = [
    ListSection(
      id: "open", header: GroupHeader("open", title: "Open"), rows: [OrderCell(1), OrderCell(2)]),
    ListSection(id: "done", rows: [OrderCell(3)]),
  ]
}

struct SectionsScreen: Screen {
  let list = ListView("sections", rows: [OrderRow.self, GroupHeaderRow.self])

  var body: Widget { list }

  func bindings(_ vm: SectionsViewModel) -> [BindingDeclaration<SectionsViewModel>] {
    show(\.sections, in: list)
  }
}

@MainActor
@Observable
final class EditedViewModel {
  let rows = RowList(rows: [OrderCell(1), OrderCell(2)])
}

struct EditedScreen: Screen {
  let list = ListView("edited", rows: [OrderRow.self])

  var body: Widget { list }

  func bindings(_ vm: EditedViewModel) -> [BindingDeclaration<EditedViewModel>] {
    show(\.rows, in: list)
  }
}

/// Rows whose title is a text field bound both ways to the cell.
private struct EditableOrderRow: RowTemplate {
  let title = TextField("title")

  var body: Widget { title }

  func bindings(_ vm: OrderCell) -> [BindingDeclaration<OrderCell>] {
    bind(\.title, to: title.text)
  }
}

/// The orders, each in an editable row.
private struct EditableOrdersScreen: Screen {
  let list = ListView("orders", rows: [EditableOrderRow.self])

  var body: Widget { list }

  func bindings(_ vm: OrdersViewModel) -> [BindingDeclaration<OrdersViewModel>] {
    show(\.orders, in: list)
  }
}

@MainActor
@Observable
class BaseCell: Identifiable {
  let id: Int
  var title: String

  init(_ id: Int, _ title: String) {
    self.id = id
    self.title = title
  }
}

/// A cell of a type no template is registered for.
final class SpecialCell: BaseCell {}

@MainActor
@Observable
final class CellsViewModel {
  var cells = [BaseCell(1, "One"), BaseCell(2, "Two")]
}

private struct BaseRow: RowTemplate {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: BaseCell) -> [BindingDeclaration<BaseCell>] {
    bind(\.title, to: title.text)
  }
}

private struct CellsScreen: Screen {
  let list = ListView("cells", rows: [BaseRow.self])

  var body: Widget { list }

  func bindings(_ vm: CellsViewModel) -> [BindingDeclaration<CellsViewModel>] {
    show(\.cells, in: list)
  }
}
