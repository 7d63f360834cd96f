import Headless
import Observation

/// A small screen for the driver's and the renderer's tests: a field, a toggle, a command
/// button, and a container that hides until advanced options are shown.
@MainActor
@Observable
final class ProfileViewModel {
  var name = ""
  var notify = false
  var showsAdvanced = false
  /// What `save` waits on before it finishes: nothing, or a real sleep that a virtual clock
  /// cannot end.
  @ObservationIgnored var saveWaitsOnARealClock = false

  @ObservationIgnored private(set) lazy var save = Command<Void, Void>(
    "save", enabledWhen: { [unowned self] in !name.isEmpty }
  ) { [weak self] in
    try await self?.performSave()
  }

  private func performSave() async throws {
    if saveWaitsOnARealClock { try await Task.sleep(for: .seconds(3_600)) }
  }

  @ObservationIgnored private(set) lazy var delete = Command<Void, Void>("delete") {}
}

struct ProfileScreen: Screen {
  let title = Label("title", text: "Profile")
  let name = TextField("name", placeholder: "Name")
  let notify = Toggle("notify", title: "Notify me")
  let save = Button("save", title: "Save")
  let delete = Button("delete", title: "Delete account")
  let advanced: VStack

  init() {
    advanced = VStack("advanced") { [delete] in delete }
  }

  var body: Widget {
    VStack("profile") {
      title
      name
      notify
      save
      advanced
    }
  }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: name.text)
    bind(\.notify, to: notify.isOn)
    command(vm.save, on: save)
    bind(\.showsAdvanced, to: advanced.isHidden) { !$0 }
    command(vm.delete, on: delete)
  }
}
