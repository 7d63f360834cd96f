import Headless
import HeadlessTesting
import Observation
import Testing

// The code of Docs/Navigation.md: every block of the guide is a run of lines of this file,
// which the guide check verifies, and the tests below run it.

// MARK: - View models

@MainActor @Observable
final class ContactCell: Identifiable {
  let id: Int
  var name: String

  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

@MainActor @Observable
final class ContactListViewModel: CommandOwner {
  let commands = CommandStore()
  var contacts = [ContactCell(id: 1, name: "Ada"), ContactCell(id: 2, name: "Grace")]
  @ObservationIgnored let navigator: any Navigator

  init(navigator: any Navigator) {
    self.navigator = navigator
  }

  var open: Command<ContactCell, Void> {
    .owned(by: self) { vm, contact in
      try vm.navigator.push(ContactViewModel(contact, navigator: vm.navigator))
    }
  }
}

@MainActor @Observable
final class ContactViewModel: CommandOwner {
  let commands = CommandStore()
  let contact: ContactCell
  var draft: String
  @ObservationIgnored let navigator: any Navigator

  init(_ contact: ContactCell, navigator: any Navigator) {
    self.contact = contact
    self.draft = contact.name
    self.navigator = navigator
  }

  var save: Command<Void, Void> {
    .owned(by: self, enabledWhen: { !$0.draft.isEmpty }) { vm in
      vm.contact.name = vm.draft
      try vm.navigator.pop()
    }
  }
}

// MARK: - Screens

struct ContactRow: RowTemplate {
  let name = Label("name")

  var body: Widget { name }

  func bindings(_ vm: ContactCell) -> [BindingDeclaration<ContactCell>] {
    bind(\.name, to: name.text)
  }
}

struct ContactListScreen: Screen {
  let list = ListView("contacts", rows: [ContactRow.self], emptyText: "No contacts")

  var body: Widget { VStack("contactList") { list } }

  func bindings(_ vm: ContactListViewModel) -> [BindingDeclaration<ContactListViewModel>] {
    show(\.contacts, in: list)
    command(vm.open, on: list.selection)
  }
}

struct ContactScreen: Screen {
  let name = TextField("name", placeholder: "Name")
  let save = Button("save", title: "Save")

  var body: Widget {
    VStack("contact") {
      name
      save
    }
  }

  func bindings(_ vm: ContactViewModel) -> [BindingDeclaration<ContactViewModel>] {
    bind(\.draft, to: name.text)
    command(vm.save, on: save)
  }
}

// MARK: - The app

@MainActor
func contactsRegistry() throws -> ScreenRegistry {
  let registry = ScreenRegistry()
  try registry.register("contacts", title: "Contacts") { ContactListScreen() }
  try registry.register("contact", title: "Contact") { ContactScreen() }
  return registry
}

// MARK: - Tests

@MainActor
@Suite struct NavigationGuideTests {
  @Test func selectingAContactPushesItAndSavingPopsBack() async throws {
    let driver = AppDriver(registry: try contactsRegistry())
    try await driver.start { host in ContactListViewModel(navigator: host) }
    try await driver.select("contacts[2]")
    #expect(driver.visibleModel is ContactViewModel)
    try await driver.replaceText(in: "name", with: "Grace Hopper")
    try await driver.tap("save")
    #expect(driver.visibleModel is ContactListViewModel)
    #expect(try driver.widget("contacts[2].name", as: Label.self).text.value == "Grace Hopper")
    driver.shutDown()
  }

  @Test func backLeavesTheContactAsItWas() async throws {
    let driver = AppDriver(registry: try contactsRegistry())
    try await driver.start { host in ContactListViewModel(navigator: host) }
    try await driver.select("contacts[1]")
    try await driver.replaceText(in: "name", with: "Ada Lovelace")
    try await driver.back()
    #expect(try driver.widget("contacts[1].name", as: Label.self).text.value == "Ada")
    try await driver.select("contacts[1]")
    #expect(try driver.visibleModel(as: ContactViewModel.self).draft == "Ada")
    driver.shutDown()
  }

  @Test func anUnregisteredScreenIsTheCommandsError() async throws {
    let registry = ScreenRegistry()
    try registry.register("contacts", title: "Contacts") { ContactListScreen() }
    let driver = AppDriver(registry: registry)
    let list = ContactListViewModel(navigator: driver.host)
    try await driver.start { _ in list }
    try await driver.select("contacts[1]")
    #expect(list.open.status == .failed)
    #expect(
      "\(list.open.lastError.map { "\($0)" } ?? "")".hasPrefix(
        "cannot push ContactViewModel: no screen is registered for it"))
    #expect(driver.visibleModel is ContactListViewModel)
    driver.shutDown()
  }
}
