import BindingDSL
import Headless
import Observation
import Testing

@testable import TerminalHost

/// A row view model the contacts list has no template for.
@MainActor
@Observable
final class StrayContact: Identifiable {
  let id = "stray"
}

/// Contacts where one row cannot be mounted, with load more bound.
@MainActor
@Observable
final class MixedContactsModel {
  /// 30 rows; the one at position 27 has no template, and is outside the first window.
  var rows: [any RowModel]

  init(stray: Bool = true) {
    rows = (1...30).map { id -> any RowModel in
      id == 28 && stray ? StrayContact() : ContactCell(id, name: "Contact \(id)")
    }
  }
  var sections: [ListSection] { [ListSection(id: 0, rows: rows)] }

  @ObservationIgnored private(set) lazy var loadMore = Command<Void, Void>(
    "loadMore", owner: self
  ) { _, _ in }
}

struct MixedContactsScreen: Screen {
  let contacts = ListView("contacts", rows: [ContactRow.self])

  var body: Widget { VStack("mixed") { contacts } }

  func bindings(_ vm: MixedContactsModel) -> [BindingDeclaration<MixedContactsModel>] {
    show(\.sections, in: contacts)
    command(vm.loadMore, on: contacts.loadMore)
  }
}

@MainActor
/// A list where one row cannot be mounted, in the terminal.
@Suite struct TerminalUnmountableRowTests {
  /// A row that could not be mounted is passed over, and the cursor still reaches the last row
  /// and asks for more there (with every row mounted too, as a control).
  @Test(arguments: [false, true])
  func loadMoreFiresFromTheLastRowWhenARowCouldNotBeMounted(stray: Bool) throws {
    let model = MixedContactsModel(stray: stray)
    let screen = MixedContactsScreen()
    let scheduler = ManualScheduler()
    screen.contacts.visibleRowCount = 5
    screen.contacts.windowMargin = 2
    let mounted = try screen.mount(on: model, scheduler: scheduler)
    defer { mounted.unmount() }
    scheduler.flush()
    let host = TerminalScreenHost(mounted, flush: { scheduler.flush() })
    host.handle(.tab)
    #expect(host.focused?.id == "contacts")
    var path: [String] = []
    for _ in 0..<40 {
      host.handle(.down)
      path.append(host.listCursorRow?.id ?? "-")
    }
    #expect((screen.contacts.problem != nil) == stray, "the stray row is the list's problem")
    #expect(path.last == "contacts[30]", "the cursor is on the last row")

    #expect(model.loadMore.status != .idle, "moving onto the last row asks for more")
  }
}
