import BindingDSL

/// A row a host reported displayed, and was sent ``ListView/willDisplay`` for: its widgets,
/// by which it is told apart from the same view model mounted anew, and its view model, which
/// its ``ListView/didEndDisplaying`` is sent with once its widgets let it go.
@MainActor
struct DisplayedRow {
  let widget: RowWidget
  let model: any RowModel
}

/// Why a list refused the rows a host reported displayed: what
/// ``ListView/setDisplayedRows(_:)`` throws.
public struct DisplayedRowsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The rows reported, and the window they are not in.
  public let message: String

  /// An error saying `message`.
  ///
  /// - Parameter message: What is wrong with the rows reported.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

extension ListView {
  /// The positions of the rows the person sees, counted across sections: what a host last
  /// reported with ``setDisplayedRows(_:)``, cut to the window (``windowRange``) when the
  /// window moved off them since; the whole window while no host reports (the default), as
  /// when a host shows every row it mounts.
  ///
  /// A toolkit's list mounts more rows than it shows (GTK 4.8 binds about 200): a host that
  /// sets ``visibleRowCount`` to what it binds reports what is on the screen here, and
  /// ``willDisplay`` and ``didEndDisplaying`` then follow these rows, not the window's.
  public var displayedRange: Range<Int> {
    let window = windowRange
    guard let reported = reportedDisplayedRows else { return window }
    let start = min(max(reported.lowerBound, window.lowerBound), window.upperBound)
    return start..<max(start, min(reported.upperBound, window.upperBound))
  }

  /// Whether a host reports the rows displayed (``setDisplayedRows(_:)``), so that
  /// ``willDisplay`` and ``didEndDisplaying`` follow them rather than the window's mounts.
  public var reportsDisplayedRows: Bool { reportedDisplayedRows != nil }

  /// Tells the list which rows the person sees, apart from the rows its window mounts: the
  /// rows entering them are sent ``willDisplay``, those leaving them ``didEndDisplaying``, and
  /// from then on rows mounted or unmounted outside them are sent neither. A row removed while
  /// displayed is sent ``didEndDisplaying``, a row put in at a displayed position
  /// ``willDisplay``. The positions are kept as positions: a scroll or a change of the content
  /// leaves them where they are, cut to the window, until the host reports again (with
  /// ``windowAnchor`` `.firstVisibleRow`, they move with the row the window follows).
  ///
  /// The first report ends the display of the window's rows outside `rows`, which were sent
  /// ``willDisplay`` when they were mounted; `nil` goes back to the default, where every row
  /// mounted is displayed, and sends ``willDisplay`` to the window's rows not displayed.
  ///
  /// - Parameter rows: The positions of the rows on the screen, counted across sections, inside
  ///   ``windowRange`` (a row outside it has no widgets to show); an empty range says nothing
  ///   shows, wherever it is. `nil` stops reporting.
  /// - Throws: ``DisplayedRowsError`` when `rows` is not empty and reaches outside
  ///   ``windowRange``: the report is refused whole and the rows displayed stay as they were;
  ///   scroll the window over them first (``scroll(toRow:)``, ``visibleRowCount``).
  public func setDisplayedRows(_ rows: Range<Int>?) throws(DisplayedRowsError) {
    guard let rows else {
      stopReportingDisplayedRows()
      return
    }
    let window = windowRange
    guard
      rows.isEmpty || (window.lowerBound <= rows.lowerBound && rows.upperBound <= window.upperBound)
    else {
      throw DisplayedRowsError(
        "rows \(rows.lowerBound)..<\(rows.upperBound) are not all in the window "
          + "\(window.lowerBound)..<\(window.upperBound) of list '\(id)', whose rows alone are "
          + "mounted: scroll the window over them first (scroll(toRow:), visibleRowCount)")
    }
    if reportedDisplayedRows == nil {
      // NB: the window's rows were sent `willDisplay` as they were mounted.
      displayedRows = []
      forEachRow(in: window) { section, index, row in
        if let widget = row.widget {
          displayedRows.append(
            DisplayedRow(widget: widget, model: sections[section].model(at: index)))
        }
      }
    }
    // NB: an empty report is kept as one, where no shift can overflow.
    reportedDisplayedRows = rows.isEmpty ? 0..<0 : rows
    settleDisplay()
  }

  /// Goes back to every mounted row being displayed: the window's rows not displayed are sent
  /// ``willDisplay``.
  private func stopReportingDisplayedRows() {
    guard reportedDisplayedRows != nil else { return }
    let shown = Set(displayedRows.map { ObjectIdentifier($0.widget) })
    reportedDisplayedRows = nil
    displayedRows = []
    var entering: [any RowModel] = []
    forEachRow(in: windowRange) { section, index, row in
      if let widget = row.widget, !shown.contains(ObjectIdentifier(widget)) {
        entering.append(sections[section].model(at: index))
      }
    }
    if holdsDisplayEvents { return }
    for model in entering { willDisplay.send(model) }
  }

  /// Whether a row's mount and unmount send ``willDisplay`` and ``didEndDisplaying``: while no
  /// host reports the rows displayed, and the driver is not paging through the rows.
  var displaysMountedRows: Bool { !holdsDisplayEvents && reportedDisplayedRows == nil }

  /// Moves the rows reported displayed by `delta` positions: the window followed its first row
  /// by identity that far.
  func shiftDisplayedRows(by delta: Int) {
    guard let reported = reportedDisplayedRows, delta != 0 else { return }
    reportedDisplayedRows = (reported.lowerBound + delta)..<(reported.upperBound + delta)
  }

  /// Sends ``didEndDisplaying`` to the rows displayed that are no longer (they left
  /// ``displayedRange``, the window or the list, or were mounted anew) and then ``willDisplay``
  /// to the rows of ``displayedRange`` that were not, while a host reports the rows displayed.
  func settleDisplay() {
    guard reportedDisplayedRows != nil, !holdsDisplayEvents else { return }
    var now: [DisplayedRow] = []
    forEachRow(in: displayedRange) { section, index, row in
      if let widget = row.widget {
        now.append(DisplayedRow(widget: widget, model: sections[section].model(at: index)))
      }
    }
    let staying = Set(now.map { ObjectIdentifier($0.widget) })
    let before = Set(displayedRows.map { ObjectIdentifier($0.widget) })
    let leaving = displayedRows.filter { !staying.contains(ObjectIdentifier($0.widget)) }
    let entering = now.filter { !before.contains(ObjectIdentifier($0.widget)) }
    // NB: set before the events, whose handlers may change the list and settle it again.
    displayedRows = now
    for row in leaving { didEndDisplaying.send(row.model) }
    for row in entering { willDisplay.send(row.model) }
  }
}
