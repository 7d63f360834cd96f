import Headless

/// What `swift run Showcase` prints first: what the reader is looking at and how to read it.
@MainActor
enum Introduction {
  static var text: String {
    """
    BindingDSL showcase: screens declared with the binding DSL, each mounted on its view model
    with fake services and a virtual clock, driven by a script, and printed as text after every
    step: the same text that snapshot tests compare and the documentation shows.

    A tree has one widget a line, nested widgets indented under their container:
      Button #register title="Register" [disabled, busy]
    is a Button whose id is register (#id: how tests and --interactive reach a widget), with its
    state as name=value fields and its flags in brackets: what is true of it now, such as
    disabled, hidden, busy or focused. Strings are quoted, control characters escaped (\\n,
    \\u{1B}). The format, version \(TextRenderer.formatVersion), is described in Docs/TextFormat.md.

    To drive a screen yourself: swift run Showcase --interactive <screen>, where <screen> is one
    of \(Demos.names.joined(separator: ", ")); help lists the commands.
    """
  }
}
