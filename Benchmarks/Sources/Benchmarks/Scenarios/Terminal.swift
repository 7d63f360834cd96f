import BindingDSL
import Headless
import TerminalHost

/// A full 200×50 terminal screen: rows of text with wide characters, every fifth row styled.
func terminalScreen() -> Frame {
  var frame = Frame(width: 200, height: 50)
  for row in 0..<50 {
    let style = row % 5 == 0 ? TerminalStyle(foreground: .cyan, attributes: .bold) : .plain
    frame.write(
      "Row \(row): " + String(repeating: "text 日本 ", count: 20), column: 0, row: row,
      style: style)
  }
  return frame
}

/// The lower bound for finding that nothing changed: a plain loop over two arrays of the same
/// cells, counting the cells that differ.
@inline(never)
func differingCellsByHand(_ previous: [TerminalCell], _ next: [TerminalCell]) -> Int {
  var count = 0
  for index in previous.indices where previous[index] != next[index] { count += 1 }
  return count
}

/// The frame writer on a 200×50 screen: the cost of an unchanged frame, and the bytes of a
/// one-cell change.
@MainActor
func terminalRows(_ settings: Settings) -> [Row] {
  // NB: two frames built apart, so that their cells are compared rather than found to share
  // one buffer.
  let previous = terminalScreen()
  let next = terminalScreen()
  let frames = settings.iterations(2_000)
  var unchangedBytes = 0
  var differing = 0

  let engine = median(settings, units: frames) {
    time {
      for _ in 0..<frames { unchangedBytes += FrameWriter.bytes(from: previous, to: next).count }
    }
  }
  let byHand = median(settings, units: frames) {
    time {
      for _ in 0..<frames { differing += differingCellsByHand(previous.cells, next.cells) }
    }
  }
  consume(differing)

  // One letter of a styled row changed, in that row's style.
  var changed = next
  changed.put(TerminalCell("#", style: next[150, 40].style), column: 150, row: 40)
  let oneCell = FrameWriter.bytes(from: previous, to: changed)

  return [
    Row(
      scenario: "terminal: unchanged 200×50 frame", unit: "µs/frame", engine: engine / 1e3,
      closures: byHand / 1e3, target: .closuresRatio(2),
      note: "closures column: by hand, a loop comparing the two arrays of cells"),
    Row(
      scenario: "terminal: bytes written for an unchanged frame", unit: "bytes",
      target: .count(expected: 0, what: "bytes"), count: Double(unchangedBytes)),
    Row(
      scenario: "terminal: bytes written for a one-cell change", unit: "bytes",
      target: .count(expected: 20, what: "bytes"), count: Double(oneCell.count),
      note: "CSI 41;151 H, CSI 1;36 m, the letter, CSI m"),
  ]
}

/// Typing into a form shown in the terminal host: from the key event to the bytes of the frame
/// that shows it, one keystroke at a time (the host edits the field, flushes the bindings,
/// paints an 80×24 frame, and the writer diffs it against the last one).
@MainActor
func terminalTypingRows(_ settings: Settings) -> [Row] {
  let keystrokes = settings.iterations(1_000)
  let letters = Array("thequickbrownfoxjumpsoverlazydog")
  var bytes = 0
  let engine = median(settings, units: keystrokes) {
    let scheduler = ManualScheduler()
    let mounted = try! TypingScreen().mount(on: TypingViewModel(), scheduler: scheduler)
    defer { mounted.unmount() }
    let host = TerminalScreenHost(mounted) { scheduler.flush() }
    var writer = FrameWriter()
    _ = writer.write(host.frame(width: 80, height: 24))
    bytes = 0
    return time {
      for index in 0..<keystrokes {
        // NB: 30 letters typed, then erased with 30 backspaces, again and again: the text
        // stays shorter than the field, so every key changes what the frame shows, as a
        // person's typing does.
        let step = index % 60
        host.handle(step < 30 ? .character(letters[step % letters.count]) : .backspace)
        bytes += writer.write(host.frame(width: 80, height: 24)).count
      }
    }
  }
  let perKey = Double(bytes) / Double(keystrokes)
  return [
    Row(
      scenario: "terminal: a keystroke in a form, key to frame written", unit: "µs/keystroke",
      engine: engine / 1e3, target: .atMost(1_000),
      note: "TypingScreen (a field, a hint derived from it, a button enabled by it) at 80×24"),
    Row(
      scenario: "terminal: bytes written per keystroke", unit: "bytes",
      engine: perKey, target: settings.isQuick ? .none : .atMost(64),
      note: "the mean over the keystrokes (letters typed, then erased): changed cells, moves, caret"
    ),
  ]
}
