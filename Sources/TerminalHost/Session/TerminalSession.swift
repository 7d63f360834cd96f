#if canImport(Glibc)
  import Glibc

  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  import Darwin

  private let systemRead = Darwin.read
#endif

/// A terminal taken over for a full-screen host: raw input (no echo, no line editing, no
/// signals from Ctrl-C), the alternate screen, bracketed paste and mouse reporting (modes 1000
/// and 1006); given back as it was on
/// ``restore()``, on deinit, on SIGINT, SIGTERM, SIGHUP and SIGQUIT, whose handler writes the
/// restoring sequences and settings before the signal ends the process, and on a crash or a
/// trap (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP), whose handler does the same, stops
/// reading the terminal, runs the handler the signal had before (Swift's crash report, whose
/// interactive prompt then gets the keys), and ends the process with the signal. Ctrl-Z (or
/// SIGTSTP) gives the terminal back and stops the process; once continued, the session takes
/// the terminal again and repaints.
///
/// One session at a time: the signal handler restores the latest.
public final class TerminalSession {
  /// The file descriptor keys are read from.
  public let input: Int32
  /// The file descriptor frames are written to.
  public let output: Int32
  private var saved: termios
  private var raw: termios
  private(set) var isRestored = false
  /// Whether frames are written with their colors: `false` when the `NO_COLOR` environment
  /// variable is set and not empty (<https://no-color.org>), so that only the text attributes
  /// (bold, dim, underline, reverse) are written. Set it to override the environment.
  public var usesColor: Bool

  /// Whether a session in `environment` writes colors: unless `NO_COLOR` is set to anything
  /// but the empty string.
  ///
  /// - Parameter environment: The process's environment, where `NO_COLOR` is read.
  /// - Returns: `false` when `NO_COLOR` is set and not empty.
  public static func usesColor(environment: [String: String]) -> Bool {
    (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// Whether the input ended: the terminal hung up or closed, so no key will come.
  public internal(set) var isAtEnd = false

  /// Why a full-screen session cannot run on `input`, or `nil` when it can: the input is not
  /// a terminal (a pipe, a file), or `TERM` names a terminal without cursor movement (`dumb`)
  /// or none at all (empty or unset), which is taken for a dumb one.
  ///
  /// - Parameters:
  ///   - input: The file descriptor keys would be read from.
  ///   - environment: The process's environment, where `TERM` is read.
  /// - Returns: The reason, as a sentence; `nil` when a session can run.
  public static func unavailableReason(input: Int32, environment: [String: String]) -> String? {
    if isatty(input) != 1 { return "the input is not a terminal" }
    switch environment["TERM"] {
    case "dumb": return "the terminal is dumb (TERM=dumb)"
    case nil: return "the terminal is not named (TERM is unset), so it is taken for a dumb one"
    case "": return "the terminal is not named (TERM is empty), so it is taken for a dumb one"
    default: return nil
    }
  }

  /// Takes over the terminal: saves its settings, puts it in raw mode, switches to the
  /// alternate screen and turns bracketed paste and mouse reporting on.
  ///
  /// - Parameters:
  ///   - input: A terminal's file descriptor to read keys from.
  ///   - output: The file descriptor to write frames to, usually the same terminal.
  /// - Throws: ``TerminalSessionError`` when `input` is not a terminal or its settings cannot
  ///   be read or changed.
  public init(input: Int32, output: Int32) throws(TerminalSessionError) {
    self.input = input
    self.output = output
    let noColor = getenv("NO_COLOR").map { String(cString: $0) }
    usesColor = Self.usesColor(environment: noColor.map { ["NO_COLOR": $0] } ?? [:])
    var settings = termios()
    guard isatty(input) == 1, tcgetattr(input, &settings) == 0 else {
      throw TerminalSessionError("the input is not a terminal")
    }
    saved = settings
    raw = settings
    cfmakeraw(&raw)
    // NB: output processing stays on, so a line feed written still returns the carriage.
    raw.c_oflag = settings.c_oflag
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw TerminalSessionError("the terminal's settings cannot be changed")
    }
    installSignalHandlers(wake: -1)
    write(SignalRestore.enterSequence)
  }

  deinit { restore() }

  /// Installs the handlers that give the terminal back, telling the reader of resizes and
  /// resumes through `wake` (-1: nobody is told).
  func installSignalHandlers(wake: Int32) {
    SignalRestore.install(input: input, output: output, settings: saved, raw: raw, wake: wake)
  }

  /// The descriptor a session reads keys from: standard input when it is a terminal, or else
  /// the process's controlling terminal (`/dev/tty`), as when a script is piped into a
  /// program that still asks the person at the terminal; `nil` when there is neither.
  ///
  /// - Parameter standardInput: The descriptor of standard input (0).
  /// - Returns: `standardInput`, a descriptor of `/dev/tty` opened for reading and writing
  ///   (the caller closes it), or `nil`.
  public static func terminalInput(standardInput: Int32 = 0) -> Int32? {
    if isatty(standardInput) == 1 { return standardInput }
    let terminal = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { return nil }
    guard isatty(terminal) == 1 else {
      _ = close(terminal)
      return nil
    }
    return terminal
  }

  /// The terminal's size in columns and rows; 80 × 24 when it does not say.
  public var size: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return (80, 24) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Waits up to `milliseconds` for input and returns what arrived, or nothing when the time
  /// passed first or the input ended (``isAtEnd``).
  ///
  /// - Parameter milliseconds: How long to wait; 0 only looks.
  /// - Returns: The bytes read, up to 4,096.
  public func read(waitingUpTo milliseconds: Int32) -> [UInt8] {
    guard !isAtEnd else { return [] }
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
    // NB: a hang-up reads as the end of the input (0) or as an error other than EINTR and
    // EAGAIN, and poll reports it again at once: the loop would spin.
    if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { isAtEnd = true }
    return count > 0 ? Array(buffer[..<count]) : []
  }

  /// Writes `bytes` to the terminal, all of them.
  ///
  /// - Parameter bytes: What to write, such as a ``FrameWriter``'s output.
  public func write(_ bytes: [UInt8]) {
    SignalRestore.writeFrame(bytes, to: output)
  }

  /// Gives the terminal back: shows the cursor, resets the style, turns mouse reporting and
  /// bracketed paste off, leaves the alternate screen and puts the saved settings back. Doing it again does
  /// nothing.
  public func restore() {
    guard !isRestored else { return }
    isRestored = true
    write(SignalRestore.restoreSequence)
    tcsetattr(input, TCSAFLUSH, &saved)
    SignalRestore.uninstall()
  }
}

/// Why a terminal session could not start.
public struct TerminalSessionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as a sentence.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// ``message``.
  public var description: String { message }
}
