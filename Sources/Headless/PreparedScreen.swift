package import BindingDSL

/// A screen's tree and checked bindings for one view model, before anything is installed: what
/// mounting a screen alone and mounting it under a parent (a pushed screen) both check.
@MainActor
package struct PreparedScreen<S: Screen> {
  package let root: Widget
  package let widgetsByID: [String: Widget]
  /// The declarations to install, groups opened.
  package let declarations: [BindingDeclaration<S.Model>]
  /// The checked graph, description only (see ``BindingGraph/descriptionOnly()``): shared by
  /// every mount of the screen type with the same shape through one owner's mount cache.
  package let graph: BindingGraph<S.Model>

  /// Builds the tree and the bindings of `screen` for `model` and checks them.
  ///
  /// The mounts of a screen type through one `cache` share their checked graph: once a mount
  /// of a given shape (the widget ids of the tree and the sites of the declarations, in order)
  /// has been checked, the next mounts of that shape reuse the graph (see
  /// ``ScreenMountCache``). The embedded screens of the tree are given `cache` for the child
  /// screens they show. Without `cache`, every mount is checked.
  ///
  /// - Throws: ``ScreenError`` naming every problem found.
  package init(
    _ screen: S, on model: S.Model, cache: ScreenMountCache?
  ) throws(ScreenError) {
    let root = screen.body
    let widgets = root.allWidgets
    var byID: [String: Widget] = [:]
    byID.reserveCapacity(widgets.count)
    var repeated: [String] = []
    // NB: a tree with a repeated id is never mounted (see below), so which of the widgets the
    // table keeps does not matter.
    for widget in widgets where byID.updateValue(widget, forKey: widget.id) != nil {
      repeated.append(widget.id)
    }
    self.root = root
    self.widgetsByID = byID
    let declarations = BindingDeclaration.opened(screen.bindings(model))
    if let cache {
      // NB: before the bindings are installed, which shows the embedded screens' first models.
      for case let embedded as any ChildScreenCache in widgets { embedded.cache = cache }
      if let graph = cache.graph(of: S.self, widgets: widgets, declarations: declarations) {
        self.declarations = declarations
        self.graph = graph
        return
      }
    }
    var problems: [String] = []
    let malformed = byID.keys.filter(Self.isMalformed)
    if !malformed.isEmpty {
      problems.append(
        "widget ids must be non-empty, without spaces, control characters, '#', quotes, '[' or "
          + "']', so that renders and driver calls (orders[2].title) can name them; malformed: "
          + malformed.sorted().map { "'\(escapedForMessage($0))'" }.joined(separator: ", "))
    }
    var seen: Set<String> = []
    let repeatedIDs = repeated.filter { seen.insert($0).inserted }
    if !repeatedIDs.isEmpty {
      let kinds = { (id: String) in
        widgets.filter { $0.id == id }.map(\.kind).joined(separator: ", ")
      }
      problems.append(
        "widget ids must be unique in a screen; repeated: "
          + repeatedIDs.map { "'\($0)' (\(kinds($0)))" }.joined(separator: ", "))
    }
    // NB: a binding to a repeated id reaches one of its widgets, not the one the table kept: it
    // is not reported again as a binding to another object.
    problems += Self.treeProblems(of: declarations, widgets: byID, ignoring: seen)
    let compiled: BindingGraph<S.Model>
    do {
      compiled = try BindingGraph(declarations: declarations)
    } catch {
      problems += error.problems.map(\.description)
      throw ScreenError(screen: "\(S.self)", problems: problems, graphProblems: error.problems)
    }
    if !problems.isEmpty { throw ScreenError(screen: "\(S.self)", problems: problems) }
    self.declarations = declarations
    self.graph = compiled.descriptionOnly()
    cache?.remember(graph, of: S.self, widgets: widgets, declarations: declarations)
  }
}
