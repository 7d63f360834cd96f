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
  /// `bind(\Model.#1: String, to: code.text, mode: .oneWay)` (see ``written`` for the text as
  /// written in the source); for a
  /// group, `group of N`.
  public var summary: String {
    // NB: a group's is made when asked for: a row's bindings body makes a group per row.
    if let members { return "group of \(members.count)" }
    return text?.summary ?? ""
  }
  /// Where the declaration was written; for a group, where its first declaration was written.
  public let site: DeclarationSite

  // NB: `@usableFromInline` for the builder and groups, which are inlined into the module of
  // the bindings body and specialized for its view model: made there, a row's group of
  // declarations costs no run-time type lookups.
  /// The declaration's text, in one object: `nil` for a group, and for a declaration made
  /// without it (see ``DeclarationText``). A bindings body copies each of its lines once, and
  /// a copy retains one reference for the text, not four (none for a row's declarations).
  @usableFromInline let text: DeclarationDescription?
  @usableFromInline let installer: @MainActor (MountContext<Model>) -> Void
  /// The declarations of a group, in order; `nil` for a single declaration.
  @usableFromInline let members: [BindingDeclaration<Model>]?

  /// The nodes the declaration reaches, as it sees them; empty without text.
  var endpoints: [Endpoint] { text?.endpoints ?? [] }
  /// The edges the declaration adds; empty without text.
  var edges: [EdgePlan] { text?.edges ?? [] }
  /// What is wrong with the declaration on its own; empty without text.
  var problems: [String] { text?.problems ?? [] }

  /// Makes a declaration. The text (summary, endpoints, edges, problems) is made only when it
  /// can be needed: not for a row of a list whose template was checked already (see
  /// ``DeclarationText``).
  @MainActor
  init(
    summary: @autoclosure () -> String, site: DeclarationSite,
    endpoints: @autoclosure () -> [Endpoint], edges: @autoclosure () -> [EdgePlan],
    problems: @autoclosure () -> [String] = [],
    install: @escaping @MainActor (MountContext<Model>) -> Void
  ) {
    self.init(
      text: DeclarationText.isElided
        ? nil
        : DeclarationDescription(
          summary: summary(), endpoints: endpoints(), edges: edges(), problems: problems()),
      site: site, install: install)
  }

  private init(
    text: DeclarationDescription?, site: DeclarationSite,
    install: @escaping @MainActor (MountContext<Model>) -> Void
  ) {
    self.text = text
    self.site = site
    self.installer = install
    self.members = nil
  }

  @inlinable
  init(members: [BindingDeclaration<Model>]) {
    self.text = nil
    self.site = members.first?.site ?? DeclarationSite(fileID: "(empty group)", line: 0)
    self.installer = { _ in }
    self.members = members
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
          buffer[index].installer(context)
        }
      }
    }
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

  /// The same declaration with an install step that does nothing.
  func descriptionOnly() -> Self {
    if let members { return .group(members.map { $0.descriptionOnly() }) }
    return Self(text: text, site: site, install: { _ in })
  }

  /// The widget properties and events the declaration reaches.
  package var widgetReferences: [WidgetReference] {
    if let members { return members.flatMap { $0.widgetReferences } }
    return endpoints.compactMap { endpoint in
      switch endpoint.identity {
      case .widget(let key), .event(let key):
        endpoint.object.map { WidgetReference(key: key, object: $0) }
      default:
        nil
      }
    }
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

/// A declaration's text: its summary, and the endpoints, edges and problems a graph is built
/// and checked from.
@usableFromInline
final class DeclarationDescription {
  let summary: String
  let endpoints: [Endpoint]
  let edges: [EdgePlan]
  let problems: [String]

  init(summary: String, endpoints: [Endpoint], edges: [EdgePlan], problems: [String]) {
    self.summary = summary
    self.endpoints = endpoints
    self.edges = edges
    self.problems = problems
  }
}

/// A node as a declaration sees it, before the graph numbers it.
@usableFromInline
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

@usableFromInline
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

/// Whether the declarations made now leave out their text: their summary, endpoints, edges and
/// problems, which serve only to build and check a graph and to report its errors.
///
/// A list makes the declarations of every row from the row's template, on the row's own view
/// model (the bindings body may use it, as in `command(vm.delete, on: deleteButton)`). The
/// template's graph is built and checked once per list, from its first row; the later rows'
/// declarations are installed and never described, so their text is not made.
@MainActor
enum DeclarationText {
  // NB: not a task-local value: declarations are made on the main actor, and binding a
  // task-local value for every row of a list cost about 3% of the row's mount.
  static var isElided = false
}

/// Makes declarations without their text: their summary, endpoints, edges and problems, which
/// serve only to build and check a graph and to report its errors.
///
/// For declarations that are installed without a graph being built of them: the rows of a list
/// after the first of their template (see ``ChildMounter/hasChecked(_:)``).
///
/// - Parameters:
///   - input: What `body` makes the declarations from.
///   - body: Makes the declarations.
/// - Returns: What `body` returns.
@MainActor
package func withoutDeclarationText<Input, Result>(
  _ input: Input, _ body: (Input) throws -> Result
) rethrows -> Result {
  let wasElided = DeclarationText.isElided
  DeclarationText.isElided = true
  defer { DeclarationText.isElided = wasElided }
  return try body(input)
}
