/// What an edge's function gets when its declaration is mounted: the view model, and the means
/// to observe it, combine its values, react to events and moments of the screen's life, run
/// commands, pace them on the graph's clock, mount children and clean up, shared with every
/// other edge of the mount.
///
/// A declaration kind written outside the library uses this and nothing else, as the library's
/// own kinds do (a combination, a command on a change or a lifecycle moment, a list's rows):
///
/// ```swift
/// @MainActor
/// func showFullName<Model: AnyObject>(
///   _ first: KeyPath<Model, String>, _ last: KeyPath<Model, String>, in label: Label,
///   fileID: String = #fileID, line: Int = #line
/// ) -> BindingDeclaration<Model> {
///   let name = BindingEndpoint(node: .derived, name: "full name")
///   return BindingDeclaration(
///     "showFullName", site: DeclarationSite(fileID: fileID, line: line),
///     edges: [
///       .input(from: BindingEndpoint(first), to: name),
///       .input(from: BindingEndpoint(last), to: name),
///       BindingEdge(from: name, to: BindingEndpoint(label.text), role: .value) { mount in
///         mount.combine(mount.value(first), mount.value(last)) { "\($0) \($1)" }
///           .show(in: label.text)
///       },
///     ])
/// }
/// ```
@MainActor
public struct BindingMount<Model: AnyObject> {
  let context: MountContext<Model>

  /// The view model the graph is mounted on.
  public var model: Model { context.model }

  /// The clock the graph's timers sleep on: a `VirtualClock` in tests, as the mount was given.
  public var clock: any Clock<Duration> { context.clock }

  /// Mounts child view models (the rows of a list, an embedded screen) in this graph run, so
  /// that one flush settles the parent and every child; the children unmount with the graph.
  public var children: any ChildMounter { context }

  /// The value at `keyPath` as the mount observes it: one source, shared by every declaration
  /// of the mount that reads `keyPath`.
  ///
  /// - Parameter keyPath: The view-model value.
  /// - Returns: The observed value.
  public func value<Value>(_ keyPath: KeyPath<Model, Value>) -> MountedValue<Value> {
    MountedValue(node: context.source(keyPath, reading: reader(keyPath)))
  }

  /// The value at `keyPath`, read with `read` if the mount makes its source now: a function
  /// made where the key path is written, once per declaration (Decisions/0015).
  func value<Value>(_ keyPath: KeyPath<Model, Value>, reading read: @escaping (Model) -> Value)
    -> MountedValue<Value>
  {
    MountedValue(node: source(keyPath, reading: read))
  }

  /// The observed source of `keyPath` itself, for a library kind that hands it sinks of its own
  /// or tells it of edits (a focus order's fields).
  func source<Value>(_ keyPath: KeyPath<Model, Value>, reading read: @escaping (Model) -> Value)
    -> KeyPathSourceNode<Model, Value>
  {
    context.source(keyPath, reading: read)
  }

  /// The value `read` returns, observed: read now, and again at the flush after an observable
  /// value it reads changed (a form's message, a command's state). Every declaration of the
  /// mount that gives the same `key` shares one source, read by the first one's `read`.
  ///
  /// - Parameters:
  ///   - key: What identifies the value among the mount's sources.
  ///   - read: Reads the value; it must not write into the view model.
  /// - Returns: The observed value.
  public func value<Value>(key: some Hashable, reading read: @escaping @MainActor () -> Value)
    -> MountedValue<Value>
  {
    MountedValue(node: context.source(key: AnyHashable(key), read: read))
  }

  /// A value computed from two others, updated at each flush that changes either, once, after
  /// both: a widget it is shown in never sees one new and one old.
  ///
  /// - Parameters:
  ///   - first: The first input.
  ///   - second: The second input.
  ///   - transform: Computes the value from the inputs' values; it must not write into the
  ///     view model.
  /// - Returns: The computed value.
  public func combine<First, Second, Value>(
    _ first: MountedValue<First>, _ second: MountedValue<Second>,
    _ transform: @escaping (First, Second) -> Value
  ) -> MountedValue<Value> {
    let (a, b) = (first.node, second.node)
    return MountedValue(node: context.derived(reading: [a, b]) { transform(a.value, b.value) })
  }

  /// Whether `command` can execute, as an observed value: enabled, and not running when its
  /// policy ignores a new run while one goes on.
  ///
  /// - Parameter command: The command.
  /// - Returns: The observed value.
  public func canExecute<Input, Output>(_ command: Command<Input, Output>) -> MountedValue<Bool> {
    context.register(command)
    return MountedValue(node: context.canExecuteSource(of: command))
  }

  /// The event source for a moment in the screen's life, shared by every declaration of the
  /// mount.
  ///
  /// - Parameter event: The moment, such as `.didAppear`.
  /// - Returns: The source; give it to ``handle(_:with:)``.
  public func lifecycle(_ event: LifecycleEvent) -> any EventSource {
    context.lifecycle(event)
  }

  /// Calls `handler` each time `event` happens, until the graph unmounts.
  ///
  /// - Parameters:
  ///   - event: A widget's event, or a moment of the screen's life (``lifecycle(_:)``).
  ///   - handler: Runs on the main actor each time; it may write into the view model.
  public func handle(_ event: any EventSource, with handler: @escaping @MainActor () -> Void) {
    context.handle(event, with: handler)
  }

  /// Calls `receive` with the value at `keyPath` now, and with each new value at the flushes
  /// that see it change, until the graph unmounts. Every declaration of the mount that reads
  /// `keyPath` shares one observed source.
  ///
  /// - Parameters:
  ///   - keyPath: The view-model value.
  ///   - receive: Called on the main actor with each value; it may write into the view model.
  public func observe<Value>(
    _ keyPath: KeyPath<Model, Value>, _ receive: @escaping @MainActor (Value) -> Void
  ) {
    value(keyPath).observe(receive)
  }

  /// Writes the value at `keyPath` into `target` now and at each flush that sees it change,
  /// until the graph unmounts.
  ///
  /// - Parameters:
  ///   - keyPath: The view-model value.
  ///   - target: The widget property that shows it.
  public func show<Target: ValueTarget>(_ keyPath: KeyPath<Model, Target.Value>, in target: Target)
  {
    value(keyPath).show(in: target)
  }

  /// Makes `command` one of the mount's commands, as executing it through the mount does: a
  /// test driver waits for its runs when it settles, and the runs the mount starts end when it
  /// unmounts. A declaration that shows a command's state without executing it calls this.
  ///
  /// - Parameter command: The command.
  public func register<Input, Output>(_ command: Command<Input, Output>) {
    context.register(command)
  }

  /// Executes `command` with `input` on behalf of the mount, which cancels the run if it
  /// unmounts first.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - input: The run's input.
  /// - Returns: Whether the command started a run (it was enabled and its policy let it).
  @discardableResult
  public func execute<Input, Output>(_ command: Command<Input, Output>, _ input: Input) -> Bool {
    context.register(command)
    return context.execute(command, input)
  }

  /// Paces values into `action` by `timing` on the graph's clock (a debounce, a throttle), as
  /// work that a `VirtualClock` and the screen driver follow; the mount cancels a waiting timer
  /// when it unmounts.
  ///
  /// - Parameters:
  ///   - timing: `.immediate`, `.debounce(_:)` or `.throttle(_:)`.
  ///   - name: How reports of waiting work name the timer.
  ///   - action: Called on the main actor with the paced values.
  /// - Returns: What to send values to.
  public func pace<Value>(
    _ timing: Timing, named name: String, _ action: @escaping @MainActor (Value) -> Void
  ) -> PacedAction<Value> {
    let pacer = Pacer(
      timing: timing, clock: context.clock, work: name, owner: context.origin, action: action)
    context.onUnmount { pacer.cancel() }
    return PacedAction(pacer: pacer)
  }

  /// Runs `action` once every declaration of the mount is installed: the place to act on the
  /// first values of what later declarations bind (a list's first rows).
  ///
  /// - Parameter action: Runs on the main actor, once.
  public func afterInstalling(_ action: @escaping @MainActor () -> Void) {
    context.afterInstalling(action)
  }

  /// Runs `cleanup` when the graph unmounts, in the reverse order of the calls: remove the
  /// handlers the edge added to widgets here.
  ///
  /// - Parameter cleanup: What undoes the edge's work.
  public func onUnmount(_ cleanup: @escaping @MainActor () -> Void) {
    context.onUnmount(cleanup)
  }
}

/// A value of a mount: a view-model value it observes (``BindingMount/value(_:)``), or one it
/// computes from others (``BindingMount/combine(_:_:_:)``).
@MainActor
public struct MountedValue<Value> {
  let node: ValueNode<Value>

  /// The value now.
  public var current: Value { node.value }

  /// Writes the value into `target` now and at each flush that changes it, until the graph
  /// unmounts.
  ///
  /// - Parameter target: The widget property that shows it.
  public func show<Target: ValueTarget>(in target: Target) where Target.Value == Value {
    node.add(.target(target))
  }

  /// Calls `receive` with each new value at the flushes that change it, until the graph
  /// unmounts, and with the value now unless `skippingCurrent`.
  ///
  /// - Parameters:
  ///   - skippingCurrent: Whether the value now is left out: a trigger acts on changes only.
  ///   - receive: Called on the main actor with each value; it may write into the view model.
  public func observe(
    skippingCurrent: Bool = false, _ receive: @escaping @MainActor (Value) -> Void
  ) {
    guard skippingCurrent else {
      node.add(.closure(receive))
      return
    }
    // NB: the sink is given the value now, as every sink is, and promises to do nothing with
    // it, so that the install need not read its sources again (Decisions/0010).
    var isCurrent = true
    node.addSink(ignoringFirstValue: true) { value in
      if isCurrent {
        isCurrent = false
        return
      }
      receive(value)
    }
  }

  /// Hands the value on again at the next flush even if it did not change: a trigger that
  /// could not act on it (a command busy or disabled) tries again then. Only a value the mount
  /// observes (not a combination) can be handed on again.
  func deliverAgainAtNextFlush() {
    (node as? SourceNode<Value>)?.deliverAgainAtNextFlush()
  }
}

/// Values paced into an action by a ``Timing`` (``BindingMount/pace(_:named:_:)``).
@MainActor
public struct PacedAction<Value> {
  let pacer: Pacer<Value>

  /// Hands `value` to the pacing: at once for `.immediate`, once the value stopped changing for
  /// a debounce, at most once a window for a throttle.
  ///
  /// - Parameter value: The value.
  public func send(_ value: Value) {
    pacer.send(value)
  }

  /// Drops a waiting value and its timer.
  public func cancel() {
    pacer.cancel()
  }
}
