import Headless
import TerminalHost
import Testing

// The code of Docs/Hosts.md's "Drawing widgets" and of `TerminalDrawable`'s documentation
// comment: a widget kind of a team's own that draws itself, with TerminalHost's public API
// only. The guide check verifies the block is a run of lines of this file.

final class Meter: Widget, TerminalDrawable {
  let level: WidgetProperty<Int>

  init(_ id: String, level: Int = 0) {
    self.level = WidgetProperty(widgetID: id, name: "level", value: level)
    super.init(id: id)
  }

  func draw(in region: inout TerminalRegion) -> Int {
    let bar = String(repeating: "▮", count: min(max(level.value, 0), 10))
    region.write("[" + bar + "]", style: region.lineStyle)
    return 1
  }
}

/// A kind that adopts nothing: the painter shows its text-format line.
final class Dial: Widget {
  override var renderedFields: [RenderedField] { [.init("angle", .number(90))] }
}

@MainActor
@Suite struct DrawingGuideTests {
  @Test func aKindOfOnesOwnDrawsItselfWhereThePainterPutsIt() {
    let meter = Meter("meter", level: 3)
    let panel = VStack("panel") {
      Label("title", text: "Level")
      meter
      Button("ok", title: "OK")
    }
    let frame = ScreenPainter().paint(panel, width: 20, height: 3)
    #expect(frame.lines == ["Level", "[▮▮▮]", "[ OK ]"])
    #expect(frame[0, 1].style == .plain)
  }

  @Test func theRegionCarriesTheFocusAndTheEnabledStateAndClipsAtItsEdge() {
    let meter = Meter("meter", level: 5)
    let focused = ScreenPainter(focused: meter).paint(meter, width: 4, height: 1)
    #expect(focused.lines == ["[▮▮…"], "a write stops at the region's right edge, with …")
    #expect(focused[0, 0].style == TerminalRegion.focusStyle)
    meter.isEnabled.edit(false)
    let disabled = ScreenPainter().paint(meter, width: 10, height: 1)
    #expect(disabled[0, 0].style == TerminalRegion.dimStyle)
  }

  @Test func aKindThatAdoptsNothingShowsItsTextLineDim() {
    let dial = Dial(id: "dial")
    let frame = ScreenPainter().paint(dial, width: 40, height: 1)
    #expect(frame.lines == [TextRenderer.line(for: dial)])
    #expect(frame[0, 0].style == TerminalRegion.dimStyle)
  }
}

/// A kind whose drawing claims fewer than no rows.
final class Shrinking: Widget, TerminalDrawable {
  func draw(in region: inout TerminalRegion) -> Int {
    region.write("shrinking")
    return -3
  }
}

@MainActor
@Suite struct TerminalDrawableHeightTests {
  @Test func aNegativeHeightIsTakenAsNoRows() {
    let stack = VStack("stack") {
      Shrinking(id: "shrinking")
      Label("first", text: "first")
      Label("second", text: "second")
    }
    let frame = ScreenPainter().paint(stack, width: 20, height: 3)
    // NB: the next widget is drawn on the same row, over it, and not above the stack.
    #expect(frame.lines == ["firstking", "second", ""])
  }
}
