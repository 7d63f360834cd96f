import BindingDSL
import Headless

/// The driver's verbs for lists and tabs: selecting, swiping, refreshing and loading more, and
/// finding rows by path.
extension Driver {
  /// Selects the row `row` of a list, spelled `orders[42]`: the row becomes selected, the one
  /// selected before is deselected, and what the list's selection events are bound to runs.
  ///
  /// - Parameters:
  ///   - row: The row, spelled `<list id>[<row id>]`, or a query that finds it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when there is no such list or row, or the list is hidden or
  ///   disabled.
  public func select(
    _ row: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(on: row, at: site) { (path) throws(DriverError) in
      try locateRow(path, for: "select")
    } act: { found, _ in
      found.list.select(found.row)
    }
  }

  /// Swipes the row `row` (spelled `orders[42]`) and taps its swipe action `action`, such as
  /// `delete`.
  ///
  /// - Parameters:
  ///   - row: The row, spelled `<list id>[<row id>]`, or a query that finds it.
  ///   - action: The swipe action's name, such as `delete`.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when there is no such row, the list is hidden or disabled,
  ///   or the row has no such action, naming those it has.
  public func swipe(
    _ row: Finder, action: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(on: row, at: site) { (path) throws(DriverError) in
      try locateRow(path, for: "swipe")
    } act: { found, path in
      let list = found.list
      let actions = list.boundActions
      guard let event = actions.first(where: { $0.eventKey.property == action }) else {
        let names = actions.map(\.eventKey.property)
        throw DriverError(
          "cannot swipe '\(path)' to '\(action)': "
            + (names.isEmpty
              ? "list '\(list.id)' has no swipe actions bound (command(vm.delete, on: "
                + "\(list.id).deletion))"
              : "the actions of list '\(list.id)' are \(names.joined(separator: ", "))"))
      }
      if let model = found.row.model as? any RowModel { event.send(model) }
    }
  }

  /// Pulls the list `list` to refresh it: the command bound to its refresh control runs.
  ///
  /// - Parameters:
  ///   - list: The list's id, or a query that finds it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when there is no such list, it is hidden, or no refresh command
  ///   is bound.
  public func pullToRefresh(
    _ list: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(on: list, at: site) { (id) throws(DriverError) in
      try self.list(id, for: "refresh")
    } act: { list, id in
      guard list.refresh.isBound else {
        throw DriverError(
          "cannot refresh '\(id)': no command is bound to its refresh control (command(vm.refresh, "
            + "on: \(id).refresh))")
      }
      guard list.refresh.isEnabled.value else {
        throw DriverError(
          "cannot refresh '\(id)': its refresh command cannot execute now", kind: .disabled)
      }
      list.refresh.trigger.send()
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
    return try await perform(on: list, at: site) { (id) throws(DriverError) in
      try self.list(id, for: "scroll")
    } act: { list, _ in
      list.scroll(toRow: list.rowCount)
      let loads = list.loadMore.isBound && list.hasMore.value && list.loadMore.isEnabled.value
      if loads { list.loadMore.trigger.send() }
      return loads
    }
  }

  /// Selects the tab `tab` of the tab view `tabView`, as a person taps it in the tab bar: the
  /// selection binding tells the view model, the old tab disappears and the new one appears.
  ///
  /// - Parameters:
  ///   - tab: The tab's id.
  ///   - tabView: The tab view's id, or a query that finds it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when `tabView` is not a tab view or has no tab `tab`, naming its
  ///   tabs.
  public func selectTab(
    _ tab: String, in tabView: Finder, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(on: tabView, at: site) { (id) throws(DriverError) in
      let found = try lookup(id)
      if let blocker = surface.blocker(for: "select tab '\(tab)'") {
        throw DriverError(blocker, kind: .covered)
      }
      guard let tabs = found as? TabView else {
        throw DriverError(
          "cannot select tab '\(tab)' in '\(id)': it is \(found.kindWithArticle), not a TabView",
          kind: .wrongKind)
      }
      guard tabs.tabIDs.contains(tab) else {
        throw DriverError(
          "cannot select tab '\(tab)' in '\(id)': it has no such tab; its tabs: "
            + tabs.tabIDs.joined(separator: ", "), kind: .missingWidget)
      }
      if let hidden = surface.root?.hiddenAncestor(of: found) {
        let how = hidden === found ? "it is hidden" : "its container '\(hidden.id)' is hidden"
        throw DriverError("cannot select tab '\(tab)' in '\(id)': \(how)", kind: .hidden)
      }
      return tabs
    } act: { tabs, _ in
      tabs.selection.edit(tab)
    }
  }

  /// The list `id`, or an error naming what it is instead.
  func list(_ id: String, for action: String) throws(DriverError) -> ListView {
    let found = try lookup(id)
    if let blocker = surface.blocker(for: "\(action) '\(id)'") {
      throw DriverError(blocker, kind: .covered)
    }
    guard let list = found as? ListView else {
      throw DriverError(
        "cannot \(action) '\(id)': it is \(found.kindWithArticle), not a List", kind: .wrongKind)
    }
    try checkReachable(list, list, as: id, for: action)
    return list
  }

  /// Throws when a person could not act on `target` of `list` (the list itself or one of its
  /// rows): it or a container of it is hidden, or the list is disabled.
  func checkReachable(
    _ target: Widget, _ list: ListView, as name: String, for action: String
  ) throws(DriverError) {
    if let hidden = surface.root?.hiddenAncestor(of: target) {
      let how =
        hidden === target
        ? "it is hidden"
        : hidden === list
          ? "its list '\(list.id)' is hidden"
          : "its container '\(hidden.id)' is hidden"
      throw DriverError("cannot \(action) '\(name)': \(how)", kind: .hidden)
    }
    if !list.isEnabledNow {
      var message =
        "cannot \(action) '\(name)': "
        + (target === list ? "it is disabled" : "its list '\(list.id)' is disabled")
      if let cause = surface.enabledCause(of: list.isEnabled.targetKey) {
        message += " (\(cause))"
      }
      throw DriverError(message, kind: .disabled)
    }
  }

  /// The row at `path` (`orders[42]`) with its list.
  func locateRow(
    _ path: String, for action: String
  ) throws(DriverError) -> (list: ListView, row: RowWidget) {
    let found = try locate(path: path)
    if let blocker = surface.blocker(for: "\(action) '\(path)'") {
      throw DriverError(blocker, kind: .covered)
    }
    guard let list = found.list, let row = found.widget as? RowWidget, row.role == .row else {
      throw DriverError(
        "cannot \(action) '\(path)': it is \(found.widget.kindWithArticle), not a row; rows are "
          + "addressed as <list>[<row id>]", kind: .wrongKind)
    }
    try checkReachable(row, list, as: path, for: action)
    return (list, row)
  }

  /// Finds the widget at a path such as `orders[42].title`, and the list of the last row on the
  /// way.
  func locate(path: String) throws(DriverError) -> (widget: Widget, list: ListView?) {
    var rest = Substring(path)
    guard let open = rest.firstIndex(of: "[") else { return (try lookup(path), nil) }
    var current = try lookup(String(rest[..<open]))
    var scopePath = String(rest[..<open])
    var list: ListView?
    rest = rest[open...]
    while !rest.isEmpty {
      if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]") else {
          throw DriverError("'\(path)' has a '[' without its ']'; write rows as orders[42]")
        }
        let rowID = String(rest[rest.index(after: rest.startIndex)..<close])
        guard let owner = current as? ListView else {
          throw DriverError(
            "'\(scopePath)' is \(current.kindWithArticle), not a List; only the rows of a list are "
              + "addressed with [ ]", kind: .wrongKind)
        }
        // NB: a row outside the list's window is scrolled to, as a person scrolls to it.
        guard let row = clock.withTracking({ owner.reveal(rowID) }) else {
          throw DriverError(
            "no row '\(rowID)' in list '\(scopePath)'; its rows: \(summary(of: owner.itemIDs))",
            kind: .missingWidget)
        }
        list = owner
        current = row
        scopePath += "[\(rowID)]"
        rest = rest[rest.index(after: close)...]
      } else if rest.first == "." {
        rest = rest.dropFirst()
        let end = rest.firstIndex(of: "[") ?? rest.endIndex
        let id = String(rest[..<end])
        guard let row = current as? RowWidget else {
          throw DriverError(
            "'\(scopePath)' is not a row; write <list>[<row id>].\(id)", kind: .wrongKind)
        }
        guard let inner = row.widget(id) else {
          throw DriverError(
            "no widget '\(id)' in row '\(scopePath)'; its widgets: "
              + row.widgetIDs.joined(separator: ", "), kind: .missingWidget)
        }
        current = inner
        scopePath += ".\(id)"
        rest = rest[end...]
      } else {
        throw DriverError(
          "cannot read '\(path)' after '\(scopePath)': write <list>[<row id>].<widget id>")
      }
    }
    return (current, list)
  }

  /// Ids for a message: all of them when few, else the first ten and how many more.
  func summary(of ids: [String]) -> String {
    guard !ids.isEmpty else { return "none" }
    guard ids.count > 10 else { return ids.joined(separator: ", ") }
    return ids.prefix(10).joined(separator: ", ") + " and \(ids.count - 10) more"
  }
}
