import BindingDSL

/// The checks of a screen's tree and bindings that `PreparedScreen` runs when a screen shape is
/// first mounted, and their messages.
extension PreparedScreen {
  /// Whether `id` cannot name a widget: empty, or holding whitespace, a control character, '#',
  /// a quote, or a bracket, which a driver path gives a meaning (a dot does not stop a path from
  /// finding an id whole).
  static func isMalformed(_ id: String) -> Bool {
    if id.isEmpty { return true }
    // NB: ids are ASCII nearly always; their bytes are checked without the Unicode property
    // lookup `Character.isWhitespace` makes, which was a twentieth of a screen's mount.
    if id.utf8.allSatisfy({ $0 < 0x80 }) {
      return id.utf8.contains { byte in
        byte <= 0x20 || byte == 0x7F || byte == 0x23 || byte == 0x22 || byte == 0x5B
          || byte == 0x5D
      }
    }
    return id.unicodeScalars.contains {
      $0.properties.isWhitespace || $0.properties.generalCategory == .control
        || "#\"[]".unicodeScalars.contains($0)
    }
  }

  /// Bindings that reach a widget the tree does not hold: an id that is not in the tree, or
  /// another object with an id that is.
  static func treeProblems(
    of declarations: [BindingDeclaration<S.Model>], widgets byID: [String: Widget],
    ignoring repeatedIDs: Set<String>
  ) -> [String] {
    // NB: the list of ids is made for a problem only; sorting every id cost every mount.
    let known = { byID.keys.sorted().joined(separator: ", ") }
    var problems: [String] = []
    var reported: Set<TargetKey> = []
    for declaration in declarations {
      for reference in declaration.widgetReferences where !reported.contains(reference.key) {
        let id = reference.key.widgetID
        if repeatedIDs.contains(id) { continue }
        guard let widget = byID[id] else {
          reported.insert(reference.key)
          if let misnamed = misnamedMember(reference, at: declaration.site, widgets: byID) {
            problems.append(misnamed)
            continue
          }
          problems.append(
            "a binding at \(declaration.site) uses \(reference.key), but no widget '\(id)' is "
              + "in the tree; widgets in the tree: \(known())")
          continue
        }
        if let problem = memberProblem(
          reference, of: widget, at: declaration.site, widgets: byID)
        {
          reported.insert(reference.key)
          problems.append(problem)
        }
      }
    }
    return problems
  }

  /// Why `reference` is not a member of `widget`, the widget with its id, or `nil` when it is
  /// (or is the widget itself, as a list's rows are).
  static func memberProblem(
    _ reference: WidgetReference, of widget: Widget, at site: DeclarationSite,
    widgets byID: [String: Widget]
  ) -> String? {
    if reference.object == ObjectIdentifier(widget) { return nil }
    let members = widget.members
    if members.contains(where: { ObjectIdentifier($0) == reference.object }) { return nil }
    let key = reference.key
    if let misnamed = misnamedMember(reference, at: site, widgets: byID) { return misnamed }
    if members.contains(where: { $0.memberName == key.property }) {
      return "a binding at \(site) uses \(key) of another object than the widget "
        + "'\(key.widgetID)' in the tree; a widget made in a computed property or a function is a "
        + "new object each time: keep widgets in `let` properties of the screen"
    }
    let names = members.map(\.memberName)
    return "a binding at \(site) uses \(key), but the widget '\(key.widgetID)' (a \(widget.kind)) "
      + "has no property or event '\(key.property)' among its stored properties; its members: "
      + names.joined(separator: ", ")
      + ". Declare widget properties and events as stored properties of the widget"
  }

  /// The problem of a member that another widget of the tree holds but that was made with
  /// another id than that widget's, if `reference` is one.
  static func misnamedMember(
    _ reference: WidgetReference, at site: DeclarationSite, widgets byID: [String: Widget]
  ) -> String? {
    let owner = byID.keys.sorted().lazy.compactMap { byID[$0] }.first { other in
      other.members.contains { ObjectIdentifier($0) == reference.object }
    }
    guard let owner else { return nil }
    return "a binding at \(site) uses \(reference.key), which belongs to the widget "
      + "'\(owner.id)' (a \(owner.kind)) but was made with the id '\(reference.key.widgetID)'; "
      + "make a widget's properties and events with the widget's own id"
  }

}
