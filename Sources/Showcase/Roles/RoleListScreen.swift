import BindingDSL
import Headless

/// The role list: loads on appear, reloads on demand, and shows the load's status in a HUD.
struct RoleListScreen: Screen {
  let title = Label("title", text: "Roles")
  let roles = TextList("roles")
  let reload = Button("reload", title: "Reload")
  let hud = HUD("hud")

  var body: Widget {
    VStack("roleList") {
      title
      roles
      reload
      hud
    }
  }

  func bindings(_ vm: RoleListViewModel) -> [BindingDeclaration<RoleListViewModel>] {
    command(vm.load, on: .didAppear)
    command(vm.load, on: reload)
    feedback(of: vm.load, on: hud, messages: FeedbackMessages(loading: "Loading roles"))
    bind(\.roles, to: roles.items)
  }
}
