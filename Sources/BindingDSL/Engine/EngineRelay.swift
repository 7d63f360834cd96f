/// What holds an engine without keeping it alive: pending Observation registrations (each a
/// ``Subscription``) reach the engine through it, and a scheduler is given it to flush.
///
/// Observation cannot cancel a registration, and a scheduler may flush after the graph is
/// gone.
@MainActor
final class EngineRelay: Flushable {
  /// The engine, while it exists.
  weak var engine: Engine?

  var needsFlush: Bool { engine?.hasPendingChanges ?? false }

  func flush() -> Bool {
    engine?.flush() ?? false
  }
}
