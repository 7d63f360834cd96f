import Headless
import HeadlessTesting
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

  @Test func aSessionKeepsATranscriptOfItsCommands() async throws {
    let session = InteractiveSession(driver: try Demos.search())
    _ = await session.run("type query pe")
    _ = await session.run("advance 300ms")
    _ = await session.run("tap nothing")
    #expect(session.transcript.entries.map(\.caption) == ["type query pe", "advance 300ms"])
    try assertInlineSnapshot(
      of: session.transcript.entries[1].diff(),
      matches: """
        @@ -3,4 +3,4 @@
             TextField #query text="pe" placeholder="Search fruit"
        -    ActivityIndicator #spinner
        -  Label #status text="Type to search the catalog"
        +    ActivityIndicator #spinner [animating]
        +  Label #status text="Searching…"
           TextList #results count=0
        """)
    session.close()
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

  @Test func anAppSessionMatchesItsSnapshot() async throws {
    let text = try await transcript(
      of: [
        "# registration, its alert, a tap behind it, back to sign-in, then a deep link",
        "tap register",
        "tap noCode",
        "tap openTerms",
        "answer Wait",
        "back",
        "path",
        "open home/fruit:pear",
        "back",
        "tab tabs waybillTab",
        "advance 1s",
        "appear",
        "quit",
      ], on: "app")
    try assertSnapshot(of: text, named: "app-session")
    #expect(
      text.contains(
        "> tap openTerms\nerror: cannot tap 'openTerms': the alert 'Didn't receive a code?' is "
          + "in front of the screen; answer it first (its buttons: 'Send again', "
          + "'Another number', 'Wait')"))
    #expect(text.contains("> path\nlogin\n"))
  }

  @Test func pathNamesTheSelectedTabOfTheHome() async throws {
    let text = try await transcript(
      of: [
        "type password hunter22", "tap signIn", "advance 1s", "path", "tab tabs waybillTab",
        "path", "open home:searchTab", "path", "open home:waybillTab", "path", "open home:nope",
      ], on: "app")
    #expect(text.contains("> path\nhome\n> tab tabs waybillTab"), "\(text)")
    #expect(text.contains("> path\nhome:waybillTab\n> open home:searchTab"))
    #expect(text.contains("> path\nhome\n> open home:waybillTab"))
    #expect(
      text.hasSuffix(
        "> path\nhome:waybillTab\n> open home:nope\nerror: cannot restore "
          + "'home:nope': the route of 'home' (HomeViewModel) does not accept the argument 'nope'"))
  }

  @Test func appVerbsOnOneScreenSayWhereTheyWork() async throws {
    let text = try await transcript(of: ["back", "answer OK", "graph"], on: "search")
    #expect(
      text.contains(
        "> back\nerror: back works on the whole app: swift run Showcase --interactive app"))
    #expect(text.contains("> graph\nBindingGraph<SearchViewModel>"))
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

  @Test func aWaybillSessionMatchesItsSnapshot() async throws {
    let text = try await transcript(
      of: [
        "# the first page, a selection, a delete by swipe, the next page, a refresh",
        "appear",
        "advance 1s",
        "select waybills[1003]",
        "swipe waybills[1001] delete",
        "more waybills",
        "advance 1s",
        "refresh waybills",
        "advance 1s",
        "quit",
      ], on: "waybills")
    try assertSnapshot(of: text, named: "waybills-session")
  }

  @Test func theListVerbsDriveRowsAndLists() async throws {
    let text = try await transcript(
      of: [
        "appear", "advance 1s", "select waybills[1003]", "tap waybills[1003].deliver",
        "advance 1s", "swipe waybills[1002] delete", "more waybills", "advance 1s",
        "more waybills", "advance 1s", "more waybills", "render",
      ], on: "waybills")
    #expect(text.contains("> select waybills[1003]\n@@ "))
    #expect(text.contains("+      Row #waybills[1003] height=64 actions=\"delete\" [selected]"))
    #expect(text.contains("+      Row #waybills[1003] height=44 actions=\"delete\" [selected]"))
    #expect(text.contains("-      Row #waybills[1002] height=44 actions=\"delete\""))
    #expect(text.contains("> more waybills\n(no change: 'waybills' has nothing more to load)"))
    #expect(text.contains("  List #waybills count=6 [no-more]"))
    #expect(!text.contains("error:"))
  }

  @Test func listVerbMistakesAreAnsweredWithWhatWouldWork() async throws {
    let text = try await transcript(
      of: [
        "select", "swipe", "refresh", "more", "appear", "more waybills", "refresh waybills",
        "advance 1s", "select waybills", "select waybills[9999]", "swipe waybills[1001]",
        "swipe waybills[1001] archive", "swipe waybills[1001] delete now", "refresh heading",
        "select waybills[header:inTransit]", "tap waybills[1002].deliver",
        "more waybills", "more waybills",
      ], on: "waybills")
    let expected = [
      "> select\nerror: select needs a row, as in: select waybills[42]",
      "> swipe\nerror: swipe needs a row and an action, as in: swipe waybills[42] delete",
      "> refresh\nerror: refresh needs a list, as in: refresh waybills",
      "> more\nerror: more needs a list, as in: more waybills",
      "> more waybills\n(no change: 'waybills' cannot load more now: its load-more command "
        + "cannot execute)",
      "> refresh waybills\nerror: cannot refresh 'waybills': its refresh command cannot execute "
        + "now",
      "> select waybills\nerror: cannot select 'waybills': it is a List, not a row",
      "> select waybills[9999]\nerror: no row '9999' in list 'waybills'; its rows: "
        + "header:inTransit, 1001, 1003, header:delivered, 1002",
      "> swipe waybills[1001]\nerror: swipe needs a row and an action, as in: swipe "
        + "waybills[1001] delete",
      "> swipe waybills[1001] archive\nerror: cannot swipe 'waybills[1001]' to 'archive': the "
        + "actions of list 'waybills' are delete",
      "> swipe waybills[1001] delete now\nerror: swipe takes a row and one action, as in: "
        + "swipe waybills[1001] delete",
      "> refresh heading\nerror: cannot refresh 'heading': it is a Label, not a List",
      "> select waybills[header:inTransit]\nerror: cannot select 'waybills[header:inTransit]': "
        + "it is a Header, not a row",
      "> tap waybills[1002].deliver\nerror: cannot tap 'waybills[1002].deliver': it is hidden",
      "> more waybills\n@@ -2,3 +2,3 @@\n   Label #heading text=\"Waybills\"\n-  List #waybills "
        + "count=3\n+  List #waybills count=3 [loading-more]",
      "> more waybills\n(no change: 'waybills' is loading more already)",
    ]
    for line in expected {
      #expect(text.contains(line), "missing from the transcript: \(line)")
    }
  }

  @Test func aScreenWithoutAListSaysHowRowsAreWritten() async throws {
    let text = try await transcript(of: ["select", "refresh", "more code"], on: "registration")
    #expect(text.contains("> select\nerror: select needs a row, as in: select <list>[<row id>]"))
    #expect(text.contains("> refresh\nerror: refresh needs a list, as in: refresh <list>"))
    #expect(
      text.contains("> more code\nerror: cannot scroll 'code': it is a TextField, not a List"))
  }

  @Test func anUnknownScreenNamesTheScreensThatExist() async {
    let error = await #expect(throws: ShowcaseError.self) {
      try await transcript(of: [], on: "checkout")
    }
    #expect(
      error?.description
        == "no showcase screen 'checkout'; screens: registration, search, roles, waybills, "
        + "settings, app")
  }
}
