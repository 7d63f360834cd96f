package import BindingDSL

/// What the repeated mounts of one owner reuse: the checked graphs of the screen types it mounts,
/// by shape, and the Observation registrations its mounts left as they unmounted, by view model.
///
/// Mounting a screen type again through the cache checks nothing it checked before, and
/// mounting a screen again on a view model that lives on takes over the registration the last
/// mount on it left instead of making one more (Observation cannot cancel one; Decisions/0048,
/// 0130).
///
/// An ``AppHost`` keeps one for every screen it pushes, presents or shows embedded in them; an
/// ``EmbeddedScreen`` outside an app keeps one for the child screens it shows. A caller that
/// mounts the same screen types, or the same view models, again and again itself gives one to
/// ``Screen/mount(on:scheduler:clock:cache:)``. A mount without one checks its screen's graph
/// and registers anew: a view model mounted again and again that way keeps one registration
/// per mount in its registrar until a value the screen observes changes. Two caches share
/// nothing, and what a cache holds goes with it.
///
/// ```swift
/// let cache = ScreenMountCache()
/// for model in models {
///   let mounted = try GreetingScreen().mount(on: model, cache: cache)
///   mounted.unmount()
/// }
/// ```
///
/// A shape is what decides whether a graph is valid and which graph it is: the ids of the
/// widget tree and the declaration sites of the bindings, in order. A bindings body with an
/// `if` or a `for` makes another shape when it takes another branch or count, and that shape
/// is checked on its first mount. Each screen type keeps its last eight shapes. A registration
/// is held weakly, the last one left on each view model: the view model's registrar holds it
/// until a value it observes changes, and a freed view model leaves nothing in the cache.
@MainActor
public final class ScreenMountCache {
  /// How many shapes a screen type keeps; a body whose `for` makes a new shape on every mount
  /// is checked every time, as before, without the cache growing.
  package static let shapeLimit = 8

  private struct Shape {
    let ids: [String]
    let sites: [DeclarationSite]
    /// The `BindingGraph` of the screen's model type, description only.
    let graph: Any
  }

  private var shapes: [ObjectIdentifier: [Shape]] = [:]

  /// The registrations the mounts through the cache left as they unmounted, for the next mount
  /// on the same view model (see `ParkedSubscriptions`).
  package let parked = ParkedSubscriptions()

  /// Makes an empty cache: the first mount of each shape through it is checked, and the first
  /// mount on each view model registers.
  public init() {}

  /// How many shapes are kept, of every screen type.
  package var shapeCount: Int { shapes.values.reduce(0) { $0 + $1.count } }

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
    if known.count == Self.shapeLimit { known.removeFirst() }
    known.append(Shape(ids: widgets.map(\.id), sites: declarations.map { $0.site }, graph: graph))
    shapes[ObjectIdentifier(screen)] = known
  }
}

/// A widget that mounts child screens of its own (``EmbeddedScreen``): the screen that holds it
/// gives it the mount cache of its owner, so that its child screens are checked once per owner
/// rather than once per widget, and take over what earlier mounts through the owner left.
@MainActor
protocol ChildScreenCache: AnyObject {
  var cache: ScreenMountCache { get set }
}
