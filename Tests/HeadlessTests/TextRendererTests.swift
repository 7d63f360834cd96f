import Headless
import Testing

@MainActor
@Suite struct TextRendererTests {
  @Test func oneWidgetALineIndentedByNesting() {
    let tree = VStack("form") {
      Label("title", text: "Sign up")
      HStack("row") {
        Toggle("agree", title: "Agree", isOn: true)
        Button("go", title: "Go")
      }
      ActivityIndicator("spinner")
    }
    #expect(
      TextRenderer.render(tree) == """
        VStack #form
          Label #title text="Sign up"
          HStack #row
            Toggle #agree title="Agree" isOn=true
            Button #go title="Go"
          ActivityIndicator #spinner
        """)
  }

  @Test func stateShowsAsFlagsInAFixedOrderAfterTheLabel() {
    let button = Button("save", title: "Save")
    button.isBusy.value = true
    button.isHidden.value = true
    button.isEnabled.value = false
    button.accessibilityLabel.value = "Save the profile"
    #expect(
      TextRenderer.line(for: button)
        == #"Button #save title="Save" label="Save the profile" [disabled, hidden, busy]"#)
    let spinner = ActivityIndicator("spinner", isAnimating: true)
    #expect(TextRenderer.line(for: spinner) == "ActivityIndicator #spinner [animating]")
  }

  @Test func stringsAreQuotedWithWhatWouldBreakALineEscaped() {
    let label = Label("quote", text: "She said \"hi\"\\\n\tthen\r left")
    #expect(
      TextRenderer.line(for: label) == #"Label #quote text="She said \"hi\"\\\n\tthen\r left""#)
  }

  @Test func everyOtherControlCharacterIsWrittenAsAScalarEscape() {
    let label = Label("controls", text: "\u{1B}[31mred\u{1B}[0m \u{0}\u{7}\u{7F}\u{85}\u{9F} ok")
    #expect(
      TextRenderer.line(for: label)
        == #"Label #controls text="\u{1B}[31mred\u{1B}[0m \u{0}\u{7}\u{7F}\u{85}\u{9F} ok""#)
    let notControls = Label("near", text: "\u{20}\u{7E}\u{A0}\u{2028}é")
    #expect(
      TextRenderer.line(for: notControls) == "Label #near text=\"\u{20}\u{7E}\u{A0}\u{2028}é\"")
  }

  /// A mount refuses an id with a control character, but a tree rendered without a mount may
  /// hold one: its line still does not break, and no escape sequence reaches a terminal.
  @Test func anIDsControlCharactersAreEscapedAndTheRestIsWrittenAsItIs() {
    let label = Label("a\nb\u{1B}[31m \"c\\", text: "x")
    #expect(TextRenderer.line(for: label) == #"Label #a\nb\u{1B}[31m "c\ text="x""#)
    #expect(
      TextRenderer.line(for: Label("plain.id-1", text: "x")) == #"Label #plain.id-1 text="x""#)
  }

  @Test func theFormatVersionIsPrintedAsAHeaderOnRequest() {
    let tree = VStack("form") { Label("title", text: "Hi") }
    #expect(TextRenderer.formatVersion == 2)
    #expect(
      TextRenderer.render(tree, options: .formatVersionHeader) == """
        # text-format 2
        VStack #form
          Label #title text="Hi"
        """)
    #expect(TextRenderer.render(tree).hasPrefix("VStack #form"), "no header unless asked")
  }

  @Test func secureFieldsShowDotsAndEmptyPlaceholdersAreLeftOut() {
    let password = TextField("password", text: "hunter22", placeholder: "Password", isSecure: true)
    let plain = TextField("code", text: "12")
    #expect(
      TextRenderer.line(for: password)
        == #"SecureField #password text="••••••••" placeholder="Password""#)
    #expect(TextRenderer.line(for: plain) == #"TextField #code text="12""#)
  }

  @Test func aToastShowsItsMessageOrThatItIsEmpty() {
    let toast = Toast("toast")
    #expect(TextRenderer.line(for: toast) == "Toast #toast [empty]")
    toast.message.value = "Saved"
    #expect(TextRenderer.line(for: toast) == #"Toast #toast message="Saved""#)
  }

  @Test func theWidgetBuilderTakesConditionsLoopsAndOptionals() {
    func tree(showsHint: Bool, extra: Label?) -> Widget {
      VStack("root") {
        if showsHint {
          Label("hint", text: "Hint")
        } else {
          Label("noHint")
        }
        for index in 0..<2 {
          Label("row\(index)")
        }
        extra
        if !showsHint {
          Label("only")
        }
      }
    }
    #expect(
      tree(showsHint: true, extra: Label("extra")).allWidgets.map(\.id) == [
        "root", "hint", "row0", "row1", "extra",
      ])
    #expect(
      tree(showsHint: false, extra: nil).allWidgets.map(\.id) == [
        "root", "noHint", "row0", "row1", "only",
      ])
  }

  @Test func renderingTheSameTreeTwiceGivesTheSameText() {
    let tree = VStack("root") { for index in 0..<50 { Label("l\(index)", text: "\(index)") } }
    #expect(TextRenderer.render(tree) == TextRenderer.render(tree))
    #expect(!TextRenderer.render(tree).contains("0x"), "no addresses")
  }
}
