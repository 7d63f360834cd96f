import Headless
import HeadlessTesting
import Testing

/// The renderer writes into one buffer and quotes by scanning bytes; these tests hold it to the
/// text of a straightforward algorithm (arrays of parts joined per line, strings quoted one
/// Unicode scalar at a time), byte for byte, on strings chosen to tell bytes, scalars and
/// characters apart.
@MainActor
@Suite struct TextRendererEquivalenceTests {
  nonisolated static let trickyStrings: [String] = [
    "", "plain", "She said \"hi\"", "back\\slash", "tab\there", "line\nbreak", "lone\rreturn",
    "\r\n", "a\r\nb", "\r\r\n", "\n\r", "\r\n\r\n", "\r", "\n", "\t", "\"", "\\", "\"\"",
    "\\\\", "end\\", "\"start",
    // A quote or backslash joined into a larger character by a combining mark after it, a
    // zero-width joiner or a spacing mark, or by a prepended mark before it.
    "\"\u{301}", "\\\u{301}", "x\"\u{301}y", "\"\u{200D}", "\"\u{903}", "\u{600}\"", "\u{600}\\",
    "\u{301}\"", "e\u{301}\"", "\"e\u{301}",
    // Controls never join anything but `\r\n`.
    "\t\u{301}", "\n\u{301}", "\r\u{301}", "\u{301}\n", "\r\n\u{301}",
    // Emoji, flags, sequences, and text in other scripts next to escapes.
    "😀", "😀\"", "\"😀", "👨‍👩‍👧\n", "🇺🇸\"🇫🇷", "👍🏽\\", "日本語\t\"引用\"", "Ünïcödé \r\n ok",
    "•••", "\u{0}\u{7F}\u{85}\u{2028}",
    // Every other control character, alone, in runs and next to the C1 range's neighbours.
    "\u{1B}[31mred\u{1B}[0m", "\u{7}\u{8}\u{B}\u{C}", "\u{1F}\u{20}", "\u{80}\u{9F}\u{A0}",
    "\u{7E}\u{7F}\u{80}", "Â\u{9B}", "é\u{85}\r\n",
    String(repeating: "x", count: 1_000), String(repeating: "ab\"\\\n", count: 200),
  ]

  @Test(arguments: trickyStrings.map(EscapedArgument.init))
  func quotingMatchesTheScalarByScalarAlgorithm(text: EscapedArgument) {
    let label = Label("q", text: text.text)
    label.accessibilityLabel.value = text.text
    expectSameBytes(TextRenderer.line(for: label), reference(label))
  }

  /// The cases above are named in the test log by escaped text: none writes a control
  /// character (an ESC colour sequence, a carriage return, a line break) into the log.
  @Test func theCasesAreNamedWithoutControlCharacters() {
    let descriptions = Self.trickyStrings.map { EscapedArgument($0).testDescription }
    for description in descriptions {
      #expect(
        !description.unicodeScalars.contains {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        },
        "\(description.debugDescription)")
    }
    #expect(EscapedArgument("\u{1B}[31mred\\").testDescription == #""\u{1B}[31mred\\""#)
    #expect(
      EscapedArgument(String(repeating: "x", count: 30)).testDescription
        == "\"\(String(repeating: "x", count: 24))\"… (30 scalars)")
    #expect(Set(descriptions).count == descriptions.count, "every case has a name of its own")
  }

  @Test func aLineNeverBreaksAndAStringNeverEndsEarly() {
    let label = Label("q", text: "a\r\nb \"\u{301} end")
    #expect(TextRenderer.line(for: label) == #"Label #q text="a\r\nb \"\#u{301} end""#)
    #expect(!TextRenderer.line(for: label).contains("\n"))
  }

  @Test func randomMixturesOfTrickyPiecesQuoteTheSame() {
    let pieces = [
      "a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\r\n", "\u{301}", "\u{200D}", "\u{600}",
      "\u{903}", "é", "😀", "🇺🇸", "日", "\u{FE0F}", "\u{1F3FD}",
    ]
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 12)
      let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let label = Label("q", text: text)
      expectSameBytes(TextRenderer.line(for: label), reference(label))
    }
  }

  @Test func everyKindRendersAsBefore() {
    let busy = Button("busy", title: "Busy")
    busy.isBusy.value = true
    busy.isEnabled.value = false
    busy.isHidden.value = true
    busy.accessibilityLabel.value = "Busy \"now\""
    let refused = Toggle("terms", title: "Terms")
    refused.message.value = "Accept the \"terms\""
    let tree = VStack("root") {
      Label("label", text: "Text")
      TextField("field", text: "typed\r\n", placeholder: "Hint")
      TextField("secret", text: "pässwörd", placeholder: "", isSecure: true)
      busy
      Toggle("toggle", title: "On", isOn: true)
      refused
      ActivityIndicator("spinner", isAnimating: true)
      Toast("toast")
      Toast("said", message: "Saved \\o/")
      HStack("row") {
        HUD("hud", feedback: .failure("Server \"busy\""))
        HUD("idle")
        VStack("deep") { HStack("deeper") { Label("deepest") } }
      }
      ProgressBar("half", value: 0.5)
      ProgressBar("third", value: 1.0 / 3)
      ProgressBar("nan", value: .nan)
      TextList("list", items: ["one", "two\t2"])
      Custom("custom")
    }
    expectSameBytes(TextRenderer.render(tree), referenceRender(tree))
  }

  @Test func listRowsRenderAsTheirRenderedFieldsSay() async throws {
    let model = OrdersViewModel(count: 3)
    model.orders[1].isUrgent = true
    let driver = try ScreenDriver(OrdersScreen(), model: model)
    try await driver.select("orders[2]")
    let list = try driver.widget("orders")
    #expect(
      TextRenderer.render(list).contains(#"Row #orders[2] height=88 actions="delete" [selected]"#))
    expectSameBytes(TextRenderer.render(list), referenceRender(list))
  }

  @Test(arguments: [
    0, -0.0, 1, -1, 0.25, 1.0 / 3, 1e14, 1e15, -1e15, 123_456_789_012_345, 1e18, 0x1p63, 1e20,
    2.5e-8,
    .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
  ])
  func numbersInCustomFieldsFormatAsBefore(number: Double) {
    let widget = Custom("n", number: number)
    expectSameBytes(TextRenderer.line(for: widget), reference(widget))
  }

  private func expectSameBytes(
    _ rendered: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(Array(rendered.utf8) == Array(expected.utf8), sourceLocation: sourceLocation)
  }
}

/// A widget from outside the module, rendered through the public hooks only.
@MainActor
private final class Custom: Widget {
  let number: Double

  init(_ id: String, number: Double = 2) {
    self.number = number
    super.init(id: id)
  }

  override var renderedFields: [RenderedField] {
    [.init("n", .number(number)), .init("mode", .word("fast")), .init("on", .bool(false))]
  }

  override var renderedFlags: [String] { ["custom", "odd \"flag\""] }
}

/// The renderer as it was before it wrote into one buffer: the reference for byte equality.
@MainActor
private func referenceRender(_ root: Widget) -> String {
  var lines: [String] = []
  func append(_ widget: Widget, depth: Int) {
    lines.append(String(repeating: "  ", count: depth) + reference(widget))
    for child in widget.children { append(child, depth: depth + 1) }
  }
  append(root, depth: 0)
  return lines.joined(separator: "\n")
}

@MainActor
private func reference(_ widget: Widget) -> String {
  // The kind as the base class named it before the built-in widgets named their own.
  // Lists and rows name their kinds after what they show (`List`, `Row`, `Header`), never
  // after their classes.
  let namesItself = widget is TextField || widget is ListView || widget is RowWidget
  let kind = namesItself ? widget.kind : String(describing: type(of: widget))
  var parts = ["\(kind) #\(widget.id)"]
  for field in widget.renderedFields {
    parts.append("\(field.name)=\(referenceFormat(field.value))")
  }
  if let label = widget.accessibilityLabel.value {
    parts.append("label=\(referenceQuoted(label))")
  }
  var flags: [String] = []
  if !widget.isEnabled.value { flags.append("disabled") }
  if widget.isHidden.value { flags.append("hidden") }
  flags += widget.renderedFlags
  if !flags.isEmpty { parts.append("[\(flags.joined(separator: ", "))]") }
  return parts.joined(separator: " ")
}

private func referenceFormat(_ value: RenderedField.Value) -> String {
  switch value {
  case .text(let text): referenceQuoted(text)
  case .bool(let flag): flag ? "true" : "false"
  case .word(let word): word
  case .list(let items): "[" + items.map(referenceQuoted).joined(separator: ", ") + "]"
  case .number(let number):
    number.rounded() == number && abs(number) < 0x1p63 ? String(Int64(number)) : String(number)
  }
}

private func referenceQuoted(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
