import BindingDSL

/// The rows a content brings, in order across its sections, with their ids of one type: what a
/// list matches against the rows it shows (see ``RowIndex``).
///
/// A content of one view-model type in one section keeps its rows' own `ID` type; any other
/// content (sections, headers, rows of several types) has its ids read as `AnyHashable`.
@MainActor
struct IncomingRows<ID: Hashable> {
  /// The rows' ids, in order across sections.
  private(set) var ids: ContiguousArray<ID>
  /// The identities of the rows' view models, in order.
  private(set) var identities: [ObjectIdentifier]
  /// The view model of the row at a position.
  let model: (Int) -> any RowModel
  /// The sections, each with how many of the rows it holds.
  private(set) var sections: [IncomingSection]
  /// Whether the list shows sections for this content: it has several, or one with another id
  /// than `0`, or a header or a footer.
  let showsSections: Bool
  /// What the content asked for that cannot be shown: repeated section or row ids.
  private(set) var problems: [String] = []

  /// The rows of a collection of one view-model type, shown in one section with id `0`.
  ///
  /// - Parameter collection: The rows, with the function that reads their ids.
  init<Rows: RowCollection>(_ collection: Rows) where Rows.Row.ID == ID {
    let rows = collection.rows
    let keys = collection.readKeys()
    ids = keys.ids
    identities = keys.identities
    model = { rows[$0] }
    sections = [IncomingSection(id: 0, header: nil, footer: nil, count: rows.count)]
    showsSections = false
  }

  /// The position of the first row of each section, and after the last, in order.
  var sectionStarts: [Int] {
    var starts = [0]
    for section in sections { starts.append(starts[starts.count - 1] + section.count) }
    return starts
  }

  /// These rows without the second and later rows of each id that repeats, each named in
  /// ``problems``: a list shows each id once.
  func withoutRepeatedIDs() -> IncomingRows {
    var seen = Set<ID>(minimumCapacity: ids.count)
    var kept: [Int] = []
    kept.reserveCapacity(ids.count)
    var result = self
    result.ids = []
    result.identities = []
    var start = 0
    for (number, section) in sections.enumerated() {
      var count = 0
      for position in start..<(start + section.count) {
        guard seen.insert(ids[position]).inserted else {
          result.problems.append(
            "rows must have unique ids; \(describeRowID(AnyHashable(ids[position]).base)) is repeated"
          )
          continue
        }
        kept.append(position)
        result.ids.append(ids[position])
        result.identities.append(identities[position])
        count += 1
      }
      result.sections[number].count = count
      start += section.count
    }
    let model = model
    return IncomingRows(result, model: { model(kept[$0]) })
  }

  /// `rows` with the ids `ids`, one per row, in order.
  private init<Other>(_ rows: IncomingRows<Other>, ids: ContiguousArray<ID>) {
    self.ids = ids
    identities = rows.identities
    model = rows.model
    sections = rows.sections
    showsSections = rows.showsSections
    problems = rows.problems
  }

  /// `rows` with `model` to read their view models.
  private init(_ rows: IncomingRows, model: @escaping (Int) -> any RowModel) {
    ids = rows.ids
    identities = rows.identities
    self.model = model
    sections = rows.sections
    showsSections = rows.showsSections
    problems = rows.problems
  }
}

extension IncomingRows where ID == AnyHashable {
  /// The rows of `sections`, with their ids read as `AnyHashable`. A section whose id repeats
  /// one before it is left out, and named in ``problems``.
  ///
  /// - Parameter content: The sections, in order.
  init(sections content: [ListSection]) {
    var ids = ContiguousArray<AnyHashable>()
    var identities: [ObjectIdentifier] = []
    var models: [any RowModel] = []
    var sections: [IncomingSection] = []
    var sectionIDs: Set<AnyHashable> = []
    var problems: [String] = []
    // NB: a section is known by its id across changes (its header and footer are kept by it),
    // so a repeated one is not shown, as a repeated row is not.
    for section in content {
      guard sectionIDs.insert(section.id).inserted else {
        problems.append(
          "sections must have unique ids; \(describeRowID(section.id.base)) is repeated")
        continue
      }
      for row in section.rows {
        ids.append(rowIdentity(of: row))
        identities.append(ObjectIdentifier(row))
        models.append(row)
      }
      sections.append(
        IncomingSection(
          id: section.id, header: section.header, footer: section.footer,
          count: section.rows.count))
    }
    self.ids = ids
    self.identities = identities
    self.model = { models[$0] }
    self.sections = sections
    self.problems = problems
    showsSections =
      content.count != 1 || content.first?.id != AnyHashable(0)
      || content.first?.header != nil || content.first?.footer != nil
  }

  /// The same rows with their ids as `Int`s, when every id is an `Int`; `nil` otherwise. Rows in
  /// sections whose ids are numbers are then matched as a flat list of them is: ``RowIndex``
  /// finds `Int` ids without hashing them, where an `AnyHashable` is hashed through its box.
  func withIntIDs() -> IncomingRows<Int>? {
    var numbers = ContiguousArray<Int>()
    numbers.reserveCapacity(ids.count)
    for id in ids {
      guard let number = id.base as? Int else { return nil }
      numbers.append(number)
    }
    return IncomingRows<Int>(self, ids: numbers)
  }
}

/// One section of a content: its identity, header and footer, and how many rows it holds.
struct IncomingSection {
  let id: AnyHashable
  let header: (any RowModel)?
  let footer: (any RowModel)?
  var count: Int
}
