import BindingDSL
import Headless
import HeadlessTesting
import Observation
import TerminalHostTesting
import Testing

@testable import TerminalHost

/// Settings: a slider, a stepper and a segmented control, each named by its accessibility
/// label.
@MainActor
@Observable
final class LevelsModel {
  var volume = 0.3
  var count = 3
  var size: String? = "M"
}

struct LevelsScreen: Screen {
  let volume = Slider("volume", range: 0...1, step: 0.1)
  let count = Stepper("count", value: 3, range: 0...9)
  let size = SegmentedControl("size", options: ["S", "M", "L"], selection: "M")

  var body: Widget {
    VStack("levels") {
      volume
      count
      size
    }
  }

  func bindings(_ vm: LevelsModel) -> [BindingDeclaration<LevelsModel>] {
    bind(\.volume, to: volume.value)
    bind(\.count, to: count.value)
    bind(\.size, to: size.selection)
  }
}

@MainActor
@Suite struct TerminalSmallItemsTests {
  @Test func aSliderAStepperAndASegmentedControlShowTheirLabel() throws {
    let driver = try ScreenDriver(LevelsScreen(), model: LevelsModel())
    try driver.widget("volume").accessibilityLabel.receive("Volume")
    try driver.widget("count").accessibilityLabel.receive("Copies")
    try driver.widget("size").accessibilityLabel.receive("Size")
    let host = TerminalScreenHost(driver.mounted, flush: {})
    let lines = host.frame(width: 40, height: 5).lines
    #expect(lines[0].hasPrefix("Volume: ━"))
    #expect(lines[0].hasSuffix(" 0.3"))
    #expect(lines[1] == "Copies: [−] 3 [+]")
    #expect(lines[2] == "Size:  S [M] L")
  }

  @Test func anEmojiWithASkinToneOrVS16TakesTwoColumnsAndTheCaretFollowsIt() async throws {
    let driver = try ScreenDriver(NoteScreen(), model: NoteModel())
    let host = TerminalScreenHost(driver.mounted, flush: {})
    var terminal = VirtualTerminal(width: 20, height: 6)
    for character in ["☝🏽", "x", "✌🏻", "❤️"] as [Character] {
      host.handle(.character(character))
      try await driver.settle()
    }
    terminal.show(host)
    #expect(terminal.lines[1] == "☝🏽x✌🏻❤️")
    #expect(terminal.frame.cursor == TerminalPosition(column: 7, row: 1), "2 + 1 + 2 + 2 columns")
    #expect(terminal[1, 1].isContinuation, "the emoji's second cell")
  }

  @Test func theListCursorStaysOnItsRowAfterTheScreenOverItIsPopped() async throws {
    let driver = AppDriver(registry: try contactsRegistry())
    let contacts = ContactsModel(app: driver.host)
    try await driver.start { _ in contacts }
    let host = TerminalScreenHost(driver.host, flush: {})
    func press(_ key: KeyEvent) async throws {
      host.handle(key)
      try await driver.settle()
    }
    #expect(host.focused?.id == "contacts")
    try await press(.down)
    try await press(.down)
    try await press(.enter)
    #expect(host.frame(width: 30, height: 8).lines[1] == "Hello", "the message is shown")
    try await press(.escape)
    let lines = host.frame(width: 30, height: 8).lines
    let frame = host.frame(width: 30, height: 8)
    let cursor = (0..<frame.height).first { frame[2, $0].style.attributes.contains(.reverse) }
    #expect(
      cursor.map { lines[$0].hasPrefix("▸ Contact 3") || lines[$0].hasPrefix("  Contact 3") }
        == true)
    try await press(.down)
    #expect(contacts.opened == [3])
    try await press(.enter)
    #expect(contacts.opened == [3, 4], "the arrows go on from that row")
  }
}

/// Contacts: a list whose selection opens a message over it.
@MainActor
@Observable
final class ContactsModel {
  var contacts = (1...6).map { ContactCell($0, name: "Contact \($0)") }
  private(set) var opened: [Int] = []
  @ObservationIgnored let app: AppHost

  init(app: AppHost) {
    self.app = app
  }

  @ObservationIgnored private(set) lazy var open = Command<ContactCell, Void>(
    "open", owner: self
  ) { vm, cell in
    vm.opened.append(cell.id)
    try vm.app.push(MessageModel())
  }
}

struct ContactsScreen: Screen {
  let contacts = ListView("contacts", rows: [ContactRow.self], emptyText: "No contacts")

  var body: Widget { contacts }

  func bindings(_ vm: ContactsModel) -> [BindingDeclaration<ContactsModel>] {
    show(\.contacts, in: contacts)
    command(vm.open, on: contacts.selection)
  }
}

@MainActor
func contactsRegistry() throws -> ScreenRegistry {
  let registry = ScreenRegistry()
  try registry.register("contacts", title: "Contacts") { ContactsScreen() }
  try registry.register("message", title: "Message") { MessageScreen() }
  return registry
}

@MainActor
@Suite struct TerminalLayoutTests {
  @Test func theColumnsOfAListsRowsLineUpAndANarrowWidthCutsWithAnEllipsis() async throws {
    let clock = VirtualClock()
    let model = DispatchModel(clock: clock)
    model.parcels = [ParcelCell(1), ParcelCell(1234)]
    let driver = try ScreenDriver(DispatchScreen(), model: model, clock: clock)
    let host = TerminalScreenHost(driver.mounted, flush: {})
    let wide = host.frame(width: 50, height: 6).lines
    let first = try #require(wide.first { $0.contains("Parcel 1 ") })
    let second = try #require(wide.first { $0.contains("Parcel 1234") })
    #expect(
      first.firstRange(of: "[ Hand over ]")?.lowerBound.utf16Offset(in: first)
        == second.firstRange(of: "[ Hand over ]")?.lowerBound.utf16Offset(in: second),
      "\(first) / \(second)")
    let narrow = host.frame(width: 24, height: 6).lines
    // NB: 22 columns for 34: the widest columns give up theirs first, each cut with `…`.
    let rows = narrow.filter { $0.hasPrefix("  Parc") }
    #expect(rows == ["  Parce… [ Han… [ Note ]", "  Parce… [ Han… [ Note ]"], "\(narrow)")
  }

  @Test func aDialogWrapsOnANarrowTerminal() async throws {
    let driver = AppDriver(registry: try inboxRegistry())
    let inbox = InboxModel(app: driver.host)
    try await driver.start { _ in inbox }
    let host = TerminalScreenHost(driver.host, flush: {})
    host.handle(.tab)
    host.handle(.enter)
    try await driver.settle()
    let lines = host.frame(width: 14, height: 10).lines
    let box = lines.filter { $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└") }
    #expect(
      box == [
        "┌────────────┐",
        "│ Leave?     │",
        "│ Drafts are │",
        "│ kept.      │",
        "│ [ Stay ]   │",
        "│ [ Leave ]  │",
        "└────────────┘",
      ])
  }

  @Test func wrappingBreaksAtSpacesAndCutsAWordWiderThanALine() {
    #expect(ScreenPainter.wrapped("Drafts are kept.", width: 10) == ["Drafts are", "kept."])
    #expect(ScreenPainter.wrapped("abcdefghij k", width: 4) == ["abcd", "efgh", "ij k"])
    #expect(ScreenPainter.wrapped("", width: 4) == [""])
    #expect(ScreenPainter.wrapped("日本語", width: 3) == ["日", "本", "語"])
  }
}
