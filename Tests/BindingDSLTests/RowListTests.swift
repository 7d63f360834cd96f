import BindingDSL
import Observation
import Testing

@MainActor
@Observable
private final class Item: Identifiable {
  let id: Int

  init(_ id: Int) {
    self.id = id
  }
}

@MainActor
private func ids(_ list: RowList) -> [[Int]] {
  list.sections.map { section in section.rows.map { ($0 as? Item)?.id ?? -1 } }
}

@MainActor
@Suite struct RowListTests {
  @Test func rowEditsChangeTheRowsAndRecordTheirAnimation() throws {
    let list = RowList(rows: [Item(1), Item(2)])
    try list.append([Item(3)], animation: .fade)
    #expect(ids(list) == [[1, 2, 3]])
    #expect(list.content.animation == .fade)
    try list.replace(at: RowPosition(row: 0), with: Item(9), animation: .left)
    #expect(ids(list) == [[9, 2, 3]])
    try list.move(from: RowPosition(row: 2), to: RowPosition(row: 0), animation: .top)
    #expect(ids(list) == [[3, 9, 2]])
    try list.remove(at: RowPosition(row: 1), animation: .right)
    #expect(ids(list) == [[3, 2]])
    #expect(list.content.animation == .right)
    let revision = list.content.revision
    list.reload(animation: .none)
    #expect(list.content.reloadsAll)
    #expect(list.content.revision == revision + 1)
    list.removeAll()
    #expect(list.sections.isEmpty)
  }

  @Test func contentsOfTwoRowListsOfTheSameRowsAreToldApart() throws {
    let rows = [Item(1), Item(2)]
    let first = RowList(rows: rows)
    let second = RowList(rows: rows)
    // Equal rows, animation and revision: only the row list that made them differs.
    #expect(first.content.revision == second.content.revision)
    #expect(first.content != second.content)
    #expect(first.content != ListContent(rows: rows))
    // A row list's contents stay its own through edits and reloads.
    let third = Item(3)
    try first.append([third])
    try second.append([third])
    #expect(first.content != second.content)
    first.reload()
    second.reload()
    #expect(first.content != second.content)
    let shown = first.content
    #expect(shown == first.content)
  }

  @Test func sectionEditsChangeTheSections() throws {
    let list = RowList(sections: [ListSection(id: "a", rows: [Item(1)])])
    try list.insertSection(ListSection(id: "b", rows: [Item(2)]), at: 1)
    try list.insertSection(ListSection(id: "c", rows: []), at: 0)
    #expect(list.sections.map(\.id) == ["c", "a", "b"])
    try list.moveSection(from: 0, to: 2)
    #expect(list.sections.map(\.id) == ["a", "b", "c"])
    try list.replaceSection(at: 1, with: ListSection(id: "b", rows: [Item(5), Item(6)]))
    #expect(ids(list) == [[1], [5, 6], []])
    try list.move(from: RowPosition(section: 1, row: 0), to: RowPosition(section: 2, row: 0))
    #expect(ids(list) == [[1], [6], [5]])
    try list.removeSection(at: 0)
    #expect(list.sections.map(\.id) == ["b", "c"])
  }

  @Test func badPositionsAreRefusedByNameAndLoseNothing() throws {
    let list = RowList(sections: [
      ListSection(id: "a", rows: [Item(1), Item(2)]), ListSection(id: "b", rows: []),
    ])
    let before = ids(list)
    let cases: [(String, () throws -> Void)] = [
      (
        "cannot insert rows at row 3 of section 0: its rows are 0...1 (an insert may also go at "
          + "2, the end)", { try list.insert([Item(7)], at: RowPosition(row: 3)) }
      ),
      (
        "cannot remove a row at row 0 of section 1: the section has no rows",
        { try list.remove(at: RowPosition(section: 1, row: 0)) }
      ),
      (
        "cannot replace a row at row -1 of section 0: its rows are 0...1",
        { try list.replace(at: RowPosition(row: -1), with: Item(7)) }
      ),
      (
        "cannot move a row to row 2 of section 0: after taking the row out, it can go at rows "
          + "0...1", { try list.move(from: RowPosition(row: 0), to: RowPosition(row: 2)) }
      ),
      (
        "cannot append rows in section 2: sections are 0...1",
        { try list.append([Item(7)], toSection: 2) }
      ),
      (
        "cannot insert a section at 3: sections are 0...1 (an insert may also go at 2, the end)",
        { try list.insertSection(ListSection(id: "c", rows: []), at: 3) }
      ),
      (
        "cannot add a second section with id a: section ids are unique",
        { try list.insertSection(ListSection(id: "a", rows: []), at: 0) }
      ),
      (
        "cannot add a second section with id b: section ids are unique",
        { try list.replaceSection(at: 0, with: ListSection(id: "b", rows: [])) }
      ),
      (
        "cannot remove section 5: sections are 0...1",
        { try list.removeSection(at: 5) }
      ),
      (
        "cannot move section -1: sections are 0...1",
        { try list.moveSection(from: -1, to: 0) }
      ),
    ]
    for (message, edit) in cases {
      let error = #expect(throws: RowListError.self) { try edit() }
      #expect(error?.message == message)
    }
    #expect(ids(list) == before, "a refused edit changes nothing")
  }
}
