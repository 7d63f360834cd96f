import Headless
import Testing

@MainActor
@Suite struct StatusWidgetTests {
  @Test(
    arguments: [
      (Feedback.none, #"HUD #hud state=none"#),
      (.loading(nil), #"HUD #hud state=loading"#),
      (.loading("Loading roles"), #"HUD #hud state=loading message="Loading roles""#),
      (.success(nil), #"HUD #hud state=success"#),
      (.success("Saved"), #"HUD #hud state=success message="Saved""#),
      (.failure("Server \"busy\""), #"HUD #hud state=failure message="Server \"busy\"""#),
      (.message("Cancelled"), #"HUD #hud state=message message="Cancelled""#),
    ])
  func hudRendersEachState(feedback: Feedback, line: String) {
    #expect(TextRenderer.render(HUD("hud", feedback: feedback)) == line)
  }

  @Test(arguments: [(0.25, "0.25"), (1.0, "1"), (-0.5, "0"), (3.0, "1"), (0.0, "0"), (.nan, "0")])
  func progressBarClampsAndFormatsItsValue(value: Double, shown: String) {
    #expect(
      TextRenderer.render(ProgressBar("upload", value: value))
        == "ProgressBar #upload value=\(shown)")
  }

  @Test func textListRendersOneLabelPerItem() {
    let list = TextList("fruit", items: ["apple", "pear"])
    #expect(
      TextRenderer.render(list) == """
        TextList #fruit count=2
          Label #fruit.0 text="apple"
          Label #fruit.1 text="pear"
        """)
    list.items.value = []
    #expect(TextRenderer.render(list) == "TextList #fruit count=0")
  }
}
