public import BindingDSL

/// One batch of changes a list applied: rows and sections by id, and the animation.
///
/// Applied to the list as it was, section by section, the batch gives the list as it is, as a
/// table view reads a batch update: take out the deleted and moved rows and the deleted and
/// moved sections (a moved section keeps its rows that stay in it; a deleted one has none left);
/// the sections left are in their new order. Then put in the inserted and moved sections at
/// their new indices (an inserted section empty), in ascending order, and then the inserted and
/// moved rows at their new index paths, in ascending order. So a row that stays in its section
/// and is not moved keeps its order among the rows that stay in it, and a row that changes
/// section is always a move. The new indices come from the new content, as a table view takes
/// them from its data source.
///
/// ```swift
/// // s0: [1, 2], s1: [3]
/// try rows.moveSection(from: 1, to: 0)
/// try rows.move(from: RowPosition(section: 1, row: 0), to: RowPosition(section: 0, row: 1))
/// // s1: [3, 1], s0: [2]; the list's last changes: move section s1; move 1
/// ```
public struct ListChanges: Hashable, Sendable, CustomStringConvertible {
  /// Rows inserted, by id, in the order they now appear (new rows of inserted sections
  /// included).
  public var insertedRows: [String] {
    get { inserted.described }
    set { inserted = .described(newValue) }
    _modify {
      var rows = inserted.described
      // NB: the storage lets go of its buffer, so that `rows` is its one owner and grows in place.
      inserted = .described([])
      defer { inserted = .described(rows) }
      yield &rows
    }
  }
  /// The inserted rows' ids: `Int` ids are kept as they are until their text is asked for,
  /// which a list of a million rows put in at once never makes.
  private var inserted = RowIDs.described([])
  /// Rows deleted, by id, in the order they appeared (rows of deleted sections that went
  /// included).
  public var deletedRows: [String] = []
  /// Rows that stay but moved, by id, in the order they now appear: each row that changed
  /// section, and in each section the fewest rows whose moving leaves the others in order.
  public var movedRows: [String] = []
  /// Rows whose view model was replaced (or that were reloaded), mounted anew.
  public var updatedRows: [String] = []
  /// Sections inserted, by id.
  public var insertedSections: [String] = []
  /// Sections deleted, by id.
  public var deletedSections: [String] = []
  /// Sections that stay but moved, by id, in the order they now appear: the fewest whose moving
  /// leaves the other sections that stay in order.
  public var movedSections: [String] = []
  /// How the batch is animated.
  public var animation: RowAnimation

  /// Creates an empty batch.
  ///
  /// - Parameter animation: How the batch is animated.
  public init(animation: RowAnimation) {
    self.animation = animation
  }

  /// Adds the row `id` to ``insertedRows``, kept as a number until its text is asked for.
  ///
  /// - Parameter id: The row's `Int` id.
  package mutating func insertRow(_ id: Int) {
    switch inserted {
    case .numbers(var ids):
      inserted = .described([])
      ids.append(id)
      inserted = .numbers(ids)
    case .described(let rows) where rows.isEmpty:
      inserted = .numbers([id])
    case .described(var rows):
      inserted = .described([])
      rows.append(String(id))
      inserted = .described(rows)
    }
  }

  /// Makes room for `count` more inserted rows of `Int` ids.
  package mutating func reserveInsertedRows(_ count: Int) {
    guard case .described(let rows) = inserted, rows.isEmpty else { return }
    var ids = ContiguousArray<Int>()
    ids.reserveCapacity(count)
    inserted = .numbers(ids)
  }

  /// Adds the rows `ids` to ``insertedRows``, kept as numbers until their text is asked for:
  /// a list that showed no rows shares the array of its new ids with its changes.
  ///
  /// - Parameter ids: The rows' `Int` ids, in order.
  package mutating func insertRows(_ ids: ContiguousArray<Int>) {
    if inserted.isEmpty {
      inserted = .numbers(ids)
    } else {
      for id in ids { insertRow(id) }
    }
  }

  /// Whether two batches list the same changes, however their ids are kept.
  ///
  /// - Parameters:
  ///   - lhs: A batch.
  ///   - rhs: Another batch.
  /// - Returns: Whether they list the same rows, sections and animation.
  public static func == (lhs: ListChanges, rhs: ListChanges) -> Bool {
    lhs.insertedRows == rhs.insertedRows && lhs.deletedRows == rhs.deletedRows
      && lhs.movedRows == rhs.movedRows && lhs.updatedRows == rhs.updatedRows
      && lhs.insertedSections == rhs.insertedSections
      && lhs.deletedSections == rhs.deletedSections && lhs.movedSections == rhs.movedSections
      && lhs.animation == rhs.animation
  }

  /// Hashes what equality compares: the ids as text, the sections and the animation.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(insertedRows)
    hasher.combine(deletedRows)
    hasher.combine(movedRows)
    hasher.combine(updatedRows)
    hasher.combine(insertedSections)
    hasher.combine(deletedSections)
    hasher.combine(movedSections)
    hasher.combine(animation)
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    inserted.isEmpty && deletedRows.isEmpty && movedRows.isEmpty && updatedRows.isEmpty
      && insertedSections.isEmpty && deletedSections.isEmpty && movedSections.isEmpty
  }

  /// `insert section b; delete section a; move section c; insert 4, 5; delete 1; move 2;
  /// update 3`, or `none`.
  public var description: String {
    var parts: [String] = []
    func add(_ verb: String, _ ids: [String]) {
      if !ids.isEmpty { parts.append("\(verb) \(ids.joined(separator: ", "))") }
    }
    add("insert section", insertedSections)
    add("delete section", deletedSections)
    add("move section", movedSections)
    add("insert", insertedRows)
    add("delete", deletedRows)
    add("move", movedRows)
    add("update", updatedRows)
    return parts.isEmpty ? "none" : parts.joined(separator: "; ")
  }
}

/// Row ids as a batch of changes keeps them: as text, or as the `Int` ids they are written from.
private enum RowIDs: Sendable {
  case described([String])
  case numbers(ContiguousArray<Int>)

  /// The ids as text, as the driver spells them.
  var described: [String] {
    switch self {
    case .described(let rows): rows
    case .numbers(let ids): ids.map { String($0) }
    }
  }

  var isEmpty: Bool {
    switch self {
    case .described(let rows): rows.isEmpty
    case .numbers(let ids): ids.isEmpty
    }
  }
}

/// Marks the elements of the longest strictly increasing subsequence of `values`: rows whose
/// old positions are on it kept their order; the others moved. O(n log n).
func increasingRun(in values: [Int]) -> [Bool] {
  var tails: [Int] = []  // indices into values: the smallest tail of each run length
  var previous = [Int](repeating: -1, count: values.count)
  for (index, value) in values.enumerated() {
    // Most rows keep their order: a value above the longest run's tail extends it.
    if let last = tails.last, values[last] < value {
      previous[index] = last
      tails.append(index)
      continue
    }
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var marks = [Bool](repeating: false, count: values.count)
  var index = tails.last ?? -1
  while index >= 0 {
    marks[index] = true
    index = previous[index]
  }
  return marks
}
