public import BindingDSL
public import Headless

/// Drives one mounted screen as a person would, headlessly and deterministically: type, tap,
/// toggle, advance a virtual clock, settle, and render (the verbs are ``Driver``'s).
///
/// ```swift
/// let clock = VirtualClock()
/// let driver = try ScreenDriver(SignUpScreen(), model: SignUpViewModel(), clock: clock)
/// try await driver.type("ada@example.com", into: "email")
/// try await driver.toggle("agree")
/// try await driver.tap("submit")
/// print(driver.render())
/// ```
@MainActor
public final class ScreenDriver<S: Screen>: Driver {
  /// The mounted screen.
  public let mounted: MountedScreen<S>

  /// Mounts `screen` on `model` with a scheduler the driver flushes.
  ///
  /// - Parameters:
  ///   - screen: The screen to mount.
  ///   - model: Its view model; the driver keeps it until the screen is unmounted.
  ///   - clock: The virtual clock the screen's timers, commands and services sleep on.
  /// - Throws: ``/Headless/ScreenError`` when the screen cannot be mounted (its bindings do not form a
  ///   valid graph, or its widget tree has repeated or malformed ids), naming every problem.
  public init(_ screen: S, model: S.Model, clock: VirtualClock = VirtualClock()) throws(ScreenError)
  {
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: model, scheduler: scheduler, clock: clock)
    self.mounted = mounted
    super.init(clock: clock, scheduler: scheduler, surface: MountedScreenSurface(mounted))
  }

  /// The view model, until unmounted.
  public var model: S.Model? { mounted.model }

  /// Shows the screen: runs what its declarations ask for at `willAppear` and `didAppear`, then
  /// settles. A driver starts with the screen mounted but not yet shown.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the screen is shown already or unmounted, or does not settle.
  public func appear(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(at: site) {
      try checkMounted(to: "appear")
      mounted.appear()
    }
  }

  /// Hides the screen: runs what its declarations ask for at `willDisappear` and
  /// `didDisappear`, then settles.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the screen is not shown, or does not settle.
  public func disappear(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(at: site) {
      try checkMounted(to: "disappear")
      mounted.disappear()
    }
  }

  /// Unmounts the screen, releasing the view model and the widgets. Driving, settling, advancing
  /// or snapshotting the screen afterwards throws.
  public func unmount() { mounted.unmount() }
}

/// One mounted screen as a driver acts on it.
@MainActor
private final class MountedScreenSurface<S: Screen>: DriverSurface {
  let mounted: MountedScreen<S>

  init(_ mounted: MountedScreen<S>) {
    self.mounted = mounted
  }

  var isMounted: Bool { mounted.isMounted }
  var name: String { "\(S.self)" }
  var unmountedText: String { "the screen is unmounted" }
  func widget(_ id: String) -> Widget? { mounted.widget(id) }
  var widgetIDs: [String] { mounted.widgetIDs }
  var root: Widget? { mounted.root }
  func note(onMissing id: String) -> String? { nil }

  func enabledCause(of key: TargetKey) -> String? {
    mounted.bindingGraph.enabledCause(of: key)
  }

  var workOwners: Set<WorkToken> { mounted.graph.workOwners }
  var unsettledReport: String? { mounted.graph.unsettledReport }
  func render() -> String { mounted.render() }
}
