import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A list's items as a toolkit counts them, headers and footers with the rows: each index of
/// ``ListView/itemIDs`` leads to its item and widgets and back, after every kind of change, in
/// the window or not.
@MainActor
@Suite struct ListItemTests {
  @Test func eachItemIndexLeadsToItsItemAndWidgetsAndBack() async throws {
    let model = ItemsViewModel()
    let driver = try ScreenDriver(ItemsScreen(), model: model)
    let list = try driver.widget("items", as: ListView.self)
    #expect(
      list.itemIDs == [
        "header:a", "1", "2", "footer:a", "3", "header:c", "header:d", "4", "footer:d",
      ])
    #expect(list.itemCount == 9)
    #expect(list.item(at: 0) == .header(section: 0))
    #expect(list.item(at: 1) == .row(position: 0))
    #expect(list.item(at: 3) == .footer(section: 0))
    #expect(list.item(at: 4) == .row(position: 2), "section b has neither header nor footer")
    #expect(list.item(at: 5) == .header(section: 2), "section c is a header alone")
    #expect(list.item(at: 6) == .header(section: 3))
    #expect(list.item(at: 7) == .row(position: 3))
    #expect(list.item(at: 8) == .footer(section: 3))
    #expect(list.item(at: 9) == nil)
    #expect(list.item(at: -1) == nil)
    #expect(list.itemIndex(of: .footer(section: 1)) == nil, "section b has no footer")
    #expect(list.itemIndex(of: .header(section: 4)) == nil)
    #expect(list.itemIndex(of: .row(position: 4)) == nil)
    #expect(list.itemWidget(at: 2)?.id == "items[2]")
    #expect(list.itemWidget(at: 8)?.id == "items[footer:d]")
    expectItemsAgree(list)
  }

  @Test func itemsFollowInsertsDeletesMovesAndSectionsComingAndGoing() async throws {
    let model = ItemsViewModel()
    let driver = try ScreenDriver(ItemsScreen(), model: model)
    let list = try driver.widget("items", as: ListView.self)
    model.sections[0].rows.insert(OrderCell(10), at: 0)
    model.sections[3].rows.append(OrderCell(11))
    try await driver.settle()
    expectItemsAgree(list)
    #expect(list.item(at: 1) == .row(position: 0))
    #expect(list.itemWidget(at: 1)?.id == "items[10]")
    model.sections[0].rows.removeAll { ($0 as? OrderCell)?.id == 1 }
    try await driver.settle()
    expectItemsAgree(list)
    let moved = model.sections[3].rows.removeLast()
    model.sections[0].rows.insert(moved, at: 0)
    model.sections.swapAt(1, 2)
    try await driver.settle()
    expectItemsAgree(list)
    #expect(list.itemID(at: 1) == "11")
    model.sections.remove(at: 0)
    model.sections.append(ListSection(id: "e", header: GroupHeader("e", title: "E"), rows: []))
    try await driver.settle()
    expectItemsAgree(list)
    #expect(list.itemIDs.first == "header:c")
    model.sections[0].header = nil
    model.sections[2].footer = nil
    try await driver.settle()
    expectItemsAgree(list)
    #expect(list.itemIDs == ["3", "header:d", "4", "header:e"])
    model.sections = []
    try await driver.settle()
    #expect(list.itemCount == 0)
    #expect(list.item(at: 0) == nil)
    expectItemsAgree(list)
  }

  /// Past its window, a row outside it is still an item (its index and id are there) but has no
  /// widgets until it is scrolled in; headers and footers always have theirs.
  @Test func aRowOutsideTheWindowHasAnIndexAndNoWidgets() async throws {
    let model = ItemsViewModel(sections: 3, rowsEach: 20)
    let screen = ItemsScreen()
    screen.list.visibleRowCount = 5
    screen.list.windowMargin = 1
    let driver = try ScreenDriver(screen, model: model)
    let list = screen.list
    #expect(list.windowRange == 0..<6)
    expectItemsAgree(list)
    let last = list.itemCount - 2
    #expect(list.item(at: last) == .row(position: 59))
    #expect(list.itemID(at: last) == "60")
    #expect(list.itemWidget(at: last) == nil, "row 59 is outside the window")
    #expect(list.itemWidget(at: list.itemCount - 1)?.id == "items[footer:s2]")
    list.scroll(toRow: 55)
    try await driver.settle()
    let row = try #require(list.itemWidget(at: last))
    #expect(row.id == "items[60]")
    #expect(list.itemIndex(of: row) == last)
    expectItemsAgree(list)
    list.scroll(toRow: 0)
    #expect(list.itemIndex(of: row) == nil, "a row that left the window is no item's widgets")
    expectItemsAgree(list)
  }

  /// Ten thousand rows in a hundred sections: every index agrees with `itemIDs`, and a row near
  /// the end is found by its index without the list building its arrays.
  @Test func tenThousandRowsInAHundredSections() async throws {
    let model = ItemsViewModel(sections: 100, rowsEach: 100)
    let screen = ItemsScreen()
    let driver = try ScreenDriver(screen, model: model)
    let list = screen.list
    #expect(list.itemCount == 10_200)
    #expect(list.itemIndex(of: .row(position: 9_999)) == 10_198)
    #expect(list.item(at: 10_199) == .footer(section: 99))
    list.scroll(toRow: 9_990)
    try await driver.settle()
    #expect(list.itemWidget(at: 10_198)?.id == "items[10000]")
    expectItemsAgree(list)
  }

  /// What a host checks: every index agrees with `itemIDs`, with the rows' positions and with
  /// the widgets mounted.
  private func expectItemsAgree(
    _ list: ListView, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let ids = list.itemIDs
    let rowIDs = list.rowIDs
    let window = list.windowRange
    #expect(list.itemCount == ids.count, sourceLocation: sourceLocation)
    var rowPosition = 0
    for (index, id) in ids.enumerated() {
      guard let item = list.item(at: index) else {
        Issue.record("no item at \(index)", sourceLocation: sourceLocation)
        return
      }
      #expect(list.itemID(at: index) == id, sourceLocation: sourceLocation)
      #expect(list.itemIndex(of: item) == index, sourceLocation: sourceLocation)
      let widget = list.itemWidget(at: index)
      if case .row(let position) = item {
        #expect(position == rowPosition, sourceLocation: sourceLocation)
        #expect(rowIDs[position] == id, sourceLocation: sourceLocation)
        #expect(widget === list.row(atPosition: position), sourceLocation: sourceLocation)
        #expect(
          (widget != nil) == window.contains(position), sourceLocation: sourceLocation)
        rowPosition += 1
      } else {
        #expect(
          widget != nil, "a header or footer is always mounted", sourceLocation: sourceLocation)
      }
      if let widget {
        #expect(widget.itemID == id, sourceLocation: sourceLocation)
        #expect(list.itemIndex(of: widget) == index, sourceLocation: sourceLocation)
      }
    }
    #expect(rowPosition == list.rowCount, sourceLocation: sourceLocation)
  }
}

@MainActor
@Observable
final class ItemsViewModel {
  var sections: [ListSection]

  /// Four sections: `a` with a header, two rows and a footer; `b` with a row alone; `c` with a
  /// header alone; `d` with a header, a row and a footer.
  init() {
    sections = [
      ListSection(
        id: "a", header: GroupHeader("a", title: "A"), footer: GroupHeader("a", title: "End A"),
        rows: [OrderCell(1), OrderCell(2)]),
      ListSection(id: "b", rows: [OrderCell(3)]),
      ListSection(id: "c", header: GroupHeader("c", title: "C"), rows: []),
      ListSection(
        id: "d", header: GroupHeader("d", title: "D"), footer: GroupHeader("d", title: "End D"),
        rows: [OrderCell(4)]),
    ]
  }

  /// `count` sections `s0`, `s1`, …, each with a header, `rowsEach` rows numbered from 1 across
  /// sections, and a footer.
  init(sections count: Int, rowsEach: Int) {
    sections = (0..<count).map { number in
      ListSection(
        id: "s\(number)", header: GroupHeader("s\(number)", title: "S\(number)"),
        footer: GroupHeader("s\(number)", title: "End"),
        rows: (0..<rowsEach).map { OrderCell(number * rowsEach + $0 + 1) })
    }
  }
}

struct ItemsScreen: Screen {
  let list = ListView("items", rows: [OrderRow.self, GroupHeaderRow.self])

  var body: Widget { list }

  func bindings(_ vm: ItemsViewModel) -> [BindingDeclaration<ItemsViewModel>] {
    show(\.sections, in: list)
  }
}
