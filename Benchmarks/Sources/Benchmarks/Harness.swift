/// How long and how often each scenario runs.
struct Settings {
  /// Timed repetitions per measurement; the median is reported.
  var repetitions: Int
  /// Divides every scenario's iteration count; 1 for a full run.
  var scale: Int
  var isQuick: Bool

  static let full = Settings(repetitions: 9, scale: 1, isQuick: false)
  static let quick = Settings(repetitions: 1, scale: 100, isQuick: true)

  /// `count` for a full run, at least 1 in a quick one.
  func iterations(_ count: Int) -> Int { max(1, count / scale) }
}

/// Times one scenario: a warm-up run, then `repetitions` timed runs; returns the median.
///
/// `body` does `units` units of work and returns the time the measured part took, so a scenario
/// can keep its set-up out of the figure. The result is nanoseconds per unit.
@MainActor
func median(
  _ settings: Settings, units: Int, _ body: () -> Duration
) -> Double {
  _ = body()
  var samples: [Double] = []
  for _ in 0..<settings.repetitions {
    samples.append(body().nanoseconds / Double(units))
  }
  return samples.sorted()[samples.count / 2]
}

/// The async form of ``median(_:units:_:)``.
@MainActor
func median(
  _ settings: Settings, units: Int, _ body: () async throws -> Duration
) async throws -> Double {
  _ = try await body()
  var samples: [Double] = []
  for _ in 0..<settings.repetitions {
    samples.append(try await body().nanoseconds / Double(units))
  }
  return samples.sorted()[samples.count / 2]
}

/// The time `work` takes on the continuous clock.
@MainActor
func time(_ work: () -> Void) -> Duration {
  ContinuousClock().measure(work)
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// Keeps the optimizer from removing work whose result is otherwise unused.
@inline(never)
func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The median time per change of `changes` changes made by `apply`, which is given `true` for
/// the change and `false` for its reverse, in turn: the same counts each way, and what was
/// changed ends as it began.
@MainActor
func medianOfAlternatingChanges(
  _ settings: Settings, changes: Int, _ apply: (_ forward: Bool) -> Void
) -> Double {
  median(settings, units: changes) {
    time {
      for index in 0..<changes { apply(index.isMultiple(of: 2)) }
    }
  }
}
