/// An end of a ``BindingEdge``: a node of the graph as a declaration names it, before the graph
/// numbers it. Two endpoints naming the same thing (one key path, one widget property, one
/// command) are one node of the graph, however many declarations reach it.
///
/// An endpoint holds what names the node, not the text: its name and value type are made when a
/// graph is dumped or reports a problem, so making one costs a few stores.
///
/// ```swift
/// let count = BindingEndpoint(node: .action, name: "count writes")
/// ```
public struct BindingEndpoint: Hashable, Sendable {
  enum Identity: Hashable, @unchecked Sendable {
    // NB: a key path is immutable; `@unchecked` only because `AnyKeyPath` is not marked.
    case keyPath(AnyKeyPath)
    case command(ObjectIdentifier)
    case widget(TargetKey)
    case event(TargetKey)
    case lifecycle(LifecycleEvent)
    /// A node private to one declaration (a combination, an action), unique by the identity
    /// of the object it holds.
    case local(LocalIdentity)
  }

  /// How the name and value type are made when they are asked for.
  enum Label: @unchecked Sendable {
    // NB: `Any.Type` values are immutable metadata; `@unchecked` only for the compiler.
    /// A key path: named from its root and value types.
    case keyPath
    /// A widget property holding values of a type; editable or not.
    case target(valueType: Any.Type, isEditable: Bool)
    /// A widget event.
    case event
    /// A command: its name and its type.
    case command(name: String?, type: Any.Type)
    /// A moment in a screen's life.
    case lifecycle
    /// A node of one declaration: its name, and its value type if it has one.
    case node(LocalName, valueType: Any.Type?)
  }

  /// How a declaration's own node is named.
  enum LocalName: @unchecked Sendable {
    case text(String)
    /// A name a kit gave its node (``BindingEndpoint/init(node:name:valueType:)``), which the
    /// dump keeps as it is.
    case given(String)
    case action(DeclarationSite)
    case timer(Timing)
    /// `prefix` followed by a key path's name: `validation of \Model.<String>`.
    case about(String, AnyKeyPath)
  }

  let identity: Identity
  /// What the node stands for.
  public let kind: GraphNode.Kind
  let label: Label
  /// The widget property or event object a widget endpoint stands for.
  let object: ObjectIdentifier?

  init(identity: Identity, kind: GraphNode.Kind, label: Label, object: ObjectIdentifier? = nil) {
    self.identity = identity
    self.kind = kind
    self.label = label
    self.object = object
  }

  /// The name the node has in summaries: `\LoginViewModel.<String>`, `name.text`, `register`.
  /// A graph renames key paths by their order (`\LoginViewModel.#1`) and the library's derived
  /// values (`derived#1`); a name given with ``init(node:name:valueType:)`` stays.
  public var name: String {
    switch (label, identity) {
    case (.keyPath, .keyPath(let keyPath)): keyPathName(keyPath)
    case (.target, .widget(let key)), (.event, .event(let key)), (.target, .event(let key)):
      key.description
    case (.command(let name, _), _): name ?? "(unnamed)"
    case (.lifecycle, .lifecycle(let event)): "lifecycle.\(event.rawValue)"
    case (.node(.text(let text), _), _), (.node(.given(let text), _), _): text
    case (.node(.action(let site), _), _): "action at \(site)"
    case (.node(.timer(let timing), _), _): timing.description
    case (.node(.about(let prefix, let keyPath), _), _): "\(prefix) \(keyPathName(keyPath))"
    default: "\(identity)"
    }
  }

  /// Whether a kit named the node (``init(node:name:valueType:)``), so that a graph keeps the
  /// name rather than numbering it.
  var isNamedByItsKind: Bool {
    if case .node(.given, _) = label { return true }
    return false
  }

  /// The Swift type of the node's value (`String (editable)` for a widget value a person
  /// edits), or an empty string for events and actions.
  public var valueType: String {
    switch label {
    case .keyPath:
      if case .keyPath(let keyPath) = identity { return typeName(type(of: keyPath).valueType) }
      return ""
    case .target(let type, let isEditable):
      return typeName(type) + (isEditable ? " (editable)" : "")
    case .command(_, let type): return typeName(type)
    case .node(_, let type?): return typeName(type)
    case .event, .lifecycle, .node: return ""
    }
  }

  /// Two endpoints are equal when they name the same node.
  ///
  /// - Parameters:
  ///   - lhs: An endpoint.
  ///   - rhs: Another endpoint.
  /// - Returns: Whether both name one node.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.identity == rhs.identity && lhs.kind == rhs.kind
  }

  /// Hashes what names the node.
  ///
  /// - Parameter hasher: The hasher to combine into.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(identity)
    hasher.combine(kind)
  }
}

extension BindingEndpoint {
  /// A view-model value read through `keyPath`.
  ///
  /// - Parameter keyPath: The key path, from the view-model type.
  public init<Model, Value>(_ keyPath: KeyPath<Model, Value>) {
    self.init(identity: .keyPath(keyPath), kind: .source, label: .keyPath)
  }

  /// A widget property: the object a forwarding target forwards to is the one a screen checks.
  ///
  /// - Parameter target: The widget property.
  @MainActor
  public init<Target: ValueTarget>(_ target: Target) {
    self.init(
      identity: .widget(target.targetKey), kind: .target,
      label: .target(valueType: Target.Value.self, isEditable: target.isEditable),
      object: ObjectIdentifier(forwardedEnd(of: target, first: target.forwardsTo)))
  }

  /// A widget event, such as a button's tap.
  ///
  /// - Parameter event: The event.
  @MainActor
  public init(event: some EventSource) {
    self.init(
      identity: .event(event.eventKey), kind: .event, label: .event,
      object: ObjectIdentifier(forwardedEnd(of: event, first: event.forwardsTo)))
  }

  /// A command of the view model.
  ///
  /// - Parameter command: The command.
  @MainActor
  public init<Input, Output>(_ command: Command<Input, Output>) {
    self.init(
      identity: .command(ObjectIdentifier(command)), kind: .command,
      label: .command(name: command.name, type: Command<Input, Output>.self))
  }

  /// A moment in the life of the screen.
  ///
  /// - Parameter event: The moment, such as `.didAppear`.
  public init(lifecycle event: LifecycleEvent) {
    self.init(identity: .lifecycle(event), kind: .lifecycle, label: .lifecycle)
  }

  /// A node of one declaration that is neither a view-model value nor a widget: a value it
  /// computes, an action it runs, a timer. Each call makes a new node.
  ///
  /// - Parameters:
  ///   - kind: What the node is: `.derived`, `.action`, `.timer`…
  ///   - name: How the dump and errors name it, as given (the library's own combinations are
  ///     numbered instead: `derived#1`).
  ///   - valueType: The type of the value it holds, if it holds one.
  @MainActor
  public init(node kind: GraphNode.Kind, name: String, valueType: Any.Type? = nil) {
    self.init(local: kind, .given(name), valueType: valueType)
  }

  /// A node of one declaration, named when asked for.
  @MainActor
  init(local kind: GraphNode.Kind, _ name: LocalName, valueType: Any.Type? = nil) {
    self.init(
      identity: .local(LocalIdentity()), kind: kind,
      label: .node(name, valueType: valueType))
  }

  /// The widget property a collection or a child screen is shown in, which holds values of
  /// `valueType`.
  @MainActor
  init(content target: AnyObject, key: TargetKey, valueType: Any.Type) {
    self.init(
      identity: .widget(key), kind: .target,
      label: .target(valueType: valueType, isEditable: false), object: ObjectIdentifier(target))
  }
}

/// The identity of a node private to one declaration: equal only to itself, so no other
/// declaration's node can share it (an object, not a number from a process-wide counter).
final class LocalIdentity: Hashable, Sendable {
  static func == (lhs: LocalIdentity, rhs: LocalIdentity) -> Bool { lhs === rhs }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// The readable form of a key path in declaration summaries: the root type and the value type.
func keyPathName(_ keyPath: AnyKeyPath) -> String {
  let type = type(of: keyPath)
  return "\\\(typeName(type.rootType)).<\(typeName(type.valueType))>"
}
