public import BindingDSL

/// Drives a mounted screen as a person would, headlessly and deterministically: type, tap,
/// toggle, advance a virtual clock, settle, and render.
///
/// Every interaction flushes the bindings and waits for the commands it started to finish or to
/// park on the virtual clock. Acting on a widget that is missing, hidden, disabled, or of the
/// wrong kind throws a ``DriverError`` that says which widgets exist and why the action could
/// not happen.
///
/// ```swift
/// let clock = VirtualClock()
/// let driver = try ScreenDriver(RegistrationScreen(), model: RegistrationViewModel(clock: clock), clock: clock)
/// try await driver.type("1234", into: "code")
/// try await driver.tap("register")
/// try driver.assertSnapshot(named: "registered")
/// ```
@MainActor
public final class ScreenDriver<S: Screen> {
  /// The virtual clock the view model sleeps on.
  public let clock: VirtualClock
  /// The mounted screen.
  public let mounted: MountedScreen<S>
  private let scheduler = ManualScheduler()

  /// Mounts `screen` on `model` with a scheduler the driver flushes.
  public init(_ screen: S, model: S.Model, clock: VirtualClock = VirtualClock()) throws(ScreenError)
  {
    self.clock = clock
    self.mounted = try screen.mount(on: model, scheduler: scheduler, clock: clock)
  }

  /// The view model, until unmounted.
  public var model: S.Model? { mounted.model }

  /// The widget with `id`, or an error listing the ids that exist.
  public func widget(_ id: String) throws(DriverError) -> Widget {
    guard mounted.isMounted else {
      throw DriverError("the screen is unmounted; no widget '\(id)' can be reached")
    }
    guard let widget = mounted.widget(id) else {
      var message = "no widget '\(id)' in \(S.self)"
      if let near = closest(to: id, in: mounted.widgetIDs) {
        message += "; did you mean '\(near)'?"
      } else {
        message += "."
      }
      message += " Widgets: \(mounted.widgetIDs.joined(separator: ", "))"
      throw DriverError(message)
    }
    return widget
  }

  /// The widget with `id` as a `T`, or an error naming its actual kind.
  public func widget<T: Widget>(_ id: String, as type: T.Type) throws(DriverError) -> T {
    let found = try widget(id)
    guard let typed = found as? T else {
      throw DriverError("widget '\(id)' is a \(found.kind), not a \(T.self)")
    }
    return typed
  }

  /// Types `text` into the text field `id`, one character at a time (each an edit, each
  /// flushed), after the text already there.
  public func type(_ text: String, into id: String) async throws {
    let field = try actionable(id, for: .type, as: TextField.self)
    for character in text {
      field.text.edit(field.text.value + String(character))
      try flush()
    }
    try await settle()
  }

  /// Replaces the whole text of the field `id` with `text`, as one edit.
  public func replaceText(in id: String, with text: String) async throws {
    let field = try actionable(id, for: .type, as: TextField.self)
    field.text.edit(text)
    try await settle()
  }

  /// Taps the button `id`.
  public func tap(_ id: String) async throws {
    let button = try actionable(id, for: .tap, as: Button.self)
    button.tap.send()
    try await settle()
  }

  /// Flips the toggle `id`.
  public func toggle(_ id: String) async throws {
    let toggle = try actionable(id, for: .toggle, as: Toggle.self)
    toggle.isOn.edit(!toggle.isOn.value)
    try await settle()
  }

  /// Shows the screen: runs what its declarations ask for at `willAppear` and `didAppear`, then
  /// settles. A driver starts with the screen mounted but not yet shown.
  public func appear() async throws {
    try checkMounted()
    mounted.appear()
    try await settle()
  }

  /// Hides the screen: runs what its declarations ask for at `willDisappear` and
  /// `didDisappear`, then settles.
  public func disappear() async throws {
    try checkMounted()
    mounted.disappear()
    try await settle()
  }

  /// Moves the virtual clock forward, letting every sleeper due in that time run in order, then
  /// settles.
  public func advance(by duration: Duration) async throws {
    guard duration >= .zero else {
      throw DriverError("cannot advance by \(duration): virtual time only moves forward")
    }
    guard clock.now.offset <= Self.latestVirtualTime - duration else {
      throw DriverError(
        "cannot advance by \(duration): the virtual clock would pass \(Self.latestVirtualTime) "
          + "since it started; a test needs far less")
    }
    try flush()
    await clock.advance(by: duration)
    try await settle()
  }

  /// Flushes the bindings and waits until every executing command of the screen has finished
  /// or has a run sleeping on the virtual clock.
  public func settle() async throws {
    for _ in 0..<Self.settleRounds {
      try flush()
      await VirtualClock.yieldToOthers()
      if !scheduler.hasPendingFlush && stuckCommands().isEmpty {
        try flush()
        return
      }
    }
    let stuck = stuckCommands().map { "'\($0.name ?? "(unnamed)")'" }
    throw DriverError(
      "the screen did not settle: \(stuck.count == 1 ? "command" : "commands") "
        + "\(stuck.joined(separator: ", ")) \(stuck.count == 1 ? "is" : "are") still executing "
        + "and not sleeping on the virtual clock; work that waits on something else (a real "
        + "clock, a continuation nobody resumes) cannot finish in a test")
  }

  /// The screen's commands that are executing with no run sleeping on the virtual clock.
  private func stuckCommands() -> [any CommandObject] {
    mounted.graph.commands.filter {
      $0.isExecuting && clock.sleeperCount(forCommand: ObjectIdentifier($0)) == 0
    }
  }

  /// The tree as text.
  public func render() -> String { mounted.render() }

  /// Unmounts the screen, releasing the view model and the widgets.
  public func unmount() { mounted.unmount() }

  /// Compares the rendered tree with the snapshot `name` stored beside the calling test file.
  public func assertSnapshot(
    named name: String, filePath: StaticString = #filePath
  ) throws(SnapshotError) {
    try Headless.assertSnapshot(of: render(), named: name, filePath: filePath)
  }

  private static var settleRounds: Int { 500 }

  /// How far a driver's virtual clock may run: far beyond any test, far below an overflow.
  private static var latestVirtualTime: Duration { .seconds(Int64(1) << 40) }

  private func checkMounted() throws(DriverError) {
    guard mounted.isMounted else { throw DriverError("the screen is unmounted") }
  }

  private func flush() throws(DriverError) {
    scheduler.flush()
    if let report = mounted.graph.unsettledReport { throw DriverError(report) }
  }

  private func actionable<T: Widget>(
    _ id: String, for interaction: Interaction, as type: T.Type
  ) throws(DriverError) -> T {
    let found = try widget(id)
    guard found.interactions.contains(interaction), let typed = found as? T else {
      let able = mounted.widgetIDs.filter {
        mounted.widget($0)?.interactions.contains(interaction) == true
      }
      throw DriverError(
        "cannot \(interaction.rawValue) '\(id)': it is a \(found.kind). Widgets that take "
          + "\(interaction.rawValue): \(able.isEmpty ? "none" : able.joined(separator: ", "))")
    }
    if let hidden = mounted.root?.hiddenAncestor(of: found) {
      let how = hidden === found ? "it is hidden" : "its container '\(hidden.id)' is hidden"
      throw DriverError("cannot \(interaction.rawValue) '\(id)': \(how)")
    }
    if !found.isEnabled.value {
      var message = "cannot \(interaction.rawValue) '\(id)': it is disabled"
      let key = found.isEnabled.targetKey
      if let edge = mounted.graph.graph.edges(writing: key).first {
        let source = mounted.graph.graph.node(edge.from)
        let follows =
          source.kind == .command
          ? "command '\(source.name)', which cannot execute now" : source.name
        message += " (its enabled state follows \(follows), bound at \(edge.declaration))"
      }
      throw DriverError(message)
    }
    return typed
  }
}

/// Why the driver could not do what a test asked.
public struct DriverError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

extension Widget {
  /// The outermost hidden widget on the path from `self` down to `target`, if any.
  @MainActor
  func hiddenAncestor(of target: Widget) -> Widget? {
    if isHidden.value && contains(target) { return self }
    for child in children {
      if let hidden = child.hiddenAncestor(of: target) { return hidden }
    }
    return nil
  }

  @MainActor
  private func contains(_ target: Widget) -> Bool {
    self === target || children.contains { $0.contains(target) }
  }
}

/// The id closest to `id` by edit distance, when it is close enough to be a typo.
func closest(to id: String, in ids: [String]) -> String? {
  let scored = ids.map { ($0, editDistance(Array(id), Array($0))) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, id.count / 3) else {
    return nil
  }
  return best.0
}

private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1]
    for (j, y) in b.enumerated() {
      current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
    }
    previous = current
  }
  return previous[b.count]
}
