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
  /// - Throws: ``DriverError`` when the screen is unmounted; when work stays busy without
  ///   sleeping on the virtual clock or finishing while no tracked work moves for the clock's
  ///   `stallTimeout` of real time (it waits on something else: a real clock, a continuation
  ///   nobody resumes), naming it; or
  ///   when the screen asks for a flush again and again, naming the work that ran meanwhile.
  public func settle(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await reportingFailure(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) {
      try checkMounted(to: "settle")
      let ledger = WorkLedger.shared
      let clockID = clock.identity
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
        let isBusy = ledger.isBusy(where: isScreenWork)
        // NB: the names, for a screen that keeps asking for flushes, only when it flushed: a
        // settle over thousands of runs does not list them at every change.
        if flushed, isBusy {
          for item in ledger.busy(where: isScreenWork) where !ranWhileFlushing.contains(item.name) {
            ranWhileFlushing.append(item.name)
          }
        }
        if !isBusy {
          if scheduler.hasPendingFlush { continue }
          return
        }
        if let still = await ledger.waitForChange(
          after: generation, orStallAfter: clock.stallTimeout, where: isScreenWork)
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
  var whyNothingRenders: String? { surface.isMounted ? nil : surface.unmountedText }

  /// How many flushes one settle may take before the screen is called unsettled.
  private static var flushLimit: Int { 1_000 }

  func checkMounted(to action: String) throws(DriverError) {
    guard surface.isMounted else {
      throw DriverError("cannot \(action): \(surface.unmountedText)", kind: .unmounted)
    }
  }

  /// Throws when something in front (a dialog, a presented screen) covers what a person would
  /// `action` (`tap 'save'`).
  func checkUncovered(to action: String) throws(DriverError) {
    if let blocker = surface.blocker(for: action) { throw DriverError(blocker, kind: .covered) }
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
