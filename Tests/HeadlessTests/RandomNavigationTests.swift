import BindingDSL
import Foundation
import Headless
import HeadlessTesting
import Testing

// Seeded random rounds over an app: push, push a path, pop, pop to root, pop to a view model,
// set the stack, present, dismiss and restore deep links, some of them refused. After every
// operation the stacks are compared with a reference kept here, the lifecycle events with the
// documented order (the old top's `willDisappear`, the new top's `willAppear`, then the change,
// then the two `did` events), what the host reported visible during each event with the
// documented moment of the change, and the stacks' path with its text and JSON round trips.
//
// Run longer, or replay a failure:
//
//     RANDOM_NAVIGATION_STEPS=100000 swift test --filter RandomNavigationTests
//     RANDOM_NAVIGATION_SEED=42 swift test --filter RandomNavigationTests

@MainActor
@Suite struct RandomNavigationTests {
  @Test func randomOperationsKeepTheDocumentedLifecycleAndPaths() async throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["RANDOM_NAVIGATION_SEED"].flatMap { UInt64($0) } ?? 11
    let steps =
      environment["RANDOM_NAVIGATION_STEPS"].flatMap { Int($0) }.map { max(1, $0) } ?? 2_000
    let round = try RandomNavigationRound(seed: seed)
    try await round.run(steps: steps)
    #expect(round.failures == 0, "seed \(seed) (replay: RANDOM_NAVIGATION_SEED=\(seed))")
  }
}

/// One random round: the app, the reference stacks and the random source.
@MainActor
private final class RandomNavigationRound {
  let seed: UInt64
  private var random: SplitMix64
  private let log = EventLog()
  private let driver: AppDriver
  /// The stacks as they should be: the main stack, then each presented stack.
  private var stacks: [[PageViewModel]] = []
  private var made = 0
  private(set) var failures = 0

  init(seed: UInt64) throws {
    self.seed = seed
    random = SplitMix64(seed: seed)
    let clock = VirtualClock()
    let registry = try routedPageRegistry(log: log, clock: clock)
    driver = AppDriver(registry: registry, clock: clock)
    log.host = driver.host
  }

  private func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }

  /// A page of a new name; some names hold the characters a route argument may hold (`:`, and
  /// `|` not between spaces).
  private func page() -> PageViewModel {
    made += 1
    let decorations = ["", "", ":x", "|y", "a|b:c", ":", "a b"]
    let name = "p\(made)" + decorations[below(decorations.count)]
    return PageViewModel(name, navigator: driver.host, log: log, clock: driver.clock)
  }

  private var active: [PageViewModel] { stacks.last ?? [] }

  func run(steps: Int) async throws {
    let root = page()
    try await driver.start { _ in root }
    stacks = [[root]]
    for step in 1...steps {
      try await play(step: step)
      if failures > 0 { return }
    }
  }

  /// One random operation, checked against the reference.
  private func play(step: Int) async throws {
    let before = stacks
    log.events = []
    log.visibleAtEvents = []
    let (name, expected, operation) = pick()
    var refusal: NavigationError?
    do throws(NavigationError) {
      try operation(driver.host)
    } catch {
      refusal = error
    }
    try await driver.settle()
    let context = "seed \(seed), step \(step), \(name)"
    guard let expected else {
      check(refusal != nil, context, "was not refused")
      check(log.events.isEmpty, context, "a refused operation sent \(log.events)")
      check(sameStacks(before), context, "a refused operation changed the stacks")
      return
    }
    if let refusal {
      fail(context, "was refused: \(refusal.message)")
      return
    }
    stacks = expected
    // NB: a restored stack holds view models the host made; the reference takes them.
    if name.hasPrefix("restore") {
      stacks = ([driver.host.mainStack] + driver.host.presentedStacks).map { stack in
        stack.compactMap { $0 as? PageViewModel }
      }
      check(
        stacks.map { $0.map(\.name) } == expected.map { $0.map(\.name) }, context,
        "restored \(names(stacks)), not \(names(expected))")
    }
    check(sameStacks(stacks), context, "the host holds other stacks than \(names(stacks))")
    let (old, new) = (before.last?.last, stacks.last?.last)
    var lifecycle: [String] = []
    if let old, let new, old !== new {
      let (was, now) = (old.name, new.name)
      lifecycle = [
        "\(was) willDisappear (visible \(was), rendered \(was))",
        "\(now) willAppear (visible \(was), rendered \(was))",
        "\(was) didDisappear (visible \(now), rendered \(now))",
        "\(now) didAppear (visible \(now), rendered \(now))",
      ]
    }
    check(
      log.visibleAtEvents == lifecycle, context,
      "events \(log.visibleAtEvents), documented \(lifecycle)")
    checkPath(context)
  }

  /// The path of the stacks reads back from its text and its JSON, and names the stacks.
  private func checkPath(_ context: String) {
    do {
      let path = try driver.host.path()
      check(
        path.stacks.map { $0.map(\.argument) } == stacks.map { $0.map(\.name) }, context,
        "the path \(path) does not name \(names(stacks))")
      check(try RoutePath(parsing: path.description) == path, context, "text: \(path)")
      let json = try JSONEncoder().encode(path)
      check(try JSONDecoder().decode(RoutePath.self, from: json) == path, context, "JSON: \(path)")
    } catch {
      fail(context, "the path: \(error)")
    }
  }

  /// An operation, its name, and the stacks it leaves (`nil` when it must be refused).
  private func pick() -> (String, [[PageViewModel]]?, (AppHost) throws(NavigationError) -> Void) {
    var expected = stacks
    let last = stacks.count - 1
    switch below(12) {
    case 0, 1:
      let next = page()
      expected[last].append(next)
      return (
        "push \(next.name)", expected, { (host) throws(NavigationError) in try host.push(next) }
      )
    case 2:
      let path = (0...below(3)).map { _ in page() }
      expected[last] += path
      return (
        "push \(path.count) pages", expected,
        { (host) throws(NavigationError) in try host.push(contentsOf: path) }
      )
    case 3:
      let shown = stacks.flatMap { $0 }
      let again = shown[below(shown.count)]
      return (
        "push \(again.name) again", nil, { (host) throws(NavigationError) in try host.push(again) }
      )
    case 4, 5:
      expected[last].removeLast()
      return (
        "pop", active.count > 1 ? expected : nil,
        { (host) throws(NavigationError) in try host.pop() }
      )
    case 6:
      expected[last] = [active[0]]
      return ("pop to root", expected, { (host) throws(NavigationError) in try host.popToRoot() })
    case 7:
      let onStack = below(5) != 0
      let target = onStack ? active[below(active.count)] : page()
      if let index = active.firstIndex(where: { $0 === target }) {
        expected[last] = Array(active[...index])
      }
      return (
        "pop to \(target.name)", onStack ? expected : nil,
        { (host) throws(NavigationError) in try host.pop(to: target) }
      )
    case 8:
      var models = active.filter { _ in below(2) == 0 }
      for _ in 0..<below(3) { models.append(page()) }
      models.shuffle(using: &random)
      expected[last] = models
      return (
        "set the stack to \(models.map(\.name))", models.isEmpty ? nil : expected,
        { (host) throws(NavigationError) in try host.setStack(models) }
      )
    case 9:
      let next = page()
      expected.append([next])
      return (
        "present \(next.name)", expected,
        { (host) throws(NavigationError) in try host.present(next) }
      )
    case 10:
      expected.removeLast()
      return (
        "dismiss", stacks.count > 1 ? expected : nil,
        { (host) throws(NavigationError) in try host.dismiss() }
      )
    default:
      let restored = (0...below(2)).map { _ in (0...below(3)).map { _ in page() } }
      let path = RoutePath(
        stacks: restored.map { $0.map { RoutePath.Entry("page", argument: $0.name) } })
      let refused = below(6) == 0
      let given = refused ? RoutePath(stacks: path.stacks + [[]]) : path
      return (
        "restore \(given)", refused ? nil : restored,
        { (host) throws(NavigationError) in try host.restore(given) }
      )
    }
  }

  private func sameStacks(_ expected: [[PageViewModel]]) -> Bool {
    let host = driver.host
    let actual = [host.mainStack] + host.presentedStacks
    return actual.count == expected.count
      && zip(actual, expected).allSatisfy { stack, reference in
        stack.count == reference.count && zip(stack, reference).allSatisfy { $0 === $1 }
      }
  }

  private func names(_ stacks: [[PageViewModel]]) -> String {
    stacks.map { $0.map(\.name).joined(separator: "/") }.joined(separator: " | ")
  }

  private func check(_ holds: Bool, _ context: String, _ what: @autoclosure () -> String) {
    if !holds { fail(context, what()) }
  }

  private func fail(_ context: String, _ what: String) {
    failures += 1
    Issue.record("\(context): \(what)")
  }
}
