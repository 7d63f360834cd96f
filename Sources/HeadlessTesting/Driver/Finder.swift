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

  /// The widget of kind `type` whose title, text, value, placeholder or accessibility label is
  /// `label` (any widget of the kind when `label` is `nil`).
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

  /// The widget in a message, named by `address` (its id, or a path such as
  /// `orders[42].title` for a widget inside a row): `'save' (Button "Save", disabled)`.
  func briefly(at address: String) -> String {
    var notes = [kind + (texts.first.map { " \"\($0)\"" } ?? "")]
    if !isEnabled.value { notes.append("disabled") }
    if isHiddenNow { notes.append("hidden") }
    return "'\(address)' (\(notes.joined(separator: ", ")))"
  }
}
