import Headless

/// The widgets that take the focus, in the order Tab moves through them.
@MainActor
enum FocusOrder {
  /// The focusable widgets of `root` that are enabled and shown, in tree order: for an app, the
  /// buttons (and a prompt's field) of the dialog in front when there is one, and the visible
  /// screen's widgets otherwise. A list and a tab view are one stop each; only the selected
  /// tab's widgets follow it.
  static func widgets(in root: Widget) -> [Widget] {
    var found: [Widget] = []
    if let app = root as? AppView {
      if let dialog = ScreenPainter.frontDialog(of: app) {
        for child in dialog.children { collect(child, into: &found) }
      } else if let content = ScreenPainter.visibleScreen(of: app)?.content {
        collect(content, into: &found)
      }
    } else {
      collect(root, into: &found)
    }
    return found
  }

  /// Whether a person can focus `widget` by its kind.
  static func takesFocus(_ widget: Widget) -> Bool {
    switch widget {
    case let list as ListView: !list.rows.isEmpty
    case is any TextEditable, is any Tappable, is any Toggleable, is any Adjustable,
      is any OptionSelectable, is any DatePickable, is TabView:
      true
    default: false
    }
  }

  private static func collect(_ widget: Widget, into found: inout [Widget]) {
    guard !widget.isHidden.value else { return }
    if takesFocus(widget), widget.isEnabled.value { found.append(widget) }
    switch widget {
    case is ListView: return
    case let tabs as TabView:
      for tab in tabs.tabs where tab.id == tabs.selection.value {
        for child in tab.children { collect(child, into: &found) }
      }
    default:
      for child in widget.children { collect(child, into: &found) }
    }
  }
}
