import Headless

/// What a key does once the table has matched it.
enum KeyCommand: Equatable {
  case edit(TextEdit)
  case submit
  case tap
  case toggle
  case adjust(Int)
  case choose(Int)
  case moveDay(Int)
  case switchTab(Int)
  case moveRow(Int)
  case selectRow
  case swipe(String)
  case refresh
  case focus(Int)
  case back
}

/// One line of the key table: the keys that match, the hint the footer shows for them, and
/// the command they run.
struct KeyRule {
  let hint: KeyHint
  let matches: (KeyEvent) -> Bool
  let command: (KeyEvent) -> KeyCommand

  init(_ keys: String, _ action: String, _ events: [KeyEvent], _ command: KeyCommand) {
    hint = KeyHint(keys: keys, action: action)
    matches = { events.contains($0) }
    self.command = { _ in command }
  }

  init(
    _ keys: String, _ action: String, matching: @escaping (KeyEvent) -> Bool,
    command: @escaping (KeyEvent) -> KeyCommand
  ) {
    hint = KeyHint(keys: keys, action: action)
    matches = matching
    self.command = command
  }
}

/// The one table of keys a terminal host answers: what each key does on the focused widget,
/// and, from the same rules, the footer that lists them. A rule listed first wins.
@MainActor
enum KeyTable {
  /// The rules for `widget` (the focused widget, if any), then those that work everywhere:
  /// Tab and Shift-Tab move the focus, Esc goes back when `canGoBack`.
  static func rules(for widget: Widget?, canGoBack: Bool) -> [KeyRule] {
    (widget.map(widgetRules(for:)) ?? []) + globalRules(canGoBack: canGoBack)
  }

  /// The footer's hints for the same rules: those that work everywhere first, as they matter
  /// on every widget and a narrow terminal clips the end of the line, then the widget's.
  static func hints(for widget: Widget?, canGoBack: Bool) -> [KeyHint] {
    hints(globalRules(canGoBack: canGoBack)) + hints(widget.map(widgetRules(for:)) ?? [])
  }

  private static func globalRules(canGoBack: Bool) -> [KeyRule] {
    var rules = [
      KeyRule("Tab/⇧Tab", "focus", [.tab], .focus(1)),
      KeyRule("", "", [.backTab], .focus(-1)),
    ]
    if canGoBack { rules.append(KeyRule("Esc", "back", [.escape], .back)) }
    return rules
  }

  private static func widgetRules(for widget: Widget) -> [KeyRule] {
    switch widget {
    case let field as any TextEditable:
      return textRules(multiline: field is TextView, submits: field is any Submittable)
    case is any Tappable:
      return [KeyRule("Enter/Space", "tap", [.enter, .character(" ")], .tap)]
    case is any Toggleable:
      return [KeyRule("Space/Enter", "toggle", [.character(" "), .enter], .toggle)]
    case is any Adjustable:
      return [
        KeyRule("←↓", "less", [.left, .down], .adjust(-1)),
        KeyRule("→↑", "more", [.right, .up], .adjust(1)),
      ]
    case is any OptionSelectable:
      return [
        KeyRule("←↑", "previous option", [.left, .up], .choose(-1)),
        KeyRule("→↓", "next option", [.right, .down], .choose(1)),
      ]
    case is any DatePickable:
      return [
        KeyRule("←→", "day", [.left], .moveDay(-1)),
        KeyRule("", "", [.right], .moveDay(1)),
        KeyRule("↑↓", "week", [.up], .moveDay(-7)),
        KeyRule("", "", [.down], .moveDay(7)),
      ]
    case is TabView:
      return [
        KeyRule("←→", "tab", [.left], .switchTab(-1)),
        KeyRule("", "", [.right], .switchTab(1)),
      ]
    case let list as ListView:
      return listRules(for: list)
    default:
      return []
    }
  }

  /// A list's keys: the arrows move the cursor row (Page Up and Down by ten), Enter selects
  /// it; Del swipes the `delete` action and 1 to 9 the others, each while a command is bound
  /// to it; `r` pulls to refresh while the list's refresh has a command. Moving onto the last
  /// row loads more, with no key of its own.
  private static func listRules(for list: ListView) -> [KeyRule] {
    var rules = [
      KeyRule("↑↓", "move", [.up], .moveRow(-1)),
      KeyRule("", "", [.down], .moveRow(1)),
      KeyRule("", "", [.pageUp], .moveRow(-10)),
      KeyRule("", "", [.pageDown], .moveRow(10)),
      KeyRule("Enter", "select", [.enter, .character(" ")], .selectRow),
    ]
    var number = 0
    for action in list.boundActions {
      let name = action.eventKey.property
      if action === list.deletion {
        rules.append(KeyRule("Del", name, [.delete, .backspace], .swipe(name)))
      } else if number < 9 {
        number += 1
        let key = Character(String(number))
        rules.append(KeyRule(String(key), action.title ?? name, [.character(key)], .swipe(name)))
      }
    }
    if list.refresh.isBound { rules.append(KeyRule("r", "refresh", [.character("r")], .refresh)) }
    return rules
  }

  private static func textRules(multiline: Bool, submits: Bool) -> [KeyRule] {
    var rules: [KeyRule] = []
    if submits && !multiline { rules.append(KeyRule("Enter", "submit", [.enter], .submit)) }
    rules += [
      // NB: typing needs no hint.
      KeyRule(
        "", "",
        matching: { event in
          switch event {
          case .character, .paste: true
          case .enter: multiline
          default: false
          }
        },
        command: { _ in .edit(.insert) }),
      KeyRule("←→/Home/End", "move", [.left], .edit(.left)),
      KeyRule("", "", [.right], .edit(.right)),
      KeyRule("", "", [.home, .control("a")], .edit(.home)),
      KeyRule("", "", [.end, .control("e")], .edit(.end)),
      KeyRule("⌫/Del/^W", "delete", [.backspace], .edit(.backspace)),
      KeyRule("", "", [.delete, .control("d")], .edit(.delete)),
      KeyRule("", "", [.control("w")], .edit(.deleteWord)),
      KeyRule("Alt-B/F", "word", [.alt("b")], .edit(.wordLeft)),
      KeyRule("", "", [.alt("f")], .edit(.wordRight)),
    ]
    return rules
  }

  /// The footer's hints for the rules: one per rule that names its keys.
  private static func hints(_ rules: [KeyRule]) -> [KeyHint] {
    rules.map(\.hint).filter { !$0.keys.isEmpty }
  }
}
