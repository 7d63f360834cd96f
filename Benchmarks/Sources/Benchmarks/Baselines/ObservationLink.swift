import Observation

/// One binding written with raw Observation: `apply` reads view-model values and writes a
/// widget under `withObservationTracking`; a change marks the link dirty, and ``flush()``
/// re-registers by running `apply` again (Observation reports a change before storing it, so
/// the read has to wait for the flush).
@MainActor
final class ObservationLink {
  private var apply: (() -> Void)?
  private(set) var isDirty = false

  init(_ apply: @escaping () -> Void) {
    self.apply = apply
    track()
  }

  func flush() {
    guard isDirty else { return }
    isDirty = false
    track()
  }

  /// Stops writing; Observation cannot cancel the pending registration, which stays until the
  /// value next changes.
  func dispose() {
    apply = nil
  }

  private func track() {
    guard let apply else { return }
    withObservationTracking(apply) { [weak self] in
      MainActor.assumeIsolated { self?.isDirty = true }
    }
  }
}

/// How long `changes` changes take through `link`: each made by `change`, then flushed.
@MainActor
func time(_ link: ObservationLink, changes: Int, _ change: () -> Void) -> Duration {
  time {
    for _ in 0..<changes {
      change()
      link.flush()
    }
  }
}
