public import Observation

/// Rows a view model edits imperatively, as table view models do: insert, remove, replace and
/// move rows and sections at positions, each with an animation; reload; remove all.
///
/// Show it in a list like any collection (`show(\.orders, in: ordersList)`): the list applies
/// each edit by identity and records it with its animation.
///
/// ```swift
/// let orders = RowList(rows: [first, second])
/// try orders.insert([third], at: RowPosition(row: 1), animation: .fade)
/// try orders.remove(at: RowPosition(row: 0), animation: .left)
/// ```
///
/// A position outside the list throws a ``RowListError`` that names the position and the valid
/// range, and leaves the rows as they were.
@MainActor
@Observable
public final class RowList {
  /// What the list shows, and how the last edit is animated.
  public private(set) var content: ListContent

  /// What tells this row list's contents from every other's (see ``ListContent/rowList``).
  private let identity = RowListIdentity()

  /// Creates a list of sections.
  ///
  /// - Parameter sections: The sections, in order.
  public init(sections: [ListSection] = []) {
    content = ListContent(sections: sections)
    content.rowList = identity
  }

  /// Creates a list of one section, with id `0`.
  ///
  /// - Parameter rows: The view models of the rows.
  public init(rows: [any RowModel]) {
    content = ListContent(rows: rows)
    content.rowList = identity
  }

  /// The sections, in order.
  public var sections: [ListSection] { content.sections }

  /// The rows of every section, in order.
  public var rows: [any RowModel] { content.sections.flatMap(\.rows) }

  /// Inserts `rows` before the row at `position` (or at the end of its section when
  /// `position.row` is the section's row count).
  ///
  /// - Parameters:
  ///   - rows: The view models to insert.
  ///   - position: Where the first of them goes.
  ///   - animation: How the list animates the insert.
  /// - Throws: ``RowListError`` when the section or the position does not exist; nothing changes.
  public func insert(
    _ rows: [any RowModel], at position: RowPosition, animation: RowAnimation = .automatic
  ) throws(RowListError) {
    let section = try checkSection(position.section, for: "insert rows")
    try checkRow(position, in: section, for: "insert rows", allowingEnd: true)
    edit(animation) { $0[section].rows.insert(contentsOf: rows, at: position.row) }
  }

  /// Appends `rows` to the end of section `section`.
  ///
  /// - Parameters:
  ///   - rows: The view models to append.
  ///   - section: The section's index.
  ///   - animation: How the list animates the insert.
  /// - Throws: ``RowListError`` when the section does not exist; nothing changes.
  public func append(
    _ rows: [any RowModel], toSection section: Int = 0, animation: RowAnimation = .automatic
  ) throws(RowListError) {
    let index = try checkSection(section, for: "append rows")
    edit(animation) { $0[index].rows.append(contentsOf: rows) }
  }

  /// Removes the row at `position`.
  ///
  /// - Parameters:
  ///   - position: The row to remove.
  ///   - animation: How the list animates the removal.
  /// - Throws: ``RowListError`` when the section or the position does not exist; nothing changes.
  public func remove(at position: RowPosition, animation: RowAnimation = .automatic)
    throws(RowListError)
  {
    let section = try checkSection(position.section, for: "remove a row")
    try checkRow(position, in: section, for: "remove a row", allowingEnd: false)
    edit(animation) { $0[section].rows.remove(at: position.row) }
  }

  /// Replaces the row at `position` with `row`.
  ///
  /// - Parameters:
  ///   - position: The row to replace.
  ///   - row: The new view model.
  ///   - animation: How the list animates the change.
  /// - Throws: ``RowListError`` when the section or the position does not exist; nothing changes.
  public func replace(
    at position: RowPosition, with row: any RowModel, animation: RowAnimation = .automatic
  ) throws(RowListError) {
    let section = try checkSection(position.section, for: "replace a row")
    try checkRow(position, in: section, for: "replace a row", allowingEnd: false)
    edit(animation) { $0[section].rows[position.row] = row }
  }

  /// Moves the row at `source` so that it ends up at `destination`.
  ///
  /// - Parameters:
  ///   - source: The row to move.
  ///   - destination: Where it ends up, counted after it was taken out.
  ///   - animation: How the list animates the move.
  /// - Throws: ``RowListError`` when a position does not exist; nothing changes.
  public func move(
    from source: RowPosition, to destination: RowPosition, animation: RowAnimation = .automatic
  ) throws(RowListError) {
    let from = try checkSection(source.section, for: "move a row")
    try checkRow(source, in: from, for: "move a row", allowingEnd: false)
    let to = try checkSection(destination.section, for: "move a row")
    let count = content.sections[to].rows.count - (from == to ? 1 : 0)
    guard (0...count).contains(destination.row) else {
      throw RowListError(
        "cannot move a row to row \(destination.row) of section \(to): after taking the row "
          + "out, it can go at rows 0...\(count)")
    }
    edit(animation) { sections in
      let row = sections[from].rows.remove(at: source.row)
      sections[to].rows.insert(row, at: destination.row)
    }
  }

  /// Inserts `section` at index `index` (or at the end, when `index` is the section count).
  ///
  /// - Parameters:
  ///   - section: The section to insert.
  ///   - index: Its index.
  ///   - animation: How the list animates the insert.
  /// - Throws: ``RowListError`` when the index is out of range or the id is taken; nothing changes.
  public func insertSection(
    _ section: ListSection, at index: Int, animation: RowAnimation = .automatic
  ) throws(RowListError) {
    let count = content.sections.count
    guard (0...count).contains(index) else {
      throw RowListError(
        "cannot insert a section at \(index): sections are \(range(count)) (an insert may "
          + "also go at \(count), the end)")
    }
    try checkNewSectionID(section.id)
    edit(animation) { $0.insert(section, at: index) }
  }

  /// Removes the section at `index`, with its rows.
  ///
  /// - Parameters:
  ///   - index: The section's index.
  ///   - animation: How the list animates the removal.
  /// - Throws: ``RowListError`` when the section does not exist; nothing changes.
  public func removeSection(at index: Int, animation: RowAnimation = .automatic)
    throws(RowListError)
  {
    let section = try checkSection(index, for: "remove section", isSection: true)
    edit(animation) { $0.remove(at: section) }
  }

  /// Replaces the section at `index` with `section`.
  ///
  /// - Parameters:
  ///   - index: The section's index.
  ///   - section: The new section.
  ///   - animation: How the list animates the change.
  /// - Throws: ``RowListError`` when the section does not exist or the id is taken; nothing changes.
  public func replaceSection(
    at index: Int, with section: ListSection, animation: RowAnimation = .automatic
  ) throws(RowListError) {
    let old = try checkSection(index, for: "replace section", isSection: true)
    if content.sections[old].id != section.id { try checkNewSectionID(section.id) }
    edit(animation) { $0[old] = section }
  }

  /// Moves the section at `source` so that it ends up at `destination`.
  ///
  /// - Parameters:
  ///   - source: The section's index.
  ///   - destination: Where it ends up.
  ///   - animation: How the list animates the move.
  /// - Throws: ``RowListError`` when a section index does not exist; nothing changes.
  public func moveSection(
    from source: Int, to destination: Int, animation: RowAnimation = .automatic
  )
    throws(RowListError)
  {
    let from = try checkSection(source, for: "move section", isSection: true)
    let to = try checkSection(destination, for: "move a section to", isSection: true)
    edit(animation) { sections in
      let section = sections.remove(at: from)
      sections.insert(section, at: to)
    }
  }

  /// Replaces every section, as a reload: every row is shown anew.
  ///
  /// - Parameters:
  ///   - sections: The new sections; `nil` keeps the current ones.
  ///   - animation: How the list animates the reload.
  public func reload(with sections: [ListSection]? = nil, animation: RowAnimation = .automatic) {
    content = ListContent(
      sections: sections ?? content.sections, animation: animation, reloadsAll: true,
      revision: content.revision + 1)
    content.reloadedAt = content.revision
    content.rowList = identity
  }

  /// Removes every section and row.
  ///
  /// - Parameter animation: How the list animates the removal.
  public func removeAll(animation: RowAnimation = .automatic) {
    edit(animation) { $0 = [] }
  }

  private func edit(_ animation: RowAnimation, _ change: (inout [ListSection]) -> Void) {
    var sections = content.sections
    change(&sections)
    let reloadedAt = content.reloadedAt
    content = ListContent(
      sections: sections, animation: animation, revision: content.revision + 1)
    // NB: a reload the list has not shown yet (no flush since) still holds after this edit.
    content.reloadedAt = reloadedAt
    content.rowList = identity
  }

  private func checkSection(_ index: Int, for action: String, isSection: Bool = false)
    throws(RowListError) -> Int
  {
    let count = content.sections.count
    guard content.sections.indices.contains(index) else {
      throw RowListError(
        "cannot \(action) \(isSection ? "" : "in section ")\(index): "
          + (count == 0 ? "the list has no sections" : "sections are \(range(count))"))
    }
    return index
  }

  private func checkRow(
    _ position: RowPosition, in section: Int, for action: String, allowingEnd: Bool
  ) throws(RowListError) {
    let count = content.sections[section].rows.count
    guard count > 0 || allowingEnd else {
      throw RowListError(
        "cannot \(action) at row \(position.row) of section \(section): the section has no rows")
    }
    // NB: formed only once the section is known to have rows when the end is not allowed.
    let end = allowingEnd ? count : count - 1
    guard position.row >= 0 && position.row <= end else {
      var message =
        "cannot \(action) at row \(position.row) of section \(section): "
        + (count == 0 ? "the section has no rows" : "its rows are \(range(count))")
      if allowingEnd { message += " (an insert may also go at \(count), the end)" }
      throw RowListError(message)
    }
  }

  private func checkNewSectionID(_ id: AnyHashable) throws(RowListError) {
    guard !content.sections.contains(where: { $0.id == id }) else {
      throw RowListError("cannot add a second section with id \(id): section ids are unique")
    }
  }

  private func range(_ count: Int) -> String {
    count == 1 ? "0...0" : "0...\(count - 1)"
  }
}

/// Where a row is: its section's index and its index in that section.
public struct RowPosition: Hashable, Sendable, CustomStringConvertible {
  /// The section's index.
  public var section: Int
  /// The row's index in its section.
  public var row: Int

  /// Creates a position.
  ///
  /// - Parameters:
  ///   - section: The section's index; 0 for a list of one section.
  ///   - row: The row's index in its section.
  public init(section: Int = 0, row: Int) {
    self.section = section
    self.row = row
  }

  /// The position as errors name it: `row 2 of section 0`.
  public var description: String { "row \(row) of section \(section)" }
}

/// Which ``RowList`` a content came from: an object each row list makes once, which its
/// contents hold and a list compares by identity. A list that showed a content keeps it, so no
/// later row list can be taken for that one.
package final class RowListIdentity: Hashable, Sendable {
  package init() {}

  package static func == (lhs: RowListIdentity, rhs: RowListIdentity) -> Bool { lhs === rhs }

  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Why an edit of a ``RowList`` was refused; the rows are as they were.
public struct RowListError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong and what is valid.
  public let message: String

  init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
