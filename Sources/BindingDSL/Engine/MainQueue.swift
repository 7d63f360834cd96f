import Dispatch

/// Runs `body` on the main actor: at once when Observation reports a change on the main queue
/// (the main actor's executor), through a main-actor task when a view model changed elsewhere.
func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  if MainQueue.isCurrent {
    MainActor.assumeIsolated { body() }
  } else {
    Task { @MainActor in body() }
  }
}

/// Tells whether code runs on the main queue, which is the main actor's executor.
///
/// `Thread.isMainThread` is not the same question: where the main queue is drained by
/// `dispatchMain()` (as test runners on Linux do), main-actor code runs on another thread.
/// That the main queue *is* the main actor's executor is the default executors' arrangement,
/// which `MainActor.assumeIsolated` checks at each call.
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
