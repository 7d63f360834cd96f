import Headless

/// The driver's verbs that scroll a list: by rows, to a row, to its end.
extension Driver {
  /// Scrolls the list `list` by `rows` rows (towards its end when positive), as a person scrolls
  /// it: the rows entering its window are mounted and sent `willDisplay`, those leaving it are
  /// sent `didEndDisplaying` and unmounted. Scrolling stops at either end.
  ///
  /// - Parameters:
  ///   - list: The list's id, or a query that finds it.
  ///   - rows: How many rows to scroll; negative scrolls towards the top.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when there is no such list or it is hidden.
  public func scroll(
    _ list: Finder, by rows: Int, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("scroll", on: list, at: site, via: self.list(_:for:)) { list, _ in
      // NB: past either end stops there, `Int.max` rows included.
      let (first, overflow) = list.firstVisibleRow.addingReportingOverflow(rows)
      list.scroll(toRow: overflow ? .max : first)
    }
  }

  /// Scrolls the list `list` so that the row at `position` (from 0, counted across sections) is
  /// the first it shows, or as near as its rows allow.
  ///
  /// - Parameters:
  ///   - list: The list's id, or a query that finds it.
  ///   - position: The row's position.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when there is no such list, it is hidden, or it has no
  ///   row at `position`, naming the positions it has.
  public func scroll(
    _ list: Finder, toRow position: Int, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("scroll", on: list, at: site, via: self.list(_:for:)) { list, id in
      let count = list.rowCount
      guard (0..<count).contains(position) else {
        throw DriverError(
          "cannot scroll '\(id)' to row \(position): "
            + (count == 0 ? "it has no rows" : "its rows are 0 to \(count - 1)"),
          kind: .missingWidget)
      }
      list.scroll(toRow: position)
    }
  }

  /// Scrolls the row `row` (spelled `orders[42]`) into view, as a table view scrolls to a row:
  /// the least scroll that shows it.
  ///
  /// - Parameters:
  ///   - row: The row, spelled `<list id>[<row id>]`, or a query that finds it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when there is no such list or row, naming the rows it
  ///   has, or the list is hidden.
  public func scroll(
    to row: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // NB: locating a row brings it into the window.
    try await perform("scroll to", on: row, at: site, via: locateRow(_:for:)) { _, _ in
    }
  }

  /// Scrolls the list `list` to its end: its window moves to its last rows, and the command
  /// bound to its load-more control runs, unless none is bound, the list has no more to load
  /// (its `hasMore` is false) or its command cannot execute now (it is loading already, or
  /// disabled).
  ///
  /// - Returns: Whether scrolling started a load.
  /// - Parameters:
  ///   - list: The list's id, or a query that finds it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when there is no such list or it is hidden.
  @discardableResult
  public func scrollToEnd(
    _ list: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws -> Bool {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return try await perform("scroll", on: list, at: site, via: self.list(_:for:)) { list, _ in
      list.scroll(toRow: list.rowCount)
      let loads = list.loadMore.isBound && list.hasMore.value && list.loadMore.isEnabled.value
      if loads { list.loadMore.trigger.send() }
      return loads
    }
  }
}
