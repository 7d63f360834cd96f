import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// The `Int` row index (Decisions/0050): extreme and negative ids, growth past the table's
/// capacity, repeats, an empty list, against the same rows matched by `AnyHashable` id.
@MainActor
@Suite struct RowIndexExtremeIDTests {
  @Test func extremeIntIDsAgreeWithTheGeneralPath() throws {
    var generator = SplitMix64(state: 0xBEEF)
    let model = KeyedTwinsViewModel<Int>()
    let scheduler = ManualScheduler()
    let screen = KeyedTwinsScreen<Int>()
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    // Ids that collide in the top bits of the multiplicative hash, extremes and negatives.
    var keys: [Int] =
      [Int.min, Int.max, Int.min + 1, Int.max - 1, -1, 0, 1]
      + (1..<200).map { $0 << 58 } + (1..<200).map { -$0 } + (1..<200).map { $0 &* 0x9E37_79B9 }
    var seen = Set<Int>()
    keys = keys.filter { seen.insert($0).inserted }
    var cells = Dictionary(uniqueKeysWithValues: keys.map { ($0, KeyedCell($0)) })
    var shown: [Int] = []
    for round in 0..<150 {
      var new = shown.filter { _ in Int.random(in: 0..<10, using: &generator) < 8 }
      // Grow, sometimes a lot at once, past any table capacity made for the old rows.
      let adding = round % 10 == 0 ? 150 : Int.random(in: 0..<8, using: &generator)
      for _ in 0..<adding {
        let key = keys.randomElement(using: &generator)!
        if !new.contains(key) {
          new.insert(key, at: Int.random(in: 0...new.count, using: &generator))
        }
      }
      if round % 17 == 0 { new = [] }
      if round % 23 == 0, let first = new.first { new.append(first) }
      if round % 7 == 0, let replaced = new.randomElement(using: &generator) {
        cells[replaced] = KeyedCell(replaced)
      }
      model.cells = new.map { cells[$0]! }
      scheduler.flush()
      #expect(screen.indexed.rowIDs == screen.general.rowIDs, "round \(round)")
      #expect(
        screen.indexed.lastChanges?.description == screen.general.lastChanges?.description,
        "round \(round)")
      #expect(screen.indexed.problem == screen.general.problem, "round \(round)")
      var unique: [Int] = []
      for key in new where !unique.contains(key) { unique.append(key) }
      shown = unique
    }
  }
}

@MainActor
@Suite struct RowRenderWalkTests {
  /// The render (which visits a row's content without its array) shows what a walk through
  /// `children` shows, for rows with a height, selected or not.
  @Test func theRenderWalksTheSameWidgetsAsChildren() async throws {
    let model = OrdersViewModel(count: 4)
    let screen = OrdersScreen()
    let driver = try ScreenDriver(screen, model: model)
    try await driver.settle()
    try await driver.select("orders[2]")
    model.orders[0].isUrgent = true
    try await driver.settle()
    func walk(_ widget: Widget, depth: Int, into lines: inout [String]) {
      lines.append(String(repeating: "  ", count: depth) + TextRenderer.line(for: widget))
      for child in widget.children { walk(child, depth: depth + 1, into: &lines) }
    }
    let root = try driver.widget("orders", as: ListView.self)
    var lines: [String] = []
    walk(root, depth: 0, into: &lines)
    #expect(TextRenderer.render(root) == lines.joined(separator: "\n"))
    #expect(TextRenderer.render(root).contains("height=88"))
    #expect(TextRenderer.render(root).contains("[selected]"))
    driver.unmount()
  }
}
