import Headless
import Testing

/// A property keeps its first edit handler apart from the others; whatever is added and
/// removed, an edit must reach the handlers left, in the order they were added.
@MainActor
@Suite struct WidgetPropertyHandlerTests {
  @Test func anyOrderOfAddsAndRemovesCallsTheHandlersLeftInTheOrderOfAdding() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let property = WidgetProperty(widgetID: "field", name: "text", value: "", isEditable: true)
      var calls: [Int] = []
      var reference: [(token: HandlerToken, number: Int)] = []
      var removed: [HandlerToken] = []
      for step in 0..<16 {
        if reference.isEmpty || Bool.random(using: &generator) {
          reference.append((property.addEditHandler { _ in calls.append(step) }, step))
        } else {
          let index = Int.random(in: 0..<reference.count, using: &generator)
          let token = reference.remove(at: index).token
          property.removeEditHandler(token)
          removed.append(token)
        }
        // A token removed earlier does nothing: tokens are never handed out again.
        if let stale = removed.randomElement(using: &generator) {
          property.removeEditHandler(stale)
        }
        calls = []
        property.edit("step \(step)")
        #expect(calls == reference.map(\.number))
        #expect(property.editHandlerCount == reference.count)
      }
      for (token, _) in reference { property.removeEditHandler(token) }
      #expect(property.editHandlerCount == 0)
    }
  }
}
