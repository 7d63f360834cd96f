import BindingDSL
import Headless
import Observation

/// A contact's row view model.
@MainActor
@Observable
final class ContactCell: Identifiable {
  let id: Int
  var name: String

  init(_ id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// A row showing a contact's name.
struct ContactRow: RowTemplate {
  let name = Label("name")

  var body: Widget { name }

  func bindings(_ vm: ContactCell) -> [BindingDeclaration<ContactCell>] {
    bind(\.name, to: name.text)
  }
}

/// A profile form: a greeting with wide characters, a name, a secure password, a newsletter
/// toggle, a save button whose command counts saves, and a list of contacts.
@MainActor
@Observable
final class ProfileModel {
  var name = ""
  var password = ""
  var newsletter = false
  var contacts = [ContactCell(1, name: "Ada"), ContactCell(2, name: "Grace")]
  private(set) var saves: [String] = []
  private(set) var opened: [Int] = []

  @ObservationIgnored private(set) lazy var save = Command<Void, Void>("save", owner: self) {
    vm, _ in
    vm.saves.append(vm.name)
  }

  @ObservationIgnored private(set) lazy var open = Command<ContactCell, Void>(
    "open", owner: self
  ) { vm, cell in
    vm.opened.append(cell.id)
  }
}

struct ProfileScreen: Screen {
  let greeting = Label("greeting", text: "こんにちは, 世界")
  let name = TextField("name", placeholder: "Name")
  let password = TextField("password", placeholder: "Password", isSecure: true)
  let newsletter = Toggle("newsletter", title: "Newsletter")
  let save = Button("save", title: "Save")
  let contacts = ListView("contacts", rows: [ContactRow.self], emptyText: "No contacts")

  var body: Widget {
    VStack("profile") {
      greeting
      name
      password
      HStack("actions") {
        newsletter
        save
      }
      contacts
    }
  }

  func bindings(_ vm: ProfileModel) -> [BindingDeclaration<ProfileModel>] {
    bind(\.name, to: name.text)
    bind(\.password, to: password.text)
    bind(\.newsletter, to: newsletter.isOn)
    command(vm.save, on: save)
    show(\.contacts, in: contacts)
    command(vm.open, on: contacts.selection)
  }
}
