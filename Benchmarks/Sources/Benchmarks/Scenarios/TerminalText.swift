import BindingDSL
import Headless
import Observation
import TerminalHost

@MainActor
@Observable
final class LongTextModel {
  var text = ""
}

/// A text view alone, bound both ways.
@MainActor
struct TextViewScreen: Screen {
  let view = TextView("body")

  var body: Widget { view }

  func bindings(_ vm: LongTextModel) -> [BindingDeclaration<LongTextModel>] {
    bind(\.text, to: view.text)
  }
}

/// A one-line field alone, bound both ways.
@MainActor
struct LongFieldScreen: Screen {
  let field = TextField("line")

  var body: Widget { field }

  func bindings(_ vm: LongTextModel) -> [BindingDeclaration<LongTextModel>] {
    bind(\.text, to: field.text)
  }
}

/// `count` characters of prose, in lines of 63 characters when `lines` is set, else on one line.
func prose(_ count: Int, lines: Bool) -> String {
  let words = Array("the quick brown fox jumps over the lazy dog and keeps on running ")
  var text = ""
  text.reserveCapacity(count)
  for index in 0..<count {
    text.append(lines && index % 64 == 63 ? "\n" : words[index % words.count])
  }
  return text
}

/// The microseconds a keystroke at the end of `text` takes, key to frame written at 80×24: a
/// letter typed, then erased, in turn.
@MainActor
func keystrokeTime<S: Screen>(
  _ settings: Settings, screen: @escaping () -> S, text: String, keystrokes: Int
) -> Double where S.Model == LongTextModel {
  median(settings, units: keystrokes) {
    let scheduler = ManualScheduler()
    let model = LongTextModel()
    model.text = text
    let mounted = try! screen().mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    let host = TerminalScreenHost(mounted) { scheduler.flush() }
    var writer = FrameWriter()
    _ = writer.write(host.frame(width: 80, height: 24))
    var bytes = 0
    let duration = time {
      for index in 0..<keystrokes {
        host.handle(index % 2 == 0 ? .character("x") : .backspace)
        bytes += writer.write(host.frame(width: 80, height: 24)).count
      }
    }
    consume(bytes)
    return duration
  } / 1e3
}

/// Typing into a text view and into a one-line field scrolled sideways, each holding 100,000
/// characters, against the same with a short text that shows as much (1,600 characters in the
/// view, 100 in the field): a keystroke's cost must not grow with the text beyond what is shown.
@MainActor
func terminalTextRows(_ settings: Settings) -> [Row] {
  let keystrokes = settings.iterations(2_000)
  let long = settings.isQuick ? 2_000 : 100_000
  let viewLong = keystrokeTime(
    settings, screen: TextViewScreen.init, text: prose(long, lines: true),
    keystrokes: keystrokes)
  // NB: 1,600 characters are 25 lines, more than the 23 the view shows: the two texts show
  // as much, so that the ratio is what the text's length costs.
  let viewShort = keystrokeTime(
    settings, screen: TextViewScreen.init, text: prose(1_600, lines: true),
    keystrokes: keystrokes)
  let fieldLong = keystrokeTime(
    settings, screen: LongFieldScreen.init, text: prose(long, lines: false),
    keystrokes: keystrokes)
  let fieldShort = keystrokeTime(
    settings, screen: LongFieldScreen.init, text: prose(100, lines: false),
    keystrokes: keystrokes)
  return [
    Row(
      scenario: "terminal: typing into a text view of 100,000 characters", unit: "µs/keystroke",
      engine: viewLong, closures: viewShort, target: .closuresRatio(2),
      note:
        "closures column: the same keystrokes into a text view of 1,600 characters, which fills the 23 rows as well"
    ),
    Row(
      scenario: "terminal: typing into a field of 100,000 characters scrolled sideways",
      unit: "µs/keystroke", engine: fieldLong, closures: fieldShort, target: .closuresRatio(2),
      note: "closures column: the same keystrokes into a field of 100 characters, also scrolled"),
  ]
}
