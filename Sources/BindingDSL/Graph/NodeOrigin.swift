/// Where a node of a ``BindingGraph`` was first declared and what it is bound to there: what the
/// dump and the graph's errors print beside a node, so that a key path numbered `#1` can be told
/// apart without the source.
public struct NodeOrigin: Hashable, Sendable, CustomStringConvertible {
  /// The name of the node at the other end of the node's first edge: for a view-model value,
  /// the widget property or derived value it feeds (`code.text`); for a widget property, the
  /// value that feeds it; for a derived value, what it writes.
  public let boundTo: String
  /// The declaration that first reached the node.
  public let site: DeclarationSite

  /// The origin as the dump prints it: the bound node and the declaration's file name and line,
  /// such as `code.text, RegistrationScreen.swift:28`. The file name leaves out its module and
  /// folders, so the text is the same on every machine.
  public var description: String { "\(boundTo), \(site.fileName):\(site.line)" }
}

extension DeclarationSite {
  /// The file's name without its module or folders: `RegistrationScreen.swift`.
  public var fileName: String {
    guard let slash = fileID.lastIndex(of: "/") else { return fileID }
    return String(fileID[fileID.index(after: slash)...])
  }
}

/// Finds each node's origin from the edges, in the order they were declared.
///
/// Made only when a dump or an error is printed: building a graph does not pay for it.
struct NodeOrigins {
  private let origins: [NodeOrigin?]

  init(nodes: [GraphNode], edges: [GraphEdge]) {
    var first: [Int?] = Array(repeating: nil, count: nodes.count + 1)
    var firstOut: [Int?] = Array(repeating: nil, count: nodes.count + 1)
    for (index, edge) in edges.enumerated() {
      if first[edge.from] == nil { first[edge.from] = index }
      if first[edge.to] == nil { first[edge.to] = index }
      if firstOut[edge.from] == nil { firstOut[edge.from] = index }
    }
    origins = nodes.map { node in
      // NB: a derived value is bound to what it writes; its inputs have edges of their own.
      let chosen = node.kind == .derived ? (firstOut[node.id] ?? first[node.id]) : first[node.id]
      guard let chosen else { return nil }
      let edge = edges[chosen]
      let other = edge.from == node.id ? edge.to : edge.from
      return NodeOrigin(boundTo: nodes[other - 1].name, site: edge.declaration)
    }
  }

  /// The origin of node `id`, or `nil` for a node no edge reaches.
  func origin(of id: Int) -> NodeOrigin? { origins[id - 1] }

  /// The node as an error names it: a view-model value or a derived value (numbered, so
  /// unreadable alone) followed by its origin; any other node by its name.
  func describe(_ node: GraphNode) -> String {
    guard node.kind == .source || node.kind == .derived, let origin = origin(of: node.id)
    else { return node.name }
    return "\(node.name) (\(origin))"
  }
}

/// Key-path nodes named as their declarations write them (`\RegistrationViewModel.phone`
/// rather than `\RegistrationViewModel.#1`), for the dump and the graph's errors.
///
/// Nodes keep their numbered names (``GraphNode/name``), which are the same wherever the graph
/// is built; a readable name is made only where the declaration can be read from its source
/// file (see ``DeclarationSource``), by the first declaration that reaches the node and writes
/// as many key path literals as it reaches key-path nodes.
enum ReadableNames {
  /// `nodes` with the key-path nodes renamed where their declarations can be read, each source
  /// file read once.
  static func nodes(_ nodes: [GraphNode], edges: [GraphEdge]) -> [GraphNode] {
    var source = DeclarationSource()
    return Self.nodes(nodes, edges: edges, reading: &source)
  }

  /// `nodes` with the key-path nodes renamed, the declarations read with `source`.
  static func nodes(
    _ nodes: [GraphNode], edges: [GraphEdge], reading source: inout DeclarationSource
  ) -> [GraphNode] {
    // The numbered key-path nodes each declaration reaches, in the order its edges reach them,
    // and the declarations in the order they come.
    var reached: [DeclarationSite: [Int]] = [:]
    var sites: [DeclarationSite] = []
    for edge in edges {
      for id in [edge.from, edge.to] {
        let node = nodes[id - 1]
        guard node.kind == .source, node.name.contains(".#") else { continue }
        if reached[edge.declaration] == nil { sites.append(edge.declaration) }
        if reached[edge.declaration]?.contains(id) != true {
          reached[edge.declaration, default: []].append(id)
        }
      }
    }
    var names: [Int: String] = [:]
    for site in sites {
      guard let ids = reached[site], let statement = source.statement(at: site) else { continue }
      // NB: a declaration reaches its key paths in the order it writes them, so the literals
      // name them in order when there are as many of each; the first declaration that can
      // name a node names it.
      let paths = DeclarationSource.keyPaths(in: statement)
      guard paths.count == ids.count else { continue }
      for (id, path) in zip(ids, paths) where names[id] == nil {
        let node = nodes[id - 1]
        guard let number = node.name.ranges(of: ".#").last else { continue }
        names[id] = node.name[..<number.lowerBound] + "." + path
      }
    }
    // NB: two nodes never share a name: a name made twice is dropped for both.
    var counts: [String: Int] = [:]
    for name in names.values { counts[name, default: 0] += 1 }
    return nodes.map { node in
      guard let name = names[node.id], counts[name] == 1 else { return node }
      return GraphNode(id: node.id, kind: node.kind, name: name, valueType: node.valueType)
    }
  }
}
