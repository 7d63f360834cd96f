import Headless

/// Where each widget was drawn in a frame, and each row of a list: what a mouse click at a
/// cell lands on.
@MainActor
final class HitAreas {
  /// A widget's cells, or a list row's (with its list).
  struct Area {
    weak var widget: Widget?
    weak var list: ListView?
    let columns: Range<Int>
    let rows: Range<Int>

    var size: Int { columns.count * rows.count }

    func contains(_ position: TerminalPosition) -> Bool {
      columns.contains(position.column) && rows.contains(position.row)
    }
  }

  private(set) var areas: [Area] = []

  /// Notes that `widget` (a row of `list`, when given) took `columns` × `rows`.
  func record(_ widget: Widget, columns: Range<Int>, rows: Range<Int>, list: ListView? = nil) {
    guard !columns.isEmpty, !rows.isEmpty else { return }
    areas.append(Area(widget: widget, list: list, columns: columns, rows: rows))
  }

  /// The areas at `position`, smallest first: the innermost widget before those around it.
  func areas(at position: TerminalPosition) -> [Area] {
    areas.filter { $0.contains(position) }.sorted { $0.size < $1.size }
  }
}
