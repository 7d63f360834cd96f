import BindingDSL
import Headless

/// The driver's verbs for rows, lists and tabs: selecting a row, swiping it, refreshing a list,
/// and selecting a tab.
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
    try await perform("select", on: row, at: site, via: locateRow(_:for:)) { found, _ in
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
    try await perform("swipe", on: row, at: site, via: locateRow(_:for:)) { found, path in
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
    try await perform("refresh", on: list, at: site, via: self.list(_:for:)) { list, id in
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
      try checkUncovered(to: "select tab '\(tab)'")
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
      try checkVisible(found, to: "select tab '\(tab)' in '\(id)'")
      return tabs
    } act: { tabs, _ in
      tabs.selection.edit(tab)
    }
  }
}
