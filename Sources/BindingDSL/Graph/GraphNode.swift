/// One node of a ``BindingGraph``: a view-model value, a derived value, a command, or a widget
/// property or event.
public struct GraphNode: Hashable, Sendable, CustomStringConvertible {
  /// What a node stands for.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A view-model property addressed by key path, stored or computed.
    case source
    /// A value the graph computes from other nodes, such as a combination of two sources.
    case derived
    /// A command object on the view model.
    case command
    /// A widget property that bindings write or read edits from.
    case target
    /// A widget event, such as a tap.
    case event
    /// An action a declaration runs when an event happens.
    case action
    /// A moment in the life of the screen, such as `didAppear`.
    case lifecycle
    /// A timer between a value and the command it triggers (debounce or throttle).
    case timer
  }

  /// The node's position in the graph, starting at 1, stable for a given list of declarations.
  public let id: Int
  /// What the node stands for.
  public let kind: Kind
  /// A readable name: `code.text`, `command register`, `\RegistrationViewModel.#2`.
  public let name: String
  /// The Swift type of the node's value, or an empty string for events and actions.
  public let valueType: String

  /// The node as the dump names it, without its origin: `n4 target code.text: String`.
  public var description: String {
    valueType.isEmpty
      ? "n\(id) \(kind.rawValue) \(name)" : "n\(id) \(kind.rawValue) \(name): \(valueType)"
  }
}

/// One edge of a ``BindingGraph``: values or events flowing from one node to another.
public struct GraphEdge: Hashable, Sendable, CustomStringConvertible {
  /// What travels along an edge.
  public enum Role: String, Hashable, Sendable {
    /// A value written into the target on every change (or once, for one-time bindings).
    case value
    /// A command's ability to execute, written into a widget's enabled state.
    case enabled
    /// A command's executing state, written into a widget's busy state.
    case busy
    /// A command's status, written into a status widget such as a HUD.
    case status
    /// An event that executes a command or runs an action.
    case trigger
    /// An input of a derived value.
    case input
  }

  /// The id of the node values or events come from.
  public let from: Int
  /// The id of the node they go to.
  public let to: Int
  /// The resolved mode of a value binding; `nil` for the other roles.
  public let mode: BindingMode?
  /// What travels along the edge.
  public let role: Role
  /// Whether a transform or converter sits on the edge.
  public let isTransformed: Bool
  /// The declaration that created the edge.
  public let declaration: DeclarationSite
  /// The name of the declaration kind that made the edge, when a kit outside the library made
  /// it (`BindingDeclaration.init(_:site:edges:problems:)`); `nil` for the library's own kinds.
  public let kind: String?

  /// The edge as the dump writes it, without names: `n1 -> n2 value two-way`, and
  /// `by countWrites` after an edge a kind from outside the library made.
  public var description: String {
    var text = "n\(from) -> n\(to) \(role.rawValue)"
    if let mode { text += " \(mode)" }
    if isTransformed { text += " transformed" }
    if let kind { text += " by \(kind)" }
    return text
  }
}

/// Where a declaration was written, used by errors to point at the source.
public struct DeclarationSite: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` spells it: `Module/File.swift`.
  public let fileID: String
  /// The line, from 1.
  public let line: Int

  /// Creates a site; declarations make theirs from `#fileID` and `#line`.
  ///
  /// - Parameters:
  ///   - fileID: The file, as `#fileID` spells it.
  ///   - line: The line.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
  }

  /// `Module/File.swift:line`.
  public var description: String { "\(fileID):\(line)" }
}
