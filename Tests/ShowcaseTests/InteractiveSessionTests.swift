import Headless
import Testing

@testable import Showcase

@MainActor
@Suite struct InteractiveSessionTests {
  /// Runs `script` through the interactive mode on `screen` and returns everything it printed.
  private func transcript(of script: [String], on screen: String) async throws -> String {
    var lines = script.makeIterator()
    var output: [String] = []
    try await Interactive.run(
      screen: screen, echo: true, readLine: { lines.next() }, write: { output.append($0) })
    return output.joined(separator: "\n")
  }

  @Test func aSearchSessionMatchesItsSnapshot() async throws {
    let text = try await transcript(
      of: [
        "# type, wait for the debounce, then for the catalog",
        "type query pe",
        "advance 300ms",
        "advance 300ms",
        "replace query",
        "advance 300ms",
        "quit",
        "render",
      ], on: "search")
    try assertSnapshot(of: text, named: "search-session")
    #expect(!text.contains("> render"), "nothing is read after quit")
  }

  @Test func mistakesAreAnsweredWithWhatWouldWork() async throws {
    let text = try await transcript(
      of: [
        "tap reload", "tap relaod", "advance soon", "type", "dance", "toggle roles",
        "advance 999999999999999999m",
      ],
      on: "roles")
    #expect(
      text.contains(
        "> tap relaod\nerror: no widget 'relaod' in RoleListScreen; did you mean 'reload'?"))
    #expect(text.contains("> advance soon\nerror: 'soon' is not a duration; write 300ms, 2s or 1m"))
    #expect(text.contains("> type\nerror: type needs a widget id, as in: type code 1234"))
    #expect(
      text.contains(
        "> advance 999999999999999999m\nerror: '999999999999999999m' is too long; advance at "
          + "most a year at a time"))
    #expect(text.contains("> dance\nerror: unknown command 'dance'; commands: type, replace"))
    #expect(
      text.contains(
        "> toggle roles\nerror: cannot toggle 'roles': it is a List. Widgets that take "
          + "toggle: none"))
  }

  @Test func anUnknownScreenNamesTheScreensThatExist() async {
    let error = await #expect(throws: ShowcaseError.self) {
      try await transcript(of: [], on: "checkout")
    }
    #expect(
      error?.description
        == "no showcase screen 'checkout'; screens: registration, search, roles, waybills")
  }
}
