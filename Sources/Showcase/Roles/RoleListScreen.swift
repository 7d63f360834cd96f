import BindingDSL
import Headless

/// A role's row: its name and how many people hold it, sixty points high.
struct RoleRow: RowTemplate {
  let name = Label("name")
  let members = Label("members")

  var body: Widget {
    HStack("role") {
      name
      members
    }
  }

  static var height: KeyPath<RoleCell, Double>? { \.height }

  func bindings(_ vm: RoleCell) -> [BindingDeclaration<RoleCell>] {
    bind(\.name, to: name.text)
    bind(\.memberCount, to: members.text)
  }
}

/// The role list: loads on appear, reloads on demand, shows the load's status in a HUD, and
/// the chosen role's duty under the list.
struct RoleListScreen: Screen {
  let title = Label("title", text: "Roles")
  let roles = ListView("roles", rows: [RoleRow.self])
  let chosen = Label("chosen")
  let reload = Button("reload", title: "Reload")
  let hud = HUD("hud")

  var body: Widget {
    VStack("roleList") {
      title
      roles
      chosen
      reload
      hud
    }
  }

  func bindings(_ vm: RoleListViewModel) -> [BindingDeclaration<RoleListViewModel>] {
    command(vm.load, on: .didAppear)
    command(vm.load, on: reload)
    feedback(of: vm.load, on: hud, messages: FeedbackMessages(loading: "Loading roles"))
    show(\.roles, in: roles)
    command(vm.choose, on: roles.selection)
    command(vm.unchoose, on: roles.deselection)
    bind(\.chosenText, to: chosen.text)
  }
}
