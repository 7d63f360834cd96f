import BindingDSL
import Headless
import HeadlessTesting

/// Drives one screen, or the whole app, from text commands, one a line, and answers each with the
/// lines of the rendered tree it changed: what `swift run Showcase --interactive` reads from
/// standard input.
///
/// <!-- output: Tests/ShowcaseTests/__Snapshots__/InteractiveSessionTests/search-session.txt -->
/// ```text
/// > type query pe
/// @@ -2,3 +2,3 @@
///    HStack #bar
/// -    TextField #query text="" placeholder="Search fruit"
/// +    TextField #query text="pe" placeholder="Search fruit"
///      ActivityIndicator #spinner
/// ```
@MainActor
final class InteractiveSession {
  let driver: Driver
  /// The app, when the session drives the app rather than one screen.
  private let app: AppDriver?
  /// What the greeting calls what is driven.
  private let name: String
  /// The graph dump, appear and disappear of a single screen.
  private let screen:
    (
      graph: () -> String, appear: () async throws -> Void,
      disappear: () async throws -> Void
    )?
  /// Unmounts what the session drives.
  let close: () -> Void
  /// Every command with the tree before and after it; a command's answer is its diff.
  let transcript: Transcript<Driver>

  /// A session on one screen.
  init<S: Screen>(driver: ScreenDriver<S>) {
    self.driver = driver
    app = nil
    name = "\(S.self)"
    screen = (
      { driver.mounted.bindingGraph.dump() }, { try await driver.appear() },
      { try await driver.disappear() }
    )
    close = { driver.unmount() }
    transcript = Transcript(title: name, driver: driver)
  }

  /// A session on the whole app, acting on its visible screen.
  init(app: AppDriver) {
    driver = app
    self.app = app
    name = "The showcase app"
    screen = nil
    close = { app.shutDown() }
    transcript = Transcript(title: name, driver: app)
  }

  /// The longest advance a command may ask for, in milliseconds: a year.
  static var longestAdvance: Int { 365 * 24 * 3_600_000 }

  /// What a session prints first.
  var greeting: String {
    "\(name), driven on a virtual clock. Type help for the commands.\n\n\(transcript.initial)"
  }

  /// How many lines were answered with an error so far.
  private(set) var failures = 0

  /// Runs one line. Returns what to print, or `nil` when the line ends the session.
  ///
  /// Words are separated by spaces or tabs; the text of `type` and `replace` is everything
  /// after the one separator that follows the id, tabs included. A blank line does nothing.
  /// A line answered with `error:` counts in ``failures``.
  func run(_ line: String) async -> String? {
    // NB: a failed driver call is an answer here, not a test failure, even when a test runs the
    // session.
    let output = await FailureReporter.$expectsDriverFailure.withValue(true) {
      await perform(line)
    }
    if output?.hasPrefix("error: ") == true { failures += 1 }
    return output
  }

  private func perform(_ line: String) async -> String? {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let trimmed = line.drop(while: isBlank)
    let verb = String(trimmed.prefix { !isBlank($0) })
    let rest = trimmed.dropFirst(verb.count).drop(while: isBlank)
    let id = String(rest.prefix { !isBlank($0) })
    let text = String(rest.dropFirst(id.count).dropFirst())
    if verb.isEmpty || verb.hasPrefix("#") { return "" }
    do {
      switch verb {
      case "quit", "exit":
        return nil
      case "help" where id == "examples":
        return Self.examples
      case "help":
        return Self.help
      case "render":
        transcript.note(String(trimmed))
        return transcript.entries.last?.after ?? transcript.initial
      case "graph":
        return try singleScreen(verb).graph()
      case "type":
        try await driver.type(
          text, into: .path(try required(id, for: verb, example: "type code 1234")))
      case "replace":
        try await driver.replaceText(
          in: .path(try required(id, for: verb, example: "replace code 1234")), with: text)
      case "tap":
        try await driver.tap(.path(try required(id, for: verb, example: "tap register")))
      case "toggle":
        try await driver.toggle(.path(try required(id, for: verb, example: "toggle alerts")))
      case "slide":
        let widget = Finder.path(try required(id, for: verb, example: "slide volume 0.5"))
        try await driver.slide(widget, to: try number(text, for: verb, example: "slide volume 0.5"))
      case "step":
        let widget = Finder.path(try required(id, for: verb, example: "step radius -1"))
        try await driver.step(widget, by: try steps(text))
      case "select" where !text.isEmpty:
        try await driver.select(text, in: .path(id))
      case "select":
        try await driver.select(
          .path(try required(id, for: verb, what: "a row", example: "select \(rowExample)")))
      case "pick":
        let widget = Finder.path(try required(id, for: verb, example: "pick vacation 2026-12-01"))
        try await driver.pick(try CalendarDate(parsing: text), in: widget)
      case "scroll":
        let widget = Finder.path(try required(id, for: verb, example: "scroll page 120"))
        try await driver.scroll(widget, to: try number(text, for: verb, example: "scroll page 120"))
      case "focus":
        try await driver.focus(.path(try required(id, for: verb, example: "focus password")))
      case "submit":
        try await driver.submit(.path(try required(id, for: verb, example: "submit query")))
      case "swipe":
        let (row, action) = try rowAndAction(id, text)
        try await driver.swipe(.path(row), action: action)
      case "refresh":
        try await driver.pullToRefresh(
          .path(try required(id, for: verb, what: "a list", example: "refresh \(listExample)")))
      case "more":
        let list = try required(id, for: verb, what: "a list", example: "more \(listExample)")
        let why = whyNothingLoads(list)
        try await driver.scrollToEnd(.path(list))
        if let why { return changes(after: String(trimmed), or: why) }
      case "advance":
        try await driver.advance(by: try duration(String(rest)))
      case "appear":
        try await singleScreen(verb).appear()
      case "disappear":
        try await singleScreen(verb).disappear()
      case "tab":
        let tabView = try required(
          id, for: verb, what: "a tab view", example: "tab tabs waybillTab")
        try await driver.selectTab(text, in: .path(tabView))
      case "back":
        try await wholeApp(verb).back()
      case "answer":
        try await wholeApp(verb).answer(String(rest))
      case "prompt":
        try await wholeApp(verb).answerPrompt(String(rest))
      case "path":
        return try wholeApp(verb).host.path().description
      case "open":
        let app = try wholeApp(verb)
        let path = try RoutePath(parsing: String(rest))
        try await app.navigate { try $0.restore(path) }
      default:
        return "error: unknown command '\(verb)'; commands: type, replace, tap, toggle, slide, "
          + "step, select, pick, scroll, focus, submit, swipe, refresh, more, advance, appear, "
          + "disappear, tab, back, answer, prompt, path, open, render, graph, help, quit"
      }
    } catch let error as DriverError {
      // The call site is the session's own line, not something the person typed.
      return "error: \(error.message)"
    } catch {
      return "error: \(error)"
    }
    return changes(after: String(trimmed))
  }

  /// The single screen's own verbs, or an error saying the app has none.
  private func singleScreen(_ verb: String) throws -> (
    graph: () -> String, appear: () async throws -> Void, disappear: () async throws -> Void
  ) {
    guard let screen else {
      throw DriverError(
        "\(verb) works on one screen (--interactive <screen>); in the app, screens appear as "
          + "they are shown")
    }
    return screen
  }

  /// The app, or an error saying the verb needs it.
  private func wholeApp(_ verb: String) throws -> AppDriver {
    guard let app else {
      throw DriverError("\(verb) works on the whole app: swift run Showcase --interactive app")
    }
    return app
  }

  /// Records `command` in the transcript and answers the tree's changes since the last entry
  /// (what was last shown) as a unified diff, the changed lines with one line around them, or
  /// a note that nothing changed (saying why, when `reason` tells).
  private func changes(after command: String, or reason: String? = nil) -> String {
    transcript.note(command)
    guard let entry = transcript.entries.last, entry.before != entry.after else {
      return reason.map { "(no change: \($0))" } ?? "(no change)"
    }
    return entry.diff()
  }

  /// Why scrolling the list `id` to its end would load nothing, if it would not.
  private func whyNothingLoads(_ id: String) -> String? {
    guard let list = try? driver.widget(.path(id), as: ListView.self),
      list.interactions.contains(.scroll)
    else {
      return nil
    }
    if !list.hasMore.value { return "'\(id)' has nothing more to load" }
    if !list.loadMore.isEnabled.value {
      return list.loadMore.isBusy.value
        ? "'\(id)' is loading more already"
        : "'\(id)' cannot load more now: its load-more command cannot execute"
    }
    return nil
  }

  /// The row and the action of `swipe <row> <action>`.
  private func rowAndAction(_ row: String, _ rest: String) throws -> (String, String) {
    let words = rest.split(separator: " ")
    let example = "swipe \(rowExample) delete"
    guard !row.isEmpty, let action = words.first else {
      throw DriverError("swipe needs a row and an action, as in: \(example)")
    }
    guard words.count == 1 else {
      throw DriverError("swipe takes a row and one action, as in: \(example)")
    }
    return (row, String(action))
  }

  /// The screen's first list, to write examples with.
  private var firstList: ListView? {
    func find(_ widget: Widget) -> ListView? {
      if let list = widget as? ListView { return list }
      for child in widget.children {
        if let list = find(child) { return list }
      }
      return nil
    }
    return driver.root.flatMap(find)
  }

  private var listExample: String { firstList?.id ?? "<list>" }

  private var rowExample: String {
    firstList.map { $0.rows.first?.id ?? "\($0.id)[42]" } ?? "<list>[<row id>]"
  }

  private func required(
    _ id: String, for verb: String, what: String = "a widget id", example: String
  ) throws -> String {
    guard !id.isEmpty else {
      throw DriverError("\(verb) needs \(what), as in: \(example)")
    }
    return id
  }

  /// The number of `slide` and `scroll`.
  private func number(_ text: String, for verb: String, example: String) throws -> Double {
    guard let value = Double(text), value.isFinite else {
      throw DriverError(
        text.isEmpty
          ? "\(verb) needs a widget id and a number, as in: \(example)"
          : "'\(text)' is not a number; \(verb) takes one, as in: \(example)")
    }
    return value
  }

  /// The steps of `step`: one when not given.
  private func steps(_ text: String) throws -> Int {
    if text.isEmpty { return 1 }
    guard let steps = Int(text) else {
      throw DriverError("'\(text)' is not a number of steps; write step radius 2, or -1 for down")
    }
    return steps
  }

  private func duration(_ text: String) throws -> Duration {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    let unit = text.dropFirst(digits.count)
    let scale: Int? =
      switch unit {
      case "ms": 1
      case "s": 1_000
      case "m": 60_000
      default: nil
      }
    guard let scale, let amount = Int(digits) else {
      throw DriverError("'\(text)' is not a duration; write 300ms, 2s or 1m")
    }
    let (milliseconds, overflow) = amount.multipliedReportingOverflow(by: scale)
    guard !overflow, milliseconds <= Self.longestAdvance else {
      throw DriverError("'\(text)' is too long; advance at most a year at a time")
    }
    return .milliseconds(milliseconds)
  }
}
