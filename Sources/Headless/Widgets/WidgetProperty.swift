public import BindingDSL

/// One bindable property of a widget: its value, and for values a person can change, the edits.
///
/// A binding writes it through ``receive(_:)``; a person (or the test driver) changes it through
/// ``edit(_:)``, which also tells the bindings listening for edits. Writing an equal value does
/// nothing, so ``changeCount`` counts real changes. An edit the view model did not take stays,
/// marked ``isRejected``.
@MainActor
public final class WidgetProperty<Value>: ValueTarget, WidgetMember, ChangeReporting {
  /// The widget's id and the property's name, as the graph names the node.
  public let targetKey: TargetKey
  /// Whether a person can change the value (a field's text), so a binding may be two-way.
  public let isEditable: Bool
  /// Whether receiving a value only stores it: `true`, unless the widget reacts to the
  /// property's changes (a tab view shows the selected tab), which may reach a view model.
  public var receivesWithoutSideEffects: Bool { didChange == nil }
  /// How many times the value has changed since the widget was made.
  public private(set) var changeCount = 0
  /// Whether the value is an edit the view model did not take (a binding's converter rejected
  /// it; see ``editRejected(_:)``). Cleared by every ``receive(_:)``, even of an equal value,
  /// and at the start of every ``edit(_:)``.
  public private(set) var isRejected = false

  private var storage: Value
  private let isEqual: Equality<Value>?
  // NB: the first edit handler is kept in a field of a function type, whose layout does not
  // depend on `Value`: adding and removing it needs no generic metadata at run time, which a
  // generic list of handlers looks up on every call (a sixth of mounting a form). It is always
  // older than the others, which are kept in an object made for the second one, so that a
  // property nobody edits stays small. Its tokens are negative (each first handler takes the
  // next one down), the list's positive.
  private var editHandler: (@MainActor (Value) -> Void)?
  private var editHandlerToken = 0
  private var otherEditHandlers: OtherEditHandlers<Value>?

  /// Creates a property of the widget `widgetID`. A widget declares it as a stored property,
  /// made with its own id, which registers it: mounting a screen checks bindings against it.
  ///
  /// ```swift
  /// let stars: WidgetProperty<Int>
  /// // in the widget's initializer, before super.init(id: id):
  /// stars = WidgetProperty(widgetID: id, name: "stars", value: 0, isEditable: true)
  /// ```
  ///
  /// - Parameters:
  ///   - widgetID: The id of the widget the property belongs to.
  ///   - name: The property's name, unique in its widget, as graph dumps and errors show it.
  ///   - value: The value it starts with.
  ///   - isEditable: Whether a person can change it, which makes `bind` two-way by default.
  public init(widgetID: String, name: String, value: Value, isEditable: Bool = false) {
    self.targetKey = TargetKey(widgetID: widgetID, property: name)
    self.isEditable = isEditable
    self.storage = value
    self.isEqual = equality(for: Value.self)
  }

  /// Creates a property of an `Equatable` value, whose conformance is known without a lookup.
  ///
  /// - Parameters:
  ///   - widgetID: The id of the widget the property belongs to.
  ///   - name: The property's name, unique in its widget, as graph dumps and errors show it.
  ///   - value: The value it starts with.
  ///   - isEditable: Whether a person can change it, which makes `bind` two-way by default.
  public init(widgetID: String, name: String, value: Value, isEditable: Bool = false)
  where Value: Equatable {
    self.targetKey = TargetKey(widgetID: widgetID, property: name)
    self.isEditable = isEditable
    self.storage = value
    self.isEqual = equality(forEquatable: Value.self)
  }

  /// The current value. Setting it is a programmatic write, not an edit.
  public var value: Value {
    get { storage }
    set { receive(newValue) }
  }

  /// The value, as a binding reads it to compare before writing.
  public var currentValue: Value { storage }

  /// The property's name on its widget, such as `text`.
  public var memberName: String { targetKey.property }

  /// Sets the value on behalf of a binding, and clears ``isRejected``: the widget shows a value
  /// of the view model. Does not call the edit handlers.
  ///
  /// - Parameter value: The value to show.
  public func receive(_ value: Value) {
    if isRejected {
      isRejected = false
      changeSink?.changed(memberName)
    }
    if let isEqual, isEqual(storage, value) { return }
    storage = value
    changeCount += 1
    changeSink?.changed(memberName)
    // NB: what the widget does may reach a view model (a tab view's embedded screens appear):
    // such a property says it does not receive without side effects.
    didChange?()
  }

  /// What the widget that owns the property does when its value changes (a tab view shows the
  /// selected tab).
  ///
  /// Set once, by the widget that owns the property, before anything binds it.
  package var didChange: (@MainActor () -> Void)?

  /// Where the property reports its changes while a ``WidgetChangeFeed`` follows its widget.
  var changeSink: WidgetChangeSink?

  /// Changes the value as a person would and tells every edit handler. Clears ``isRejected``
  /// first; a binding whose view model does not take the edit marks it again.
  ///
  /// - Parameter value: The value the person entered.
  public func edit(_ value: Value) {
    receive(value)
    let first = editHandler
    let others = otherEditHandlers?.handlers
    first?(value)
    if let others {
      for handler in others { handler.call(value) }
    }
  }

  /// Calls `handler` with every edit a person (or the driver) makes, until removed.
  ///
  /// - Parameter handler: Called on the main actor with the edited value.
  /// - Returns: The token that removes the handler.
  public func addEditHandler(_ handler: @escaping @MainActor (Value) -> Void) -> HandlerToken {
    if editHandler == nil && otherEditHandlers?.isEmpty ?? true {
      editHandlerToken -= 1
      editHandler = handler
      return HandlerToken(rawValue: editHandlerToken)
    }
    // NB: once made, the object stays: a list made again would hand out its tokens again.
    let others = otherEditHandlers ?? OtherEditHandlers()
    otherEditHandlers = others
    return others.add(handler)
  }

  /// Removes the edit handler `token` stands for; an unknown token does nothing.
  ///
  /// - Parameter token: The token ``addEditHandler(_:)`` returned.
  public func removeEditHandler(_ token: HandlerToken) {
    if editHandler != nil && token.rawValue == editHandlerToken {
      editHandler = nil
    } else {
      otherEditHandlers?.remove(token)
    }
  }

  /// Marks the value ``isRejected`` while it is still `edit`: the view model did not take it.
  ///
  /// - Parameter edit: The value the person entered and the view model did not take.
  public func editRejected(_ edit: Value) {
    if let isEqual, !isEqual(storage, edit) { return }
    guard !isRejected else { return }
    isRejected = true
    changeSink?.changed(memberName)
  }

  /// How many edit handlers are installed: zero once every screen using the widget unmounted.
  public var editHandlerCount: Int {
    (editHandler == nil ? 0 : 1) + (otherEditHandlers?.count ?? 0)
  }
}

/// Something a person does to a widget, such as a tap.
@MainActor
public final class WidgetEvent: EventSource, WidgetMember {
  /// The widget's id and the event's name, as the graph names the node.
  public let eventKey: TargetKey
  private var handlers = HandlerList<EventHandler>()

  /// Creates an event of the widget `widgetID`. A widget declares it as a stored property,
  /// made with its own id, which registers it.
  ///
  /// - Parameters:
  ///   - widgetID: The id of the widget the event belongs to.
  ///   - name: The event's name, unique in its widget, such as `tap`.
  public init(widgetID: String, name: String) {
    self.eventKey = TargetKey(widgetID: widgetID, property: name)
  }

  /// The event's name on its widget, such as `tap`.
  public var memberName: String { eventKey.property }

  /// Makes the event happen: every handler runs, in the order they were added.
  public func send() {
    for handler in handlers.handlers { handler.call() }
  }

  /// Calls `handler` each time the event happens, until removed.
  ///
  /// - Parameter handler: Called on the main actor.
  /// - Returns: The token that removes the handler.
  public func addHandler(_ handler: @escaping @MainActor () -> Void) -> HandlerToken {
    handlers.add(EventHandler(call: handler))
  }

  /// Removes the handler `token` stands for; an unknown token does nothing.
  ///
  /// - Parameter token: The token ``addHandler(_:)`` returned.
  public func removeHandler(_ token: HandlerToken) {
    handlers.remove(token)
  }

  /// How many handlers are installed.
  public var handlerCount: Int { handlers.count }
}

/// A handler of an event without a value, stored as it is: a closure kept directly in a
/// `HandlerList` is converted to its most general form, which allocates for every handler.
@MainActor
struct EventHandler {
  let call: @MainActor () -> Void
}

/// The edit handlers of a property after its first one.
@MainActor
private final class OtherEditHandlers<Value> {
  private var list = HandlerList<ArgumentHandler<Value>>()

  /// The handlers, in the order they were added; `nil` when there are none.
  var handlers: HandlerList<ArgumentHandler<Value>>.Handlers? {
    list.count > 0 ? list.handlers : nil
  }

  var count: Int { list.count }
  var isEmpty: Bool { list.count == 0 }

  func add(_ handler: @escaping @MainActor (Value) -> Void) -> HandlerToken {
    list.add(ArgumentHandler(call: handler))
  }

  func remove(_ token: HandlerToken) {
    list.remove(token)
  }
}

/// A handler called with a value (an edit, a row), stored as it is (see ``EventHandler``).
@MainActor
struct ArgumentHandler<Argument> {
  let call: @MainActor (Argument) -> Void
}
