import Dispatch

/// Runs `body` on the main actor: at once when Observation reports a change on the main queue
/// (the main actor's executor), through a main-actor task when a view model changed elsewhere.
@inline(__always)
func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  if MainQueue.isCurrent {
    MainActor.assumeIsolated { body() }
  } else {
    Task { @MainActor in body() }
  }
}

/// Tells whether code runs on the main queue, which is the main actor's executor.
///
/// NB: `Thread.isMainThread` is not the same question: where the main queue is drained by
/// `dispatchMain()` (as test runners on Linux do), main-actor code runs on another thread.
/// That the main queue *is* the main actor's executor is the default executors' arrangement; a
/// program that installs a main executor of its own breaks it, which
/// ``callingIsolated(_:)`` checks once, the first time it is used.
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

  /// `function`, a main-actor function, as one code that ``isCurrent`` found on the main
  /// queue can call.
  ///
  /// NB: what `MainActor.assumeIsolated` does once its own check has passed, without that check
  /// (``isCurrent`` is it) and without the context it allocates for the closure it is given:
  /// `function` should capture nothing. Debug builds check the isolation again.
  @inline(__always)
  nonisolated static func callingIsolated<Object: AnyObject, Argument>(
    _ function: @escaping @MainActor (Object, Argument, UInt32) -> Void
  ) -> (Object, Argument, UInt32) -> Void {
    #if DEBUG
      MainActor.preconditionIsolated("a registration fired on the main queue, off the main actor")
    #else
      if !hasCheckedTheMainQueue {
        MainActor.preconditionIsolated(
          "the main queue does not run the main actor (a custom main executor?): a "
            + "registration that fired on it cannot call the engine at once")
        hasCheckedTheMainQueue = true
      }
    #endif
    return unsafeBitCast(function, to: ((Object, Argument, UInt32) -> Void).self)
  }

  /// Whether builds without the check of every call have checked, once, that the main queue
  /// runs the main actor, which the cast of ``callingIsolated(_:)`` relies on.
  ///
  /// NB: read and written only on the main queue (behind ``isCurrent``), which is serial; a
  /// constant initial value needs no lazy initialization at each read.
  nonisolated(unsafe) private static var hasCheckedTheMainQueue = false
}
