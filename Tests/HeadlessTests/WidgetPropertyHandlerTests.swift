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
      for step in 0..<16 {
        if reference.isEmpty || Bool.random(using: &generator) {
          reference.append((property.addEditHandler { _ in calls.append(step) }, step))
        } else {
          let index = Int.random(in: 0..<reference.count, using: &generator)
          property.removeEditHandler(reference.remove(at: index).token)
        }
        calls = []
        property.edit("step \(step)")
        #expect(calls == reference.map(\.number))
        #expect(property.editHandlerCount == reference.count)
      }
      // A removed token does nothing, however often it is removed.
      for (token, _) in reference { property.removeEditHandler(token) }
      for (token, _) in reference { property.removeEditHandler(token) }
      #expect(property.editHandlerCount == 0)
    }
  }
}
