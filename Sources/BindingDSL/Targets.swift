/// Names one bindable property of one widget: the widget's identity and the property's name.
///
/// Target keys are how the graph tells whether two declarations write the same place, and how
/// nodes are named in ``BindingGraph/dump()``.
public struct TargetKey: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The widget's stable identity.
  public var widgetID: String
  /// The property's name on that widget, such as `text` or `isEnabled`.
  public var property: String

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - widgetID: The widget's identity.
  ///   - property: The property's name on that widget.
  public init(widgetID: String, property: String) {
    self.widgetID = widgetID
    self.property = property
  }

  /// `widget.property`, as the graph dump names the node.
  public var description: String { "\(widgetID).\(property)" }

  /// Orders keys by widget, then by property, so that errors list them in a stable order.
  ///
  /// - Parameters:
  ///   - lhs: One key.
  ///   - rhs: The other.
  /// - Returns: Whether `lhs` comes first.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.widgetID, lhs.property) < (rhs.widgetID, rhs.property)
  }
}

/// A widget value that bindings can write.
///
/// Widget kits adopt this protocol for every property a view model may drive. The graph writes a
/// value at most once per flush and only when it changed.
@MainActor
public protocol ValueTarget<Value>: AnyObject {
  /// The type of the value the property holds.
  associatedtype Value
  /// Which widget and property this is.
  var targetKey: TargetKey { get }
  /// Whether a person can edit the value (a text field's text, a toggle's state).
  var isEditable: Bool { get }
  /// The value the widget currently holds.
  var currentValue: Value { get }
  /// Sets the value on behalf of a binding. Must not report it as an edit.
  ///
  /// - Parameter value: The new value.
  func receive(_ value: Value)
  /// Registers a handler called with each edit a person makes. Programmatic writes through
  /// ``receive(_:)`` never call it, and neither does registering it: a binding registers its
  /// handlers while its graph mounts, when a write into the view model would not be observed.
  ///
  /// - Parameter handler: Called on the main actor with the edited value.
  /// - Returns: The token ``removeEditHandler(_:)`` takes.
  func addEditHandler(_ handler: @escaping @MainActor (Value) -> Void) -> HandlerToken
  /// Removes a handler registered with ``addEditHandler(_:)``.
  ///
  /// - Parameter token: A token ``addEditHandler(_:)`` returned.
  func removeEditHandler(_ token: HandlerToken)
  /// Called when the view model did not take an edit: a binding's `back:` converter returned
  /// `nil` for it. The widget keeps showing the edit (typing `-` on the way to `-5` must stay
  /// possible); it may mark it as rejected until a binding writes a value through
  /// ``receive(_:)`` or an edit the view model takes arrives. Called on the main actor, after
  /// the edit was stored and while its edit handlers run.
  ///
  /// A default implementation does nothing, so a widget kit that shows no such mark need not
  /// implement it.
  ///
  /// - Parameter edit: The value the person entered and the view model did not take.
  func editRejected(_ edit: Value)
  /// Whether ``receive(_:)`` only stores the value (and never runs code that could write into
  /// a view model).
  ///
  /// A graph whose widgets all answer `true` observes each view-model value with the read that
  /// gives the widget its first value; otherwise it reads every value again once its widgets
  /// are written, so that a write made by a widget is not missed. A default implementation
  /// answers `false`.
  var receivesWithoutSideEffects: Bool { get }
  /// The widget property this target stands in for, when it is not a widget's own property but
  /// forwards to one (to count, log or adapt writes); `nil`, the default, for a widget's own.
  ///
  /// A screen checks when it mounts that every property its bindings reach is a stored member
  /// of a widget in its tree, which catches a widget made anew in a computed property. A
  /// forwarding target passes that check through the property it names here, which must be a
  /// member of the widget its ``targetKey`` names; give it that property's key, so that the
  /// graph sees one property, and a second binding to it as a second writer.
  ///
  /// ```swift
  /// final class CountingText: ValueTarget {
  ///   let field: TextField
  ///   var writes = 0
  ///   init(_ field: TextField) { self.field = field }
  ///   var targetKey: TargetKey { field.text.targetKey }
  ///   var isEditable: Bool { true }
  ///   var currentValue: String { field.text.value }
  ///   var forwardsTo: AnyObject? { field.text }
  ///   func receive(_ value: String) {
  ///     writes += 1
  ///     field.text.receive(value)
  ///   }
  ///   func addEditHandler(_ handler: @escaping @MainActor (String) -> Void) -> HandlerToken {
  ///     field.text.addEditHandler(handler)
  ///   }
  ///   func removeEditHandler(_ token: HandlerToken) { field.text.removeEditHandler(token) }
  /// }
  /// ```
  var forwardsTo: AnyObject? { get }
}

extension ValueTarget {
  /// `nil`: a widget's own property forwards to nothing.
  public var forwardsTo: AnyObject? { nil }

  /// Answers `false`: a widget kit's property may run any code when it receives a value.
  public var receivesWithoutSideEffects: Bool { false }

  /// Does nothing: a widget that does not mark rejected edits keeps showing them unmarked.
  ///
  /// - Parameter edit: The value the person entered and the view model did not take.
  public func editRejected(_ edit: Value) {}
}

/// Something a person does to a widget, such as a tap, that declarations can react to.
@MainActor
public protocol EventSource: AnyObject {
  /// Which widget and event this is, such as `register.tap`.
  var eventKey: TargetKey { get }
  /// Registers a handler called each time the event happens; registering it does not call it
  /// (a binding registers its handlers while its graph mounts, when a write into the view model
  /// would not be observed).
  ///
  /// - Parameter handler: Called on the main actor each time.
  /// - Returns: The token ``removeHandler(_:)`` takes.
  func addHandler(_ handler: @escaping @MainActor () -> Void) -> HandlerToken
  /// Removes a handler registered with ``addHandler(_:)``.
  ///
  /// - Parameter token: A token ``addHandler(_:)`` returned.
  func removeHandler(_ token: HandlerToken)
  /// The widget event this source stands in for, when it is not a widget's own event but
  /// forwards to one (a control that adapts a button); `nil`, the default, for a widget's own.
  /// See ``ValueTarget/forwardsTo``.
  var forwardsTo: AnyObject? { get }
}

extension EventSource {
  /// `nil`: a widget's own event forwards to nothing.
  public var forwardsTo: AnyObject? { nil }
}

/// The object a screen checks for a declaration's widget property or event: the one `object`
/// forwards to, followed to its end (see ``ValueTarget/forwardsTo``).
@MainActor
func forwardedEnd(of object: AnyObject, first: AnyObject?) -> AnyObject {
  var current = object
  var next = first
  // NB: bounded, so that two targets forwarding to each other cannot hang a mount.
  for _ in 0..<16 {
    guard let found = next, found !== current else { return current }
    current = found
    next = (found as? any ValueTarget)?.forwardsTo ?? (found as? any EventSource)?.forwardsTo
  }
  return current
}

/// A widget that can trigger a command: a trigger event, an enabled state, and optionally a
/// busy state shown while the command runs.
@MainActor
public protocol CommandControl: AnyObject {
  /// The event that executes the command, such as a button's tap.
  var commandTrigger: any EventSource { get }
  /// Receives whether the command can execute.
  var commandEnabled: any ValueTarget<Bool> { get }
  /// Receives whether the command is executing, if the widget can show it.
  var commandBusy: (any ValueTarget<Bool>)? { get }
}
