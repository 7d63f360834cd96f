import BindingDSL

/// The checked graphs of the screen types one owner mounts, by shape, so that mounting a screen
/// type again checks nothing the owner checked before.
///
/// An ``AppHost`` keeps one for every screen it pushes, presents or shows embedded in them; an
/// ``EmbeddedScreen`` outside an app keeps one for the child screens it shows. A caller that
/// mounts the same screen types again and again itself gives one to
/// ``Screen/mount(on:scheduler:clock:shapes:)``; a mount without one checks its screen's graph.
/// Two owners share nothing: each checks its own first mount of a shape, and the graphs go
/// with their owner.
///
/// ```swift
/// let shapes = CheckedScreenShapes()
/// for model in models {
///   let mounted = try GreetingScreen().mount(on: model, shapes: shapes)
///   mounted.unmount()
/// }
/// ```
///
/// A shape is what decides whether a graph is valid and which graph it is: the ids of the
/// widget tree and the declaration sites of the bindings, in order. A bindings body with an
/// `if` or a `for` makes another shape when it takes another branch or count, and that shape
/// is checked on its first mount. Each screen type keeps its last eight shapes.
@MainActor
public final class CheckedScreenShapes {
  /// How many shapes a screen type keeps; a body whose `for` makes a new shape on every mount
  /// is checked every time, as before, without the cache growing.
  package static let limit = 8

  private struct Shape {
    let ids: [String]
    let sites: [DeclarationSite]
    /// The `BindingGraph` of the screen's model type, description only.
    let graph: Any
  }

  private var shapes: [ObjectIdentifier: [Shape]] = [:]

  /// Makes an empty set: the first mount of each shape through it is checked.
  public init() {}

  /// How many shapes are kept, of every screen type.
  package var count: Int { shapes.values.reduce(0) { $0 + $1.count } }

  /// The checked graph of the shape that `widgets` and `declarations` make, if a mount of it
  /// was checked before.
  func graph<S: Screen>(
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

  /// Keeps `graph`, just checked and description only, for the next mounts of its shape.
  func remember<S: Screen>(
    _ graph: BindingGraph<S.Model>, of screen: S.Type, widgets: [Widget],
    declarations: [BindingDeclaration<S.Model>]
  ) {
    var known = shapes[ObjectIdentifier(screen)] ?? []
    if known.count == Self.limit { known.removeFirst() }
    known.append(Shape(ids: widgets.map(\.id), sites: declarations.map { $0.site }, graph: graph))
    shapes[ObjectIdentifier(screen)] = known
  }
}

/// A widget that mounts child screens of its own (``EmbeddedScreen``): the screen that holds it
/// gives it the checked shapes of its owner, so that its child screens are checked once per
/// owner rather than once per widget.
@MainActor
protocol ChildScreenShapes: AnyObject {
  var shapes: CheckedScreenShapes { get set }
}
