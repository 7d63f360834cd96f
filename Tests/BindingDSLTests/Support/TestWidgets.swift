import BindingDSL
import Observation

/// A widget property of a minimal widget kit, written for the tests: it records every value a
/// binding writes, so a test can count writes exactly. It shows that the DSL binds any kit that
/// adopts its protocols.
@MainActor
final class Slot<Value>: ValueTarget {
  let targetKey: TargetKey
  let isEditable: Bool
  private(set) var currentValue: Value
  /// Every value a binding wrote, in order, including the initial one written at mount.
  private(set) var received: [Value] = []
  /// Runs after each write, for tests of targets that react to writes.
  var onReceive: ((Value) -> Void)?
  private var handlers = HandlerList<@MainActor (Value) -> Void>()

  init(_ widget: String, _ property: String, _ value: Value, editable: Bool = false) {
    targetKey = TargetKey(widgetID: widget, property: property)
    isEditable = editable
    currentValue = value
  }

  /// Whether a write only stores the value: until a test gives the slot an `onReceive`
  /// reaction, a graph observes its sources with the reads that write it first.
  var receivesWithoutSideEffects: Bool { onReceive == nil }

  func receive(_ value: Value) {
    currentValue = value
    received.append(value)
    onReceive?(value)
  }

  /// Changes the value as a person would.
  func edit(_ value: Value) {
    currentValue = value
    for handler in handlers.handlers { handler(value) }
  }

  func addEditHandler(_ handler: @escaping @MainActor (Value) -> Void) -> HandlerToken {
    handlers.add(handler)
  }

  func removeEditHandler(_ token: HandlerToken) {
    handlers.remove(token)
  }

  var handlerCount: Int { handlers.count }
}

/// An event of the minimal widget kit.
@MainActor
final class Trigger: EventSource {
  let eventKey: TargetKey
  private var handlers = HandlerList<@MainActor () -> Void>()

  init(_ widget: String, _ event: String) {
    eventKey = TargetKey(widgetID: widget, property: event)
  }

  func send() {
    for handler in handlers.handlers { handler() }
  }

  func addHandler(_ handler: @escaping @MainActor () -> Void) -> HandlerToken {
    handlers.add(handler)
  }

  func removeHandler(_ token: HandlerToken) {
    handlers.remove(token)
  }

  var handlerCount: Int { handlers.count }
}

/// A button of the minimal widget kit.
@MainActor
final class TestButton: CommandControl {
  let tap: Trigger
  let enabled: Slot<Bool>
  let busy: Slot<Bool>

  init(_ id: String) {
    tap = Trigger(id, "tap")
    enabled = Slot(id, "isEnabled", true)
    busy = Slot(id, "isBusy", false)
  }

  var commandTrigger: any EventSource { tap }
  var commandEnabled: any ValueTarget<Bool> { enabled }
  var commandBusy: (any ValueTarget<Bool>)? { busy }
}

/// A value without `Equatable`.
struct Tag {
  var text: String
}

/// The view model most graph tests bind.
@MainActor
@Observable
final class FormModel {
  var name = ""
  var age = 0
  var count = 0
  var value = 1
  let fixed = "fixed"
  /// Stored uppercased, whatever is assigned: a view model that normalises its input.
  var code: String {
    get { storedCode }
    set { storedCode = newValue.uppercased() }
  }
  private var storedCode = ""
  /// At most four characters: longer input is cut.
  var pin: String {
    get { storedPin }
    set { storedPin = String(newValue.prefix(4)) }
  }
  private var storedPin = ""

  /// A value that is not `Equatable`, so the graph cannot tell an equal one from a changed one.
  var tag = Tag(text: "none")
  var greeting: String { "Hello, \(name)" }
  var left: Int { value + 1 }
  var right: Int { value * 2 }

  @ObservationIgnored private(set) lazy var save = Command<Void, Void>(
    "save", enabledWhen: { [unowned self] in !name.isEmpty }
  ) {}

  @ObservationIgnored private(set) lazy var reset = Command<Void, Void>("reset") {}

  @ObservationIgnored private(set) lazy var lookup = Command<String, Void>("lookup") { _ in }

  @ObservationIgnored let clock = VirtualClock()
  private(set) var lookedUp: [String] = []

  /// Takes a second on the model's virtual clock.
  @ObservationIgnored private(set) lazy var slowLookup = Command<String, Void>("slowLookup") {
    [weak self] query in
    try await self?.lookUp(query)
  }

  private func lookUp(_ query: String) async throws {
    lookedUp.append(query)
    try await clock.sleep(for: .seconds(1))
  }
}
