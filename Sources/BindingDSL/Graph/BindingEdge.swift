/// One edge of a declaration: two ends, what travels between them, and the function that
/// connects them when the declaration is mounted.
///
/// A declaration is its edges. The graph numbers their ends and checks them, the dump prints
/// them, and a mount runs them in order: what the dump shows is what runs. An edge that only
/// feeds a node (``GraphEdge/Role/input``) has no function of its own: the node is made by the
/// next edge of the same declaration that leaves it, which reads its inputs.
///
/// A declaration kind of your own is a function returning a ``BindingDeclaration`` made of such
/// edges (here with a counter class of its own):
///
/// ```swift
/// @MainActor
/// final class WriteCounter {
///   var count = 0
/// }
///
/// @MainActor
/// func countWrites<Model: AnyObject>(
///   of keyPath: KeyPath<Model, String>, into counter: WriteCounter,
///   fileID: String = #fileID, line: Int = #line
/// ) -> BindingDeclaration<Model> {
///   let count = BindingEndpoint(node: .action, name: "count writes")
///   let edge = BindingEdge<Model>(
///     from: BindingEndpoint(keyPath), to: count, role: .value
///   ) { mount in
///     mount.observe(keyPath) { _ in counter.count += 1 }
///   }
///   return BindingDeclaration(
///     "countWrites", site: DeclarationSite(fileID: fileID, line: line), edges: [edge])
/// }
/// ```
public struct BindingEdge<Model: AnyObject> {
  /// The edge without its view-model type, as a declaration keeps it.
  let erased: AnyBindingEdge

  /// Where values or events come from.
  public var from: BindingEndpoint { erased.from }
  /// Where they go.
  public var to: BindingEndpoint { erased.to }
  /// What travels along the edge.
  public var role: GraphEdge.Role { erased.role }
  /// The resolved mode of a value binding; `nil` for the other roles.
  public var mode: BindingMode? { erased.mode }
  /// Whether a transform or converter sits on the edge.
  public var isTransformed: Bool { erased.isTransformed }
  /// Whether the edge has a function of its own: `false` for an input of a node a later edge
  /// makes, and for a graph kept for inspection after its mount ended.
  public var runs: Bool { erased.run != nil }

  init(erased: AnyBindingEdge) {
    self.erased = erased
  }

  /// An edge whose `run` connects its ends when the declaration is mounted.
  ///
  /// - Parameters:
  ///   - from: Where values or events come from.
  ///   - to: Where they go.
  ///   - role: What travels along the edge.
  ///   - mode: The mode of a value binding; `nil` for the other roles.
  ///   - isTransformed: Whether a transform sits on the edge.
  ///   - run: Connects the ends, once per mount, on the main actor: observe a value, add a
  ///     handler (and remove it in ``BindingMount/onUnmount(_:)``), execute a command.
  @MainActor
  public init(
    from: BindingEndpoint, to: BindingEndpoint, role: GraphEdge.Role, mode: BindingMode? = nil,
    isTransformed: Bool = false, run: @escaping @MainActor (BindingMount<Model>) -> Void
  ) {
    // NB: the one place the view-model type comes back: a declaration keeps its edges without
    // it, and a mount runs them with its `MountContext<Model>`, whose type the cast names.
    self.erased = AnyBindingEdge(
      from: from, to: to, role: role, mode: mode, isTransformed: isTransformed,
      run: { context in run(BindingMount(context: context as! MountContext<Model>)) })
  }

  /// An input of a node that a later edge of the same declaration makes and leaves from: the
  /// edge shows what the node reads; the later edge's function reads it.
  ///
  /// - Parameters:
  ///   - from: The value the node reads.
  ///   - node: The node, made by a later edge of the declaration whose `from` it is.
  /// - Returns: The edge, role ``GraphEdge/Role/input``.
  public static func input(from: BindingEndpoint, to node: BindingEndpoint) -> Self {
    Self(
      erased: AnyBindingEdge(
        from: from, to: node, role: .input, mode: nil, isTransformed: false, run: nil))
  }
}

/// What connects an edge's ends in a mount, given the mount's `MountContext` (a
/// `MountContext<Model>` of the edge's own view-model type).
typealias EdgeFunction = @MainActor (AnyObject) -> Void

/// A ``BindingEdge`` with its view-model type erased: what a declaration keeps of each edge,
/// and what a ``BindingEdge`` wraps. Its type is not generic, so that code not specialized for
/// the view model copies and stores it without run-time metadata lookups; the view model's
/// type is back in the edge's function (see ``BindingEdge/init(from:to:role:mode:isTransformed:run:)``).
struct AnyBindingEdge {
  /// Where values or events come from.
  let from: BindingEndpoint
  /// Where they go.
  let to: BindingEndpoint
  /// What travels along the edge.
  let role: GraphEdge.Role
  /// The resolved mode of a value binding; `nil` for the other roles.
  let mode: BindingMode?
  /// Whether a transform or converter sits on the edge.
  let isTransformed: Bool
  /// Connects the ends in a mount (see ``EdgeFunction``); `nil` for an input of a node a later
  /// edge makes, and for an edge kept for inspection.
  let run: EdgeFunction?

  /// The same edge without its function: what a graph keeps for inspection.
  var described: Self {
    Self(from: from, to: to, role: role, mode: mode, isTransformed: isTransformed, run: nil)
  }
}
