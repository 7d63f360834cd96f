// NB: the pseudo-terminal is opened the Linux way; see `init`.
#if os(Linux)
  import Glibc
  import TerminalHostTesting

  @testable import TerminalHost

  /// A pseudo-terminal pair: a session runs on `terminal` as on a real tty, and the test reads
  /// what it writes and types keys on `controller`.
  struct PseudoTerminal {
    let controller: Int32
    let terminal: Int32
    /// The terminal side's path, `/dev/pts/N`, for a child process to open.
    let path: String

    /// Opens a pair with a window of `width` × `height`; `nil` when the system has none free.
    init?(width: Int, height: Int) {
      // NB: Glibc's module does not export posix_openpt, grantpt, unlockpt and ptsname (they
      // need _XOPEN_SOURCE), so the pair is opened as they do it: /dev/ptmx, then TIOCSPTLCK to
      // unlock the terminal and TIOCGPTN for its number, whose _IOW/_IOR macros do not import
      // either (their values are the same on every Linux architecture Swift runs on).
      let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard controller >= 0, ioctl(controller, 0x4004_5431, &unlock) == 0,
        ioctl(controller, 0x8004_5430, &number) == 0
      else { return nil }
      let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
      guard terminal >= 0 else { return nil }
      var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
      self.controller = controller
      self.terminal = terminal
      path = "/dev/pts/\(number)"
    }

    private var isControllerOpen = true

    func close() {
      _ = systemClose(terminal)
      if isControllerOpen { _ = systemClose(controller) }
    }

    /// Closes the controlling side, as closing a terminal window does: the terminal side
    /// hangs up.
    mutating func closeController() {
      _ = systemClose(controller)
      isControllerOpen = false
    }

    /// The terminal's settings now.
    var settings: termios {
      var settings = termios()
      tcgetattr(terminal, &settings)
      return settings
    }

    /// Changes the window's size, as a person resizing the terminal window does.
    func resize(width: Int, height: Int) {
      var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Types `bytes` as a person at the terminal would.
    func type(_ bytes: [UInt8]) {
      _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// The terminal's settings now, byte for byte: flags, line discipline, control
    /// characters and speeds.
    var settingsBytes: [UInt8] {
      withUnsafeBytes(of: settings) { Array($0) }
    }

    /// Waits, with no time limit, until something written arrives, and returns it; empty when
    /// nothing more can arrive.
    func waitForOutput() -> [UInt8] {
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while true {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, -1) < 0 {
          if errno == EINTR { continue }
          return []
        }
        let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
      }
    }

    /// Everything the session wrote that has arrived, without waiting for more.
    func output() -> [UInt8] {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while true {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return bytes }
        let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
        guard count > 0 else { return bytes }
        bytes += buffer[..<count]
      }
    }
  }

  private let systemClose = Glibc.close

  /// Reads what a session writes to `pty` into a virtual terminal of `width` × `height`, on
  /// the reader thread of the session's own kind, and calls `until` after each chunk; returns
  /// the screen once `until` returns `true`, or `nil` when the output ends first.
  @MainActor
  func watch(
    _ pty: PseudoTerminal, width: Int, height: Int,
    until done: @escaping @MainActor (VirtualTerminal) -> Bool
  ) -> Task<VirtualTerminal?, Never> {
    let reader = InputReader(input: pty.controller)
    return Task { @MainActor in
      guard let reader else { return nil }
      defer { reader.stop() }
      var screen = VirtualTerminal(width: width, height: height)
      for await event in reader.events {
        guard case .input(let bytes) = event else { return nil }
        screen.receive(bytes)
        if done(screen) { return screen }
      }
      return nil
    }
  }

  /// The four flag words of `settings`, which raw mode changes and restoring puts back.
  func flags(_ settings: termios) -> [UInt] {
    [
      UInt(settings.c_iflag), UInt(settings.c_oflag), UInt(settings.c_cflag),
      UInt(settings.c_lflag),
    ]
  }
#endif
