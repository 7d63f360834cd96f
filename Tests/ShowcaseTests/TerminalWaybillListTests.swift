import BindingDSL
import Foundation
import Headless
import HeadlessTesting
import TerminalHostTesting
import Testing

@testable import Showcase
@testable import TerminalHost

/// The waybill list in the terminal, on a virtual terminal: the arrows move the cursor row and
/// the list scrolls to keep it in view, moving onto the last row loads more, Enter selects,
/// Del swipes a waybill away and `r` refreshes, each through the list's public events.
@MainActor
@Suite struct TerminalWaybillListTests {
  let clock = VirtualClock()
  let scheduler: RedrawScheduler
  let host: TerminalScreenHost
  var terminal = VirtualTerminal(width: 60, height: 8)
  var writer = FrameWriter()

  init() async throws {
    scheduler = RedrawScheduler(clock: clock)
    let (scheduler, clock) = (scheduler, clock)
    // NB: tracked, the load the screen starts on appearing is followed by the clock, and the
    // fake service answers it a second later.
    host = try clock.withTracking {
      try TerminalMode.host(for: "waybills", scheduler: scheduler, clock: clock)
    }
    try await clock.advance(by: .seconds(1))
  }

  /// Presses `keys`, lets the fake service answer, and draws the frame on the terminal.
  mutating func press(_ keys: KeyEvent..., waiting: Duration = .zero) async throws -> [String] {
    try await press(keys, waiting: waiting)
  }

  mutating func press(_ keys: [KeyEvent], waiting: Duration = .zero) async throws -> [String] {
    for key in keys {
      clock.withTracking { host.handle(key) }
      try await clock.advance(by: .zero)
    }
    try await clock.advance(by: waiting)
    terminal.receive(writer.write(host.frame(width: 60, height: 8)))
    return terminal.lines
  }

  /// The text of the row drawn reversed, the list's cursor row, without a scroll mark.
  var cursorLine: String? {
    let frame = terminal.frame
    return (0..<frame.height).first { frame[2, $0].style.attributes.contains(.reverse) }
      .map { unmarked(terminal.lines[$0]) }
  }

  /// `line` without the scroll mark at its end (`▲`, `▼`, `↑ more`, `↓ more`) and the spaces
  /// before it.
  func unmarked(_ line: String) -> String {
    var line = line
    for mark in ["↑ more", "↓ more", "▲", "▼"] where line.hasSuffix(mark) {
      line.removeLast(mark.count)
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  @Test mutating func theFirstFrameIsTheReadmeExcerpt() async throws {
    let lines = try await press()
    let text = lines.joined(separator: "\n")
    try assertSnapshot(of: text, named: "waybills-terminal")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let quoted = "```text\n" + text + "\n```"
    #expect(readme.contains(quoted), "the README quotes this frame")
  }

  @Test mutating func theArrowsMoveTheCursorAndTheLastRowLoadsMore() async throws {
    _ = try await press()
    #expect(cursorLine == "  WB-1001 Ada Park    2 parcels, due 10:… [ Mark delivered ]")
    _ = try await press(.down, .down, .down)
    #expect(cursorLine == "  WB-1002 Ben Okafor   1 parcel, delivered")
    let loading = try await press()
    #expect(loading[6].hasSuffix("↓ more"), "the details are under the list")
    #expect(unmarked(loading[6]) == "⋯ loading more")
    let loaded = try await press(waiting: .seconds(1))
    #expect(unmarked(loaded[0]) == "  In transit (4)", "scrolled up by a row")
    #expect(cursorLine == "  WB-1002 Ben Okafor   1 parcel, delivered", "on the same row")
    _ = try await press(.down, .down)
    #expect(cursorLine == "  WB-1005 Elena Rossi  2 parcels, delivered")
    #expect(unmarked(terminal.lines[6]) == cursorLine, "scrolled to keep the cursor row in view")
  }

  @Test mutating func enterSelectsDelSwipesItAwayAndRRefreshes() async throws {
    _ = try await press()
    #expect(host.focused?.id == "waybills")
    _ = try await press(.down)
    let selected = try await press(.enter)
    #expect(cursorLine == "▸ WB-1003 Chloe Mart… 3 parcels, due 11:… [ Mark delivered ]")
    #expect(unmarked(selected[6]) == "WB-1003 Chloe Martin", "the details under the list")
    let deleted = try await press(.delete, waiting: .seconds(1))
    #expect(!deleted.contains { $0.contains("WB-1003") })
    #expect(deleted[1] == "  In transit (1)")
    let refreshing = try await press(.character("r"))
    #expect(refreshing[1] == "⋯ refreshing")
    let refreshed = try await press(waiting: .seconds(1))
    #expect(refreshed[1] == "  In transit (2)")
    // NB: one focus stop, so no Tab; Backspace deletes too, so the footer says so.
    let footer = "↑↓ move  Enter select  Del/⌫ delete  r refresh  ? help"
    #expect(refreshed[7] == footer)
  }

  @Test mutating func theRightArrowReachesMarkDeliveredWhichGivesTheFocusBackOnceHidden()
    async throws
  {
    _ = try await press()
    #expect(cursorLine == "  WB-1001 Ada Park    2 parcels, due 10:… [ Mark delivered ]")
    _ = try await press(.right)
    #expect(host.focused?.id == "deliver")
    #expect(host.footer == "Enter/Space tap  ←→ row  ? help")
    let recording = try await press(.enter)
    #expect(host.focused?.id == "deliver", "busy, it keeps the focus")
    #expect(recording.contains { $0.contains("WB-1001") })
    _ = try await press(waiting: .seconds(1))
    #expect(host.focused?.id == "waybills", "hidden once delivered: back to its list")
  }
}
