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
    let source = ProgressFlag(message: message, isBusy: isBusy)
    let hud = HUD("progress")
    let screen = host.visible.map(ObjectIdentifier.init)
    let declarations = [bind(\ProgressFlag.feedback, to: hud.feedback, mode: .oneWay)]
    guard let mounter = host.graph.childMounter,
      let mount = try? mounter.mount(
        declarations, on: source, template: ObjectIdentifier(ProgressFlag.self))
    else {
      return ProgressToken {}
    }
    let entry = FlagProgress(hud: hud, mount: mount, screen: screen)
    flags.append(entry)
    layout()
    return ProgressToken { [weak self, weak entry] in
      guard let self, let entry else { return }
      self.end(entry)
    }
  }

  func end(_ entry: FlagProgress) {
    entry.mount.unmount()
    flags.removeAll { $0 === entry }
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
    lastProgress += 1
    let id = lastProgress
    progress.append((id, message))
    layout()
    defer {
      progress.removeAll { $0.id == id }
      layout()
    }
    return try await operation()
  }
}

/// A flag a progress HUD follows: its feedback is loading while the flag is true, tracked like a
/// derived value of the app's graph run.
@MainActor
final class ProgressFlag {
  let message: String
  let isBusy: @MainActor () -> Bool

  init(message: String, isBusy: @escaping @MainActor () -> Bool) {
    self.message = message
    self.isBusy = isBusy
  }

  var feedback: Feedback { isBusy() ? .loading(message) : .none }
}

/// A progress HUD following a flag, mounted in the app's graph run.
@MainActor
final class FlagProgress {
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
