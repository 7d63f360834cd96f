/// A view model shown as a row of a list: any class with a stable identity.
public typealias RowModel = AnyObject & Identifiable

/// How a list animates a batch of changes. Headless lists record it with the batch, so a
/// snapshot can show what a device would animate.
public enum RowAnimation: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Whatever the list finds fitting.
  case automatic
  /// Rows fade in or out.
  case fade
  /// Rows slide from or to the left.
  case left
  /// Rows slide from or to the right.
  case right
  /// Rows slide from or to the top.
  case top
  /// Rows slide from or to the bottom.
  case bottom
  /// No animation.
  case none

  /// The animation's name, as the text format prints it: `fade`.
  public var description: String { rawValue }
}

/// One section of a list: an identity, optional header and footer view models, and the row
/// view models, which may be of different types.
public struct ListSection: Identifiable {
  /// The section's identity: sections are matched across changes by it.
  public var id: AnyHashable
  /// The view model of the section's header, shown by the header template registered for its
  /// type.
  public var header: (any RowModel)?
  /// The view model of the section's footer.
  public var footer: (any RowModel)?
  /// The view models of the rows, in order.
  public var rows: [any RowModel]

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - header: The view model of its header, if it has one.
  ///   - footer: The view model of its footer, if it has one.
  ///   - rows: The view models of its rows.
  public init(
    id: AnyHashable, header: (any RowModel)? = nil, footer: (any RowModel)? = nil,
    rows: [any RowModel]
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.rows = rows
  }
}

/// What a list shows: its sections, and how the change that produced them is animated.
///
/// Two contents are equal when they hold the same view-model objects in the same sections and
/// order, with the same animation and revision: an unchanged content is not applied again.
public struct ListContent: Equatable {
  /// The sections, in order.
  public var sections: [ListSection] {
    get { typedRows?.sections ?? storedSections }
    set {
      storedSections = newValue
      typedRows = nil
    }
  }
  /// How the change that produced this content is animated.
  public var animation: RowAnimation
  /// Whether every row is to be shown anew (mounted again), as after a reload.
  public var reloadsAll: Bool
  /// A number that changes with every imperative edit, so that a reload of equal rows is a
  /// change.
  public var revision: Int
  /// The ``revision`` of the last reload a ``RowList`` made, kept by the edits that follow it:
  /// a list that has not applied that revision yet (the edits came before one flush) shows
  /// every row anew, as the reload asked; 0 when there was none.
  package var reloadedAt = 0
  /// Which ``RowList`` made the content (its revisions are its own); `nil` for other contents.
  package var rowList: RowListIdentity?

  private var storedSections: [ListSection]
  /// The rows of a one-section content made from a collection of one view-model type, kept as
  /// that collection: a list diffs them by their own `ID` type, and the sections (whose rows are
  /// existentials) are made only when asked for.
  package private(set) var typedRows: (any RowCollection)?

  /// Creates a content.
  ///
  /// - Parameters:
  ///   - sections: The sections, in order.
  ///   - animation: How the change that produced it is animated.
  ///   - reloadsAll: Whether every row is to be mounted again.
  ///   - revision: A number that changes with every edit.
  public init(
    sections: [ListSection], animation: RowAnimation = .automatic, reloadsAll: Bool = false,
    revision: Int = 0
  ) {
    self.storedSections = sections
    self.animation = animation
    self.reloadsAll = reloadsAll
    self.revision = revision
  }

  /// One section, with id `0`, holding `rows`.
  ///
  /// - Parameters:
  ///   - rows: The view models of the rows.
  ///   - animation: How the change is animated.
  public init(rows: [any RowModel], animation: RowAnimation = .automatic) {
    self.init(sections: [ListSection(id: 0, rows: rows)], animation: animation)
  }

  /// One section, with id `0`, holding `rows` of one view-model type, kept as they are.
  ///
  /// - Parameters:
  ///   - rows: The view models of the rows, in order.
  ///   - animation: How the change is animated.
  ///   - readKeys: Reads the rows' ids and identities in order, made where the rows' type is
  ///     known.
  package init<Row: RowModel>(
    typedRows rows: [Row], animation: RowAnimation = .automatic,
    readKeys: @escaping ([Row]) -> RowKeys<Row.ID>
  ) {
    self.init(sections: [], animation: animation)
    typedRows = RowArray(rows: rows, readKeys: readKeys)
  }

  /// Whether two contents show the same sections and rows (rows compared by identity and view
  /// model) with the same animation.
  ///
  /// - Parameters:
  ///   - lhs: One content.
  ///   - rhs: The other.
  /// - Returns: `true` when a list would show them the same way.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard
      lhs.animation == rhs.animation, lhs.reloadsAll == rhs.reloadsAll,
      lhs.revision == rhs.revision, lhs.reloadedAt == rhs.reloadedAt, lhs.rowList === rhs.rowList
    else { return false }
    if let left = lhs.typedRows, let right = rhs.typedRows {
      return left.isIdentical(to: right)
    }
    let (left, right) = (lhs.sections, rhs.sections)
    guard left.count == right.count else { return false }
    return zip(left, right).allSatisfy { a, b in
      a.id == b.id && a.header === b.header && a.footer === b.footer
        && a.rows.count == b.rows.count && zip(a.rows, b.rows).allSatisfy { $0 === $1 }
    }
  }
}

/// The rows of a one-section ``ListContent`` as a collection of one view-model type.
package protocol RowCollection {
  /// The view-model type of the rows.
  associatedtype Row: RowModel
  /// The rows, in order.
  var rows: [Row] { get }
  /// The rows' ids and their view models' identities, in order.
  ///
  /// - Returns: One id and one identity per row.
  func readKeys() -> RowKeys<Row.ID>
}

extension RowCollection {
  /// The one section, with id `0`, with the rows as existentials.
  var sections: [ListSection] { [ListSection(id: 0, rows: rows.map { $0 as any RowModel })] }

  /// Whether `other` holds the same view-model objects in the same order.
  func isIdentical(to other: any RowCollection) -> Bool {
    guard let other = other.rows as? [Row], other.count == rows.count else { return false }
    return zip(rows, other).allSatisfy { $0 === $1 }
  }
}

/// Rows of one view-model type, with the function that reads their ids.
private struct RowArray<Row: RowModel>: RowCollection {
  let rows: [Row]
  let reader: ([Row]) -> RowKeys<Row.ID>

  init(rows: [Row], readKeys: @escaping ([Row]) -> RowKeys<Row.ID>) {
    self.rows = rows
    self.reader = readKeys
  }

  func readKeys() -> RowKeys<Row.ID> { reader(rows) }
}

/// The ids of rows and the identities of their view models, in order: what a list matches a
/// new collection by.
package struct RowKeys<ID: Hashable> {
  /// The rows' ids.
  package var ids: ContiguousArray<ID> = []
  /// The identities of the rows' view models.
  package var identities: [ObjectIdentifier] = []
}

/// Reads the ids and identities of `rows`, in order, in one pass (see
/// ``ListContent/init(typedRows:animation:readKeys:)``).
///
/// - Parameter rows: The view models.
/// - Returns: Their ids and identities.
package func readRowKeys<Row: RowModel>(_ rows: [Row]) -> RowKeys<Row.ID> {
  var keys = RowKeys<Row.ID>()
  keys.ids.reserveCapacity(rows.count)
  keys.identities.reserveCapacity(rows.count)
  for row in rows {
    keys.ids.append(row.id)
    keys.identities.append(ObjectIdentifier(row))
  }
  return keys
}

/// The identity of a row view model, as lists match rows across changes.
///
/// - Parameter row: A row view model.
/// - Returns: Its `id`, type-erased.
public func rowIdentity(of row: any RowModel) -> AnyHashable {
  identity(of: row)
}

// NB: generic over `Identifiable` alone: on `AnyObject & Identifiable`, `id` would resolve to the
// standard library's `ObjectIdentifier` default for classes instead of the model's own `id`.
private func identity<Row: Identifiable>(of row: Row) -> AnyHashable {
  AnyHashable(row.id)
}
