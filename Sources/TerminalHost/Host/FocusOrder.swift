import Headless

/// The widgets that take the focus, in the order Tab moves through them.
@MainActor
enum FocusOrder {
  /// The focusable widgets of `root` that are shown, in tree order: for an app, the buttons
  /// (and a prompt's field) of the dialog in front when there is one, and the visible screen's
  /// widgets otherwise. A list and a tab view are one stop each; only the selected tab's
  /// widgets follow it.
  ///
  /// - Parameters:
  ///   - root: The tree: a screen's root or an app's view.
  ///   - includingDisabled: Whether disabled widgets count: Tab passes over them, but one that
  ///     has the focus keeps it.
  /// - Returns: The widgets, in tree order.
  static func widgets(in root: Widget, includingDisabled: Bool = false) -> [Widget] {
    var found: [Widget] = []
    if let app = root as? AppView {
      if let dialog = ScreenPainter.frontDialog(of: app) {
        for child in dialog.children {
          collect(child, into: &found, includingDisabled: includingDisabled)
        }
      } else if let content = ScreenPainter.visibleScreen(of: app)?.content {
        collect(content, into: &found, includingDisabled: includingDisabled)
      }
    } else {
      collect(root, into: &found, includingDisabled: includingDisabled)
    }
    return found
  }

  /// The focusable widgets of `row`, shown, in tree order: the controls → and ← move through
  /// while the row's list has the focus.
  ///
  /// - Parameters:
  ///   - row: A row of a list.
  ///   - includingDisabled: Whether disabled widgets count.
  /// - Returns: The controls, in tree order.
  static func controls(of row: RowWidget, includingDisabled: Bool = false) -> [Widget] {
    var found: [Widget] = []
    for child in row.children { collect(child, into: &found, includingDisabled: includingDisabled) }
    return found
  }

  /// Whether a person can focus `widget` by its kind. A list takes it with rows or without,
  /// so that an empty list can be refreshed.
  static func takesFocus(_ widget: Widget) -> Bool {
    switch widget {
    case is ListView, is any TextEditable, is any Tappable, is any Toggleable, is any Adjustable,
      is any OptionSelectable, is any DatePickable, is TabView:
      true
    default: false
    }
  }

  private static func collect(
    _ widget: Widget, into found: inout [Widget], includingDisabled: Bool
  ) {
    guard !widget.isHidden.value else { return }
    if takesFocus(widget), includingDisabled || widget.isEnabled.value { found.append(widget) }
    switch widget {
    case is ListView: return
    case let tabs as TabView:
      for tab in tabs.tabs where tab.id == tabs.selection.value {
        for child in tab.children {
          collect(child, into: &found, includingDisabled: includingDisabled)
        }
      }
    default:
      for child in widget.children {
        collect(child, into: &found, includingDisabled: includingDisabled)
      }
    }
  }
}
