import BindingDSL

/// The checked graphs of the screen types mounted so far, by shape, so that mounting a screen
/// type again checks nothing it checked before.
///
/// A shape is what decides whether a graph is valid and which graph it is: the ids of the
/// widget tree and the declaration sites of the bindings, in order. A bindings body with an
/// `if` or a `for` makes another shape when it takes another branch or count, and that shape
/// is checked on its first mount. Each screen type keeps its last ``limit`` shapes.
@MainActor
package enum CheckedScreenShapes {
  /// How many shapes a screen type keeps; a body whose `for` makes a new shape on every mount
  /// is checked every time, as before, without the cache growing.
  package static let limit = 8

  private struct Shape {
    let ids: [String]
    let sites: [DeclarationSite]
    /// The `BindingGraph` of the screen's model type, description only.
    let graph: Any
  }

  private static var shapes: [ObjectIdentifier: [Shape]] = [:]

  /// The checked graph of the shape that `widgets` and `declarations` make, if a mount of it
  /// was checked before.
  static func graph<S: Screen>(
    of screen: S.Type, widgets: [Widget], declarations: [BindingDeclaration<S.Model>]
  ) -> BindingGraph<S.Model>? {
    guard let known = shapes[ObjectIdentifier(screen)] else { return nil }
    let found = known.last { shape in
      shape.sites.count == declarations.count && shape.ids.count == widgets.count
        && declarations.indices.allSatisfy { shape.sites[$0] == declarations[$0].site }
        && widgets.indices.allSatisfy { shape.ids[$0] == widgets[$0].id }
    }
    return found?.graph as? BindingGraph<S.Model>
  }

  /// Keeps `graph`, just checked, for the next mounts of its shape; returns it description
  /// only.
  static func remember<S: Screen>(
    _ graph: BindingGraph<S.Model>, of screen: S.Type, widgets: [Widget],
    declarations: [BindingDeclaration<S.Model>]
  ) -> BindingGraph<S.Model> {
    let description = graph.descriptionOnly()
    var known = shapes[ObjectIdentifier(screen)] ?? []
    if known.count == limit { known.removeFirst() }
    known.append(
      Shape(ids: widgets.map(\.id), sites: declarations.map { $0.site }, graph: description))
    shapes[ObjectIdentifier(screen)] = known
    return description
  }

}
