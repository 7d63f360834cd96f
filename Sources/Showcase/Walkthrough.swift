import BindingDSL
import Headless
import HeadlessTesting
import Pictures

/// A scripted walkthrough: a title, then the rendered tree after each step. It records its
/// steps in a ``Transcript`` of the test kit, which also has each step's diff.
@MainActor
struct Walkthrough<S: Screen> {
  let title: String
  let driver: ScreenDriver<S>
  /// The steps, each with the tree before and after it.
  let transcript: Transcript<ScreenDriver<S>>
  /// A picture of the screen before the first step and after each (`--pictures`).
  private(set) var pictures: [String] = []

  init(title: String, driver: ScreenDriver<S>) {
    self.title = title
    self.driver = driver
    self.transcript = Transcript(title: title, driver: driver)
    pictures.append(driver.root.map { Picture.svg(of: $0) } ?? "")
  }

  /// Runs `action`, then records the tree under `caption`.
  mutating func step(_ caption: String, _ action: (ScreenDriver<S>) async throws -> Void)
    async throws
  {
    try await transcript.step(caption, action)
    pictures.append(driver.root.map { Picture.svg(of: $0) } ?? "")
  }

  /// The walkthrough as text: a heading, then each step's caption and whole tree.
  var text: String {
    let steps =
      [("initial", transcript.initial)]
      + transcript.entries.map { ($0.caption, $0.after) }
    var lines = ["== \(title) =="]
    for (number, step) in steps.enumerated() {
      lines.append("")
      lines.append("-- \(number + 1). \(step.0)")
      lines.append(step.1)
    }
    return lines.joined(separator: "\n")
  }
}

enum Walkthroughs {
  /// Registration: fill in the form, fail with a wrong code, fix it, register, and resend.
  @MainActor
  static func registration() async throws -> Walkthrough<RegistrationScreen> {
    var walkthrough = Walkthrough(title: "Registration", driver: try Demos.registration())
    try await walkthrough.step("type 111 into the code: the field says what is wrong") {
      try await $0.type("111", into: "code")
    }
    try await walkthrough.step("type the rest of the SMS code 111111, press return") {
      try await $0.type("111", into: "code")
      try await $0.submit("code")
    }
    try await walkthrough.step("type a short password") {
      try await $0.type("hunter", into: "password")
    }
    try await walkthrough.step("make it 8 characters, press return: Register runs") {
      try await $0.type("22", into: "password")
      try await $0.submit("password")
    }
    try await walkthrough.step("one second later: the code was wrong") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("fix the code to 123456") {
      try await $0.replaceText(in: "code", with: "123456")
    }
    try await walkthrough.step("tap Register again, one second later") {
      try await $0.tap("register")
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("tap Resend, one second later: the countdown starts") {
      try await $0.tap("resend")
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("advance 30 seconds") { try await $0.advance(by: .seconds(30)) }
    try await walkthrough.step("advance 30 seconds: Resend is enabled again") {
      try await $0.advance(by: .seconds(30))
    }
    return walkthrough
  }

  /// Search as you type: debounce, a slow search overtaken by a fast one, and an error.
  @MainActor
  static func search() async throws -> Walkthrough<SearchScreen> {
    var walkthrough = Walkthrough(title: "Search", driver: try Demos.search())
    try await walkthrough.step("type \"a\": the search waits for typing to pause") {
      try await $0.type("a", into: "query")
    }
    try await walkthrough.step("300 ms later: the slow one-letter search starts") {
      try await $0.advance(by: SearchScreen.debounce)
    }
    try await walkthrough.step("type \"p\", 300 ms later: the search for \"ap\" replaces it") {
      try await $0.type("p", into: "query")
      try await $0.advance(by: SearchScreen.debounce)
    }
    try await walkthrough.step("300 ms later: the results for \"ap\"") {
      try await $0.advance(by: .milliseconds(300))
    }
    try await walkthrough.step("1 s later: the cancelled search for \"a\" never shows") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("search for \"xylophone\": the catalog fails") {
      try await $0.replaceText(in: "query", with: "xylophone")
      try await $0.advance(by: SearchScreen.debounce)
      try await $0.advance(by: .milliseconds(300))
    }
    return walkthrough
  }

  /// The role list: a data command started on appear drives the HUD; it fails once, then a
  /// reload succeeds.
  @MainActor
  static func roles() async throws -> Walkthrough<RoleListScreen> {
    var walkthrough = Walkthrough(title: "Roles", driver: try Demos.roles())
    try await walkthrough.step("the screen appears: loading starts") { try await $0.appear() }
    try await walkthrough.step("1 s later: the server is busy") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("tap Reload") { try await $0.tap("reload") }
    try await walkthrough.step("1 s later: the roles, a row each") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("select Courier: its duty shows under the list") {
      try await $0.select("roles[courier]")
    }
    try await walkthrough.step("tap Reload, 1 s later: the rows stay, Courier still selected") {
      try await $0.tap("reload")
      try await $0.advance(by: .seconds(1))
    }
    return walkthrough
  }

  /// The waybill list: the first page on appear, more pages on scrolling, selection with
  /// details, a row command that moves its row to the other section, swipe to delete, a failed
  /// refresh and a good one.
  @MainActor
  static func waybills() async throws -> Walkthrough<WaybillListScreen> {
    let clock = VirtualClock()
    let service = FakeWaybillService(clock: clock)
    var walkthrough = Walkthrough(
      title: "Waybills", driver: try Demos.waybills(clock: clock, service: service))
    try await walkthrough.step("the screen appears: the first page loads") {
      try await $0.appear()
    }
    try await walkthrough.step("1 s later: three waybills in two sections") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("scroll to the end: the next page loads") {
      try await $0.scrollToEnd("waybills")
    }
    try await walkthrough.step("1 s later: six waybills") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("select WB-1003: its details show under the list") {
      try await $0.select("waybills[1003]")
    }
    try await walkthrough.step("tap Mark delivered on WB-1003: the hand-over is being recorded") {
      try await $0.tap("waybills[1003].deliver")
    }
    try await walkthrough.step("1 s later: WB-1003 moves to Delivered, still selected") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("swipe WB-1002 and tap delete: its row goes at once") {
      try await $0.swipe("waybills[1002]", action: "delete")
    }
    try await walkthrough.step("scroll to the end, 1 s later: the last page, nothing more") {
      try await $0.scrollToEnd("waybills")
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("the network drops; pull to refresh, 1 s later: it failed") {
      service.failNextRequests()
      try await $0.pullToRefresh("waybills")
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("pull to refresh, 1 s later: the first page again") {
      try await $0.pullToRefresh("waybills")
      try await $0.advance(by: .seconds(1))
    }
    return walkthrough
  }

  /// The waybill list of a depot's 10,000 waybills: the list mounts and prints only the rows
  /// of its window, and a `Window` line says how many lie before and after it. Scrolling moves
  /// the window, selecting WB-19000 (the 9,000th) scrolls to it, marking it delivered moves it
  /// far down into the other section, still selected, and a refresh keeps rows and window.
  @MainActor
  static func depotWaybills() async throws -> Walkthrough<WaybillListScreen> {
    var walkthrough = Walkthrough(title: "10,000 waybills", driver: try Demos.depotWaybills())
    try await walkthrough.step("the screen appears, 1 s later: the first rows of 10,000") {
      try await $0.appear()
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("scroll down 3,000 rows: the window moves with the list") {
      try await $0.scroll("waybills", by: 3_000)
    }
    try await walkthrough.step("select WB-19000, the 9,000th: the list scrolls to it") {
      try await $0.select("waybills[19000]")
    }
    try await walkthrough.step("tap Mark delivered on WB-19000: the hand-over is being recorded") {
      try await $0.tap("waybills[19000].deliver")
    }
    try await walkthrough.step("1 s later: WB-19000 moves to Delivered, out of the window") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("scroll to WB-19000 among the delivered: still selected") {
      try await $0.scroll(to: "waybills[19000]")
    }
    try await walkthrough.step("pull to refresh, 1 s later: the same rows, window and selection") {
      try await $0.pullToRefresh("waybills")
      try await $0.advance(by: .seconds(1))
    }
    return walkthrough
  }

  /// The waybill list when the courier has nothing to deliver.
  @MainActor
  static func noWaybills() async throws -> Walkthrough<WaybillListScreen> {
    let clock = VirtualClock()
    let service = FakeWaybillService(clock: clock, waybills: [])
    var walkthrough = Walkthrough(
      title: "Waybills, none to deliver",
      driver: try Demos.waybills(clock: clock, service: service))
    try await walkthrough.step("the screen appears, 1 s later: the list says it is empty") {
      try await $0.appear()
      try await $0.advance(by: .seconds(1))
    }
    return walkthrough
  }

  /// Settings: every widget of the kit edited once, each edit reaching the view model.
  @MainActor
  static func settings() async throws -> Walkthrough<SettingsScreen> {
    var walkthrough = Walkthrough(title: "Settings", driver: try Demos.settings())
    try await walkthrough.driver.appear()
    try await walkthrough.step("select the Dark theme and miles") {
      try await $0.select("Dark", in: "theme")
      try await $0.select("mi", in: "unit")
    }
    try await walkthrough.step("slide the alert volume to 0.8, step the radius up by 5") {
      try await $0.slide("volume", to: 0.8)
      try await $0.step("radius", by: 5)
    }
    try await walkthrough.step("pick a day this week: the picker says why not") {
      try await $0.pick(try CalendarDate(parsing: "2026-11-25"), in: "vacation")
    }
    try await walkthrough.step("pick the first day of the vacation") {
      try await $0.pick(try CalendarDate(parsing: "2026-12-21"), in: "vacation")
    }
    try await walkthrough.step("type a signature of two lines") {
      try await $0.type("Thanks,\nAda", into: "signature")
    }
    try await walkthrough.step("search the home city: b") {
      try await $0.type("b", into: "city")
    }
    try await walkthrough.step("narrow to ber, press return: the first match is home") {
      try await $0.type("er", into: "city")
      try await $0.submit("city")
    }
    try await walkthrough.step("scroll down 240 points") {
      try await $0.scroll("page", to: 240)
    }
    try await walkthrough.step("two days later: today, and the days a vacation can start, move on")
    {
      try await $0.advance(by: .seconds(2 * 86_400))
    }
    return walkthrough
  }
}
