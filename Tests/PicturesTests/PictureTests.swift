import Foundation
import Headless
import Pictures
import Testing

/// A widget kind the library does not know, drawing nothing of its own.
@MainActor
private final class Gauge: Widget {
  override var renderedFields: [RenderedField] { [.init("level", .number(3))] }
}

/// A widget kind the library does not know that draws itself.
@MainActor
private final class Badge: Widget, PictureDrawable {
  func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    canvas.circle(cx: region.x + 10, cy: region.y + 10, r: 10, fill: "#ff0000")
    canvas.text("badge", x: region.x + 24, y: region.y, width: region.width - 24)
    return 20
  }
}

@MainActor
@Suite struct PictureTests {
  private func form() -> VStack {
    VStack("form") {
      Label("title", text: "Sign <in> & \"go\"")
      TextField("name", text: "Ada", placeholder: "Name")
      TextField("password", text: "secret", placeholder: "Password", isSecure: true)
      Toggle("notify", title: "Notify me", isOn: true)
      Slider("volume", value: 0.3, range: 0...1, step: 0.1)
      Stepper("radius", value: 15, range: 1...50)
      Button("save", title: "Save")
    }
  }

  @Test func theSameTreeGivesTheSameBytes() {
    let first = Picture.svg(of: form())
    let second = Picture.svg(of: form())
    #expect(first == second)
    #expect(first.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"360\""))
    #expect(first.hasSuffix("</svg>\n"))
  }

  @Test func textIsEscapedForXML() {
    let svg = Picture.svg(of: form())
    #expect(svg.contains(">Sign &lt;in&gt; &amp; &quot;go&quot;</text>"))
    #expect(!svg.contains("<in>"))
    let control = Picture.svg(of: Label("odd", text: "a\u{1}b"))
    #expect(control.contains(">a\u{FFFD}b</text>"))
  }

  @Test func aSecureFieldShowsDotsAndNotItsText() {
    let svg = Picture.svg(of: form())
    #expect(!svg.contains("secret"))
    #expect(svg.contains(">Ada</text>"))
    // NB: six dots, one for each character of "secret".
    let dots = svg.components(separatedBy: "r=\"3\" fill=\"\(PictureColor.ink)\"").count - 1
    #expect(dots == 6)
  }

  @Test func aSwitchShowsOnAndOff() {
    let on = Picture.svg(of: Toggle("a", title: "On", isOn: true))
    let off = Picture.svg(of: Toggle("a", title: "On", isOn: false))
    #expect(on.contains("rx=\"12\" fill=\"\(PictureColor.accent)\""))
    #expect(off.contains("rx=\"12\" fill=\"\(PictureColor.disabled)\""))
    #expect(on != off)
  }

  @Test func aSliderShowsItsThumbWhereItsValueIs() {
    let low = Picture.svg(of: Slider("v", value: 0, range: 0...1, step: 0.1))
    let high = Picture.svg(of: Slider("v", value: 1, range: 0...1, step: 0.1))
    #expect(low.contains("<circle cx=\"24\" cy=\"32\" r=\"9\""))
    #expect(!high.contains("<circle cx=\"24\" cy=\"32\" r=\"9\""))
    #expect(
      Picture.svg(of: Slider("v", value: 0.30000000000000004, range: 0...1, step: 0.1))
        .contains(">0.3</text>"))
  }

  @Test func aDisabledButtonIsGreyAndABusyOneSpins() {
    let button = Button("save", title: "Save")
    let plain = Picture.svg(of: button)
    #expect(plain.contains("fill=\"\(PictureColor.accent)\""))
    #expect(!plain.contains("stroke-dasharray=\"26 12\""))
    button.isEnabled.value = false
    let disabled = Picture.svg(of: button)
    #expect(disabled.contains("fill=\"\(PictureColor.disabled)\""))
    #expect(!disabled.contains("fill=\"\(PictureColor.accent)\""))
    button.isEnabled.value = true
    button.isBusy.value = true
    #expect(Picture.svg(of: button).contains("stroke-dasharray=\"26 12\""))
  }

  @Test func aFocusedFieldIsOutlinedAndAnInvalidOneShowsItsMessage() {
    let field = TextField("code", text: "111", placeholder: "Code")
    #expect(Picture.svg(of: field).contains("stroke=\"\(PictureColor.line)\""))
    field.isFocused.value = true
    #expect(Picture.svg(of: field).contains("stroke=\"\(PictureColor.accent)\" stroke-width=\"2\""))
    field.message.value = "Six digits"
    let invalid = Picture.svg(of: field)
    #expect(invalid.contains("stroke=\"\(PictureColor.error)\" stroke-width=\"2\""))
    #expect(invalid.contains("fill=\"\(PictureColor.error)\">Six digits</text>"))
  }

  @Test func everyFocusableKindShowsTheFocusInTheAccent() {
    let kinds: [any Focusable] = [
      Button("save", title: "Save"), Toggle("notify", title: "Notify", isOn: true),
      Slider("volume", value: 0.3, range: 0...1), Stepper("guests", value: 2, range: 1...8),
      SegmentedControl("unit", options: ["km", "mi"], selection: "km"),
      Picker("size", title: "Size", options: ["S", "M"]),
      DatePicker("day", title: "Day", date: .unixEpoch),
      TextField("name", text: "Ada"), SearchField("query"), TextView("notes"),
    ]
    let focusMark = "stroke=\"\(PictureColor.accent)\" stroke-width=\"2\""
    for kind in kinds {
      #expect(!Picture.svg(of: kind).contains(focusMark), "\(kind.id) unfocused")
      kind.isFocused.value = true
      #expect(Picture.svg(of: kind).contains(focusMark), "\(kind.id) focused")
    }
  }

  @Test func aFocusRingIsAnAccentOutlineThreePixelsOutsideTheBox() {
    let canvas = PictureCanvas()
    canvas.focusRing(x: 0, y: 0, width: 80, height: 32, radius: 6)
    #expect(
      canvas.elements.hasPrefix("<rect x=\"-3\" y=\"-3\" width=\"86\" height=\"38\" rx=\"9\""))
    #expect(canvas.elements.contains("stroke=\"\(PictureColor.accent)\" stroke-width=\"2\""))
    #expect(canvas.elements.contains("fill=\"none\""), "a ring, not a box over the control")
  }

  @Test func aHiddenWidgetIsNotDrawn() {
    let label = Label("secret", text: "Hidden text")
    label.isHidden.value = true
    #expect(!Picture.svg(of: VStack("root") { label }).contains("Hidden text"))
  }

  @Test func aKindThatDrawsNothingIsABoxWithItsTextFormatLine() {
    let svg = Picture.svg(of: Gauge(id: "gauge"))
    #expect(svg.contains(">Gauge #gauge level=3</text>"))
    #expect(svg.contains("stroke-dasharray=\"4 3\""))
  }

  @Test func aKindFromOutsideDrawsItself() {
    let svg = Picture.svg(of: VStack("root") { Badge(id: "badge") })
    #expect(svg.contains("fill=\"#ff0000\""))
    #expect(svg.contains(">badge</text>"))
    #expect(!svg.contains("Badge #badge"))
  }

  @Test func longTextIsCutToItsWidth() {
    let svg = Picture.svg(of: Label("long", text: String(repeating: "x", count: 100)), width: 160)
    // NB: 160 pixels less 32 of margin is 16 characters: 15 and an ellipsis.
    #expect(svg.contains(">" + String(repeating: "x", count: 15) + "…</text>"))
  }
}
