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
  /// Into the focused row's controls (1), along them, or back to the list (-1).
  case moveInRow(Int)
  /// Taps the cancel button of the dialog in front.
  case cancelDialog
  /// Taps the button of the prompt in front that is not its cancel button.
  case confirmPrompt
  /// Shows or hides the help screen.
  case help
  /// Scrolls the help screen by lines: up (negative) or down.
  case scrollHelp(Int)
  /// Scrolls the screen by pages: up (-1) or down (1).
  case scrollScreen(Int)
}

/// What the key table needs to know beyond the focused widget.
struct KeyContext {
  /// Whether Esc goes back: the visible screen has one to go back to and no dialog is shown.
  var canGoBack = false
  /// The dialog in front, if any.
  var dialog: DialogView?
  /// How many widgets Tab moves through.
  var focusStops = 0
  /// Whether the focus is on a control of a list's row.
  var isInRow = false
  /// Whether the focused list's cursor row has controls → moves into.
  var cursorRowHasControls = false
  /// Whether the help screen is shown.
  var isShowingHelp = false
  /// Whether the help screen has more lines than the terminal shows, and how many it shows
  /// (what Page Up and Down scroll it by).
  var helpOverflows = false
  var helpRows = 0
  /// Whether the screen is taller than the rows it shows in, so Page Up and Down scroll it.
  var screenOverflows = false
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
  /// The rules for `widget` (the focused widget, if it takes keys now), then those that work
  /// everywhere: → and ← along a row's controls, Tab and Shift-Tab move the focus, Esc cancels
  /// a dialog or goes back, `?` shows the help. While the help is shown, only Esc and `?`
  /// (which close it) work, and the arrows and Page Up and Down when it is taller than the
  /// terminal.
  static func rules(for widget: Widget?, context: KeyContext) -> [KeyRule] {
    if context.isShowingHelp { return helpRules(context: context) }
    return (widget.map { widgetRules(for: $0, context: context) } ?? [])
      + rowRules(context: context) + moveRules(context: context) + helpRule(for: widget)
  }

  /// The footer's hints for the same rules, each naming keys that act now: Tab and Esc
  /// first, as they matter on every widget, then the widget's, the row's, and `?`.
  static func hints(for widget: Widget?, context: KeyContext) -> [KeyHint] {
    if context.isShowingHelp { return hints(helpRules(context: context)) }
    return hints(moveRules(context: context))
      + hints(widget.map { widgetRules(for: $0, context: context) } ?? [])
      + hints(rowRules(context: context)) + hints(helpRule(for: widget))
  }

  /// Esc and `?` close the help; the arrows and Page Up and Down scroll it while it is taller
  /// than the terminal.
  private static func helpRules(context: KeyContext) -> [KeyRule] {
    let close = KeyRule("Esc/?", "close help", [.escape, .character("?")], .help)
    guard context.helpOverflows else { return [close] }
    let page = max(context.helpRows - 1, 1)
    return [
      close,
      KeyRule("↑↓/PgUp/PgDn", "scroll", [.up], .scrollHelp(-1)),
      KeyRule("", "", [.down], .scrollHelp(1)),
      KeyRule("", "", [.pageUp], .scrollHelp(-page)),
      KeyRule("", "", [.pageDown], .scrollHelp(page)),
    ]
  }

  /// `lines` fitted to `width` columns, as the help screen shows them: a line too wide breaks
  /// after its last word that fits and goes on in the next row, indented two columns past its
  /// own indent (where that leaves room for the next character); a word wider than a row is cut
  /// where the row ends, and a character wider than the whole row still takes a row of its own.
  ///
  /// - Parameters:
  ///   - lines: The lines, each without a line break.
  ///   - width: The columns a row may take.
  /// - Returns: The rows, each at most `width` columns wide but for such a character.
  static func wrapped(_ lines: [String], width: Int) -> [String] {
    guard width > 0 else { return [] }
    var rows: [String] = []
    for line in lines {
      let indent = line.prefix { $0 == " " }
      // NB: no indent for the rest of a line where the indent would leave no room.
      let continuation = TerminalText.width(of: indent) + 2 < width ? indent + "  " : ""
      var prefix = ""
      var rest = Substring(line)
      var isBroken = false
      while TerminalText.width(of: prefix) + TerminalText.width(of: rest) > width {
        if let first = rest.first,
          TerminalText.width(of: prefix) + TerminalText.width(of: first) > width
        {
          prefix = ""
        }
        let room = width - TerminalText.width(of: prefix)
        var used = 0
        var end = rest.startIndex
        // NB: a space breaks the row only after a word of it, never inside the indent.
        var lastSpace: Substring.Index?
        var hasWord = false
        while end < rest.endIndex, used + TerminalText.width(of: rest[end]) <= room {
          if rest[end] != " " {
            hasWord = true
          } else if hasWord {
            lastSpace = end
          }
          used += TerminalText.width(of: rest[end])
          end = rest.index(after: end)
        }
        var cut = end
        if end < rest.endIndex, rest[end] != " ", let lastSpace { cut = lastSpace }
        if cut == rest.startIndex { cut = rest.index(after: cut) }
        var row = Substring(prefix) + rest[..<cut]
        while row.last == " " { row.removeLast() }
        rows.append(String(row))
        rest = rest[cut...].drop { $0 == " " }
        prefix = continuation
        isBroken = true
      }
      if !rest.isEmpty || !isBroken { rows.append(String(prefix + rest)) }
    }
    return rows
  }

  /// `hints` on one line, two spaces apart, within `width` columns: the hints that fit whole,
  /// then `…` when some are left out; a first hint wider than the line is cut and ends in `…`.
  static func fitted(_ hints: [KeyHint], width: Int) -> String {
    guard width > 0 else { return "" }
    let whole = hints.map(\.description).joined(separator: "  ")
    if TerminalText.width(of: whole) <= width { return whole }
    var line = ""
    for hint in hints.map(\.description) {
      let candidate = line.isEmpty ? hint : line + "  " + hint
      // NB: room for the "  …" that says more hints are left out.
      guard TerminalText.width(of: candidate) + 3 <= width else { break }
      line = candidate
    }
    if !line.isEmpty { return line + "  …" }
    var cut = ""
    for character in whole {
      guard TerminalText.width(of: cut) + TerminalText.width(of: character) + 1 <= width else {
        break
      }
      cut.append(character)
    }
    return cut + "…"
  }

  /// Every key of the table, by what has the focus, as the help screen shows them.
  static let helpLines: [String] = [
    "Keys",
    "",
    "Everywhere: Tab/⇧Tab next/previous control, Esc cancel a dialog or go back,",
    "  ? this help (Esc or ? closes it), ^C quit,",
    "  PgUp/PgDn scroll a screen taller than the terminal (outside a list)",
    "Text: type, ←→ Home End ^A ^E move, Alt-B/F word, ⌫ Del ^D ^W delete,",
    "  Enter submit (where bound), OK in a prompt",
    "Text view: ↑↓ line above/below, Enter line break",
    "Button: Enter/Space tap   Toggle: Space/Enter toggle",
    "Slider, stepper: ←↓ less, →↑ more   Options: ←↑ previous, →↓ next",
    "Date: ←→ day, ↑↓ week   Tabs: ←→ tab",
    "List: ↑↓ PgUp PgDn move, Enter/Space select, Del/⌫ delete, 1-9 row actions,",
    "  r refresh, → the row's buttons (← back to the list)",
    "Mouse: click focuses and presses a button or toggle, click a row selects it,",
    "  wheel moves a list or a text view, or scrolls the screen",
  ]

  /// → and ← along the controls of a row, while the focus is on one.
  private static func rowRules(context: KeyContext) -> [KeyRule] {
    guard context.isInRow else { return [] }
    return [
      KeyRule("←→", "row", [.left], .moveInRow(-1)),
      KeyRule("", "", [.right], .moveInRow(1)),
    ]
  }

  /// Tab and Shift-Tab (named only with two focus stops or more), Esc when it cancels the
  /// dialog in front or goes back, and Page Up and Down when the screen is taller than the
  /// rows it shows in (a list with rows takes them first).
  private static func moveRules(context: KeyContext) -> [KeyRule] {
    let tabHint = context.focusStops > 1 ? "Tab/⇧Tab" : ""
    var rules = [
      KeyRule(tabHint, "focus", [.tab], .focus(1)),
      KeyRule("", "", [.backTab], .focus(-1)),
    ]
    if let dialog = context.dialog {
      if let cancel = TerminalScreenHost.cancelButton(of: dialog) {
        rules.append(KeyRule("Esc", cancel.title.value, [.escape], .cancelDialog))
      }
    } else if context.canGoBack {
      rules.append(KeyRule("Esc", "back", [.escape], .back))
    }
    if context.screenOverflows {
      rules += [
        KeyRule("PgUp/PgDn", "scroll", [.pageUp], .scrollScreen(-1)),
        KeyRule("", "", [.pageDown], .scrollScreen(1)),
      ]
    }
    return rules
  }

  /// `?` for the help, except in a text widget, which types it.
  private static func helpRule(for widget: Widget?) -> [KeyRule] {
    widget is any TextEditable ? [] : [KeyRule("?", "help", [.character("?")], .help)]
  }

  private static func widgetRules(for widget: Widget, context: KeyContext) -> [KeyRule] {
    switch widget {
    case let field as any TextEditable:
      if let dialog = context.dialog, dialog.field === widget {
        return [KeyRule("Enter", "OK", [.enter], .confirmPrompt)]
          + textRules(multiline: false, submits: false)
      }
      let submits = (field as? any Submittable).map { $0.submit.handlerCount > 0 } ?? false
      return textRules(multiline: field is TextView, submits: submits)
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
      return listRules(for: list, context: context)
    default:
      return []
    }
  }

  /// A list's keys: the arrows move the cursor row (Page Up and Down by ten) and Enter
  /// selects it, while it has rows; → moves into the cursor row's controls, when it has some;
  /// Del and Backspace swipe the `delete` action and 1 to 9 the others, each while a command
  /// is bound to it; `r` pulls to refresh while the list's refresh has a command. Moving onto
  /// the last row loads more, with no key of its own.
  private static func listRules(for list: ListView, context: KeyContext) -> [KeyRule] {
    var rules: [KeyRule] = []
    if list.rowCount > 0 {
      rules += [
        KeyRule("↑↓", "move", [.up], .moveRow(-1)),
        KeyRule("", "", [.down], .moveRow(1)),
        KeyRule("", "", [.pageUp], .moveRow(-10)),
        KeyRule("", "", [.pageDown], .moveRow(10)),
      ]
      let selects = list.selection.handlerCount > 0 ? "Enter" : ""
      rules.append(KeyRule(selects, "select", [.enter, .character(" ")], .selectRow))
      if context.cursorRowHasControls {
        rules.append(KeyRule("→", "row", [.right], .moveInRow(1)))
      }
      var number = 0
      for action in list.boundActions {
        let name = action.eventKey.property
        if action === list.deletion {
          rules.append(KeyRule("Del/⌫", name, [.delete, .backspace], .swipe(name)))
        } else if number < 9 {
          number += 1
          let key = Character(String(number))
          rules.append(
            KeyRule(String(key), action.title ?? name, [.character(key)], .swipe(name)))
        }
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
      KeyRule(multiline ? "←→↑↓/Home/End" : "←→/Home/End", "move", [.left], .edit(.left)),
      KeyRule("", "", [.right], .edit(.right)),
      KeyRule("", "", [.home, .control("a")], .edit(.home)),
      KeyRule("", "", [.end, .control("e")], .edit(.end)),
    ]
    if multiline {
      rules += [
        KeyRule("", "", [.up], .edit(.lineUp)),
        KeyRule("", "", [.down], .edit(.lineDown)),
      ]
    }
    rules += [
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
