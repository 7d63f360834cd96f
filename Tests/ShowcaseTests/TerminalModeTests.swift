import BindingDSL
import Headless
import TerminalHost
import Testing

@testable import Showcase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The showcase's `--terminal` mode: its hosts on the demo screens, and its refusal where no
/// terminal is.
@MainActor
@Suite struct TerminalModeTests {
  let clock = VirtualClock()
  let scheduler: RedrawScheduler

  init() {
    scheduler = RedrawScheduler(clock: clock)
  }

  @Test func withoutATerminalTheModePointsAtTheInteractiveMode() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      _ = close(ends[0])
      _ = close(ends[1])
    }
    let message = try #require(TerminalMode.unavailableMessage(input: ends[0], environment: [:]))
    #expect(message.hasPrefix("--terminal needs a terminal, and the input is not a terminal."))
    #expect(message.contains("--interactive [SCREEN]"))
    let none = try #require(TerminalMode.unavailableMessage(input: nil, environment: [:]))
    let expected =
      "--terminal needs a terminal, and the input is not a terminal and the process has no "
      + "controlling terminal (/dev/tty)."
    #expect(none.hasPrefix(expected))
  }

  @Test func theRegistrationScreenTakesKeys() async throws {
    let host = try TerminalMode.host(for: "registration", scheduler: scheduler, clock: clock)
    for key in "123" {
      clock.withTracking { host.handle(.character(key)) }
      try await clock.advance(by: .zero)
    }
    let lines = host.frame(width: 40, height: 8).lines
    #expect(host.focused?.id == "code")
    #expect(lines[0] == "Code sent to +1 555 0100")
    #expect(lines[1] == "123")
  }

  @Test func theResendCountdownRunsOnTheClockAndRedraws() async throws {
    let host = try TerminalMode.host(for: "registration", scheduler: scheduler, clock: clock)
    let order = host.focusOrder.map(\.id)
    let steps = try #require(order.firstIndex(of: "resend"), "focus order: \(order)")
    for _ in 0..<steps { clock.withTracking { host.handle(.tab) } }
    #expect(host.focused?.id == "resend")
    clock.withTracking { host.handle(.enter) }
    // The code takes the fake service a second to send; the countdown starts then.
    try await clock.advance(by: .seconds(2))
    // NB: the scheduler flushes on the main actor's next turn; flushed here, the frame is the
    // one the host would draw then.
    scheduler.flush()
    let counting = host.frame(width: 40, height: 8).lines.joined(separator: "\n")
    #expect(counting.contains("Resend in 59s"), "\(counting)")
    try await clock.advance(by: .seconds(59))
    scheduler.flush()
    let done = host.frame(width: 40, height: 8).lines.joined(separator: "\n")
    #expect(done.contains("Resend code"), "\(done)")
  }

  @Test func theAppShowsItsFirstScreenUnderATitleBar() async throws {
    let host = try TerminalMode.host(for: "app", scheduler: scheduler, clock: clock)
    // NB: the app's view models hold the app, as the showcase's do: shutting it down lets go of
    // them, so that nothing of the test outlives it.
    defer { host.app?.shutDown() }
    try await clock.advance(by: .zero)
    let lines = host.frame(width: 40, height: 8).lines
    #expect(lines[0] == " Sign in")
    #expect(!host.focusOrder.isEmpty)
  }

  @Test func anUnknownScreenIsNamedWithTheScreensThereAre() throws {
    let expected =
      "no showcase screen 'nope'; screens: registration, search, roles, waybills, settings, app"
    let error = #expect(throws: ShowcaseError.self) {
      try TerminalMode.host(for: "nope", scheduler: scheduler, clock: clock)
    }
    #expect(error?.description == expected)
  }
}
