import BindingDSL

/// One row of a list: its widgets while it is in the window. A row outside the window is
/// nothing more, but for the pending Observation registration its last mount left, which its
/// next mount takes over (see ``Subscription``); its section reads its view model from the
/// content the list was given (``SectionState/model(at:)``).
@MainActor
struct ListRow {
  /// The row's widgets while it is mounted, or what its last mount left while it is not.
  ///
  /// NB: one enumeration of two references, which takes the room of one reference: a row
  /// outside the window costs no more than before it kept a registration.
  private var state: State?

  private enum State {
    case mounted(RowWidget)
    case unmounted(Subscription)
  }

  init(widget: RowWidget? = nil) {
    state = widget.map(State.mounted)
  }

  /// The row's widgets, mounted on its view model, while the row is in the window. Setting it
  /// forgets what the last mount left.
  var widget: RowWidget? {
    get {
      if case .mounted(let widget) = state { return widget }
      return nil
    }
    set { state = newValue.map(State.mounted) }
  }

  /// What the row's last mount left for the next to take over, while it is not mounted.
  var leftObservation: Subscription? {
    if case .unmounted(let group) = state { return group }
    return nil
  }

  /// Keeps `left`, what the row's last mount left for the next to take over, if the row is
  /// not mounted.
  mutating func keep(_ left: Subscription?) {
    guard state == nil, let left else { return }
    state = .unmounted(left)
  }
}

extension ListView {
  /// How many rows a new list's window shows (``visibleRowCount``) until a host sets it: forty,
  /// so that with the margin a list of up to fifty rows at its top mounts and renders every row.
  /// A host sets each list's ``visibleRowCount`` to what it shows.
  public static let defaultVisibleRowCount = 40
  /// How many rows a new list's window mounts on each side of the rows shown
  /// (``windowMargin``) until a host sets it.
  public static let defaultWindowMargin = 10

  /// The positions of the rows the window mounts, counted across sections.
  public var windowRange: Range<Int> { windowRange(count: rowCount) }

  /// The positions the window mounts when the list has `count` rows.
  func windowRange(count: Int) -> Range<Int> {
    let margin = max(0, windowMargin)
    let start = min(count, max(0, firstVisibleRow.saturatingMinus(margin)))
    let end = min(count, firstVisibleRow.saturatingPlus(shownRowCount).saturatingPlus(margin))
    return start..<max(start, end)
  }

  /// How many rows the window shows: ``visibleRowCount``, or 1 when it is below (a ``problem``).
  package var shownRowCount: Int { max(1, visibleRowCount) }

  /// Why the window cannot be as set, or `nil` when it can.
  var windowProblem: String? {
    var problems: [String] = []
    if visibleRowCount < 1 {
      problems.append(
        "visibleRowCount is \(visibleRowCount), and a window shows 1 row or more: set it to how "
          + "many rows a host shows (\(ListView.defaultVisibleRowCount) by default); it shows 1")
    }
    if windowMargin < 0 {
      problems.append(
        "windowMargin is \(windowMargin), and a margin is 0 rows or more (\(ListView.defaultWindowMargin) "
          + "by default); it mounts none")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  /// Keeps ``firstVisibleRow`` where a list of `count` rows can show it: a full window when it
  /// has the rows for one.
  func clampWindow(count: Int) {
    if let anchoredFirstRow {
      shiftDisplayedRows(by: anchoredFirstRow - firstVisibleRow)
      firstVisibleRow = anchoredFirstRow
      self.anchoredFirstRow = nil
    }
    firstVisibleRow = max(0, min(firstVisibleRow, count.saturatingMinus(shownRowCount)))
  }

  /// Runs `body`, which scrolls the list, without sending ``willDisplay`` and
  /// ``didEndDisplaying`` for the rows it mounts and unmounts: the driver pages through a list
  /// this way in search of a widget, then scrolls to where it found it, so that only the rows
  /// that end up shown are sent the events, as when a table view scrolls to a row at once.
  ///
  /// - Parameter body: What scrolls the list; it should leave it where it found it.
  package func holdingDisplayEvents(_ body: () -> Void) {
    let held = holdsDisplayEvents
    holdsDisplayEvents = true
    body()
    holdsDisplayEvents = held
    // NB: the rows a host reports displayed are compared with those where the list ended up.
    settleDisplay()
  }

  /// Calls `body` with each row at a position in `range` (counted across sections), its
  /// section's index and its index in the section.
  func forEachRow(in range: Range<Int>, _ body: (Int, Int, ListRow) -> Void) {
    var start = 0
    for (sectionIndex, section) in sections.enumerated() {
      let end = start + section.rows.count
      let from = max(range.lowerBound, start)
      let to = min(range.upperBound, end)
      if from < to {
        for position in from..<to {
          body(sectionIndex, position - start, section.rows[position - start])
        }
      }
      if end >= range.upperBound { return }
      start = end
    }
  }

  /// Scrolls the list so that the row at `position` (counted across sections) is the first it
  /// shows, or as near as the rows allow: the rows entering the window are mounted and sent
  /// ``willDisplay``, those leaving it are sent ``didEndDisplaying`` and unmounted.
  ///
  /// - Parameter position: The row to show first; positions past the end show the last rows.
  public func scroll(toRow position: Int) {
    let before = windowRange
    firstVisibleRow = position
    clampWindow(count: rowCount)
    settleWindow(leaving: Array(before))
    reportChange("children")
  }

  /// Scrolls the list the least that shows the row at `position` (counted across sections), as
  /// a table view scrolls a row into view; nothing when it shows already.
  ///
  /// - Parameter position: The row to show.
  public func scroll(toShow position: Int) {
    let shown = firstVisibleRow..<firstVisibleRow.saturatingPlus(shownRowCount)
    if shown.contains(position) { return }
    scroll(
      toRow: position < shown.lowerBound
        ? position : position.saturatingMinus(shownRowCount).saturatingPlus(1))
  }

  /// The position of the row whose id the driver spells `id` (`42` for `orders[42]`), in the
  /// window or not.
  ///
  /// - Parameter id: The row's id as text.
  /// - Returns: The row's position counted across sections, or `nil` when the list has no such
  ///   row.
  public func position(ofRow id: String) -> Int? {
    let full = "\(self.id)[\(id)]"
    // NB: the window's rows are found by their widget id, the others by describing their ids.
    var found: Int?
    let window = windowRange
    forEachRow(in: window) { section, index, row in
      if found == nil, row.widget?.id == full { found = offset(ofSection: section) + index }
    }
    if let found { return found }
    var start = 0
    for section in sections {
      if let index = section.rows.indices.first(where: { section.describedID(at: $0) == id }) {
        return start + index
      }
      start += section.rows.count
    }
    return nil
  }

  /// The row at `position` (counted across sections) while it is mounted: `nil` when it is
  /// outside the window, or could not be mounted (see ``problem``). Positions count rows only;
  /// ``itemWidget(at:)`` counts headers and footers too, as ``itemIDs`` lists them.
  ///
  /// - Parameter position: The row's position, from 0.
  /// - Returns: The row's widgets, or `nil`.
  public func row(atPosition position: Int) -> RowWidget? {
    guard windowRange.contains(position) else { return nil }
    let (section, index) = sections.place(ofRow: position)
    return sections[section].rows[index].widget
  }

  /// The position of `row`, counted across sections, while it is one of the list's mounted
  /// rows; `nil` otherwise (a header or footer, a row that left the window).
  ///
  /// - Parameter row: A row of the list.
  /// - Returns: Its position, from 0, or `nil`.
  public func position(of row: RowWidget) -> Int? {
    var found: Int?
    var position = windowRange.lowerBound
    forEachRow(in: windowRange) { _, _, candidate in
      if found == nil, candidate.widget === row { found = position }
      position += 1
    }
    return found
  }

  /// The position of the first row of section `section`, counted across sections.
  private func offset(ofSection section: Int) -> Int {
    sections[..<section].reduce(0) { $0 + $1.rows.count }
  }

  /// The row `id` (as ``row(_:)`` takes it), scrolled into the window if it was outside it, as a
  /// person scrolls to a row: what the driver's row paths do.
  ///
  /// - Parameter id: The row's id as text, or `header:<section>` and `footer:<section>`.
  /// - Returns: The row, or `nil` when the list has no such row or it could not be mounted.
  public func reveal(_ id: String) -> RowWidget? {
    if let shown = row(id) { return shown }
    guard let position = position(ofRow: id) else { return nil }
    scroll(toShow: position)
    return row(id)
  }

  /// Mounts the rows of the window that are not, and unmounts the rows at `candidates`
  /// (positions across sections; every row when `nil`) that are mounted outside it.
  func settleWindow(leaving candidates: [Int]?) {
    // NB: then the rows a host reports displayed are compared with the window's.
    defer { settleDisplay() }
    let count = rowCount
    let window = windowRange(count: count)
    if let candidates {
      for position in candidates where !window.contains(position) && position < count {
        let (section, index) = sections.place(ofRow: position)
        endDisplaying(section: section, index: index)
      }
    } else {
      var position = 0
      for section in sections.indices {
        for index in sections[section].rows.indices {
          if !window.contains(position) { endDisplaying(section: section, index: index) }
          position += 1
        }
      }
    }
    guard let mounter else { return }
    // NB: the widgets of every row entering are made first, then each row is bound (0028).
    var entering:
      [(section: Int, index: Int, made: Result<PreparedRow, RowProblem>, left: Subscription?)] =
        []
    forEachRow(in: window) { section, index, row in
      guard row.widget == nil else { return }
      let model = sections[section].model(at: index)
      let made = prepare(model, role: .row, rowID: rowIdentity(of: model))
      entering.append((section, index, made, row.leftObservation))
    }
    var problems: [String] = []
    for (section, index, made, left) in entering {
      let widget = finish(made, mounter: mounter, takingOver: left, problems: &problems)
      // NB: a row that could not be mounted forgets what its last mount left too.
      sections[section].rows[index].widget = widget
    }
    if !problems.isEmpty { reportContentProblems(problems) }
  }

  /// Mounts the rows that entered the window and unmounts those that left it, after its size
  /// changed.
  func windowSizeChanged() {
    guard !sections.isEmpty else { return }
    clampWindow(count: rowCount)
    settleWindow(leaving: nil)
    reportChange("children")
  }

  /// Where the row shown first now will be in `content`, when ``windowAnchor`` follows it by
  /// identity and `content` still has it; `nil` otherwise.
  func anchoredPosition(in content: ListContent) -> Int? {
    guard windowAnchor == .firstVisibleRow, firstVisibleRow < rowCount else { return nil }
    let (section, index) = sections.place(ofRow: firstVisibleRow)
    let anchor = rowIdentity(of: sections[section].model(at: index))
    var position = 0
    for section in content.sections {
      for model in section.rows {
        if rowIdentity(of: model) == anchor { return position }
        position += 1
      }
    }
    return nil
  }

  /// Unmounts the row at `index` of section `section` if it is mounted, after sending
  /// ``didEndDisplaying``: it left the window. A selected row stays selected, and the command
  /// runs its bindings started go on: the row's view model stays in the list.
  private func endDisplaying(section: Int, index: Int) {
    guard let widget = sections[section].rows[index].widget else { return }
    let model = sections[section].model(at: index)
    sections[section].rows[index].widget = nil
    if selectedWidget === widget { selectedWidget = nil }
    if displaysMountedRows { didEndDisplaying.send(model) }
    let left = widget.unmountLeavingWindow()
    // NB: the row is looked up again: what handled the event may have changed the list.
    guard section < sections.count, index < sections[section].rows.count,
      sections[section].model(at: index) === model
    else { return }
    sections[section].rows[index].keep(left)
  }
}

/// The line a list past its window shows before its rows: how many rows lie before the window
/// and after it.
@MainActor
final class WindowLine: Widget {
  private let before: Int
  private let after: Int

  package override var listedMembers: [any WidgetMember]? { [] }

  init(list: String, before: Int, after: Int) {
    self.before = before
    self.after = after
    super.init(id: list + ".window")
  }

  override var kind: String { "Window" }

  override var renderedFields: [RenderedField] {
    [.init("before", .number(Double(before))), .init("after", .number(Double(after)))]
  }
}

extension Int {
  /// The sum, or the nearest `Int` when it does not fit.
  fileprivate func saturatingPlus(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// The difference, or the nearest `Int` when it does not fit.
  fileprivate func saturatingMinus(_ other: Int) -> Int {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other > 0 ? .min : .max) : difference
  }
}

/// What keeps a list's window in place when rows are inserted or removed before it.
public enum WindowAnchor: Hashable, Sendable {
  /// The window stays at its position: after 100 rows are inserted above it, it shows the rows
  /// that are now at its positions, as a table view reloaded without a scroll offset does.
  case position
  /// The row shown first stays shown first, found by its view model's `id`, as SwiftUI's scroll
  /// position by id keeps a row (a chat, a feed): after 100 rows are inserted above it, the
  /// window shows the same rows. When that row goes away, the window keeps its position.
  case firstVisibleRow
}
