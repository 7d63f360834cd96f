/// Waits until `task` ends or the current task is cancelled, whichever comes first.
func awaitUnlessCancelled(_ task: Task<Void, Never>) async {
  let signal = OnceSignal()
  await withTaskCancellationHandler {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      signal.wait(with: continuation)
      Task {
        await task.value
        signal.fire()
      }
    }
  } onCancel: {
    signal.fire()
  }
}

/// Resumes one waiter once, whichever of several events comes first.
final class OnceSignal: Sendable {
  private let state = Lock<(waiter: CheckedContinuation<Void, Never>?, fired: Bool)>(
    (nil, false))

  func wait(with continuation: CheckedContinuation<Void, Never>) {
    let fired = state.withLock { state -> Bool in
      if !state.fired { state.waiter = continuation }
      return state.fired
    }
    if fired { continuation.resume() }
  }

  func fire() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.fired = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}
