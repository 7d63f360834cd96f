import BindingDSL
import Headless
import HeadlessTesting
import TerminalHostTesting
import Testing

@testable import TerminalHost

@Suite struct MouseDecoderTests {
  private func events(_ text: String) -> [KeyEvent] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8))
  }

  @Test func sgrReportsArePressesReleasesAndTheWheelAtZeroBasedCells() {
    #expect(
      events("\u{1B}[<0;5;3M") == [.mouse(.press(.left), at: TerminalPosition(column: 4, row: 2))])
    #expect(
      events("\u{1B}[<0;5;3m") == [.mouse(.release(.left), at: TerminalPosition(column: 4, row: 2))]
    )
    #expect(
      events("\u{1B}[<2;1;1M") == [.mouse(.press(.right), at: TerminalPosition(column: 0, row: 0))])
    #expect(
      events("\u{1B}[<64;10;4M") == [.mouse(.scrollUp, at: TerminalPosition(column: 9, row: 3))])
    #expect(
      events("\u{1B}[<65;10;4M") == [.mouse(.scrollDown, at: TerminalPosition(column: 9, row: 3))])
    #expect(
      events("\u{1B}[<16;300;200M") == [
        .mouse(.press(.left), at: TerminalPosition(column: 299, row: 199))
      ],
      "Ctrl held, and coordinates past 223, which only the SGR form can carry")
  }

  @Test func aReportCutBetweenReadsArrivesWhole() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[<0;1".utf8)).isEmpty)
    #expect(
      decoder.decode(Array("2;7Mx".utf8)) == [
        .mouse(.press(.left), at: TerminalPosition(column: 11, row: 6)), .character("x"),
      ])
  }

  @Test(arguments: [
    "\u{1B}[<0;0;5M", "\u{1B}[<0;5;0M", "\u{1B}[<0;5M", "\u{1B}[<0;5;5;5M", "\u{1B}[<;5;5M",
    "\u{1B}[<0;;5M", "\u{1B}[<0;5;M", "\u{1B}[<0;5;5X", "\u{1B}[<99999999999999999999;1;1M",
    "\u{1B}[<35;5;5M", "\u{1B}[<66;5;5M", "\u{1B}[<128;5;5M", "\u{1B}[<M", "\u{1B}[<0:1:1M",
  ])
  func aMalformedReportIsSkippedWholeAndWhatFollowsIsTyped(_ report: String) {
    #expect(events(report + "a") == [.character("a")], "\(report.debugDescription)")
  }

  @Test func x10ReportsAreReadTooSoThatTheirBytesAreNotTyped() {
    // NB: CSI M, then the button code, the column and the row, each plus 32 (and 1).
    #expect(
      events("\u{1B}[M !#") == [.mouse(.press(.left), at: TerminalPosition(column: 0, row: 2))])
    #expect(
      events("\u{1B}[M#!#") == [.mouse(.release(.left), at: TerminalPosition(column: 0, row: 2))])
    #expect(
      events("\u{1B}[M`!!z") == [
        .mouse(.scrollUp, at: TerminalPosition(column: 0, row: 0)), .character("z"),
      ])
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[M ".utf8)).isEmpty, "waits for the rest")
    #expect(
      decoder.decode(Array("!!".utf8)) == [
        .mouse(.press(.left), at: TerminalPosition(column: 0, row: 0))
      ])
  }
}

/// The mouse on the virtual terminal: a click focuses and presses, a click on a row selects
/// it, the wheel moves a list's cursor and a text view's caret.
@MainActor
@Suite struct TerminalMouseTests {
  let clock = VirtualClock()
  let model: DispatchModel
  let driver: ScreenDriver<DispatchScreen>
  let host: TerminalScreenHost
  var terminal = VirtualTerminal(width: 40, height: 8)

  init() throws {
    model = DispatchModel(clock: clock)
    driver = try ScreenDriver(DispatchScreen(), model: model, clock: clock)
    host = TerminalScreenHost(driver.mounted, flush: {})
    terminal.show(host)
  }

  mutating func send(_ events: KeyEvent...) async throws {
    for event in events {
      host.handle(event)
      try await driver.settle()
    }
    terminal.show(host)
  }

  /// A left click at the first cell of `text` on the screen.
  func click(_ text: String) throws -> KeyEvent {
    let row = try #require(terminal.lines.firstIndex { $0.contains(text) }, "\(text) is shown")
    let line = terminal.lines[row]
    let range = try #require(line.firstRange(of: text))
    let column = TerminalText.width(of: line[..<range.lowerBound])
    return .mouse(.press(.left), at: TerminalPosition(column: column + 1, row: row))
  }

  @Test mutating func aClickFocusesAndPressesAButtonAndFlipsAToggle() async throws {
    try await send(click("[ Send ]"))
    #expect(host.focused?.id == "send")
    #expect(model.sends == 1)
    try await send(click("Send"))
    #expect(model.sends == 1, "busy: the click focuses, and presses nothing")
    try await send(click("Urgent"))
    #expect(host.focused?.id == "urgent")
    #expect(model.isUrgent)
    try await send(.mouse(.release(.left), at: TerminalPosition(column: 1, row: 0)))
    try await send(.mouse(.press(.right), at: TerminalPosition(column: 1, row: 0)))
    #expect(model.isUrgent, "a release and the right button do nothing")
    try await send(.mouse(.press(.left), at: TerminalPosition(column: 30, row: 1)))
    #expect(host.focused?.id == "urgent", "the empty cells after a button are not the button")
  }

  @Test mutating func aClickOnARowSelectsItAndOnARowsButtonPressesIt() async throws {
    try await send(.tab, .tab, .character("r"))
    try await send(click("Parcel 2"))
    #expect(host.focused?.id == "parcels")
    let selected = try #require(terminal.lines.first { $0.contains("Parcel 2") })
    #expect(selected.hasPrefix("▸ "), "the row is selected")
    let row = try #require(terminal.lines.firstIndex { $0.contains("Parcel 1") })
    let line = terminal.lines[row]
    let note = try #require(line.firstRange(of: "[ Note ]"))
    let column = TerminalText.width(of: line[..<note.lowerBound]) + 2
    try await send(.mouse(.press(.left), at: TerminalPosition(column: column, row: row)))
    #expect(host.focused?.id == "note")
    #expect(model.parcels.map(\.notes) == [1, 0], "the button of the row clicked")
    try await send(.left)
    #expect(host.focused?.id == "handOver", "← goes along that row's controls")
  }

  @Test mutating func aClickOnALabelOrAnEmptyCellDoesNothing() async throws {
    try await send(.mouse(.press(.left), at: TerminalPosition(column: 39, row: 6)))
    #expect(host.focused?.id == "urgent")
    #expect(!model.isUrgent)
  }
}

@MainActor
@Suite struct TerminalWheelTests {
  @Test func theWheelMovesAListsCursorAndATextViewsCaret() async throws {
    let model = ProfileModel()
    model.contacts = (1...20).map { ContactCell($0, name: "Contact \($0)") }
    let driver = try ScreenDriver(ProfileScreen(), model: model)
    let host = TerminalScreenHost(driver.mounted, flush: {})
    var terminal = VirtualTerminal(width: 30, height: 10)
    terminal.show(host)
    let row = try #require(terminal.lines.firstIndex { $0.contains("Contact 2") })
    host.handle(.mouse(.scrollDown, at: TerminalPosition(column: 5, row: row)))
    terminal.show(host)
    #expect(host.focused?.id == "contacts")
    let cursor = (0..<terminal.height).first { terminal[2, $0].style.attributes.contains(.reverse) }
    #expect(cursor.map { terminal.lines[$0].hasPrefix("  Contact 4") } == true)
    host.handle(.mouse(.scrollUp, at: TerminalPosition(column: 5, row: row)))
    terminal.show(host)
    let back = (0..<terminal.height).first { terminal[2, $0].style.attributes.contains(.reverse) }
    #expect(back.map { terminal.lines[$0].hasPrefix("  Contact 1") } == true)

    let note = NoteModel()
    note.body = (1...9).map { "line \($0)" }.joined(separator: "\n")
    let noteDriver = try ScreenDriver(NoteScreen(), model: note)
    let noteHost = TerminalScreenHost(noteDriver.mounted, flush: {})
    var noteTerminal = VirtualTerminal(width: 12, height: 12)
    noteTerminal.show(noteHost)
    noteHost.handle(.mouse(.scrollUp, at: TerminalPosition(column: 2, row: 3)))
    noteTerminal.show(noteHost)
    #expect(noteHost.focused?.id == "body")
    #expect(noteTerminal.frame.cursor?.row == 2 + 5, "three lines up from the last, line 9")
  }
}

@MainActor
@Suite struct TerminalDialogMouseTests {
  @Test func aClickBehindADialogDoesNothingAndOnItsButtonAnswersIt() async throws {
    let driver = AppDriver(registry: try inboxRegistry())
    let inbox = InboxModel(app: driver.host)
    try await driver.start { _ in inbox }
    let host = TerminalScreenHost(driver.host, flush: {})
    host.handle(.tab)
    host.handle(.enter)
    try await driver.settle()
    let lines = host.frame(width: 30, height: 8).lines
    #expect(lines[4] == "    │ [ Stay ] [ Leave ] │")
    // NB: `[ Op` of the inbox's Open button shows at the left of row 1, behind the dialog.
    host.handle(.mouse(.press(.left), at: TerminalPosition(column: 1, row: 1)))
    try await driver.settle()
    #expect(inbox.answers.isEmpty)
    #expect(host.focused?.id == "alert.1", "the focus stays in the dialog")
    host.handle(.mouse(.press(.left), at: TerminalPosition(column: 18, row: 4)))
    try await driver.settle()
    #expect(inbox.answers == ["answered(true)"], "Leave clicked")
    #expect(host.focused?.id == "leave", "the focus goes back where it was")
  }
}
