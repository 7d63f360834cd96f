import Headless

/// A profile screen whose title is written by two declarations: the graph check rejects it,
/// and the bindings guide shows the error it prints, which names the lines of both.
struct ConflictingProfileScreen: Screen {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
    bind(\.name, to: title.text)
    bind(\.notify, to: title.text) { $0 ? "on" : "off" }
  }
}
