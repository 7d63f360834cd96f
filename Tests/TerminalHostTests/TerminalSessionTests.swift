#if os(Linux)
  import BindingDSL
  import Glibc
  import Headless
  import HeadlessTesting
  import TerminalHostTesting
  import Testing

  @testable import TerminalHost

  /// A session on a pseudo-terminal: raw mode and the alternate screen on, everything given back
  /// on restore and by the signal handler's path.
  @MainActor
  @Suite(.serialized) struct TerminalSessionTests {
    let clock = ContinuousClock()

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
      #expect(screen.isMouseReportingEnabled && screen.isSGRMouseEnabled)
      session.restore()
      session.restore()
      #expect(flags(pty.settings) == flags(before))
      screen.receive(pty.output())
      #expect(!screen.isAlternateScreenActive)
      #expect(!screen.isBracketedPasteEnabled)
      #expect(!screen.isMouseReportingEnabled && !screen.isSGRMouseEnabled)
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
      #expect(screen.isMouseReportingEnabled)
      SignalRestore.restoreNow()
      #expect(flags(pty.settings) == flags(before))
      screen.receive(pty.output())
      #expect(!screen.isAlternateScreenActive)
      #expect(!screen.isMouseReportingEnabled, "the signal handlers' path turns the mouse off")
      SignalRestore.enterAgain()
      screen.receive(pty.output())
      #expect(screen.isMouseReportingEnabled, "and taking the terminal again turns it back on")
      SignalRestore.restoreNow()
      session.restore()
    }

    @Test func aSessionRunsAHostUntilCtrlC() async throws {
      let pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let model = ProfileModel()
      let scheduler = RedrawScheduler()
      let screen = try ProfileScreen().mount(on: model, scheduler: scheduler, clock: clock)
      let host = TerminalScreenHost(screen, flush: { scheduler.flush() })
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      pty.type(utf8("Ada"))
      // NB: Ctrl-C is typed once a frame shows the name.
      let shown = watch(pty, width: 40, height: 10) { screen in
        guard screen.lines[1] == "Ada" else { return false }
        pty.type([3])
        return true
      }
      try await session.run(host, scheduler: scheduler)
      let terminal = try #require(await shown.value)
      session.restore()
      #expect(model.name == "Ada")
      #expect(terminal.lines[9].hasPrefix("^C quit  Tab/⇧Tab focus"))
      #expect(terminal.cursor == TerminalPosition(column: 3, row: 1))
      #expect(scheduler.draw == nil, "the session lets go of the scheduler")
    }

    @Test(arguments: [true, false])
    func aSessionWritesColorsUnlessNoColorIsSet(_ usesColor: Bool) async throws {
      let pty = try #require(PseudoTerminal(width: 30, height: 6))
      defer { pty.close() }
      let driver = AppDriver(registry: try inboxRegistry())
      try await driver.start { app in InboxModel(app: app) }
      let scheduler = RedrawScheduler()
      let host = TerminalScreenHost(driver.host, flush: {})
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      session.usesColor = usesColor
      let shown = watch(pty, width: 30, height: 6) { screen in
        guard screen.lines[0] == " Inbox" else { return false }
        pty.type([3])
        return true
      }
      try await session.run(host, scheduler: scheduler)
      let terminal = try #require(await shown.value)
      session.restore()
      let bar = terminal[0, 0].style
      #expect(bar.attributes == [.bold], "the title bar is bold either way")
      #expect(bar.background == (usesColor ? .blue : nil))
      #expect(bar.foreground == (usesColor ? .white : nil))
      #expect(terminal.unrecognized.isEmpty)
      driver.shutDown()
    }

    @Test func noColorIsHonouredWhenSetAndNotEmpty() {
      #expect(TerminalSession.usesColor(environment: [:]))
      #expect(TerminalSession.usesColor(environment: ["NO_COLOR": ""]))
      #expect(!TerminalSession.usesColor(environment: ["NO_COLOR": "1"]))
    }

    @Test func aResizeRepaintsTheWholeScreenAtTheNewSize() async throws {
      let pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let scheduler = RedrawScheduler()
      let screen = try ProfileScreen().mount(on: ProfileModel(), scheduler: scheduler, clock: clock)
      let host = TerminalScreenHost(screen, flush: { scheduler.flush() })
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      var resized = false
      let shown = watch(pty, width: 50, height: 12) { screen in
        if !resized, screen.lines[9].hasPrefix("^C quit") {
          resized = true
          pty.resize(width: 50, height: 12)
          // NB: the pseudo-terminal is not the test's controlling terminal, so the kernel
          // sends its SIGWINCH elsewhere; the test sends it to its process (`raise` would
          // send it to this thread, where the concurrency runtime blocks signals).
          kill(getpid(), SIGWINCH)
          return false
        }
        guard resized, screen.lines[11].hasPrefix("^C quit") else { return false }
        pty.type([17])
        return true
      }
      try await session.run(host, scheduler: scheduler)
      let terminal = try #require(await shown.value)
      session.restore()
      #expect(terminal.lines[9] == "")
      #expect(terminal.lines[0] == "こんにちは, 世界")
    }

    @Test func aLoneEscapeIsReadAsEscOnceTheWaitPasses() async throws {
      let pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let driver = try AppDriver(registry: inboxRegistry())
      let inbox = InboxModel(app: driver.host)
      try await driver.start { _ in inbox }
      try await driver.navigate { try $0.push(MessageModel()) }
      let scheduler = RedrawScheduler()
      let host = TerminalScreenHost(driver.host, flush: { scheduler.flush() })
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      let escapeClock = VirtualClock()
      pty.type([0x1B])
      // NB: the wait for the rest of the sequence runs on a virtual clock; the test moves it
      // on once the escape is pending, and the app goes back.
      let watcher = Task { @MainActor in
        while escapeClock.sleeperCount == 0 { await Task.yield() }
        try await escapeClock.advance(by: .milliseconds(50))
      }
      let shown = watch(pty, width: 40, height: 10) { screen in
        guard screen.lines[0] == " Inbox" else { return false }
        pty.type([3])
        return true
      }
      try await session.run(host, scheduler: scheduler, clock: escapeClock)
      try await watcher.value
      #expect(await shown.value != nil)
      session.restore()
      #expect(driver.host.mainStack.count == 1)
    }

    @Test func aSessionEndsWhenTheTerminalHangsUp() async throws {
      var pty = try #require(PseudoTerminal(width: 40, height: 10))
      defer { pty.close() }
      let scheduler = RedrawScheduler()
      let screen = try ProfileScreen().mount(on: ProfileModel(), scheduler: scheduler, clock: clock)
      let host = TerminalScreenHost(screen, flush: { scheduler.flush() })
      let session = try TerminalSession(input: pty.terminal, output: pty.terminal)
      _ = pty.output()
      pty.closeController()
      try await session.run(host, scheduler: scheduler)
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
        TerminalSession.unavailableReason(input: pty.terminal, environment: [:])
          == "the terminal is not named (TERM is unset), so it is taken for a dumb one")
      #expect(
        TerminalSession.unavailableReason(input: pty.terminal, environment: ["TERM": ""])
          == "the terminal is not named (TERM is empty), so it is taken for a dumb one")
      #expect(
        TerminalSession.unavailableReason(input: pty.terminal, environment: ["TERM": "xterm"])
          == nil)
      #expect(throws: TerminalSessionError.self) {
        try TerminalSession(input: ends[0], output: ends[1])
      }
    }
  }
#endif
