public import BindingDSL

extension DialogCenter {
  /// Shows the progress HUD with `message` whenever `isBusy` is true, until the token is ended
  /// or the screen visible now goes away.
  ///
  /// - Parameters:
  ///   - message: What is under way.
  ///   - isBusy: Whether the HUD shows now; tracked like a derived value.
  /// - Returns: A token whose ``/BindingDSL/ProgressToken/end()`` takes the HUD away for good.
  public func showProgress(
    _ message: String, while isBusy: @escaping @MainActor () -> Bool
  ) -> ProgressToken {
    let source = BusyCondition(message: message, isBusy: isBusy)
    let hud = HUD("progress")
    let screen = host.visible.map(ObjectIdentifier.init)
    let declarations = [bind(\BusyCondition.feedback, to: hud.feedback, mode: .oneWay)]
    guard let mounter = host.graph.childMounter,
      let mount = try? mounter.mount(
        declarations, on: source, template: ObjectIdentifier(BusyCondition.self))
    else {
      return ProgressToken {}
    }
    let entry = ConditionalHUD(hud: hud, mount: mount, screen: screen)
    conditionalHUDs.append(entry)
    layout()
    return ProgressToken { [weak self, weak entry] in
      guard let self, let entry else { return }
      self.remove(entry)
    }
  }

  func remove(_ entry: ConditionalHUD) {
    entry.mount.unmount()
    conditionalHUDs.removeAll { $0 === entry }
    layout()
  }

  /// Shows the progress HUD with `message` while `operation` runs.
  ///
  /// - Parameters:
  ///   - message: What is under way.
  ///   - operation: The work the HUD stands for.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws; the HUD goes away either way.
  public func withProgress<Result>(
    _ message: String, operation: () async throws -> Result
  ) async rethrows -> Result {
    lastOperationID += 1
    let id = lastOperationID
    runningOperations.append((id, message))
    layout()
    defer {
      runningOperations.removeAll { $0.id == id }
      layout()
    }
    return try await operation()
  }
}

/// What a progress HUD shown with `showProgress(_:while:)` follows: its feedback is loading while
/// `isBusy` answers true, tracked like a derived value of the app's graph run.
@MainActor
final class BusyCondition {
  let message: String
  let isBusy: @MainActor () -> Bool

  init(message: String, isBusy: @escaping @MainActor () -> Bool) {
    self.message = message
    self.isBusy = isBusy
  }

  var feedback: Feedback { isBusy() ? .loading(message) : .none }
}

/// A progress HUD that shows while its ``BusyCondition`` holds, mounted in the app's graph run.
@MainActor
final class ConditionalHUD {
  let hud: HUD
  let mount: ChildMount
  /// The screen it belongs to.
  let screen: ObjectIdentifier?

  init(hud: HUD, mount: ChildMount, screen: ObjectIdentifier?) {
    self.hud = hud
    self.mount = mount
    self.screen = screen
  }
}
