import BindingDSL
import Headless

/// The one path every verb takes: find the widget, check it can take the verb, act on it inside
/// the clock's tracking, settle, and report a failure at the caller's line.
extension Driver {
  /// Runs a verb on `widget`: `target` turns its address into what the verb acts on (checking
  /// what a person needs: the widget exists, is of the right kind, visible, enabled, not
  /// covered), `act` acts on it inside the clock's tracking, then the driver settles. A
  /// ``DriverError`` is reported at `site`.
  ///
  /// - Parameters:
  ///   - widget: The widget the caller named.
  ///   - site: Where the caller called the verb.
  ///   - target: What the verb acts on, given the widget's address; throws what stops it.
  ///   - act: The action, given the target and the address (for messages).
  /// - Returns: What `act` returns.
  /// - Throws: What stops the test when a framework runs it, else the ``DriverError``.
  func perform<Target, Result>(
    on widget: Finder, at site: CallSite, target: (String) throws(DriverError) -> Target,
    act: (Target, String) throws -> Result
  ) async throws -> Result {
    try await perform(at: site) { () throws -> Result in
      let address = try address(of: widget)
      let found = try target(address)
      return try act(found, address)
    }
  }

  /// ``perform(on:at:target:act:)`` for a verb a capability takes (``/Headless/Tappable`` for
  /// `tap`): the widget must be a `Capability`, visible, enabled and not covered.
  ///
  /// - Parameters:
  ///   - verb: The verb as messages say it: `type`, `select an option of`.
  ///   - widget: The widget the caller named.
  ///   - capability: The capability the verb needs, such as `(any Tappable).self`.
  ///   - site: Where the caller called the verb.
  ///   - act: The action, given the widget and its address.
  /// - Returns: What `act` returns.
  /// - Throws: What stops the test when a framework runs it, else the ``DriverError``.
  func perform<Capability, Result>(
    _ verb: String, on widget: Finder, as capability: Capability.Type, at site: CallSite,
    act: (Capability, String) throws -> Result
  ) async throws -> Result {
    try await perform(
      on: widget, at: site,
      target: { (address) throws(DriverError) in try capable(address, to: verb, as: capability) },
      act: act)
  }

  /// ``perform(on:at:target:act:)`` with a `target` that takes the verb as messages say it:
  /// ``list(_:for:)`` or ``locateRow(_:for:)``.
  ///
  /// - Parameters:
  ///   - verb: The verb as messages say it: `scroll`, `select`.
  ///   - widget: The widget the caller named.
  ///   - site: Where the caller called the verb.
  ///   - target: What the verb acts on, given the widget's address and `verb`.
  ///   - act: The action, given the target and the address.
  /// - Returns: What `act` returns.
  /// - Throws: What stops the test when a framework runs it, else the ``DriverError``.
  func perform<Target, Result>(
    _ verb: String, on widget: Finder, at site: CallSite,
    via target: (String, String) throws(DriverError) -> Target,
    act: (Target, String) throws -> Result
  ) async throws -> Result {
    try await perform(
      on: widget, at: site, target: { (address) throws(DriverError) in try target(address, verb) },
      act: act)
  }

  /// Runs a verb that names no widget (`appear`, `back`, `answer`): `act` inside the clock's
  /// tracking, then the driver settles; a ``DriverError`` is reported at `site`. A
  /// ``/BindingDSL/NavigationError`` or a dialog's refusal `act` throws (the host's answer to
  /// `back`, `answer`) is the driver's failure, with its message.
  ///
  /// - Parameters:
  ///   - site: Where the caller called the verb.
  ///   - act: The action.
  /// - Returns: What `act` returns.
  /// - Throws: What stops the test when a framework runs it, else the ``DriverError``.
  func perform<Result>(at site: CallSite, act: () throws -> Result) async throws -> Result {
    try await reportingFailure(at: site) {
      let result: Result
      do {
        result = try clock.withTracking(act)
      } catch let error as NavigationError {
        throw DriverError(error.message)
      } catch let error as DialogAnswerError {
        throw DriverError(error)
      }
      try await settle()
      return result
    }
  }

  /// The widget at `address` as a `Capability`, visible, enabled and not covered, or an error
  /// that names what it is and, unless `kindNote` says what it should be instead (`, not a
  /// List`), which widgets can do what was asked (`verb`).
  ///
  /// - Parameters:
  ///   - address: The widget's id or path.
  ///   - verb: What the caller does, as messages say it: `type`, `select an option of`.
  ///   - capability: The capability the verb needs, such as `(any Tappable).self`.
  ///   - kindNote: What the message says after the widget's kind when it is not a `Capability`,
  ///     or `nil` to name the widgets that are.
  /// - Returns: The widget.
  /// - Throws: ``DriverError`` naming what the widget is and which widgets can do `verb`.
  func capable<Capability>(
    _ address: String, to verb: String, as capability: Capability.Type, kindNote: String? = nil
  ) throws(DriverError) -> Capability {
    let found = try lookup(address)
    let action = "\(verb) '\(address)'"
    try checkUncovered(to: action)
    guard let able = found as? Capability else {
      var message = "cannot \(action): it is \(found.kindWithArticle)"
      if let kindNote {
        message += kindNote
      } else {
        let others = surface.widgetIDs.filter { surface.widget($0) is Capability }
        message +=
          ". Widgets that take \(verb): "
          + (others.isEmpty ? "none" : others.joined(separator: ", "))
      }
      throw DriverError(message, kind: .wrongKind)
    }
    try checkReachable(found, to: action)
    return able
  }

  /// Throws when a person could not `action` (`tap 'save'`) on `target`: it or a container of it
  /// is hidden, or it (for a row, its list `list`) is disabled.
  func checkReachable(
    _ target: Widget, of list: ListView? = nil, to action: String
  ) throws(DriverError) {
    try checkVisible(target, of: list, to: action)
    let enabling = list ?? target
    if !enabling.isEnabledNow {
      var message =
        "cannot \(action): "
        + (enabling === target ? "it is disabled" : "its list '\(enabling.id)' is disabled")
      if let cause = surface.enabledCause(of: enabling.isEnabled.targetKey) {
        message += " (\(cause))"
      }
      throw DriverError(message, kind: .disabled)
    }
  }

  /// Throws when a person could not `action` on `target` because it, its list `list` (for a
  /// row) or another container of it is hidden.
  func checkVisible(
    _ target: Widget, of list: ListView? = nil, to action: String
  ) throws(DriverError) {
    guard let hidden = surface.root?.hiddenAncestor(of: target) else { return }
    let how =
      hidden !== target && hidden === list
      ? "its list '\(hidden.id)' is hidden" : hidden.hiding(target)
    throw DriverError("cannot \(action): \(how)", kind: .hidden)
  }
}

extension Driver {
  /// Runs a driver call's `body` and reports the ``DriverError`` it fails with at `site`, the
  /// outermost driver call's site for verbs that call other verbs: see
  /// ``FailureReporter/stop(after:)``.
  func reportingFailure<R>(at site: CallSite, _ body: () async throws -> R) async throws -> R {
    if DriverCall.isRunning { return try await body() }
    do {
      return try await DriverCall.$isRunning.withValue(true) { try await body() }
    } catch let error as DriverError {
      try FailureReporter.stop(after: error.at(site))
    }
  }

  /// Runs a synchronous driver call's `body` and reports the ``DriverError`` it fails with at
  /// `site`.
  func reportingFailure<R>(at site: CallSite, _ body: () throws(DriverError) -> R) throws -> R {
    if DriverCall.isRunning { return try body() }
    do {
      return try DriverCall.$isRunning.withValue(true) { try body() }
    } catch let error as DriverError {
      try FailureReporter.stop(after: error.at(site))
    }
  }
}

/// Whether a driver call is running in this task, so that the verbs it calls leave reporting
/// to it.
enum DriverCall {
  @TaskLocal static var isRunning = false
}
