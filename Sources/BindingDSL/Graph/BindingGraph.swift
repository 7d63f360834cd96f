/// The bindings of one screen, compiled and checked: a value you can inspect and mount.
///
/// Build it from a bindings body; building checks the declarations and throws a
/// ``BindingGraphError`` naming every declaration involved in a problem.
///
/// ```swift
/// let graph = try BindingGraph<LoginViewModel> {
///   bind(\.name, to: nameField.text)
///   command(vm.logIn, on: logInButton)
/// }
/// print(graph.dump())
/// ```
public struct BindingGraph<Model: AnyObject> {
  /// The declarations, in the order they were written.
  public let declarations: [BindingDeclaration<Model>]
  /// The nodes, numbered in order of first appearance.
  public let nodes: [GraphNode]
  /// The edges, in declaration order.
  public let edges: [GraphEdge]

  /// Compiles a bindings body.
  ///
  /// - Parameter body: The bindings, one declaration a line.
  /// - Throws: ``BindingGraphError`` listing every problem found, each with the declarations
  ///   involved and where they were written.
  public init(@BindingsBuilder<Model> _ body: () -> [BindingDeclaration<Model>])
    throws(BindingGraphError)
  {
    try self.init(declarations: body())
  }

  /// Compiles a list of declarations; groups among them are opened, so ``declarations`` holds
  /// single declarations only.
  ///
  /// - Parameter declarations: The declarations, in the order they were written.
  /// - Throws: ``BindingGraphError`` listing every problem found, each with the declarations
  ///   involved and where they were written.
  public init(declarations: [BindingDeclaration<Model>]) throws(BindingGraphError) {
    let declarations = BindingDeclaration.opened(declarations)
    self.declarations = declarations
    var numbering = Numbering(modelName: typeName(Model.self))
    // NB: about two endpoints per declaration; room for them spares the table's regrowth.
    numbering.reserveCapacity(declarations.count * 2)
    var edges: [GraphEdge] = []
    var owners: [Int] = []
    for (index, declaration) in declarations.enumerated() {
      let declared = declaration.body?.edges ?? []
      var kind: String?
      if case .named(let name) = declaration.body?.spelling { kind = name }
      // NB: what a node reads is numbered before the node: `bind(\.a, \.b, to:)` numbers `a`,
      // `b`, then the combination.
      for edge in declared where edge.role == .input { _ = numbering.add(edge.from) }
      for edge in declared {
        edges.append(
          GraphEdge(
            from: numbering.add(edge.from), to: numbering.add(edge.to), mode: edge.mode,
            role: edge.role, isTransformed: edge.isTransformed, declaration: declaration.site,
            kind: kind))
        owners.append(index)
      }
    }
    self.nodes = numbering.nodes
    self.edges = edges
    self.isDescriptionOnly = false
    self.descriptionCache = DescriptionOnlyCache()
    let validator = GraphValidator(
      // NB: closures, not key paths: a key path projects through a generic copy of each
      // declaration, which was a tenth of a screen's mount. Names are made for problems only,
      // and this pass's problems are not shown: it reads no source file.
      declarations: { declarations[$0].summary },
      declarationProblems: declarations.map { $0.problems },
      nodes: nodes, numberedNodes: nodes, edges: edges, owners: owners)
    guard validator.validate().isEmpty else {
      // NB: found again with the key paths and the declarations named as written, which reads
      // source files, each once for the whole error: only a graph with problems pays for it.
      var source = DeclarationSource()
      var readable = validator
      readable.nodes = ReadableNames.nodes(nodes, edges: edges, reading: &source)
      readable.declarations = { declarations[$0].located(from: &source) }
      throw BindingGraphError(problems: readable.validate())
    }
  }

  /// A graph of no declarations: what a host of child mounts (an app's screens) runs.
  package static var empty: Self { Self(declarations: [], nodes: [], edges: []) }

  /// The same graph without the code that installs it, which holds the widgets and commands
  /// the declarations reach: what an unmounted graph keeps for inspection.
  ///
  /// Made once per graph: every mount of the graph that unmounts keeps the same one.
  package func descriptionOnly() -> Self {
    if isDescriptionOnly { return self }
    if let made = descriptionCache.graph { return made }
    let graph = Self(
      declarations: declarations.map { $0.descriptionOnly() }, nodes: nodes, edges: edges,
      isDescriptionOnly: true)
    descriptionCache.graph = graph
    return graph
  }

  /// Whether the graph holds no install code (``descriptionOnly()`` made it): mounting it
  /// installs nothing.
  package let isDescriptionOnly: Bool
  /// Where ``descriptionOnly()`` keeps what it made, and what mounts learned of the graph.
  private let descriptionCache: DescriptionOnlyCache<Model>

  /// Whether a mount of the graph had to read its sources a second time (see
  /// `MountContext.install(_:knownToReadTwice:)`): its later mounts then install first and observe
  /// after, as they would anyway, without a registration made in vain.
  var readsSourcesTwice: Bool {
    get { descriptionCache.readsSourcesTwice }
    nonmutating set { descriptionCache.readsSourcesTwice = newValue }
  }

  /// The key paths the graph's first mount read, which its later mounts compare theirs with
  /// (see `MountNodes.signature(keeping:)`).
  var keyPaths: TemplateKeyPaths { descriptionCache.keyPaths }

  private init(
    declarations: [BindingDeclaration<Model>], nodes: [GraphNode], edges: [GraphEdge],
    isDescriptionOnly: Bool = false
  ) {
    self.declarations = declarations
    self.nodes = nodes
    self.edges = edges
    self.isDescriptionOnly = isDescriptionOnly
    // NB: a description-only graph keeps one too: a screen type's mounts install their own
    // declarations under its shared description-only graph, which remembers for them whether
    // they read their sources twice.
    self.descriptionCache = DescriptionOnlyCache()
  }

  /// The node with `id`, which must be one of the graph's node ids (`1...nodes.count`).
  ///
  /// - Parameter id: The node's number, as the dump shows it (`n3` is 3).
  /// - Returns: The node.
  public func node(_ id: Int) -> GraphNode {
    precondition(
      nodes.indices.contains(id - 1),
      "no node n\(id) in this graph; its nodes are n1 to n\(nodes.count)")
    return nodes[id - 1]
  }

  /// The edges writing a widget property, such as `register.isEnabled`.
  ///
  /// - Parameter key: The widget id and property.
  /// - Returns: The edges into that property's node, in declaration order; none when no
  ///   declaration writes it.
  public func edges(writing key: TargetKey) -> [GraphEdge] {
    guard let target = nodes.first(where: { $0.kind == .target && $0.name == key.description })
    else { return [] }
    return edges.filter { $0.to == target.id }
  }

  /// Where node `id` was first declared and what it is bound to there, or `nil` for a node no
  /// edge reaches.
  ///
  /// - Parameter id: One of the graph's node ids (`1...nodes.count`).
  /// - Returns: The node's first declaration site and the node at the other end of its edge.
  public func origin(of id: Int) -> NodeOrigin? {
    _ = node(id)
    return NodeOrigins(nodes: nodes, edges: edges).origin(of: id)
  }

  /// The nodes with their key paths named as their declarations write them, where the source
  /// can be read (see ``dump()``): for messages that name nodes.
  package var readableNodes: [GraphNode] { ReadableNames.nodes(nodes, edges: edges) }

  /// A stable, diff-friendly text dump: one node a line, then one edge a line.
  ///
  /// Nodes number key paths in order of first appearance (`\LoginViewModel.#1`): the toolchain
  /// does not name computed properties the same way on every platform, and `@Observable`
  /// makes every property computed. The dump names them as their declarations write them
  /// (`\RegistrationViewModel.phoneText`) when the declarations' source files can be read from
  /// the working directory (as under `swift test`), and by number otherwise. So each node line ends with the node's ``NodeOrigin``:
  /// what it is bound to and the file name and line of the declaration that first reached it.
  ///
  /// <!-- output: Tests/ShowcaseTests/__Snapshots__/RegistrationWalkthroughTests/registration-graph.txt -->
  /// ```text
  ///   n1 source \RegistrationViewModel.phoneText: String (phone.text, RegistrationScreen.swift:28)
  /// ```
  ///
  /// - Returns: The dump, lines separated by newlines, without a final newline.
  public func dump() -> String {
    let nodes = readableNodes
    let origins = NodeOrigins(nodes: nodes, edges: edges)
    var lines = [
      "BindingGraph<\(typeName(Model.self))>: \(nodes.count) nodes, \(edges.count) edges"
    ]
    lines.append("nodes:")
    for node in nodes {
      let type = node.valueType.isEmpty ? "" : ": \(node.valueType)"
      let origin = origins.origin(of: node.id).map { " (\($0))" } ?? ""
      lines.append("  n\(node.id) \(node.kind.rawValue) \(node.name)\(type)\(origin)")
    }
    lines.append("edges:")
    for edge in edges {
      let from = nodes[edge.from - 1]
      let to = nodes[edge.to - 1]
      let line = "  \(edge.description)  (\(from.name) -> \(to.name))"
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

/// Numbers endpoints in order of first appearance and names key paths by that order.
private struct Numbering {
  let modelName: String
  var nodes: [GraphNode] = []
  var ids: [BindingEndpoint.Identity: Int] = [:]
  var keyPathCount = 0
  var derivedCount = 0

  init(modelName: String) {
    self.modelName = modelName
  }

  /// Makes room for `count` endpoints in the lookup (not in `nodes`, which the graph keeps).
  mutating func reserveCapacity(_ count: Int) {
    ids.reserveCapacity(count)
  }

  /// The number of `endpoint`, numbered now if it is new.
  mutating func add(_ endpoint: BindingEndpoint) -> Int {
    if let known = ids[endpoint.identity] { return known }
    var name = endpoint.name
    if case .keyPath = endpoint.identity {
      keyPathCount += 1
      name = "\\\(modelName).#\(keyPathCount)"
    } else if endpoint.kind == .derived, !endpoint.isNamedByItsKind {
      derivedCount += 1
      name = "derived#\(derivedCount)"
    }
    let id = nodes.count + 1
    ids[endpoint.identity] = id
    nodes.append(
      GraphNode(id: id, kind: endpoint.kind, name: name, valueType: endpoint.valueType))
    return id
  }
}

/// What a graph's ``BindingGraph/descriptionOnly()`` made, kept for the graph's next call (a
/// graph mounted and unmounted again and again strips its declarations once), and whether its
/// mounts read their sources twice.
///
/// NB: a graph is not `Sendable`, so the cache is only ever reached from one isolation domain.
private final class DescriptionOnlyCache<Model: AnyObject> {
  var graph: BindingGraph<Model>?
  var readsSourcesTwice = false
  let keyPaths = TemplateKeyPaths()
}
