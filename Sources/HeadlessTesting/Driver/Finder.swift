import BindingDSL
public import Headless

/// What names the widget a driver verb acts on: its id or a path to it, written as a string
/// (`"submit"`, `"orders[42].title"`, `"detail.count"`), or a query for the one visible widget
/// that matches: by kind and label, by text, or by a predicate.
///
/// ```swift
/// try await driver.type("Ada", into: .kind(TextField.self, labelled: "Name"))
/// try await driver.toggle(.text("Notify me"))
/// try await driver.tap(.kind(Button.self, labelled: "Save"))
/// ```
///
/// An id or path is looked up as written: a missing one fails naming the ids nearest to it. A
/// query that matches nothing fails with the query and at most three nearest candidates (same
/// kind, similar text); one whose matches are all hidden says which container hides them; one
/// that matches several names them. ``Driver/find(_:fileID:filePath:line:column:)`` answers the
/// address of the widget a query finds.
public struct Finder: Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
  /// The finder as messages show it, such as `a Button labelled "Save"`.
  public let description: String
  /// The id or path the finder names, looked up as written; `nil` for a query.
  let path: String?
  /// The kind asked for, which makes a candidate nearer.
  let kindName: String?
  /// The text asked for, which makes a candidate with similar text nearer.
  let text: String?
  let matches: @MainActor @Sendable (Widget) -> Bool

  private init(
    description: String, path: String? = nil, kindName: String?, text: String?,
    matches: @escaping @MainActor @Sendable (Widget) -> Bool
  ) {
    self.description = description
    self.path = path
    self.kindName = kindName
    self.text = text
    self.matches = matches
  }

  /// The widget with the id or path written, such as `"orders[42].title"`.
  ///
  /// - Parameter path: The widget's id, or a path to it.
  public init(stringLiteral path: String) {
    self = .path(path)
  }

  /// The widget with the id or path written with interpolations, such as
  /// `"orders[\(id)].title"`.
  ///
  /// - Parameter stringInterpolation: The id or path.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self = .path(String(stringInterpolation: stringInterpolation))
  }

  /// The widget at `path`, looked up as written: an id of the screen (`submit`), an id on a
  /// child screen (`detail.count`), a row (`orders[42]`) or a widget in a row
  /// (`orders[42].title`). A string literal is the same finder.
  ///
  /// - Parameter path: The widget's id, or a path to it.
  /// - Returns: The finder.
  public static func path(_ path: String) -> Finder {
    Finder(description: "'\(path)'", path: path, kindName: nil, text: path) { $0.id == path }
  }

  /// Whether the query matches `widget` or a widget a verb can address under it: its scoped
  /// children, and the rows of the lists among them with their content.
  @MainActor
  func matchesWithin(_ widget: Widget) -> Bool {
    if matches(widget) { return true }
    if widget.scopedChildren.contains(where: matchesWithin) { return true }
    guard let list = widget as? ListView else { return false }
    return list.rows.contains { row in
      matches(row) || row.content.map(matchesWithin) == true
    }
  }

  /// The one visible widget with `id`, wherever it is: inside list rows too, where a path
  /// (``path(_:)``) names the row.
  ///
  /// - Parameter id: The widget's id.
  /// - Returns: The query.
  public static func id(_ id: String) -> Finder {
    Finder(description: "id '\(id)'", kindName: nil, text: id) { $0.id == id }
  }

  /// The widget of kind `type` whose title, text, value or accessibility label is `label`
  /// (any widget of the kind when `label` is `nil`).
  ///
  /// - Parameters:
  ///   - type: The widget's class, such as `Button.self`.
  ///   - label: The text it shows or is read out as.
  /// - Returns: The query.
  public static func kind<T: Widget>(_ type: T.Type, labelled label: String? = nil) -> Finder {
    let name = String(describing: type)
    let article = name.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
    return Finder(
      description: "\(article) \(name)" + (label.map { " labelled \"\($0)\"" } ?? ""),
      kindName: name, text: label
    ) { widget in
      widget is T && (label.map { widget.texts.contains($0) } ?? true)
    }
  }

  /// The widget that shows `text` in one of its text fields (title, text, value, placeholder)
  /// or is read out as it.
  ///
  /// - Parameter text: The whole text, as rendered without quotes.
  /// - Returns: The query.
  public static func text(_ text: String) -> Finder {
    Finder(description: "text \"\(text)\"", kindName: nil, text: text) {
      $0.texts.contains(text)
    }
  }

  /// The widget for which `predicate` holds.
  ///
  /// - Parameters:
  ///   - description: What the predicate asks, for messages (`a toggle that is on`).
  ///   - predicate: Whether a widget matches.
  /// - Returns: The query.
  public static func matching(
    _ description: String, _ predicate: @escaping @MainActor @Sendable (Widget) -> Bool
  ) -> Finder {
    Finder(description: description, kindName: nil, text: nil, matches: predicate)
  }
}

extension Widget {
  /// The texts the widget shows or is read out as: its text fields and accessibility label.
  var texts: [String] {
    var texts: [String] = renderedFields.compactMap {
      if case .text(let text) = $0.value { return text }
      return nil
    }
    if let label = accessibilityLabelNow { texts.append(label) }
    return texts
  }

  /// The widget in a message: `'save' (Button "Save", disabled)`.
  var briefly: String {
    var notes = [kind + (texts.first.map { " \"\($0)\"" } ?? "")]
    if !isEnabled.value { notes.append("disabled") }
    if isHiddenNow { notes.append("hidden") }
    return "'\(id)' (\(notes.joined(separator: ", ")))"
  }

  /// ``briefly``, naming the widget by `address` (a path such as `orders[42].title` for a
  /// widget inside a row).
  func briefly(at address: String) -> String {
    "'\(address)'" + briefly.dropFirst(id.count + 2)
  }
}

extension Driver {
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
    try located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
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
  private func addressable(in root: Widget) -> [(widget: Widget, address: String)] {
    var found: [(widget: Widget, address: String)] = []
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
  ) throws(DriverError) -> [(widget: Widget, address: String)]? {
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
  func resolve(_ finder: Finder) throws(DriverError) -> (widget: Widget, address: String) {
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
    _ finder: Finder, _ matches: [(widget: Widget, address: String)], in root: Widget
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
    let why: String =
      container === hidden.widget ? "it is hidden" : "its container '\(container.id)' is hidden"
    let only: String = hidden.widget.briefly(at: hidden.address)
    return DriverError(
      "the only widget matching \(finder) in \(name) is \(only), and \(why)", kind: .hidden)
  }

  /// The first five of `found`, briefly, and how many more there are.
  private static func listed(_ found: [(widget: Widget, address: String)]) -> String {
    let shown: [String] = found.prefix(5).map { $0.widget.briefly(at: $0.address) }
    let more: String = found.count > 5 ? " and \(found.count - 5) more" : ""
    return shown.joined(separator: ", ") + more
  }

  /// The three widgets nearest to what `finder` asks, briefly: by ``distance(_:from:)``, then
  /// by address.
  private func nearest(
    to finder: Finder, among widgets: [(widget: Widget, address: String)]
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
