#if os(Linux)
  import Glibc
  import HeadlessTesting
  import Testing

  @testable import TerminalHost

  /// A session on a pseudo-terminal: raw mode and the alternate screen on, everything given back
  /// on restore and by the signal handler's path.
  @MainActor
  @Suite(.serialized) struct TerminalSessionTests {
    @Test func aSessionTakesTheTerminalAndRestoreGivesItBack() throws {
      let pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let before = pty.settings
      var screen = VirtualTerminal(width: 40, height: 10)
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      let raw = pty.settings
      #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
      #expect(session.size == (40, 10))
      screen.receive(pty.output())
      #expect(screen.isAlternateScreenActive)
      #expect(screen.isBracketedPasteEnabled)
      session.restore()
      session.restore()
      #expect(flags(pty.settings) == flags(before))
      screen.receive(pty.output())
      #expect(!screen.isAlternateScreenActive)
      #expect(!screen.isBracketedPasteEnabled)
      #expect(screen.isCursorVisible)
      #expect(screen.unrecognized.isEmpty)
    }

    @Test func theSignalHandlersPathRestoresTheTerminal() throws {
      let pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let before = pty.settings
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      var screen = VirtualTerminal(width: 40, height: 10)
      screen.receive(pty.output())
      SignalRestore.restoreNow()
      #expect(flags(pty.settings) == flags(before))
      screen.receive(pty.output())
      #expect(!screen.isAlternateScreenActive)
      session.restore()
    }

    @Test func aSessionRunsAHostUntilCtrlC() async throws {
      let pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let model = ProfileModel()
      let driver = try ScreenDriver(ProfileScreen(), model: model)
      let host = TerminalScreenHost(driver.mounted, flush: {})
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      pty.type(utf8("Ada"))
      var quitTyped = false
      await session.run(host, waitingUpTo: 0) {
        try? await driver.settle()
        // NB: Ctrl-C is typed once the name shows, so the frame with it is drawn first.
        if model.name == "Ada" && !quitTyped {
          quitTyped = true
          pty.type([3])
        }
      }
      var screen = VirtualTerminal(width: 40, height: 10)
      screen.receive(pty.output())
      session.restore()
      #expect(screen.lines[1] == "Ada")
      #expect(screen.lines[9].hasPrefix("^C quit  Tab/⇧Tab focus"))
      #expect(screen.cursor == TerminalPosition(column: 3, row: 1))
    }

    @Test func aSessionEndsWhenTheTerminalHangsUp() async throws {
      var pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let driver = try ScreenDriver(ProfileScreen(), model: ProfileModel())
      let host = TerminalScreenHost(driver.mounted, flush: {})
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      _ = pty.output()
      pty.closeController()
      await session.run(host, waitingUpTo: 1_000) {}
      #expect(session.isAtEnd)
      session.restore()
    }

    @Test func aPipeOrADumbTerminalCannotHoldASession() throws {
      let pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      var ends: [Int32] = [0, 0]
      #expect(pipe(&ends) == 0)
      defer {
        _ = close(ends[0])
        _ = close(ends[1])
      }
      #expect(
        TerminalSession.unavailableReason(input: ends[0], environment: [:])
          == "the input is not a terminal")
      #expect(
        TerminalSession.unavailableReason(input: pty.terminal, environment: ["TERM": "dumb"])
          == "the terminal is dumb (TERM=dumb)")
      #expect(
        TerminalSession.unavailableReason(input: pty.terminal, environment: ["TERM": "xterm"])
          == nil)
      #expect(throws: TerminalSessionError.self) {
        try TerminalSession(input: ends[0], output: ends[1])
      }
    }
  }
#endif
