import BindingDSL
import Testing

/// The ledger's index of queued work against the plain rule it replaced: at each end, every
/// item waiting on the ended work runs, or waits on what the ended work waited on.
@Suite struct WorkLedgerQueueTests {
  enum Phase: Equatable {
    case running, sleeping
    case waiting(UInt64)
  }

  @Test(arguments: 0..<40)
  func queuedWorkMovesOnAsThePlainRuleSays(seed: UInt64) {
    var rng = SplitMix64(state: seed &+ 1)
    let ledger = WorkLedger()
    var model: [UInt64: Phase] = [:]
    var ids: [UInt64: WorkID] = [:]
    var sleeps: [UInt64: Int] = [:]
    for step in 0..<400 {
      let live = Array(model.keys).sorted()
      switch rng.next() % 5 {
      case 0, 1:
        let after =
          live.isEmpty || rng.next() % 3 == 0 ? nil : live[Int(rng.next() % UInt64(live.count))]
        let id = ledger.begin("w", owner: nil, after: after.flatMap { ids[$0] })
        ids[id.rawValue] = id
        model[id.rawValue] = after.map { .waiting($0) } ?? .running
      case 2, 3:
        guard let victim = live.isEmpty ? nil : live[Int(rng.next() % UInt64(live.count))] else {
          continue
        }
        let ended = model.removeValue(forKey: victim)!
        var next = Phase.running
        if case .waiting(let earlier) = ended, model[earlier] != nil { next = .waiting(earlier) }
        for (key, phase) in model where phase == .waiting(victim) { model[key] = next }
        ledger.end(ids[victim]!)
      default:
        guard let victim = live.isEmpty ? nil : live[Int(rng.next() % UInt64(live.count))] else {
          continue
        }
        if rng.next() % 2 == 0 {
          ledger.slept(ids[victim]!, on: WorkToken.make())
          sleeps[victim, default: 0] += 1
          model[victim] = .sleeping
        } else {
          ledger.woke(ids[victim]!)
          sleeps[victim] = max(0, sleeps[victim, default: 0] - 1)
          model[victim] = sleeps[victim]! > 0 ? .sleeping : .running
        }
      }
      let actual = Dictionary(
        uniqueKeysWithValues: ledger.followed { _ in true }.map { item -> (UInt64, Phase) in
          switch item.phase {
          case .running: (item.id.rawValue, .running)
          case .sleeping: (item.id.rawValue, .sleeping)
          case .waiting(let on): (item.id.rawValue, .waiting(on.rawValue))
          case .waitingForUser: (item.id.rawValue, .sleeping)
          }
        })
      if actual != model {
        Issue.record("seed \(seed) step \(step): \(actual) != \(model)")
        return
      }
    }
  }
}
