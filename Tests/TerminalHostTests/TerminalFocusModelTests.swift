import BindingDSL
import Headless
import HeadlessTesting
import Observation
import TerminalHostTesting
import Testing

@testable import TerminalHost

// The focus model of Docs/Hosts.md, "Focus and keys": the focus moves only when the person
// moves it, or when its control goes away; a control that turns busy or disabled keeps it; a
// dialog opens on its non-destructive default every time; Esc answers a dialog with its
// cancel button and Enter in a prompt's field submits it; an empty list takes the focus; the
// buttons of a row are reached with → and left with ←.

/// A form: a toggle, a button whose command runs until the clock passes a second, and a
/// list of parcels, each with a button, refreshed by a pull.
@MainActor
@Observable
final class DispatchModel: CommandOwner {
  let commands = CommandStore()
  var isUrgent = false
  var parcels: [ParcelCell] = []
  private(set) var sends = 0
  private(set) var refreshes = 0
  @ObservationIgnored let clock: VirtualClock

  init(clock: VirtualClock) {
    self.clock = clock
  }

  var send: Command<Void, Void> {
    .owned(by: self) { vm in
      vm.sends += 1
      try await vm.clock.sleep(for: .seconds(1))
    }
  }

  var refresh: Command<Void, Void> {
    .owned(by: self) { vm in
      vm.refreshes += 1
      vm.parcels = [ParcelCell(1), ParcelCell(2)]
    }
  }
}

@MainActor
@Observable
final class ParcelCell: Identifiable, CommandOwner {
  let commands = CommandStore()
  let id: Int
  var handedOver = 0
  var notes = 0

  init(_ id: Int) {
    self.id = id
  }

  var title: String { "Parcel \(id)" }

  var handOver: Command<Void, Void> {
    .owned(by: self) { cell in cell.handedOver += 1 }
  }

  var note: Command<Void, Void> {
    .owned(by: self) { cell in cell.notes += 1 }
  }
}

struct ParcelRow: RowTemplate {
  let title = Label("title")
  let handOver = Button("handOver", title: "Hand over")
  let note = Button("note", title: "Note")

  var body: Widget {
    HStack("parcel") {
      title
      handOver
      note
    }
  }

  func bindings(_ vm: ParcelCell) -> [BindingDeclaration<ParcelCell>] {
    bind(\.title, to: title.text)
    command(vm.handOver, on: handOver)
    command(vm.note, on: note)
  }
}

struct DispatchScreen: Screen {
  let urgent = Toggle("urgent", title: "Urgent")
  let send = Button("send", title: "Send")
  let parcels = ListView("parcels", rows: [ParcelRow.self], emptyText: "No parcels")

  var body: Widget {
    VStack("dispatch") {
      urgent
      send
      parcels
    }
  }

  func bindings(_ vm: DispatchModel) -> [BindingDeclaration<DispatchModel>] {
    bind(\.isUrgent, to: urgent.isOn)
    command(vm.send, on: send)
    show(\.parcels, in: parcels)
    command(vm.refresh, on: parcels.refresh)
  }
}

@MainActor
@Suite struct TerminalFocusModelTests {
  let clock = VirtualClock()
  let model: DispatchModel
  let driver: ScreenDriver<DispatchScreen>
  let host: TerminalScreenHost
  var terminal = VirtualTerminal(width: 40, height: 8)

  init() throws {
    model = DispatchModel(clock: clock)
    driver = try ScreenDriver(DispatchScreen(), model: model, clock: clock)
    host = TerminalScreenHost(driver.mounted, flush: {})
  }

  mutating func press(_ keys: KeyEvent...) async throws {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
    terminal.show(host)
  }

  @Test func theFocusIsOnTheFirstControlBeforeTheFirstFrame() {
    #expect(host.focused?.id == "urgent")
  }

  @Test mutating func aButtonThatTurnsBusyKeepsTheFocusAndIgnoresKeysUntilItIsEnabled()
    async throws
  {
    try await press(.tab)
    #expect(host.focused?.id == "send")
    try await press(.enter)
    #expect(model.sends == 1)
    #expect(try driver.widget("send", as: Button.self).isBusy.value)
    #expect(host.focused?.id == "send", "the busy button keeps the focus")
    try await press(.enter, .character(" "))
    #expect(model.sends == 1, "a busy button ignores keys")
    #expect(model.isUrgent == false, "no key reached the toggle before the button")
    try await driver.advance(by: .seconds(1))
    terminal.show(host)
    #expect(host.focused?.id == "send")
    try await press(.enter)
    #expect(model.sends == 2)
  }

  @Test mutating func anEmptyListTakesTheFocusAndRRefreshesIt() async throws {
    try await press(.tab, .tab)
    #expect(host.focused?.id == "parcels")
    try await press(.character("r"))
    #expect(model.refreshes == 1)
    #expect(terminal.lines.contains { $0.contains("Parcel 2") })
  }

  @Test mutating func theRightArrowReachesTheButtonsOfTheFocusedRowAndLeftGoesBack()
    async throws
  {
    try await press(.tab, .tab, .character("r"), .down)
    #expect(host.focused?.id == "parcels")
    try await press(.right)
    #expect(host.focused?.id == "handOver")
    let row = try #require(terminal.lines.firstIndex { $0.contains("Parcel 2") })
    let button = try #require(terminal.lines[row].firstRange(of: "[ Hand over ]"))
    let column = terminal.lines[row].distance(
      from: terminal.lines[row].startIndex, to: button.lowerBound)
    #expect(terminal[column, row].style.attributes == [.reverse], "drawn as focused")
    #expect(terminal[0, row].style.attributes.isEmpty, "the row is not the list's cursor now")
    try await press(.right)
    #expect(host.focused?.id == "note")
    try await press(.enter)
    #expect(model.parcels.map(\.notes) == [0, 1], "the button of the cursor's row")
    try await press(.left, .enter)
    #expect(model.parcels.map(\.handedOver) == [0, 1])
    try await press(.left)
    #expect(host.focused?.id == "parcels")
    try await press(.up, .right, .character(" "))
    #expect(model.parcels.map(\.handedOver) == [1, 1])
  }

  /// A row's button holds `isFocused` while the terminal's focus is on it, and only then:
  /// leaving the row with ← or Tab takes it away, as moving along the row does.
  @Test mutating func aRowsButtonIsFocusedWhileTheFocusIsOnItAlone() async throws {
    try await press(.tab, .tab, .character("r"))
    let list = try driver.widget("parcels", as: ListView.self)
    func focusedControls() -> [String] {
      list.rows.flatMap { row in
        row.children.flatMap(\.allWidgets).compactMap {
          ($0 as? any Focusable)?.isFocused.value == true ? $0.id : nil
        }
      }
    }
    try await press(.right)
    #expect(focusedControls() == ["handOver"])
    try await press(.right)
    #expect(focusedControls() == ["note"])
    try await press(.left, .left)
    #expect(host.focused?.id == "parcels")
    #expect(focusedControls().isEmpty, "← back to the list")
    try await press(.right, .tab)
    #expect(host.focused?.id != "handOver")
    #expect(focusedControls().isEmpty, "Tab out of the row")
  }
}

/// The footer names only the keys that act now, fits the width with whole hints and `…`, and
/// `?` shows every key.
@MainActor
@Suite struct TerminalHonestKeysTests {
  let clock = VirtualClock()
  let model: DispatchModel
  let driver: ScreenDriver<DispatchScreen>
  let host: TerminalScreenHost

  init() throws {
    model = DispatchModel(clock: clock)
    driver = try ScreenDriver(DispatchScreen(), model: model, clock: clock)
    host = TerminalScreenHost(driver.mounted, flush: {})
  }

  func press(_ keys: KeyEvent...) async throws {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
  }

  @Test func aBusyButtonListsNoKeyOfItsOwn() async throws {
    try await press(.tab)
    #expect(host.footer == "Tab/⇧Tab focus  Enter/Space tap  ? help")
    try await press(.enter)
    #expect(host.footer == "Tab/⇧Tab focus  ? help")
    try await driver.advance(by: .seconds(1))
  }

  @Test func anEmptyListListsOnlyRefreshAndAFullOneItsMovesAndRowControls() async throws {
    try await press(.tab, .tab)
    #expect(host.footer == "Tab/⇧Tab focus  r refresh  ? help")
    try await press(.character("r"))
    #expect(host.footer == "Tab/⇧Tab focus  ↑↓ move  → row  r refresh  ? help")
    try await press(.right)
    #expect(host.footer == "Tab/⇧Tab focus  Enter/Space tap  ←→ row  ? help")
  }

  @Test func aNarrowFooterKeepsWholeHintsAndEndsWithAnEllipsis() {
    let full = host.footer
    #expect(full == "Tab/⇧Tab focus  Space/Enter toggle  ? help")
    #expect(host.footer(width: full.count) == full)
    #expect(host.footer(width: 30) == "Tab/⇧Tab focus  …")
    #expect(host.footer(width: 8) == "Tab/⇧Ta…", "no whole hint fits: cut, and says so")
    #expect(host.frame(width: 30, height: 4).lines[3] == "Tab/⇧Tab focus  …")
  }

  @Test func questionMarkShowsEveryKeyAndEscOrQuestionMarkClosesIt() async throws {
    try await press(.character("?"))
    #expect(host.isShowingHelp)
    let help = host.frame(width: 80, height: 14).lines
    #expect(help[0] == "Keys")
    #expect(help.contains { $0.contains("Del/⌫ delete") })
    #expect(help[13] == "Esc/? close help  ↑↓/PgUp/PgDn scroll", "15 lines in 13 rows")
    try await press(.character(" "))
    #expect(model.isUrgent == false, "keys do nothing else while the help shows")
    try await press(.escape)
    #expect(!host.isShowingHelp)
    try await press(.character("?"), .character("?"))
    #expect(!host.isShowingHelp)
  }

  @Test func aHelpTallerThanTheTerminalBreaksBetweenWordsAndScrolls() async throws {
    try await press(.character("?"))
    let top = host.frame(width: 40, height: 8).lines
    #expect(top[0] == "Keys")
    #expect(top[7] == "Esc/? close help  ↑↓/PgUp/PgDn scroll")
    // Down one line at a time until the help stops moving: every row of it, in order.
    var rows = Array(top.prefix(7))
    var shown = rows
    for _ in 0..<60 {
      try await press(.down)
      let next = Array(host.frame(width: 40, height: 8).lines.prefix(7))
      if next == shown { break }
      #expect(Array(next.prefix(6)) == Array(shown.dropFirst()), "one line a press")
      rows.append(next[6])
      shown = next
    }
    #expect(rows.count > 20)
    #expect(rows.allSatisfy { TerminalText.width(of: $0) <= 40 })
    #expect(
      rows.joined(separator: " ").split(separator: " ")
        == host.helpLines.joined(separator: " ").split(separator: " "),
      "no word cut, lost or repeated")
    #expect(rows.contains("  r refresh, → the row's buttons (← back"), "a rest indented")
    #expect(shown.last == "    scrolls the screen", "the last line at the bottom, and no further")

    try await press(.down, .down, .up)
    #expect(
      host.frame(width: 40, height: 8).lines[0] == rows[rows.count - 8],
      "kept at the bottom between frames, then one line up")
    try await press(.down, .pageUp)
    #expect(host.frame(width: 40, height: 8).lines[0] == rows[rows.count - 7 - 6])
    try await press(.pageUp, .pageUp, .pageUp, .pageUp, .pageUp)
    #expect(host.frame(width: 40, height: 8).lines[0] == "Keys")
    try await press(.mouse(.scrollDown, at: TerminalPosition(column: 3, row: 2)))
    #expect(host.frame(width: 40, height: 8).lines[0] == rows[3], "the wheel, three lines")

    try await press(.escape, .character("?"))
    #expect(host.frame(width: 40, height: 8).lines[0] == "Keys", "opened again at its top")
    let wide = host.frame(width: 100, height: 40).lines
    #expect(wide[39] == "Esc/? close help", "no scrolling where all of it shows")
    #expect(wide.prefix(39).filter { !$0.isEmpty } == host.helpLines.filter { !$0.isEmpty })
  }

  @Test func helpRowsBreakAWordWiderThanTheRowAndKeepWideCharactersWhole() {
    #expect(
      KeyTable.wrapped(["abcdefghij klm"], width: 4)
        == ["abcd", "  ef", "  gh", "  ij", "  kl", "  m"])
    #expect(KeyTable.wrapped(["  a b c d"], width: 5) == ["  a b", "    c", "    d"])
    #expect(
      KeyTable.wrapped(["  PgUp/PgDn scroll a screen"], width: 10)
        == ["  PgUp/PgD", "    n", "    scroll", "    a", "    screen"],
      "never broken inside the indent")
    #expect(
      KeyTable.wrapped(["日本語 x"], width: 3) == ["日", "本", "語", "  x"],
      "no indent where the next character would not fit after it")
    #expect(KeyTable.wrapped(["日"], width: 1) == ["日"], "wider than the row: a row of its own")
    #expect(KeyTable.wrapped(["ab   "], width: 2) == ["ab"], "no row of trailing spaces")
    #expect(KeyTable.wrapped(["", "fits"], width: 4) == ["", "fits"])
    #expect(KeyTable.wrapped(["any"], width: 0) == [])
  }
}

/// Dialogs in front of an app: the focus starts on the non-destructive default every time, Esc
/// answers with the cancel button, Enter in a prompt's field submits it.
@MainActor
@Suite struct TerminalDialogFocusTests {
  let driver: AppDriver
  let host: TerminalScreenHost
  let model: ShipmentModel

  init() async throws {
    let registry = ScreenRegistry()
    try registry.register("shipment", title: "Shipment") { ShipmentScreen() }
    driver = AppDriver(registry: registry)
    let model = ShipmentModel(app: driver.host)
    self.model = model
    try await driver.start { _ in model }
    host = TerminalScreenHost(driver.host, flush: {})
  }

  func press(_ keys: KeyEvent...) async throws {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
  }

  @Test func aDestructiveAlertOpensOnItsCancelButtonEveryTime() async throws {
    try await press(.enter)
    #expect(driver.dialog?.title == "Discard the shipment?")
    #expect(host.focused?.id == "alert.2", "Keep, the cancel button, not Discard")
    try await press(.backTab, .enter)
    #expect(model.answers == ["Discard"])
    try await press(.enter)
    #expect(host.focused?.id == "alert.2", "the second dialog starts on Keep again")
    try await press(.enter)
    #expect(model.answers == ["Discard", "Keep"])
  }

  @Test func anActionSheetOpensOnItsCancelButtonAndEscAnswersWithIt() async throws {
    try await press(.tab, .enter)
    #expect(driver.dialog?.title == "Carrier")
    #expect(host.focused?.id == "sheet.3")
    try await press(.escape)
    #expect(driver.dialog == nil)
    #expect(model.answers == ["none"])
  }

  @Test func enterInAPromptsFieldSubmitsIt() async throws {
    try await press(.tab, .tab, .enter)
    #expect(host.focused?.id == "prompt.text")
    try await press(.character("4"), .character("2"), .enter)
    #expect(driver.dialog == nil)
    #expect(model.answers == ["42"])
  }
}

@MainActor
@Observable
final class ShipmentModel: CommandOwner {
  let commands = CommandStore()
  private(set) var answers: [String] = []
  @ObservationIgnored let app: AppHost

  init(app: AppHost) {
    self.app = app
  }

  var discard: Command<Void, Void> {
    .owned(by: self) { vm in
      let answer = await vm.app.dialogs.alert(
        "Discard the shipment?", message: nil,
        buttons: [.destructive("Discard"), .cancel("Keep")])
      if case .answered(let title) = answer { vm.answers.append(title) }
    }
  }

  var carrier: Command<Void, Void> {
    .owned(by: self) { vm in
      let answer = await vm.app.dialogs.actionSheet(
        "Carrier", actions: ["Post", "Courier"], cancel: "Cancel")
      if case .answered(let choice) = answer { vm.answers.append(choice ?? "none") }
    }
  }

  var weigh: Command<Void, Void> {
    .owned(by: self) { vm in
      let answer = await vm.app.dialogs.prompt("Weight", placeholder: "kg", text: "")
      if case .answered(let text) = answer { vm.answers.append(text ?? "none") }
    }
  }
}

struct ShipmentScreen: Screen {
  let discard = Button("discard", title: "Discard")
  let carrier = Button("carrier", title: "Carrier")
  let weigh = Button("weigh", title: "Weigh")

  var body: Widget {
    VStack("shipment") {
      discard
      carrier
      weigh
    }
  }

  func bindings(_ vm: ShipmentModel) -> [BindingDeclaration<ShipmentModel>] {
    command(vm.discard, on: discard)
    command(vm.carrier, on: carrier)
    command(vm.weigh, on: weigh)
  }
}
