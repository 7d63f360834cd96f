import BindingDSL
import Headless

/// Finding the one visible widget a query matches, in list rows outside the window too.
extension Driver {
  /// A widget a verb can address, with its address: `save`, `orders[42].title`.
  typealias Addressed = (widget: Widget, address: String)

  /// The address of the one visible widget `finder` matches, which every verb takes as a
  /// ``Finder/path(_:)``; for an id or path, the path itself once a widget answers it.
  ///
  /// ```swift
  /// let title = try driver.find(.text("Order 2"))
  /// ```
  ///
  /// - Parameters:
  ///   - finder: The query.
  ///   - fileID: The caller's `#fileID`, named by a failure.
  ///   - filePath: The caller's `#filePath`.
  ///   - line: The caller's `#line`.
  ///   - column: The caller's `#column`.
  /// - Returns: The widget's address, such as `save` or `orders[42].title`.
  /// - Throws: ``DriverError`` of kind `missingWidget` naming at most three nearest
  ///   candidates, `hidden` when every match is hidden, `invalidRequest` when several match,
  ///   or `unmounted`.
  public func find(
    _ finder: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws -> String {
    try reportingFailure(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) {
      () throws(DriverError) -> String in try resolve(finder).address
    }
  }

  /// The address a verb acts on: an id or path as written (the verb looks it up, with its own
  /// messages), or the address of the one visible widget a query matches.
  func address(of finder: Finder) throws(DriverError) -> String {
    if let path = finder.path { return path }
    return try resolve(finder).address
  }

  /// Every widget a verb can address, with its address: the screen's widgets by id, the widgets
  /// of a child screen through it (`detail.count`), and the widgets inside list rows by their
  /// path (`orders[42].title`, rows of a list inside a row included).
  private func addressable(in root: Widget) -> [Addressed] {
    var found: [Addressed] = []
    func visit(_ widget: Widget, prefix: String) {
      found.append((widget, prefix + widget.id))
      // NB: a child screen's widgets are addressed through it (`detail.count`): two child
      // screens may hold the same ids.
      let childPrefix = widget is any TabContent ? prefix + widget.id + "." : prefix
      for child in widget.scopedChildren { visit(child, prefix: childPrefix) }
      guard let list = widget as? ListView else { return }
      for row in list.rows {
        // NB: a row's id is already its list's id and the row id in brackets.
        let rowAddress = prefix + row.id
        found.append((row, rowAddress))
        if let content = row.content { visit(content, prefix: rowAddress + ".") }
      }
    }
    visit(root, prefix: "")
    return found
  }

  /// Looks through the rows outside the window of each list under `root`, a window at a time,
  /// until `finder` matches a widget, and scrolls that list to the window where it matched, as a
  /// person scrolls to a row: the addressable widgets then, or `nil` when nothing matches.
  ///
  /// The windows looked through are mounted without ``ListView/willDisplay`` and
  /// ``ListView/didEndDisplaying``: only the rows that end up shown are sent them, as when a
  /// table view scrolls to a row at once. A list where nothing matched, or where every match is
  /// hidden, is left where it was.
  ///
  /// - Throws: ``DriverError`` of kind `hidden` when every match is hidden.
  private func scrollToMatch(
    of finder: Finder, in root: Widget
  ) throws(DriverError) -> [Addressed]? {
    var lists: [ListView] = []
    func collect(_ widget: Widget) {
      if let list = widget as? ListView, list.windowRange.count < list.rowCount {
        lists.append(list)
      }
      for child in widget.scopedChildren { collect(child) }
    }
    collect(root)
    for list in lists {
      let start = list.firstVisibleRow
      let step = list.shownRowCount
      var match: Int?
      var hidden: DriverError?
      list.holdingDisplayEvents {
        for first in stride(from: 0, to: list.rowCount, by: step) where first != start {
          clock.withTracking { list.scroll(toRow: first) }
          // NB: only this list's rows changed, so only they are looked at, without addresses.
          guard finder.matchesWithin(list) else { continue }
          let matches = addressable(in: root).filter { finder.matches($0.widget) }
          // NB: a match no one can see is not scrolled to; it is reported hidden while its
          // row is mounted, where the hidden container can be found.
          if matches.contains(where: { root.hiddenAncestor(of: $0.widget) == nil }) {
            match = first
          } else {
            hidden = hiddenError(finder, matches, in: root)
          }
          break
        }
        clock.withTracking { list.scroll(toRow: start) }
      }
      if let match {
        clock.withTracking { list.scroll(toRow: match) }
        return addressable(in: root)
      }
      if let hidden { throw hidden }
    }
    return nil
  }

  /// The one visible widget `finder` matches, or the widget at its path.
  func resolve(_ finder: Finder) throws(DriverError) -> Addressed {
    if let path = finder.path { return (try lookup(path), path) }
    guard surface.isMounted, let root = surface.root else {
      throw DriverError(
        "\(surface.unmountedText); no widget matching \(finder) can be reached", kind: .unmounted)
    }
    var widgets = addressable(in: root)
    var matches = widgets.filter { finder.matches($0.widget) }
    if matches.isEmpty, let found = try scrollToMatch(of: finder, in: root) {
      // NB: found in a row outside a list's window, which is now scrolled to it.
      widgets = found
      matches = widgets.filter { finder.matches($0.widget) }
    }
    let visible = matches.filter { root.hiddenAncestor(of: $0.widget) == nil }
    if visible.count == 1 { return visible[0] }
    let name = surface.name
    if visible.count > 1 {
      let listed = Self.listed(visible)
      throw DriverError(
        "\(visible.count) widgets match \(finder) in \(name): \(listed); "
          + "ask for one by id, or add its kind or label")
    }
    if let hidden = hiddenError(finder, matches, in: root) { throw hidden }
    let nearest = nearest(to: finder, among: widgets)
    let suffix: String = nearest.isEmpty ? "" : " Nearest: \(nearest.joined(separator: ", "))"
    throw DriverError("no widget matches \(finder) in \(name).\(suffix)", kind: .missingWidget)
  }

  /// The error for `matches` of `finder` none of which is visible under `root`, or `nil` when
  /// there are none.
  private func hiddenError(
    _ finder: Finder, _ matches: [Addressed], in root: Widget
  ) -> DriverError? {
    let name = surface.name
    if matches.count > 1 {
      let listed = Self.listed(matches)
      return DriverError(
        "\(matches.count) widgets match \(finder) in \(name), and none is visible: \(listed)",
        kind: .hidden)
    }
    guard let hidden = matches.first, let container = root.hiddenAncestor(of: hidden.widget)
    else { return nil }
    let why = container.hiding(hidden.widget)
    let only: String = hidden.widget.briefly(at: hidden.address)
    return DriverError(
      "the only widget matching \(finder) in \(name) is \(only), and \(why)", kind: .hidden)
  }

  /// The first five of `found`, briefly, and how many more there are.
  private static func listed(_ found: [Addressed]) -> String {
    let shown: [String] = found.prefix(5).map { $0.widget.briefly(at: $0.address) }
    let more: String = found.count > 5 ? " and \(found.count - 5) more" : ""
    return shown.joined(separator: ", ") + more
  }

  /// The three widgets nearest to what `finder` asks, briefly: by ``distance(_:from:)``, then
  /// by address.
  private func nearest(
    to finder: Finder, among widgets: [Addressed]
  ) -> [String] {
    var scored: [(address: String, text: String, distance: Int)] = []
    scored.reserveCapacity(widgets.count)
    for entry in widgets {
      let text: String = entry.widget.briefly(at: entry.address)
      scored.append((entry.address, text, distance(entry.widget, from: finder)))
    }
    scored.sort { a, b in
      a.distance != b.distance ? a.distance < b.distance : a.address < b.address
    }
    return scored.prefix(3).map { $0.text }
  }

  /// How far `widget` is from what `finder` asks: a different kind counts ten, then the edit
  /// distance of its nearest text (or id) to the text asked for.
  private func distance(_ widget: Widget, from finder: Finder) -> Int {
    let kindCost = finder.kindName.map { $0 == widget.kind ? 0 : 10 } ?? 0
    guard let text = finder.text else { return kindCost }
    let texts = widget.texts + [widget.id]
    let textCost = texts.map { editDistance(Array(text), Array($0)) }.min() ?? text.count
    return kindCost + textCost
  }
}
