#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// State shared between threads, guarded by a pthread mutex.
///
/// The library's own shared state (the work ledger, virtual clocks) uses this lock
/// rather than `Synchronization.Mutex`: on Linux `Mutex` waits on a futex directly, which the
/// thread sanitizer does not see, so every access under it is reported as a race and real races
/// drown among them. A pthread mutex is intercepted by both sanitizers, and measured no slower
/// on the paths that take it (Docs/Decisions/0002-a-lock-the-sanitizers-see.md).
package final class Lock<State>: @unchecked Sendable {
  // NB: `@unchecked` because every access to `state` goes through `withLock`, under `mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  /// A lock guarding `state`.
  package init(_ state: State) {
    self.state = state
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(mutex, nil)
    precondition(result == 0, "pthread_mutex_init failed with \(result)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the state, holding the lock; `body` must not take the same lock again.
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
