import BindingDSL
import Headless

/// Drives one screen from text commands, one a line, and answers each with the lines of the
/// rendered tree it changed: what `swift run Showcase --interactive` reads from standard input.
///
/// ```text
/// > type code 123456
///   VStack #registration
/// -   TextField #code text="" placeholder="SMS code"
/// +   TextField #code text="123456" placeholder="SMS code"
/// ```
@MainActor
final class InteractiveSession<S: Screen> {
  let driver: ScreenDriver<S>
  private var shown: String

  init(driver: ScreenDriver<S>) {
    self.driver = driver
    self.shown = driver.render()
  }

  /// The longest advance a command may ask for, in milliseconds: a year.
  static var longestAdvance: Int { 365 * 24 * 3_600_000 }

  /// What a person can type.
  static var help: String {
    """
    Commands, one a line (lines starting with # are comments):
      type <id> <text>      type text at the end of a field
      replace <id> <text>   replace a field's text (nothing after the id empties it)
      tap <id>              tap a button
      toggle <id>           flip a toggle
      advance <duration>    move the virtual clock: 300ms, 2s, 1m
      appear | disappear    show or hide the screen
      render                print the whole tree
      graph                 print the binding graph
      help                  print this list
      quit                  end the session
    """
  }

  /// What a session prints first.
  var greeting: String {
    "\(S.self), driven on a virtual clock. Type help for the commands.\n\n\(shown)"
  }

  /// Runs one line. Returns what to print, or `nil` when the line ends the session.
  func run(_ line: String) async -> String? {
    let trimmed = line.drop { $0 == " " }
    let verb = String(trimmed.prefix { $0 != " " })
    let rest = trimmed.dropFirst(verb.count).drop { $0 == " " }
    let id = String(rest.prefix { $0 != " " })
    let text = String(rest.dropFirst(id.count).dropFirst())
    if verb.isEmpty || verb.hasPrefix("#") { return "" }
    do {
      switch verb {
      case "quit", "exit":
        return nil
      case "help":
        return Self.help
      case "render":
        shown = driver.render()
        return shown
      case "graph":
        return driver.mounted.graph.graph.dump()
      case "type":
        try await driver.type(text, into: try required(id, for: verb, example: "type code 1234"))
      case "replace":
        try await driver.replaceText(
          in: try required(id, for: verb, example: "replace code 1234"), with: text)
      case "tap":
        try await driver.tap(try required(id, for: verb, example: "tap register"))
      case "toggle":
        try await driver.toggle(try required(id, for: verb, example: "toggle agree"))
      case "advance":
        try await driver.advance(by: try duration(String(rest)))
      case "appear":
        try await driver.appear()
      case "disappear":
        try await driver.disappear()
      default:
        return "error: unknown command '\(verb)'; commands: type, replace, tap, toggle, "
          + "advance, appear, disappear, render, graph, help, quit"
      }
    } catch {
      return "error: \(error)"
    }
    return changes()
  }

  /// The tree's changes since it was last shown, as a line diff, or a note that nothing changed.
  private func changes() -> String {
    let now = driver.render()
    defer { shown = now }
    guard now != shown else { return "(no change)" }
    return lineDiff(from: shown, to: now)
  }

  private func required(_ id: String, for verb: String, example: String) throws -> String {
    guard !id.isEmpty else {
      throw DriverError("\(verb) needs a widget id, as in: \(example)")
    }
    return id
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
