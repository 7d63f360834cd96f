import Dispatch
import Synchronization

/// Who work belongs to (a command, a mount) or which virtual clock: a number unique in the
/// process, never reused, so work left behind by an object that is gone is never taken for the
/// work of a new object at the same address.
package struct WorkToken: Hashable, Sendable {
  package let rawValue: UInt64

  private static let last = Atomic<UInt64>(0)

  /// A token no other object has.
  package static func make() -> WorkToken {
    WorkToken(rawValue: last.add(1, ordering: .relaxed).newValue)
  }
}

/// Something whose work the ledger follows under a token of its own.
@MainActor
package protocol WorkOwning: AnyObject {
  var workToken: WorkToken { get }
}

/// One piece of work the ledger follows: a command run, a debounce or throttle timer, work a
/// test wrapped in ``withTrackedWork(named:operation:)``, or a task sleeping on a virtual clock.
package struct WorkID: Hashable, Sendable, CustomStringConvertible {
  package let rawValue: UInt64

  package var description: String { "work #\(rawValue)" }
}

/// What the virtual clock and the screen driver know of the work going on in the process: for
/// each tracked piece of work, whether it is running, sleeping on a virtual clock, or waiting for
/// another piece of work to end.
///
/// Work is *busy* while it runs: from the moment it starts (or is woken) until it sleeps on a
/// virtual clock or ends. Busy work is what `VirtualClock.advance(by:)` and the driver's
/// `settle()` wait for before they let time move on or call a screen settled. Every change is
/// announced to waiters, so nothing polls and no count of `Task.yield()` decides an outcome;
/// waiting is bounded only by a real-time safety net, and running past it is an error that names
/// the busy work.
///
/// Work is followed through a task-local (``WorkContext/current``): a task started inside
/// tracked work (`Task { … }`, not `Task.detached`) is seen as part of it.
package final class WorkLedger: Sendable {
  /// The process's ledger.
  package static let shared = WorkLedger()

  package enum Phase: Hashable, Sendable {
    /// Started or woken, and not yet sleeping on a virtual clock or ended.
    case running
    /// Sleeping on a virtual clock.
    case sleeping
    /// Waiting for the work with this id to end (a queued command run).
    case waiting(on: WorkID)
    /// Waiting for a person to answer a dialog: not busy, so settling does not wait for it.
    case waitingForUser
  }

  /// A snapshot of one piece of work.
  package struct Item: Hashable, Sendable {
    package let id: WorkID
    /// How reports name it, such as `command 'search'`.
    package let name: String
    /// The command or mounted graph it belongs to.
    package let owner: WorkToken?
    package var phase: Phase
    /// The virtual clock it slept on last, or inherited from the work that started it.
    package var clock: WorkToken?
    /// Whether it was cancelled and is still unwinding.
    package var isCancelled = false
    /// How many of its sleeps on virtual clocks are pending.
    var sleeps = 0

    /// A description for reports: its name, and why it is still around when cancelled.
    package var report: String {
      isCancelled ? "\(name) (cancelled, still unwinding)" : name
    }
  }

  private struct State {
    var items: [WorkID: Item] = [:]
    /// The work waiting on each piece of work (``Phase/waiting(on:)``), so that an end finds
    /// what queued behind it without looking through every item.
    var waitingOn: [WorkID: [WorkID]] = [:]
    var lastID: UInt64 = 0
    var generation: UInt64 = 0
    var waiters: [UInt64: Waiter] = [:]
    var lastWaiter: UInt64 = 0

    mutating func changed() -> [CheckedContinuation<Bool, Never>] {
      generation &+= 1
      var resumed: [CheckedContinuation<Bool, Never>] = []
      for (id, waiter) in waiters {
        guard case .waiting(let continuation) = waiter else { continue }
        resumed.append(continuation)
        waiters[id] = nil
      }
      return resumed
    }
  }

  /// A waiter of ``waitForChange(after:until:)``, from the moment it is numbered.
  private enum Waiter {
    /// Numbered, not yet suspended.
    case announced
    /// Suspended until a change or its deadline.
    case waiting(CheckedContinuation<Bool, Never>)
    /// Its deadline passed (or its task was cancelled) before it suspended: it returns at once
    /// when it tries.
    case expired
  }

  private let state = Lock(State())

  package init() {}

  /// Starts following a piece of work, running unless it waits on `predecessor`. Unless given a
  /// clock, it inherits the clock of the work it was started from (``WorkContext/current``), so
  /// that a command run started by a timer the clock woke is waited for by that clock, or else
  /// the clock of the scope it starts in (``WorkContext/clock``).
  package func begin(
    _ name: String, owner: WorkToken?, after predecessor: WorkID? = nil,
    clock: WorkToken? = nil
  ) -> WorkID {
    let parent = WorkContext.current
    let scope = WorkContext.clock
    return update { state in
      state.lastID += 1
      let id = WorkID(rawValue: state.lastID)
      var phase = Phase.running
      if let predecessor, state.items[predecessor] != nil {
        phase = .waiting(on: predecessor)
        state.waitingOn[predecessor, default: []].append(id)
      }
      let inherited = parent.flatMap { state.items[$0]?.clock }
      state.items[id] = Item(
        id: id, name: name, owner: owner, phase: phase, clock: clock ?? inherited ?? scope)
      return id
    }
  }

  /// The work ended: it is forgotten, and work queued behind it starts running, inheriting its
  /// clock; or, when the work that ended was itself still waiting (a queued run cancelled), the
  /// work behind it waits for what it waited for.
  package func end(_ id: WorkID) {
    update { state in
      guard let ended = state.items.removeValue(forKey: id) else { return }
      var next = Phase.running
      if case .waiting(let earlier) = ended.phase {
        state.waitingOn[earlier]?.removeAll { $0 == id }
        if state.waitingOn[earlier]?.isEmpty == true { state.waitingOn[earlier] = nil }
        if state.items[earlier] != nil { next = .waiting(on: earlier) }
      }
      for key in state.waitingOn.removeValue(forKey: id) ?? [] {
        guard let item = state.items[key], item.phase == .waiting(on: id) else { continue }
        state.items[key]?.phase = next
        if item.clock == nil { state.items[key]?.clock = ended.clock }
        if case .waiting(let earlier) = next { state.waitingOn[earlier, default: []].append(key) }
      }
    }
  }

  /// Runs `body` as the work `id` (tasks it starts belong to that work), then ends the work.
  package func run<Result>(
    _ id: WorkID, _ body: () async throws -> Result
  ) async rethrows -> Result {
    defer { end(id) }
    return try await WorkContext.$current.withValue(id) { try await body() }
  }

  /// The work was cancelled; it stays followed until it ends.
  package func cancelled(_ id: WorkID) {
    update { state in state.items[id]?.isCancelled = true }
  }

  /// The work went to sleep on the virtual clock `clock`. Returns whether the ledger follows
  /// `id`.
  @discardableResult
  package func slept(_ id: WorkID, on clock: WorkToken) -> Bool {
    update { state in
      guard state.items[id] != nil else { return false }
      state.items[id]?.sleeps += 1
      state.items[id]?.phase = .sleeping
      state.items[id]?.clock = clock
      return true
    }
  }

  /// A sleep of the work ended (it was woken or cancelled): the work runs again, unless another
  /// of its tasks still sleeps (work that sleeps in several child tasks at once counts as
  /// sleeping while any of them sleeps).
  package func woke(_ id: WorkID) {
    update { state in
      guard var item = state.items[id] else { return }
      item.sleeps = max(0, item.sleeps - 1)
      item.phase = item.sleeps > 0 ? .sleeping : .running
      state.items[id] = item
    }
  }

  /// The work awaits a person's answer to a dialog: it is not busy until ``answered(_:)``.
  package func waitsForUser(_ id: WorkID) {
    update { state in
      guard state.items[id] != nil else { return }
      state.items[id]?.phase = .waitingForUser
    }
  }

  /// The dialog the work awaited was answered (or went away): the work runs again, or sleeps if
  /// another of its tasks still sleeps. Call it before resuming the work, so that no observer
  /// sees it idle in between.
  package func answered(_ id: WorkID) {
    update { state in
      guard let item = state.items[id], item.phase == .waitingForUser else { return }
      state.items[id]?.phase = item.sleeps > 0 ? .sleeping : .running
    }
  }

  /// Whether the ledger follows `id`.
  package func contains(_ id: WorkID) -> Bool {
    state.withLock { $0.items[id] != nil }
  }

  /// Waits until `condition` holds, checking it again at every change of the ledger (work
  /// starting, sleeping, waking or ending), never by polling. It has no deadline that decides an
  /// outcome: for tests, which wait this way for cancelled work to unwind, or for a task to
  /// reach its sleep. A state that never comes hangs the test, which a run's own limit ends.
  package func wait(until condition: () -> Bool) async {
    while true {
      let generation = self.generation
      if condition() { return }
      _ = await waitForChange(
        after: generation, until: ContinuousClock.now.advanced(by: .seconds(3_600)))
    }
  }

  /// The work `isIncluded` selects, busy or not, in the order it started.
  package func followed(where isIncluded: (Item) -> Bool) -> [Item] {
    state.withLock { state in state.items.values.filter(isIncluded) }
      .sorted { $0.id.rawValue < $1.id.rawValue }
  }

  /// Whether any work `isIncluded` selects is busy. Looked up without copying the work out, so
  /// that a wait over thousands of pieces of work does not sort them at every change.
  package func isBusy(where isIncluded: (Item) -> Bool) -> Bool {
    state.withLock { state in
      state.items.values.contains { $0.phase == .running && isIncluded($0) }
    }
  }

  /// A number that changes with every change of the ledger.
  package var generation: UInt64 { state.withLock { $0.generation } }

  /// The busy work that `isIncluded` selects, in the order it started.
  package func busy(where isIncluded: (Item) -> Bool) -> [Item] {
    followed { $0.phase == .running && isIncluded($0) }
  }

  /// Waits until the ledger changes after `generation`, or until `deadline` passes on the real
  /// clock. Returns `false` when the deadline passed first (or the task was cancelled).
  package func waitForChange(
    after generation: UInt64, until deadline: ContinuousClock.Instant
  ) async -> Bool {
    let waiter = state.withLock { state -> UInt64? in
      guard state.generation == generation else { return nil }
      state.lastWaiter += 1
      state.waiters[state.lastWaiter] = .announced
      return state.lastWaiter
    }
    guard let waiter else { return true }
    // NB: a dispatch timer, not a task sleeping on a real clock: a cancelled sleep keeps its
    // task and timer until its deadline would have passed (a minute by default), so a test that
    // settled thousands of times a minute grew by about half a kilobyte a wait. A cancelled
    // source is freed at once.
    let timer = DispatchSource.makeTimerSource(queue: .global())
    // NB: clamped to a year first: a far deadline (a stall timeout of `.seconds(.max)`) does
    // not fit in nanoseconds.
    let remaining = min(
      max(ContinuousClock.now.duration(to: deadline), .zero), .seconds(31_536_000))
    let (seconds, attoseconds) = remaining.components
    timer.schedule(
      deadline: .now() + .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)))
    // NB: the ledger strongly: the timer is cancelled (and its handler released) when the wait
    // ends, and a weak reference would give the process's ledger a side table that the leak
    // check, which cannot follow it from the object, reports as leaked at exit.
    timer.setEventHandler { self.expire(waiter) }
    timer.resume()
    defer {
      timer.cancel()
      state.withLock { _ = $0.waiters.removeValue(forKey: waiter) }
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        // NB: the deadline may have passed, or a change come, between numbering the waiter and
        // suspending it; either answers at once instead of waiting for a change that may never
        // come.
        let answer = state.withLock { state -> Bool? in
          if case .expired = state.waiters[waiter] { return false }
          guard state.generation == generation else { return true }
          state.waiters[waiter] = .waiting(continuation)
          return nil
        }
        if let answer { continuation.resume(returning: answer) }
      }
    } onCancel: {
      expire(waiter)
    }
  }

  /// Waits until none of the work `isIncluded` selects is busy. Gives up with the error
  /// `stalled` makes of the busy work when no tracked work in the process has moved for
  /// `stallTimeout` of real time (see ``waitForChange(after:orStallAfter:where:)``).
  package func waitUntilQuiet(
    stallTimeout: Duration, where isIncluded: (Item) -> Bool,
    stalled: ([Item]) -> VirtualTimeError
  ) async throws(VirtualTimeError) {
    while true {
      let generation = self.generation
      if !isBusy(where: isIncluded) { return }
      if let still = await waitForChange(
        after: generation, orStallAfter: stallTimeout, where: isIncluded)
      {
        throw stalled(still)
      }
    }
  }

  /// The real-time safety net of a wait for busy work: waits until the ledger changes after
  /// `generation`, or until `stallTimeout` of real time passes without any change.
  ///
  /// Any change counts, whoever's work it is: work that cannot run because the machine is busy
  /// with other tests is not stalled while those tests move, and is not called stalled when it
  /// gets its turn. Only a process in which no tracked work starts, sleeps, wakes or ends for
  /// the whole timeout, while the awaited work is busy, has work that waits on something else
  /// (Decision 0120).
  ///
  /// - Returns: The work `isIncluded` selects that is still busy when the timeout passed with no
  ///   change, or `nil` when the ledger changed first (or nothing was busy any more).
  package func waitForChange(
    after generation: UInt64, orStallAfter stallTimeout: Duration,
    where isIncluded: (Item) -> Bool
  ) async -> [Item]? {
    let deadline = ContinuousClock.now.advanced(by: stallTimeout)
    if await waitForChange(after: generation, until: deadline) { return nil }
    let still = busy(where: isIncluded)
    return still.isEmpty ? nil : still
  }

  /// The end of a message about busy work that did not settle.
  package static func stallReport(_ busy: [Item], _ stallTimeout: Duration) -> String {
    names(of: busy)
      + " \(busy.count == 1 ? "has" : "have") been busy for \(stallTimeout) of real time without "
      + "sleeping on a virtual clock or ending; work that waits on something else (a real clock, "
      + "a continuation nobody resumes) cannot finish in a test"
  }

  /// The reports of `items` in the order they started, each said once, with how many share it
  /// when more than one do: `command 'search' (cancelled, still unwinding) ×999, command
  /// 'search'`.
  package static func names(of items: [Item]) -> String {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for item in items {
      if counts[item.report] == nil { order.append(item.report) }
      counts[item.report, default: 0] += 1
    }
    return order.map { counts[$0] == 1 ? $0 : "\($0) ×\(counts[$0] ?? 0)" }
      .joined(separator: ", ")
  }

  /// The deadline of `waiter` passed, or its task was cancelled: it returns `false`, now if it
  /// is suspended, or as soon as it tries to suspend.
  private func expire(_ waiter: UInt64) {
    let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      switch state.waiters[waiter] {
      case .announced:
        state.waiters[waiter] = .expired
        return nil
      case .waiting(let continuation):
        state.waiters[waiter] = nil
        return continuation
      case .expired, nil:
        return nil
      }
    }
    continuation?.resume(returning: false)
  }

  /// Applies `body` to the state and wakes every waiter.
  @discardableResult
  private func update<T>(_ body: (inout State) -> T) -> T {
    let (result, resumed) = state.withLock { state in
      let result = body(&state)
      return (result, state.changed())
    }
    for continuation in resumed { continuation.resume(returning: true) }
    return result
  }
}
