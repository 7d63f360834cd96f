public import BindingDSL
public import Headless

/// Drives a whole app as a person would: the verbs of ``Driver`` act on the visible screen (the
/// top of the active stack), and ``back(fileID:filePath:line:column:)`` and the navigation the view models ask for move
/// between screens. One driver drives every screen of a flow.
///
/// ```swift
/// let driver = AppDriver(registry: registry, clock: clock)
/// try await driver.start { host in
///   PageViewModel("home", navigator: host, log: log, clock: clock)
/// }
/// try await driver.tap("next")
/// // the next page is on top of the stack
/// try await driver.back()
/// ```
@MainActor
public final class AppDriver: Driver {
  /// The app: its stacks, screens and dialogs.
  public let host: AppHost

  /// Makes an app with an empty main stack whose bindings the driver flushes.
  ///
  /// - Parameters:
  ///   - registry: Which screen shows each view-model type.
  ///   - clock: The virtual clock the view models sleep on.
  public init(registry: ScreenRegistry, clock: VirtualClock = VirtualClock()) {
    let scheduler = ManualScheduler()
    let host = AppHost(registry: registry, scheduler: scheduler, clock: clock)
    self.host = host
    super.init(clock: clock, scheduler: scheduler, surface: AppSurface(host))
  }

  // NB: view models hold the host as their navigator and the host holds the view models, so an
  // app a test drops is a cycle; the driver, which the test holds, breaks it when it goes.
  isolated deinit {
    host.shutDown()
  }

  /// Shows the view model `makeRoot` returns as the root of the main stack, then settles.
  ///
  /// - Parameters:
  ///   - makeRoot: Makes the root view model, given the host as its navigator.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the root cannot be shown or the app does not settle,
  ///   naming why.
  public func start(
    _ makeRoot: (AppHost) -> AnyObject, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let root = makeRoot(host)
    try await perform(at: site) { try host.setStack([root]) }
  }

  /// Runs `operation` on the navigator as a view model would, then settles.
  ///
  /// ```swift
  /// try await driver.navigate { try $0.push(detail) }
  /// ```
  ///
  /// A navigation the host refuses fails like every other driver call: it is reported at this
  /// call's line (or returned by `expectDriverFailure`), and the test stops there.
  ///
  /// - Parameters:
  ///   - operation: What to do with the host, such as `{ try $0.push(detail) }`.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` of kind `invalidRequest` when `operation` throws (with
  ///   the message of a ``/BindingDSL/NavigationError``, or the description of another error),
  ///   or when the app does not settle.
  public func navigate(
    _ operation: (AppHost) throws -> Void, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(at: site) {
      do {
        try operation(host)
      } catch let error where !(error is NavigationError || error is DriverError) {
        throw DriverError("the navigation threw \(error)")
      }
    }
  }

  /// Taps the back button of the visible screen: its view model decides when it adopts
  /// `BackHandling`, otherwise the screen is popped. Then settles.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the visible screen has no back button (it is the root of
  ///   its stack) or a dialog covers it.
  public func back(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(at: site) {
      try checkUncovered(to: "go back")
      try host.goBack()
    }
  }

  /// The dialog in front (the one to answer first), if any.
  public var dialog: DialogView? { host.dialogs.front }

  /// Taps the button titled `button` of the dialog in front, then settles: the view model
  /// awaiting it goes on with the answer.
  ///
  /// - Parameters:
  ///   - button: The button's title, as the render shows it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when no dialog is shown, or the dialog in front has no such
  ///   button (naming those it has).
  public func answer(
    _ button: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(at: site) { try host.dialogs.answer(button) }
  }

  /// Types `text` into the prompt in front and taps OK, then settles.
  ///
  /// - Parameters:
  ///   - text: The text to answer with.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when no dialog is shown, or the dialog in front is not a prompt.
  public func answerPrompt(
    _ text: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(at: site) { try host.dialogs.answerPrompt(text) }
  }

  /// The view model of the visible screen.
  public var visibleModel: AnyObject? { host.visibleModel }

  /// The visible view model as a `T`, or an error naming what is visible.
  ///
  /// - Parameters:
  ///   - type: The view-model type expected.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when no screen is visible or its view model is not a `T`.
  /// - Returns: The visible view model.
  public func visibleModel<T: AnyObject>(
    as type: T.Type, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws -> T {
    return try reportingFailure(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) {
      () throws(DriverError) -> T in
      guard let model = host.visibleModel as? T else {
        throw DriverError(
          "the visible screen shows "
            + (host.visibleModel.map { "\(Swift.type(of: $0))" } ?? "nothing")
            + ", not \(T.self)")
      }
      return model
    }
  }

  /// Unmounts every screen, releasing their view models and widgets.
  ///
  /// A driver that goes away shuts its app down too: view models hold the host as their
  /// navigator and the host holds them, so without it an app a test drops would never be
  /// released. Call it to check what shutting down does while the test still runs.
  public func shutDown() { host.shutDown() }
}

/// The visible screen of an app as a driver acts on it.
@MainActor
final class AppSurface: DriverSurface {
  let host: AppHost

  init(_ host: AppHost) {
    self.host = host
  }

  var isMounted: Bool { host.graph.isMounted && host.visible != nil }

  var name: String {
    host.visible.map { "the visible screen '\($0.name)'" } ?? "the app"
  }

  var unmountedText: String {
    host.graph.isMounted ? "no screen is shown" : "the app is shut down"
  }

  func widget(_ id: String) -> Widget? { host.visible?.widget(id) }
  var widgetIDs: [String] { host.visible?.widgetIDs ?? [] }
  var root: Widget? { host.visible?.root }

  func note(onMissing id: String) -> String? {
    guard let visible = host.visible,
      let covered = host.covered.first(where: { $0.widget(id) != nil })
    else { return nil }
    // NB: a dialog in front refuses going back until it is answered, so the way there starts
    // with the answer.
    let answerFirst = host.dialogs.front == nil ? "" : "answer the dialog in front, then "
    return "no widget '\(id)' on the visible screen '\(visible.name)'; it exists only on the "
      + "covered screen '\(covered.name)' (\(answerFirst)go back or dismiss to reach it). "
      + "Widgets on '\(visible.name)': \(visible.widgetIDs.joined(separator: ", "))"
  }

  func enabledCause(of key: TargetKey) -> String? { host.visible?.enabledCause(key) }
  var workOwners: Set<WorkToken> { host.graph.workOwners }
  var unsettledReport: String? { host.graph.unsettledReport }
  func render() -> String { host.graph.isMounted ? host.render() : "(unmounted)" }
  func blocker(for action: String) -> String? { host.blocker(for: action) }
}
