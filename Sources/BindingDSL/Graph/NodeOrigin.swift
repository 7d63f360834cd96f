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
