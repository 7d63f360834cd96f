import BindingDSL
import Headless
import Observation
import Testing

@testable import TerminalHost

/// Contacts with a button below them: two focus stops.
struct ContactsAndButtonScreen: Screen {
  let contacts = ListView("contacts", rows: [ContactRow.self])
  let done = Button("done", title: "Done")

  var body: Widget {
    VStack("contactsAndButton") {
      contacts
      done
    }
  }

  func bindings(_ vm: MixedContactsModel) -> [BindingDeclaration<MixedContactsModel>] {
    show(\.sections, in: contacts)
  }
}

/// Where a list's cursor is when the focus leaves the list and comes back.
@MainActor
@Suite struct TerminalListCursorTests {
  /// With the list the one focus stop, Tab has nowhere to go: the footer offers no Tab, and the
  /// cursor stays on the row the arrows put it on.
  @Test func tabWithOneFocusStopLeavesTheCursorWhereItIs() throws {
    let screen = MixedContactsScreen()
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: MixedContactsModel(stray: false), scheduler: scheduler)
    defer { mounted.unmount() }
    scheduler.flush()
    let host = TerminalScreenHost(mounted, flush: { scheduler.flush() })
    host.handle(.tab)
    #expect(host.focused?.id == "contacts")
    host.handle(.down)
    host.handle(.down)
    #expect(host.listCursorRow?.id == "contacts[3]")
    host.handle(.tab)
    host.handle(.backTab)
    #expect(host.focused?.id == "contacts")
    #expect(host.listCursorRow?.id == "contacts[3]", "Tab and Shift-Tab moved nothing")
  }

  /// The focus that leaves a list for another widget and comes back finds the cursor on the
  /// row it left, not on the first row shown.
  @Test func theCursorIsWhereItWasWhenTheFocusComesBack() throws {
    let screen = ContactsAndButtonScreen()
    let scheduler = ManualScheduler()
    let mounted = try screen.mount(on: MixedContactsModel(stray: false), scheduler: scheduler)
    defer { mounted.unmount() }
    scheduler.flush()
    let host = TerminalScreenHost(mounted, flush: { scheduler.flush() })
    #expect(host.focused?.id == "contacts", "the first stop has the focus from the start")
    host.handle(.down)
    host.handle(.down)
    host.handle(.tab)
    #expect(host.focused?.id == "done")
    host.handle(.backTab)
    #expect(host.focused?.id == "contacts")
    #expect(host.listCursorRow?.id == "contacts[3]")
    host.handle(.tab)
    host.handle(.tab)
    #expect(host.focused?.id == "contacts", "round the order, back to the list")
    #expect(host.listCursorRow?.id == "contacts[3]")
  }
}
