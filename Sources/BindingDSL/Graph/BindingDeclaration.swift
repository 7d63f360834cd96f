/// One line of a bindings body: a `bind`, `command` or `on` declaration for a view-model type,
/// or a group of them (what a block, an `if` or a `for` of a bindings body makes).
///
/// A declaration is a description plus the code that installs it. It does nothing until a
/// ``BindingGraph`` containing it is mounted on a view model.
///
/// A function that makes several declarations returns them as one group, written as a bindings
/// body of its own, and is called as one line of another body:
///
/// ```swift
/// @BindingsBuilder<AddressViewModel>
/// func addressBindings(_ vm: AddressViewModel) -> BindingDeclaration<AddressViewModel> {
///   bind(\.street, to: street.text)
///   bind(\.city, to: city.text)
/// }
/// ```
public struct BindingDeclaration<Model: AnyObject> {
  /// The declaration described from its parts, such as
  /// `bind(\Model.<String>, to: code.text, mode: .oneWay)` (see ``written`` for the text as
  /// written in the source); for a group, `group of N`.
  public var summary: String {
    // NB: made when asked for, from the edges: making a declaration makes no text.
    if let members { return "group of \(members.count)" }
    return body?.summary ?? ""
  }
  /// Where the declaration was written; for a group, where its first declaration was written.
  public let site: DeclarationSite

  // The edges live in one object of a type that is not generic, so that copying a declaration
  // retains two references.
  /// The edges, their spelling and their problems; `nil` for a group.
  let body: DeclarationBody?
  /// The declarations of a group, in order; `nil` for a single declaration.
  let members: [BindingDeclaration<Model>]?

  /// The edges, in the order a mount runs them; none for a group.
  public var edges: [BindingEdge<Model>] {
    body?.edges.map(BindingEdge.init(erased:)) ?? []
  }

  /// What is wrong with the declaration on its own; none for a group (each of its declarations
  /// has its own).
  public var problems: [String] { body?.problems ?? [] }

  /// Makes a declaration of a kind of your own from its edges (see ``BindingEdge``).
  ///
  /// - Parameters:
  ///   - name: The declaration's function name, as summaries and errors show it:
  ///     `countWrites` reads `countWrites(\Model.<String>, …)`.
  ///   - site: Where it was written: pass `#fileID` and `#line` from your function's defaults.
  ///   - edges: Its edges, in the order they run.
  ///   - problems: What is wrong with it on its own, found when it was made; each is reported
  ///     as a problem of the graph, with the declaration and its site.
  @MainActor
  public init(
    _ name: String, site: DeclarationSite, edges: [BindingEdge<Model>], problems: [String] = []
  ) {
    self.init(.named(name), site: site, edges: edges, problems: problems)
  }

  @MainActor
  init(
    _ spelling: DeclarationSpelling, site: DeclarationSite, edges: [BindingEdge<Model>],
    problems: [String] = []
  ) {
    self.init(spelling, site: site, erasedEdges: edges.map { $0.erased }, problems: problems)
  }

  /// A declaration of the edges `erasedEdges`, made by a function of the library that builds
  /// them itself: no array of a type generic over the view model, which code not
  /// specialized for it would look the metadata of up.
  @MainActor
  init(
    _ spelling: DeclarationSpelling, site: DeclarationSite, erasedEdges: [AnyBindingEdge],
    problems: [String] = []
  ) {
    self.site = site
    self.body = DeclarationBody(spelling, erasedEdges, problems: problems)
    self.members = nil
  }

  /// A declaration of `body`, kept as it is.
  private init(site: DeclarationSite, body: DeclarationBody) {
    self.site = site
    self.body = body
    self.members = nil
  }

  /// A declaration of one edge, and the problems found while making it.
  @MainActor
  init(
    _ spelling: DeclarationSpelling, site: DeclarationSite, edge: BindingEdge<Model>,
    problems: [String] = []
  ) {
    self.site = site
    self.body = DeclarationBody(spelling, edge.erased, problems: problems)
    self.members = nil
  }

  init(members: [BindingDeclaration<Model>]) {
    self.site = members.first?.site ?? DeclarationSite(fileID: "(empty group)", line: 0)
    self.body = nil
    self.members = members
  }

  /// Installs `declarations` (a group's declarations among them, in order) on a mounting graph.
  @MainActor
  static func install(_ declarations: [Self], in context: MountContext<Model>) {
    for declaration in declarations {
      if let members = declaration.members {
        install(members, in: context)
      } else {
        declaration.run(in: context)
      }
    }
  }

  /// Runs the edges in order.
  @MainActor
  func run(in context: MountContext<Model>) {
    body?.runAll(in: context)
  }

  /// Declarations taken together as one, in order: what a bindings body makes of a block.
  ///
  /// A graph built from a group holds its declarations, not the group, so a group changes
  /// nothing in the graph, its dump or its errors.
  ///
  /// ```swift
  /// let group = BindingDeclaration.group(declarations)
  /// ```
  ///
  /// - Parameter declarations: The declarations, in order; groups among them are opened.
  /// - Returns: One declaration standing for all of them.
  public static func group(_ declarations: [BindingDeclaration<Model>]) -> Self {
    Self(members: declarations)
  }

  /// Whether this is a group of declarations rather than one.
  public var isGroup: Bool { members != nil }

  /// The single declarations this one stands for, in order: itself, or a group's declarations
  /// with nested groups opened.
  public var flattened: [BindingDeclaration<Model>] {
    guard let members else { return [self] }
    // NB: most bodies are one flat group; its array is the answer as it is.
    if !members.contains(where: { $0.members != nil }) { return members }
    var all: [BindingDeclaration<Model>] = []
    all.reserveCapacity(members.count)
    appendFlattened(to: &all)
    return all
  }

  /// `declarations` with every group opened, in order (the array itself when it holds no group).
  ///
  /// - Parameter declarations: Declarations as a bindings body made them.
  /// - Returns: Single declarations only.
  package static func opened(_ declarations: [Self]) -> [Self] {
    declarations.contains { $0.isGroup } ? declarations.flatMap { $0.flattened } : declarations
  }

  func appendFlattened(to all: inout [BindingDeclaration<Model>]) {
    guard let members else {
      all.append(self)
      return
    }
    for member in members { member.appendFlattened(to: &all) }
  }

  /// The same declaration without the functions of its edges, which hold the widgets and
  /// commands it reaches: what a graph keeps for inspection once its mount ended.
  func descriptionOnly() -> Self {
    if let members { return .group(members.map { $0.descriptionOnly() }) }
    guard let body else { return self }
    return Self(site: site, body: body.described)
  }

  /// The widget properties and events the declaration reaches.
  package var widgetReferences: [WidgetReference] {
    if let members { return members.flatMap { $0.widgetReferences } }
    var references: [WidgetReference] = []
    for edge in body?.edges ?? [] {
      for end in [edge.from, edge.to] {
        guard let object = end.object else { continue }
        switch end.identity {
        case .widget(let key), .event(let key):
          let reference = WidgetReference(key: key, object: object)
          if !references.contains(reference) { references.append(reference) }
        default: break
        }
      }
    }
    return references
  }

  /// The declaration as it is written in its source file, such as
  /// `bind(\.greeting, to: name.text)`, when the file can be read from the working directory
  /// (as under `swift test` and `swift run`); otherwise the ``summary``, whose key paths the
  /// toolchain may name by number (`\Model.#2: String`). For a group, the summary.
  ///
  /// Each read of the property reads the source file again: it is made for a message.
  public var written: String {
    var source = DeclarationSource()
    return written(from: &source)
  }

  /// ``written``, reading the source file with `source`, which keeps the files it read for the
  /// other declarations of the same message.
  package func written(from source: inout DeclarationSource) -> String {
    guard members == nil, let statement = source.statement(at: site) else { return summary }
    // NB: the line must hold the declaration the summary describes, not another call.
    let name = summary.prefix { $0 != "(" }
    return statement.hasPrefix(name + "(") ? statement : summary
  }

  /// The declaration as written (see ``written``) followed by the place it was written, as
  /// errors show it: `bind(\.greeting, to: name.text) at MyApp/SignUpScreen.swift:12`.
  public var located: String { "\(written) at \(site)" }

  /// ``located``, reading the source file with `source` (see ``written(from:)``).
  package func located(from source: inout DeclarationSource) -> String {
    "\(written(from: &source)) at \(site)"
  }
}

/// A widget property or event a declaration reaches: its key and the object the declaration
/// holds, so that a screen can check that it is the one in its tree.
package struct WidgetReference: Hashable, Sendable {
  package let key: TargetKey
  package let object: ObjectIdentifier
}

/// A single declaration's edges, how its summary is spelled and its problems: one object, of a
/// type that is not generic (see ``BindingDeclaration``), with the first edge inline, since most
/// declarations have one.
final class DeclarationBody {
  let spelling: DeclarationSpelling
  let problems: [String]
  /// The first edge.
  let first: AnyBindingEdge
  /// The other edges, in order; `nil` when there is one.
  let others: [AnyBindingEdge]?

  /// A body of one edge, and the problems found while making it.
  init(_ spelling: DeclarationSpelling, _ edge: AnyBindingEdge, problems: [String]) {
    self.spelling = spelling
    self.first = edge
    self.others = nil
    self.problems = edge.run == nil ? problems + Self.unreadInputs(in: [edge]) : problems
  }

  /// A body of `edges`, and the problems found while making them, to which are added the
  /// inputs nothing reads (and a declaration of no edge, which shows and runs nothing).
  init(_ spelling: DeclarationSpelling, _ edges: [AnyBindingEdge], problems: [String]) {
    if let first = edges.first {
      self.first = first
    } else {
      let nothing = BindingEndpoint(
        identity: .local(LocalIdentity()), kind: .action,
        label: .node(.text("nothing"), valueType: nil))
      self.first = AnyBindingEdge(
        from: nothing, to: nothing, role: .trigger, mode: nil, isTransformed: false, run: nil)
    }
    self.spelling = spelling
    self.others = edges.count > 1 ? Array(edges.dropFirst()) : nil
    self.problems =
      problems + (edges.isEmpty ? ["the declaration has no edges; give it at least one"] : [])
      + Self.unreadInputs(in: edges)
  }

  /// A body of `edges` as they are, with `problems` as they were found.
  private init(spelling: DeclarationSpelling, edges: [AnyBindingEdge], problems: [String]) {
    self.spelling = spelling
    self.first = edges[0]
    self.others = edges.count > 1 ? Array(edges.dropFirst()) : nil
    self.problems = problems
  }

  /// Every edge, in order.
  var edges: [AnyBindingEdge] { [first] + (others ?? []) }

  /// Runs the edges' functions in order, given the mount's context.
  ///
  /// - Parameter context: The `MountContext` of the mount.
  @MainActor
  func runAll(in context: AnyObject) {
    first.run?(context)
    if let others {
      for edge in others { edge.run?(context) }
    }
  }

  /// The summary of the declaration, made from its edges.
  var summary: String { spelling.summary(of: edges) }

  /// The same body without the functions of its edges, which hold the widgets and commands
  /// the declaration reaches.
  var described: DeclarationBody {
    DeclarationBody(
      spelling: spelling, edges: edges.map { $0.described }, problems: problems)
  }

  /// The inputs (edges without a function) that feed no node a later edge of the declaration
  /// leaves from with a function: nothing would read them.
  static func unreadInputs(in edges: [AnyBindingEdge]) -> [String] {
    var problems: [String] = []
    for (index, edge) in edges.enumerated() where edge.run == nil {
      let isRead = edges[(index + 1)...].contains { $0.from == edge.to && $0.run != nil }
      if !isRead {
        problems.append(
          "the input \(edge.from.name) -> \(edge.to.name) feeds a node no later edge of the "
            + "declaration leaves from with a function, so nothing reads it; give the node an "
            + "edge out of it made with BindingEdge(from:to:role:run:)")
      }
    }
    return problems
  }
}
