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
  }

  @Test func theRegistrationScreenTakesKeys() async throws {
    let (host, tick) = try await TerminalMode.host(for: "registration")
    for key in "123" {
      host.handle(.character(key))
      await tick()
    }
    let lines = host.frame(width: 40, height: 8).lines
    #expect(host.focused?.id == "code")
    #expect(lines[0] == "Code sent to +1 555 0100")
    #expect(lines[1] == "123")
  }

  @Test func theAppShowsItsFirstScreenUnderATitleBar() async throws {
    // NB: the tick holds the app's driver, whose end shuts the app down.
    let (host, tick) = try await TerminalMode.host(for: "app")
    await tick()
    let lines = host.frame(width: 40, height: 8).lines
    #expect(lines[0] == " Sign in")
    #expect(!host.focusOrder.isEmpty)
  }

  @Test func anUnknownScreenIsNamedWithTheScreensThereAre() async throws {
    await #expect(throws: ShowcaseError.self) { try await TerminalMode.host(for: "nope") }
  }
}
