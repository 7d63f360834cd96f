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
  public var insertedRows: [String] = []
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

  /// Whether nothing changed.
  public var isEmpty: Bool {
    insertedRows.isEmpty && deletedRows.isEmpty && movedRows.isEmpty && updatedRows.isEmpty
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
