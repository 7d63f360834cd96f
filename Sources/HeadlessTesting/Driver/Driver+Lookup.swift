import BindingDSL
public import Headless

/// How the driver finds what an id or path names: the widget (`save`, `detail.count`), a row
/// (`orders[42]`) or a widget in a row (`orders[42].title`), a list, and what stops a person
/// from reaching it; and the nearest ids a message offers for a missing one.
extension Driver {
  /// The widget `widget` names, or an error listing the ids that exist.
  ///
  /// A widget inside a row of a list is addressed by the list's id, the row's id in brackets,
  /// and the widget's id within the row: `orders[42].title`; `orders[42]` is the row itself.
  /// The widgets of an embedded child screen are reached by their own ids; when an id is on
  /// more than one child screen, prefix it with the child screen's id: `detail.count`.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The widget.
  /// - Throws: ``DriverError`` when no widget answers, listing the ids that exist.
  public func widget(
    _ widget: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws -> Widget {
    try self.widget(
      widget, as: Widget.self, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The widget at the id or path `id`, for driver calls: ``widget(_:fileID:filePath:line:column:)``
  /// without reporting.
  func lookup(_ id: String) throws(DriverError) -> Widget {
    guard surface.isMounted else {
      throw DriverError(
        "\(surface.unmountedText); no widget '\(id)' can be reached", kind: .unmounted)
    }
    if id.contains("[") { return try locate(path: id).widget }
    if let root = surface.root, let inChild = try Self.embedded(id, in: root) { return inChild }
    guard let widget = surface.widget(id) else {
      if let note = surface.note(onMissing: id) { throw DriverError(note, kind: .covered) }
      let ids = surface.widgetIDs
      var message = "no widget '\(id)' in \(surface.name)"
      if let near = closest(to: id, in: ids) {
        message += "; did you mean '\(near)'?"
      } else {
        message += "."
      }
      message += " " + nearestIDs(to: id, in: ids)
      throw DriverError(message, kind: .missingWidget)
    }
    return widget
  }

  /// The widget `id` when child screens are involved: `detail.count` inside the child screen
  /// `detail`, or a plain id found in several child screens (an error naming how to address
  /// each). `nil` when the ordinary lookup answers.
  private static func embedded(_ id: String, in root: Widget) throws(DriverError) -> Widget? {
    if let dot = id.firstIndex(of: ".") {
      let head = String(id[..<dot])
      let rest = String(id[id.index(after: dot)...])
      if let child = root.allWidgets.first(where: { $0.id == head && $0 is any TabContent }) {
        guard let content = child.children.first else {
          throw DriverError(
            "no widget '\(id)': the child screen '\(head)' shows nothing now "
              + "(no view model, or a tab not selected)")
        }
        if let found = try embedded(rest, in: content) { return found }
        if let found = content.allWidgets.first(where: { $0.id == rest }) { return found }
        throw DriverError(
          "no widget '\(rest)' in the child screen '\(head)'; its widgets: "
            + content.allWidgets.map(\.id).joined(separator: ", "))
      }
    }
    var matches: [(widget: Widget, owner: String?)] = []
    collect(id, in: root, owner: nil, into: &matches)
    guard matches.count > 1 else { return nil }
    if let own = matches.first(where: { $0.owner == nil }) { return own.widget }
    let paths = matches.compactMap { $0.owner.map { "\($0).\(id)" } }
    throw DriverError(
      "widget '\(id)' is on more than one child screen; address one as "
        + paths.joined(separator: " or "))
  }

  /// The widgets with `id` under `widget`, each with the id of the child screen it is in.
  private static func collect(
    _ id: String, in widget: Widget, owner: String?,
    into matches: inout [(widget: Widget, owner: String?)]
  ) {
    if widget.id == id { matches.append((widget, owner)) }
    let inner = widget is any TabContent ? widget.id : owner
    for child in widget.scopedChildren { collect(id, in: child, owner: inner, into: &matches) }
  }

  /// The widget `widget` names as a `T`, or an error naming its actual kind.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - type: The widget class expected.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The widget.
  /// - Throws: ``DriverError`` when no widget answers, or it is of another kind.
  public func widget<T: Widget>(
    _ widget: Finder, as type: T.Type, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> T {
    try reportingFailure(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) {
      () throws(DriverError) -> T in
      let found = try resolve(widget)
      guard let typed = found.widget as? T else {
        let by = widget.path == nil ? " found by \(widget)" : ""
        throw DriverError(
          "widget '\(found.address)'\(by) is \(found.widget.kindWithArticle), not a \(T.self)",
          kind: .wrongKind)
      }
      return typed
    }
  }

  /// The list `id`, or an error naming what it is instead.
  func list(_ id: String, for action: String) throws(DriverError) -> ListView {
    try capable(id, to: action, as: ListView.self, kindNote: ", not a List")
  }

  /// The row at `path` (`orders[42]`) with its list.
  func locateRow(
    _ path: String, for verb: String
  ) throws(DriverError) -> (list: ListView, row: RowWidget) {
    let found = try locate(path: path)
    let action = "\(verb) '\(path)'"
    try checkUncovered(to: action)
    guard let list = found.list, let row = found.widget as? RowWidget, row.role == .row else {
      throw DriverError(
        "cannot \(action): it is \(found.widget.kindWithArticle), not a row; rows are "
          + "addressed as <list>[<row id>]", kind: .wrongKind)
    }
    try checkReachable(row, of: list, to: action)
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
          // NB: a row its list cannot show (no template for its view model) is missing for that
          // reason, which the step names before the rows that are shown.
          let cause = owner.problem.map { ", which cannot show all of its rows: \($0)" } ?? ""
          throw DriverError(
            "no row '\(rowID)' in list '\(scopePath)'\(cause); its rows: "
              + summary(of: owner.itemIDs), kind: .missingWidget)
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

extension Widget {
  /// The outermost hidden widget on the path from `self` down to `target`, if any.
  @MainActor
  func hiddenAncestor(of target: Widget) -> Widget? {
    if isHiddenNow && contains(target) { return self }
    for child in children {
      if let hidden = child.hiddenAncestor(of: target) { return hidden }
    }
    return nil
  }

  /// Why `target` cannot be seen, this being its outermost hidden widget: `it is hidden`, or
  /// `its container 'form' is hidden`.
  func hiding(_ target: Widget) -> String {
    self === target ? "it is hidden" : "its container '\(id)' is hidden"
  }

  @MainActor
  private func contains(_ target: Widget) -> Bool {
    self === target || children.contains { $0.contains(target) }
  }
}

/// At most five ids nearest to `id` by edit distance, for a message (`Nearest ids: save, name
/// (of 7)`), never the whole screen.
func nearestIDs(to id: String, in ids: [String]) -> String {
  guard !ids.isEmpty else { return "The screen has no widgets." }
  let scored: [(id: String, distance: Int)] = ids.map { ($0, editDistance(Array(id), Array($0))) }
  let sorted = scored.sorted { (a: (id: String, distance: Int), b: (id: String, distance: Int)) in
    a.distance != b.distance ? a.distance < b.distance : a.id < b.id
  }
  let nearest: [String] = sorted.prefix(5).map { $0.id }
  return "Nearest ids: \(nearest.joined(separator: ", ")) (of \(ids.count))"
}

/// The id closest to `id` by edit distance, when it is close enough to be a typo.
func closest(to id: String, in ids: [String]) -> String? {
  let scored = ids.map { ($0, editDistance(Array(id), Array($0))) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, id.count / 3) else {
    return nil
  }
  return best.0
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1]
    for (j, y) in b.enumerated() {
      current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
    }
    previous = current
  }
  return previous[b.count]
}
