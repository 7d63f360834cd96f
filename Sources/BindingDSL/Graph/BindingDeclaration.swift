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
    return form.summary(of: edges)
  }
  /// Where the declaration was written; for a group, where its first declaration was written.
  public let site: DeclarationSite

  // NB: `@usableFromInline` for the builder and groups, which are inlined into the module of
  // the bindings body and specialized for its view model: made there, a row's group of
  // declarations costs no run-time type lookups.
  /// How the summary reads.
  @usableFromInline let form: DeclarationForm
  /// The first edge, kept inline: most declarations have one, and an array would be an
  /// allocation per declaration (per row, in a list).
  @usableFromInline let firstEdge: BindingEdge<Model>?
  @usableFromInline let otherEdges: [BindingEdge<Model>]
  /// What is wrong with the declaration on its own.
  public let problems: [String]
  /// The declarations of a group, in order; `nil` for a single declaration.
  @usableFromInline let members: [BindingDeclaration<Model>]?

  /// The edges, in the order a mount runs them; none for a group.
  public var edges: [BindingEdge<Model>] {
    guard let firstEdge else { return [] }
    return [firstEdge] + otherEdges
  }

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

  @usableFromInline
  @MainActor
  init(
    _ form: DeclarationForm, site: DeclarationSite, edges: [BindingEdge<Model>],
    problems: [String] = []
  ) {
    self.form = form
    self.site = site
    self.firstEdge = edges.first
    self.otherEdges = edges.count > 1 ? Array(edges.dropFirst()) : []
    self.problems = problems + Self.unrunInputs(in: edges)
    self.members = nil
  }

  /// A declaration of one edge.
  @usableFromInline
  @MainActor
  init(_ form: DeclarationForm, site: DeclarationSite, edge: BindingEdge<Model>) {
    self.form = form
    self.site = site
    self.firstEdge = edge
    self.otherEdges = []
    self.problems = []
    self.members = nil
  }

  @inlinable
  init(members: [BindingDeclaration<Model>]) {
    self.form = .group
    self.site = members.first?.site ?? DeclarationSite(fileID: "(empty group)", line: 0)
    self.firstEdge = nil
    self.otherEdges = []
    self.problems = []
    self.members = members
  }

  private init(describing declaration: Self) {
    form = declaration.form
    site = declaration.site
    firstEdge = declaration.firstEdge?.described
    otherEdges = declaration.otherEdges.map(\.described)
    problems = declaration.problems
    members = declaration.members
  }

  /// The inputs (edges without a function) that feed no node a later edge of the declaration
  /// leaves from with a function: nothing would read them.
  private static func unrunInputs(in edges: [BindingEdge<Model>]) -> [String] {
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

  /// Installs `declarations` (a group's declarations among them, in order) on a mounting graph.
  @MainActor
  static func install(_ declarations: [Self], in context: MountContext<Model>) {
    // NB: through the buffer, whose elements are read in place: a `for` loop (or the array's
    // subscript, in code not specialized for the view model) copies each declaration out,
    // retaining and releasing each of its references, and installing needs none of them.
    declarations.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        if let members = buffer[index].members {
          install(members, in: context)
        } else {
          buffer[index].run(in: context)
        }
      }
    }
  }

  /// Runs the edges in order.
  @MainActor
  @inlinable
  func run(in context: MountContext<Model>) {
    firstEdge?.run?(context)
    for edge in otherEdges { edge.run?(context) }
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
  @inlinable
  public static func group(_ declarations: [BindingDeclaration<Model>]) -> Self {
    Self(members: declarations)
  }

  /// Whether this is a group of declarations rather than one.
  @inlinable
  public var isGroup: Bool { members != nil }

  /// The single declarations this one stands for, in order: itself, or a group's declarations
  /// with nested groups opened.
  @inlinable
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

  @inlinable
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
    return Self(describing: self)
  }

  /// The widget properties and events the declaration reaches.
  package var widgetReferences: [WidgetReference] {
    if let members { return members.flatMap { $0.widgetReferences } }
    var references: [WidgetReference] = []
    for edge in edges {
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
  public var written: String {
    guard members == nil, let statement = DeclarationSource.statement(at: site) else {
      return summary
    }
    // NB: the line must hold the declaration the summary describes, not another call.
    let name = summary.prefix { $0 != "(" }
    return statement.hasPrefix(name + "(") ? statement : summary
  }

  /// The declaration as written (see ``written``) followed by the place it was written, as
  /// errors show it: `bind(\.greeting, to: name.text) at MyApp/SignUpScreen.swift:12`.
  public var located: String { "\(written) at \(site)" }
}

/// A widget property or event a declaration reaches: its key and the object the declaration
/// holds, so that a screen can check that it is the one in its tree.
package struct WidgetReference: Hashable, Sendable {
  package let key: TargetKey
  package let object: ObjectIdentifier
}
