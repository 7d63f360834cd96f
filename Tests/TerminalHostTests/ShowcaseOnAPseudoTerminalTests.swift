#if os(Linux)
  import Glibc
  import Testing

  @testable import TerminalHost

  /// The real `Showcase --terminal`, built beside the tests, run on a pseudo-terminal that is
  /// its controlling terminal: whichever way it ends (Ctrl-C, SIGINT, SIGTERM, a crash), the
  /// terminal's settings are the same as before it started, and it leaves the alternate screen;
  /// Ctrl-Z gives the terminal back and continuing takes it again.
  @Suite(.serialized) struct ShowcaseOnAPseudoTerminalTests {
    @Test func ctrlCEndsItAndGivesTheTerminalBack() throws {
      let run = try ShowcaseRun()
      try run.waitForTheScreen()
      run.pty.type([3])
      #expect(run.status() == .exited(0))
      try run.expectTheTerminalGivenBack()
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT])
    func aSignalEndsItAndTheTerminalIsGivenBack(_ signal: Int32) throws {
      let run = try ShowcaseRun()
      try run.waitForTheScreen()
      kill(run.process, signal)
      #expect(run.status() == .signaled(signal))
      try run.expectTheTerminalGivenBack()
    }

    @Test func ctrlZStopsItWithTheTerminalGivenBackAndContinuingTakesItAgain() throws {
      let run = try ShowcaseRun()
      try run.waitForTheScreen()
      run.pty.type([0x1A])
      #expect(run.status(untilStopped: true) == .stopped(SIGSTOP))
      #expect(run.pty.settingsBytes == run.before, "stopped, the terminal is as it was")
      let suspended = run.pty.output()
      #expect(suspended.ends(with: SignalRestore.restoreSequence))
      kill(run.process, SIGCONT)
      try run.waitForTheScreen()
      #expect(run.pty.settings.c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw again")
      run.pty.type([3])
      #expect(run.status() == .exited(0))
      try run.expectTheTerminalGivenBack()
    }

    @Test func withoutATerminalOnStandardInputItReadsTheControllingTerminal() throws {
      let run = try ShowcaseRun(standardInput: "/dev/null")
      try run.waitForTheScreen()
      run.pty.type([3])
      #expect(run.status() == .exited(0))
      try run.expectTheTerminalGivenBack()
    }

    @Test func aDumbTerminalIsRefusedWithAPointerToTheInteractiveMode() throws {
      let run = try ShowcaseRun(environment: ["TERM=dumb"])
      #expect(run.status() == .exited(2))
      let output = String(decoding: run.pty.output(), as: UTF8.self)
      #expect(output.contains("--terminal needs a terminal, and the terminal is dumb (TERM=dumb)"))
      #expect(output.contains("--interactive [SCREEN]"))
      #expect(run.pty.settingsBytes == run.before)
    }

    @Test(arguments: [[], ["TERM="]])
    func anUnnamedTerminalIsRefusedAsADumbOne(_ environment: [String]) throws {
      let run = try ShowcaseRun(environment: environment, withoutTerm: true)
      #expect(run.status() == .exited(2))
      let output = String(decoding: run.pty.output(), as: UTF8.self)
      #expect(output.contains("--terminal needs a terminal, and the terminal is not named"))
      #expect(run.pty.settingsBytes == run.before)
    }
  }

  /// How a child process ended or stopped.
  enum ChildStatus: Equatable {
    case exited(Int32)
    case signaled(Int32)
    case stopped(Int32)
  }

  /// `Showcase --terminal registration` started on a new pseudo-terminal of its own, which is
  /// its controlling terminal, standard output and standard error.
  struct ShowcaseRun {
    let pty: PseudoTerminal
    let process: pid_t
    /// The terminal's settings before the showcase started, byte for byte.
    let before: [UInt8]

    /// Starts the showcase built beside the test bundle.
    ///
    /// - Parameters:
    ///   - standardInput: A path to open as standard input instead of the terminal.
    ///   - environment: Entries added to a plain environment (`TERM=xterm-256color`).
    ///   - withoutTerm: Whether the plain environment leaves `TERM` out.
    /// - Throws: ``ShowcaseRunError`` when the executable is missing or cannot be started.
    init(standardInput: String? = nil, environment: [String] = [], withoutTerm: Bool = false)
      throws
    {
      let executable = try Self.showcaseExecutable()
      pty = try #require(PseudoTerminal(width: 60, height: 16))
      before = pty.settingsBytes
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      // NB: opened by the leader of a new session without O_NOCTTY, the terminal becomes the
      // child's controlling terminal, as a login shell's does.
      posix_spawn_file_actions_addopen(&actions, 1, pty.path, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
      if let standardInput {
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
      } else {
        posix_spawn_file_actions_adddup2(&actions, 1, 0)
      }
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      // NB: POSIX_SPAWN_SETSID (glibc 2.26), which the Glibc module does not import.
      posix_spawnattr_setflags(&attributes, 0x80)
      // NB: without the backtracer, a crash ends at once with its signal.
      let environment = Dictionary(
        environmentPairs(
          (withoutTerm ? [] : ["TERM=xterm-256color"]) + ["SWIFT_BACKTRACE=enable=no"]
            + environment),
        uniquingKeysWith: { $1 })
      var process: pid_t = 0
      let arguments = [executable, "--terminal", "registration"]
      let status = withCStrings(arguments) { argv in
        withCStrings(environment) { envp in
          posix_spawn(&process, executable, &actions, &attributes, argv, envp)
        }
      }
      guard status == 0 else {
        pty.close()
        throw ShowcaseRunError(
          "posix_spawn of \(executable) failed: \(String(cString: strerror(status)))")
      }
      self.process = process
    }

    /// The path of `Showcase`, which `swift build` and `swift test` put beside the test
    /// bundle.
    static func showcaseExecutable() throws -> String {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { throw ShowcaseRunError("/proc/self/exe cannot be read") }
      let bundle = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let folder = bundle.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
      let path = folder + "/Showcase"
      guard access(path, X_OK) == 0 else {
        throw ShowcaseRunError(
          "no Showcase executable at \(path), beside the test bundle \(bundle); build it with "
            + "`swift build --product Showcase` (swift test builds it too)")
      }
      return path
    }

    /// Reads the terminal until the showcase switches to the alternate screen, without a
    /// time limit: whatever it writes first, its session has started (the signal handlers
    /// are installed before the switch is written).
    func waitForTheScreen() throws {
      var seen: [UInt8] = []
      let needle = TerminalSequences.enterAlternateScreen
      while !seen.contains(needle) {
        let chunk = pty.waitForOutput()
        guard !chunk.isEmpty else {
          throw ShowcaseRunError(
            "the showcase wrote no alternate screen before its output ended: "
              + String(decoding: seen, as: UTF8.self))
        }
        seen += chunk
        if String(decoding: seen, as: UTF8.self).contains("error:") {
          throw ShowcaseRunError("the showcase failed: " + String(decoding: seen, as: UTF8.self))
        }
      }
    }

    /// Waits for the child to end (or to stop), with `waitpid`.
    func status(untilStopped: Bool = false) -> ChildStatus? {
      var status: Int32 = 0
      guard waitpid(process, &status, untilStopped ? WUNTRACED : 0) == process else { return nil }
      if status & 0xFF == 0x7F { return .stopped((status >> 8) & 0xFF) }
      if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
      return .signaled(status & 0x7F)
    }

    /// The terminal's settings are what they were, and the last thing written left the
    /// alternate screen; then the terminal is closed.
    func expectTheTerminalGivenBack(sourceLocation: SourceLocation = #_sourceLocation) throws {
      defer { pty.close() }
      #expect(pty.settingsBytes == before, sourceLocation: sourceLocation)
      let output = pty.output()
      let leave = TerminalSequences.leaveAlternateScreen
      #expect(
        output.ends(with: leave), "the output ends leaving the alternate screen",
        sourceLocation: sourceLocation)
    }
  }

  struct ShowcaseRunError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  private func environmentPairs(_ entries: [String]) -> [(String, String)] {
    entries.map { entry in
      let parts = entry.split(
        separator: "=", maxSplits: 1, omittingEmptySubsequences: false
      ).map(String.init)
      return (parts[0], parts.count > 1 ? parts[1] : "")
    }
  }

  private func withCStrings<R>(
    _ dictionary: [String: String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    withCStrings(dictionary.map { "\($0.key)=\($0.value)" }.sorted(), body)
  }

  /// Runs `body` with `strings` as a C array of C strings ending in a null pointer.
  private func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  extension Array where Element == UInt8 {
    func contains(_ needle: [UInt8]) -> Bool {
      guard needle.count <= count else { return false }
      return (0...(count - needle.count)).contains {
        Array(self[$0..<($0 + needle.count)]) == needle
      }
    }

    func ends(with suffix: [UInt8]) -> Bool {
      count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
  }
#endif
