public import BindingDSL
public import Headless

/// Drives widgets as a person would, headlessly and deterministically: type, tap, toggle,
/// select, advance a virtual clock, settle, and render. ``ScreenDriver`` drives one screen;
/// ``AppDriver`` drives a whole app, acting on the visible screen. Both share these verbs.
///
/// Every interaction flushes the bindings and waits for the work it started (command runs,
/// debounce timers) to finish or to park on the virtual clock. Acting on a widget that is
/// missing, hidden, disabled, or of the wrong kind throws a ``DriverError`` that says which
/// widgets exist and why the action could not happen.
@MainActor
public class Driver {
  /// The virtual clock the view models sleep on.
  public let clock: VirtualClock
  /// The scheduler the driver flushes.
  let scheduler: ManualScheduler
  /// What the verbs act on: the screen, or the app's visible screen.
  let surface: any DriverSurface

  init(clock: VirtualClock, scheduler: ManualScheduler, surface: any DriverSurface) {
    self.clock = clock
    self.scheduler = scheduler
    self.surface = surface
  }

  /// The widget `widget` names, or an error listing the ids that exist.
  ///
  /// A widget inside a row of a list is addressed by the list's id, the row's id in brackets,
  /// and the widget's id within the row: `orders[42].title`; `orders[42]` is the row itself.
  /// The widgets of an embedded child screen are reached by their own ids; when an id is on
  /// more than one child screen, prefix it with the child screen's id: `detail.count`.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The widget.
  /// - Throws: ``DriverError`` when no widget answers, listing the ids that exist.
  public func widget(
    _ widget: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws -> Widget {
    try self.widget(
      widget, as: Widget.self, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The widget at the id or path `id`, for driver calls: ``widget(_:fileID:filePath:line:column:)``
  /// without reporting.
  func lookup(_ id: String) throws(DriverError) -> Widget {
    guard surface.isMounted else {
      throw DriverError(
        "\(surface.unmountedText); no widget '\(id)' can be reached", kind: .unmounted)
    }
    if id.contains("[") { return try locate(path: id).widget }
    if let root = surface.root, let inChild = try Self.embedded(id, in: root) { return inChild }
    guard let widget = surface.widget(id) else {
      if let note = surface.note(onMissing: id) { throw DriverError(note, kind: .covered) }
      let ids = surface.widgetIDs
      var message = "no widget '\(id)' in \(surface.name)"
      if let near = closest(to: id, in: ids) {
        message += "; did you mean '\(near)'?"
      } else {
        message += "."
      }
      message += " " + nearestIDs(to: id, in: ids)
      throw DriverError(message, kind: .missingWidget)
    }
    return widget
  }

  /// The widget `id` when child screens are involved: `detail.count` inside the child screen
  /// `detail`, or a plain id found in several child screens (an error naming how to address
  /// each). `nil` when the ordinary lookup answers.
  private static func embedded(_ id: String, in root: Widget) throws(DriverError) -> Widget? {
    if let dot = id.firstIndex(of: ".") {
      let head = String(id[..<dot])
      let rest = String(id[id.index(after: dot)...])
      if let child = root.allWidgets.first(where: { $0.id == head && $0 is any TabContent }) {
        guard let content = child.children.first else {
          throw DriverError(
            "no widget '\(id)': the child screen '\(head)' shows nothing now "
              + "(no view model, or a tab not selected)")
        }
        if let found = try embedded(rest, in: content) { return found }
        if let found = content.allWidgets.first(where: { $0.id == rest }) { return found }
        throw DriverError(
          "no widget '\(rest)' in the child screen '\(head)'; its widgets: "
            + content.allWidgets.map(\.id).joined(separator: ", "))
      }
    }
    var matches: [(widget: Widget, owner: String?)] = []
    collect(id, in: root, owner: nil, into: &matches)
    guard matches.count > 1 else { return nil }
    if let own = matches.first(where: { $0.owner == nil }) { return own.widget }
    let paths = matches.compactMap { $0.owner.map { "\($0).\(id)" } }
    throw DriverError(
      "widget '\(id)' is on more than one child screen; address one as "
        + paths.joined(separator: " or "))
  }

  /// The widgets with `id` under `widget`, each with the id of the child screen it is in.
  private static func collect(
    _ id: String, in widget: Widget, owner: String?,
    into matches: inout [(widget: Widget, owner: String?)]
  ) {
    if widget.id == id { matches.append((widget, owner)) }
    let inner = widget is any TabContent ? widget.id : owner
    for child in widget.scopedChildren { collect(id, in: child, owner: inner, into: &matches) }
  }

  /// The widget `widget` names as a `T`, or an error naming its actual kind.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - type: The widget class expected.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The widget.
  /// - Throws: ``DriverError`` when no widget answers, or it is of another kind.
  public func widget<T: Widget>(
    _ widget: Finder, as type: T.Type, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> T {
    try located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      () throws(DriverError) -> T in
      let found = try resolve(widget)
      guard let typed = found.widget as? T else {
        let by = widget.path == nil ? " found by \(widget)" : ""
        throw DriverError(
          "widget '\(found.address)'\(by) is \(found.widget.kindWithArticle), not a \(T.self)",
          kind: .wrongKind)
      }
      return typed
    }
  }

  /// Flushes the bindings and waits until all work started on behalf of the screen is quiet:
  /// every command run of its commands (cancelled runs still unwinding among them), every
  /// debounce or throttle timer of its bindings, and any tracked work on the driver's clock has
  /// finished or is sleeping on the virtual clock, and no flush is waiting.
  ///
  /// Waiting is driven by the work itself (each run, timer and sleep reports to the driver),
  /// never by counting turns, so it does not depend on machine load.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the screen is unmounted; when work stays busy for the
  ///   clock's `stallTimeout` of real time without sleeping on the virtual clock or finishing
  ///   (it waits on something else: a real clock, a continuation nobody resumes), naming it; or
  ///   when the screen asks for a flush again and again, naming the work that ran meanwhile.
  public func settle(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      try checkMounted(to: "settle")
      let ledger = WorkLedger.shared
      let clockID = clock.identity
      var watch = StallWatch(timeout: clock.stallTimeout)
      var flushes = 0
      var ranWhileFlushing: [String] = []
      while surface.isMounted {
        let owners = surface.workOwners
        let isScreenWork = { (item: WorkLedger.Item) -> Bool in
          item.clock == clockID || item.owner.map(owners.contains) == true
        }
        let generation = ledger.generation
        let flushed = try flush()
        if flushed {
          flushes += 1
          if flushes > Self.flushLimit {
            throw DriverError(
              "the screen did not settle: it asked for a flush \(Self.flushLimit) times in one "
                + "settle, so what it shows keeps changing what it runs. Work that ran meanwhile: "
                + (ranWhileFlushing.isEmpty
                  ? "none tracked" : ranWhileFlushing.joined(separator: ", "))
                + ". Look for a command that changes the value it is run on (onChangeOf:), or "
                + "a view-model property that changes whenever it is read", kind: .notSettled)
          }
        }
        let busy = ledger.busySummary(where: isScreenWork)
        // NB: the names, for a screen that keeps asking for flushes, only when it flushed: a
        // settle over thousands of runs does not list them at every change.
        if flushed, !busy.isEmpty {
          for item in ledger.busy(where: isScreenWork) where !ranWhileFlushing.contains(item.name) {
            ranWhileFlushing.append(item.name)
          }
        }
        if busy.isEmpty {
          if scheduler.hasPendingFlush { continue }
          return
        }
        if let still = await watch.wait(
          for: busy, after: generation, in: ledger, where: isScreenWork)
        {
          throw DriverError(
            "the screen did not settle: "
              + WorkLedger.names(of: still)
              + " \(still.count == 1 ? "is" : "are") still executing and not sleeping on the "
              + "virtual clock after \(clock.stallTimeout) of real time; work that waits on "
              + "something else (a real clock, a continuation nobody resumes) cannot finish in a "
              + "test", kind: .notSettled)
        }
      }
    }
  }

  /// The tree of the screen the verbs act on: the screen, or the app's visible screen.
  public var root: Widget? { surface.root }

  /// The tree as text; `(unmounted)` once nothing is mounted.
  ///
  /// - Returns: One widget a line, as a snapshot stores it.
  public func render() -> String { surface.render() }

  /// Why there is no tree to render (`the screen is unmounted`), or `nil` while there is one.
  package var whyNothingRenders: String? { surface.isMounted ? nil : surface.unmountedText }

  /// How many flushes one settle may take before the screen is called unsettled.
  private static var flushLimit: Int { 1_000 }

  func checkMounted(to action: String) throws(DriverError) {
    guard surface.isMounted else {
      throw DriverError("cannot \(action): \(surface.unmountedText)", kind: .unmounted)
    }
  }

  /// Flushes every waiting change; returns whether anything flushed.
  @discardableResult
  func flush() throws(DriverError) -> Bool {
    let flushed = clock.withTracking { scheduler.flush() }
    if let report = surface.unsettledReport { throw DriverError(report, kind: .notSettled) }
    if let root = surface.root, let problem = Self.listProblem(in: root) {
      throw DriverError(problem)
    }
    return flushed
  }

  /// The first problem a list of the tree reports (a row without a template, repeated ids).
  private static func listProblem(in widget: Widget) -> String? {
    if let list = widget as? ListView, let problem = list.problem {
      return "list '\(list.id)' cannot show all of its rows: \(problem)"
    }
    if let composite = widget as? any CompositionProblem, let problem = composite.problem {
      return "\(widget.kind) '\(widget.id)' cannot show its screen: \(problem)"
    }
    for child in widget.children {
      if let problem = listProblem(in: child) { return problem }
    }
    return nil
  }

}

/// What a driver's verbs act on: the widgets of one screen, whoever shows it.
@MainActor
protocol DriverSurface: AnyObject {
  /// Whether anything is mounted to act on.
  var isMounted: Bool { get }
  /// What messages call the place widgets are looked for in, such as `LoginScreen`.
  var name: String { get }
  /// Why nothing can be reached, such as `the screen is unmounted`.
  var unmountedText: String { get }
  /// The widget with `id` in the screen's id space.
  func widget(_ id: String) -> Widget?
  /// The ids of the screen's widgets, sorted.
  var widgetIDs: [String] { get }
  /// The screen's tree.
  var root: Widget? { get }
  /// A message for an id the screen lacks that is known elsewhere (on a covered screen).
  func note(onMissing id: String) -> String?
  /// What the enabled state at `key` follows.
  func enabledCause(of key: TargetKey) -> String?
  /// Whose work settling waits for.
  var workOwners: Set<WorkToken> { get }
  /// Why the last flush stopped early.
  var unsettledReport: String? { get }
  /// The text a render shows.
  func render() -> String
  /// Why `action` cannot reach the screen now (a dialog covers it), or `nil`.
  func blocker(for action: String) -> String?
}

extension DriverSurface {
  func blocker(for action: String) -> String? { nil }
}

extension Driver {
  /// Runs a driver call's `body` and reports the ``DriverError`` it fails with at `site`, the
  /// outermost driver call's site for verbs that call other verbs: see
  /// ``FailureReporter/stop(after:)``.
  func located<R>(_ site: CallSite, _ body: () async throws -> R) async throws -> R {
    if DriverCall.isRunning { return try await body() }
    do {
      return try await DriverCall.$isRunning.withValue(true) { try await body() }
    } catch let error as DriverError {
      try FailureReporter.stop(after: error.at(site))
    }
  }

  /// Runs a synchronous driver call's `body` and reports the ``DriverError`` it fails with at
  /// `site`.
  func located<R>(_ site: CallSite, _ body: () throws(DriverError) -> R) throws -> R {
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

extension Widget {
  /// The outermost hidden widget on the path from `self` down to `target`, if any.
  @MainActor
  func hiddenAncestor(of target: Widget) -> Widget? {
    if isHiddenNow && contains(target) { return self }
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

/// At most five ids nearest to `id` by edit distance, for a message (`Nearest ids: save, name
/// (of 7)`), never the whole screen.
func nearestIDs(to id: String, in ids: [String]) -> String {
  guard !ids.isEmpty else { return "The screen has no widgets." }
  let scored: [(id: String, distance: Int)] = ids.map { ($0, editDistance(Array(id), Array($0))) }
  let sorted = scored.sorted { (a: (id: String, distance: Int), b: (id: String, distance: Int)) in
    a.distance != b.distance ? a.distance < b.distance : a.id < b.id
  }
  let nearest: [String] = sorted.prefix(5).map { $0.id }
  return "Nearest ids: \(nearest.joined(separator: ", ")) (of \(ids.count))"
}

/// The id closest to `id` by edit distance, when it is close enough to be a typo.
func closest(to id: String, in ids: [String]) -> String? {
  let scored = ids.map { ($0, editDistance(Array(id), Array($0))) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, id.count / 3) else {
    return nil
  }
  return best.0
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
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
