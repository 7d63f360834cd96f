/// One line of a bindings body: a `bind`, `command` or `on` declaration for a view-model type.
///
/// A declaration is a description plus the code that installs it. It does nothing until a
/// ``BindingGraph`` containing it is mounted on a view model.
public struct BindingDeclaration<Model: AnyObject> {
  /// The declaration as a person would read it, such as `bind(\Model.#1, to: code.text)`.
  public let summary: String
  /// Where the declaration was written.
  public let site: DeclarationSite

  let endpoints: [Endpoint]
  let edges: [EdgePlan]
  let problems: [String]
  let install: @MainActor (MountContext<Model>) -> Void

  init(
    summary: String, site: DeclarationSite, endpoints: [Endpoint], edges: [EdgePlan],
    problems: [String] = [], install: @escaping @MainActor (MountContext<Model>) -> Void
  ) {
    self.summary = summary
    self.site = site
    self.endpoints = endpoints
    self.edges = edges
    self.problems = problems
    self.install = install
  }

  /// The same declaration with an install step that does nothing.
  func descriptionOnly() -> Self {
    Self(
      summary: summary, site: site, endpoints: endpoints, edges: edges, problems: problems,
      install: { _ in })
  }

  /// The widget properties and events the declaration reaches.
  package var widgetReferences: [WidgetReference] {
    endpoints.compactMap { endpoint in
      switch endpoint.identity {
      case .widget(let key), .event(let key):
        endpoint.object.map { WidgetReference(key: key, object: $0) }
      default:
        nil
      }
    }
  }

  /// The summary followed by the place it was written, as errors show it.
  public var located: String { "\(summary) at \(site)" }
}

/// A node as a declaration sees it, before the graph numbers it.
struct Endpoint: Hashable {
  enum Identity: Hashable {
    case keyPath(AnyKeyPath)
    case command(ObjectIdentifier)
    case widget(TargetKey)
    case event(TargetKey)
    case lifecycle(LifecycleEvent)
    /// A node private to one declaration (a combination, an action), unique by a counter.
    case local(Int)
  }

  let identity: Identity
  let kind: GraphNode.Kind
  /// The name shown in the dump; key paths are named by the graph, in order of appearance.
  let name: String
  let valueType: String
  /// The widget property or event object a widget endpoint stands for.
  var object: ObjectIdentifier? = nil
}

/// A widget property or event a declaration reaches: its key and the object the declaration
/// holds, so that a screen can check that it is the one in its tree.
package struct WidgetReference: Hashable, Sendable {
  package let key: TargetKey
  package let object: ObjectIdentifier
}

struct EdgePlan {
  let from: Endpoint.Identity
  let to: Endpoint.Identity
  let mode: BindingMode?
  let role: GraphEdge.Role
  let isTransformed: Bool
}

/// A source of unique identities for declaration-local nodes.
@MainActor
enum LocalNodeCounter {
  private static var next = 0
  static func make() -> Int {
    next += 1
    return next
  }
}
