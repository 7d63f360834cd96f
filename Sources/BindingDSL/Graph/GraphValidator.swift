/// Checks a numbered graph: conflicting writers, commands bound twice, cycles, and the problems
/// declarations found in themselves.
struct GraphValidator {
  /// Each declaration as a problem names it (summary and site), made only for a problem.
  var declarations: (Int) -> String
  let declarationProblems: [[String]]
  /// The nodes as problems name them: numbered, or named as their declarations write them.
  var nodes: [GraphNode]
  /// The nodes numbered (`\Model.#1`), whatever ``nodes`` names them: a declaration's own
  /// problems name its key paths by type only (`\Model.<String>`), and are matched to their
  /// nodes through these.
  let numberedNodes: [GraphNode]
  let edges: [GraphEdge]
  /// For each edge, the index of the declaration that made it.
  let owners: [Int]

  func validate() -> [BindingGraphError.Problem] {
    var found: [BindingGraphError.Problem] = []
    for (index, messages) in declarationProblems.enumerated() {
      for message in messages {
        // NB: the message names the key path as the declaration does, numbered as in the dump.
        found.append(
          .init(
            kind: .invalidDeclaration, message: numbered(message, for: index),
            declarations: [named(index)]))
      }
    }
    found += conflictingWriters()
    found += commandsBoundTwice()
    found += cycles()
    return found
  }

  private func name(_ id: Int) -> String { nodes[id - 1].name }

  /// Declaration `index` as a problem names it, its key paths named as in the dump
  /// (`\Model.<String>` becomes `\Model.#1: String`, or `\Model.fullName: String` where the
  /// declaration can be read), so that two declarations reading one property show it, and the
  /// dump's lines can be found.
  private func named(_ index: Int) -> String {
    numbered(declarations(index), for: index)
  }

  /// `text` with the key paths of declaration `index` named as ``nodes`` name them: as the
  /// declaration writes them (`\Model.fullName: String`), or numbered as in the dump.
  private func numbered(_ text: String, for index: Int) -> String {
    var text = text
    // NB: a node is not skipped when seen before: `bind(\.name, \.name, to:)` reads it twice and
    // names it twice. A second visit of a key path named once finds nothing left to replace.
    for (edgeIndex, edge) in edges.enumerated() where owners[edgeIndex] == index {
      for id in [edge.from, edge.to] {
        let node = numberedNodes[id - 1]
        guard node.kind == .source, let number = node.name.firstRange(of: ".#") else { continue }
        let unnumbered = node.name[..<number.lowerBound] + ".<\(node.valueType)>"
        if let range = text.firstRange(of: unnumbered) {
          text.replaceSubrange(range, with: "\(nodes[id - 1].name): \(node.valueType)")
        }
      }
    }
    return text
  }

  /// Declarations (by index, in order) owning the given edges, without repeats.
  private func owning(_ edgeIndices: [Int]) -> [Int] {
    var seen: Set<Int> = []
    return edgeIndices.map { owners[$0] }.filter { seen.insert($0).inserted }.sorted()
  }

  /// A problem of `kind` for each key (in order) whose edges belong to more than one
  /// declaration, with the message `message` makes of the key and the number of declarations.
  private func shared<Key: Comparable>(
    _ edgesByKey: [Key: [Int]], _ kind: BindingGraphError.Problem.Kind,
    message: (Key, Int) -> String
  ) -> [BindingGraphError.Problem] {
    edgesByKey.keys.sorted().compactMap { key in
      let owners = owning(edgesByKey[key] ?? [])
      guard owners.count > 1 else { return nil }
      return .init(
        kind: kind, message: message(key, owners.count), declarations: owners.map { named($0) })
    }
  }

  private func conflictingWriters() -> [BindingGraphError.Problem] {
    var writers: [Int: [Int]] = [:]
    for (index, edge) in edges.enumerated()
    where nodes[edge.to - 1].kind == .target && edge.role != .trigger {
      writers[edge.to, default: []].append(index)
    }
    return shared(writers, .conflictingWriters) { target, count in
      "\(name(target)) is written by \(count) declarations; a widget property takes one "
        + "source. Combine the values in one computed property or in one bind(_:_:to:) with a "
        + "transform."
    }
  }

  /// A control's event executes one command; a moment of the screen's life may execute
  /// several, but not one command twice.
  private func commandsBoundTwice() -> [BindingGraphError.Problem] {
    var controls: [Int: [Int]] = [:]
    var moments: [Pair: [Int]] = [:]
    for (index, edge) in edges.enumerated()
    where edge.role == .trigger && nodes[edge.to - 1].kind == .command {
      switch nodes[edge.from - 1].kind {
      case .event: controls[edge.from, default: []].append(index)
      case .lifecycle: moments[Pair(edge.from, edge.to), default: []].append(index)
      default: break
      }
    }
    let onControls = shared(controls, .commandBoundTwice) { event, count in
      "\(name(event)) executes \(count) command bindings; a control triggers one command. "
        + "Bind the others to their own controls, or make one command that runs both."
    }
    let onMoments = shared(moments, .commandBoundTwice) { pair, count in
      "\(name(pair.from)) executes command \(name(pair.to)) \(count) times; declare it once."
    }
    return onControls + onMoments
  }

  /// Finds strongly connected groups of nodes. A group joined only by two-way bindings that
  /// form a tree is those bindings; any other group is a cycle.
  private func cycles() -> [BindingGraphError.Problem] {
    var adjacency: [[Int]] = Array(repeating: [], count: nodes.count + 1)
    for edge in edges {
      adjacency[edge.from].append(edge.to)
      if edge.mode == .twoWay { adjacency[edge.to].append(edge.from) }
    }
    let groups = StronglyConnected(adjacency: adjacency).groups.filter { $0.count > 1 }
    guard !groups.isEmpty else { return [] }
    // NB: one pass over the edges files each edge under the group holding both its ends (most
    // groups are a two-way binding's two nodes; a set per group, checked against every edge,
    // cost a hash per edge and group).
    var groupOf = Array(repeating: -1, count: nodes.count + 1)
    for (number, group) in groups.enumerated() {
      for node in group { groupOf[node] = number }
    }
    var edgesInside: [[Int]] = Array(repeating: [], count: groups.count)
    for (index, edge) in edges.enumerated() {
      let group = groupOf[edge.from]
      if group >= 0 && group == groupOf[edge.to] { edgesInside[group].append(index) }
    }
    return zip(groups, edgesInside).compactMap { group, inside in
      let owners = owning(inside)
      // Two-way bindings that join one value to several widgets (or a widget to several
      // values) without closing a loop form a tree: each is its own binding, and the echo
      // guard keeps every edit from coming back. Anything else inside the group is a cycle.
      let onlyTwoWay = inside.allSatisfy { edges[$0].mode == .twoWay }
      if onlyTwoWay && inside.count == group.count - 1 { return nil }
      let origins = NodeOrigins(nodes: nodes, edges: edges)
      let names = group.sorted().map { origins.describe(nodes[$0 - 1]) }.joined(separator: ", ")
      return .init(
        kind: .cycle,
        message: "values flow in a circle through \(names); only a single two-way binding "
          + "may join a view-model value and a widget property both ways. Declare it once "
          + "with mode: .twoWay.",
        declarations: owners.map { named($0) })
    }
  }
}

/// Two node ids, ordered by the first and then the second.
private struct Pair: Hashable, Comparable {
  let from: Int
  let to: Int

  init(_ from: Int, _ to: Int) {
    self.from = from
    self.to = to
  }

  static func < (lhs: Self, rhs: Self) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
}

/// Tarjan's algorithm, iterative so that deep graphs cannot overflow the stack.
private struct StronglyConnected {
  var groups: [[Int]] = []

  init(adjacency: [[Int]]) {
    let count = adjacency.count
    var index = Array(repeating: -1, count: count)
    var low = Array(repeating: 0, count: count)
    var onStack = Array(repeating: false, count: count)
    var stack: [Int] = []
    var next = 0
    var work: [(node: Int, edge: Int)] = []
    /// Numbers `node` and starts going through its edges.
    func visit(_ node: Int) {
      index[node] = next
      low[node] = next
      next += 1
      stack.append(node)
      onStack[node] = true
      work.append((node, 0))
    }
    for root in 1..<max(count, 1) where index[root] == -1 {
      visit(root)
      while let (node, edge) = work.last {
        if edge < adjacency[node].count {
          work[work.count - 1].edge += 1
          let target = adjacency[node][edge]
          if index[target] == -1 {
            visit(target)
          } else if onStack[target] {
            low[node] = min(low[node], index[target])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last { low[parent.node] = min(low[parent.node], low[node]) }
        if low[node] == index[node] {
          var group: [Int] = []
          while let member = stack.popLast() {
            onStack[member] = false
            group.append(member)
            if member == node { break }
          }
          groups.append(group)
        }
      }
    }
  }
}
