#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a signal handler needs to give the terminal back, kept where a handler can read it
/// without allocating: the descriptors, the saved settings and the restoring sequence.
enum SignalRestore {
  /// Shows the cursor, resets the style, turns bracketed paste off, leaves the alternate
  /// screen.
  static let restoreSequence =
    TerminalSequences.showCursor + TerminalSequences.resetStyle
    + TerminalSequences.disableBracketedPaste + TerminalSequences.leaveAlternateScreen

  // NB: read by the signal handler, which may run on any thread at any time; written only
  // while the handlers are not installed.
  nonisolated(unsafe) private static var input: Int32 = -1
  nonisolated(unsafe) private static var output: Int32 = -1
  // NB: on the heap, not in a global of type `termios`: the compiler emitted that global 57
  // bytes long, and storing a 60-byte `termios` into it wrote past its end (the address
  // sanitizer's global-buffer-overflow, into the global beside it).
  nonisolated(unsafe) private static let settings: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()
  nonisolated(unsafe) private static var sequence: UnsafeMutableBufferPointer<UInt8> = {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: restoreSequence.count)
    _ = buffer.initialize(from: restoreSequence)
    return buffer
  }()

  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Remembers what to restore and installs the handlers.
  static func install(input: Int32, output: Int32, settings: termios) {
    for number in signals { signal(number, SIG_DFL) }
    _ = sequence
    self.input = input
    self.output = output
    self.settings.pointee = settings
    for number in signals { signal(number, handle) }
  }

  /// Puts the default handlers back.
  static func uninstall() {
    for number in signals { signal(number, SIG_DFL) }
    input = -1
  }

  /// Writes the restoring sequence and puts the saved settings back, using only calls that are
  /// safe in a signal handler (`write(2)`, `tcsetattr(3)`).
  static func restoreNow() {
    guard input >= 0 else { return }
    writeAll(UnsafeRawPointer(sequence.baseAddress), sequence.count, to: output)
    tcsetattr(input, TCSAFLUSH, settings)
  }

  /// Writes `count` bytes from `start`, again after a partial write or an interruption.
  static func writeAll(_ start: UnsafeRawPointer?, _ count: Int, to descriptor: Int32) {
    guard var start else { return }
    var left = count
    while left > 0 {
      let written = write(descriptor, start, left)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      start += written
      left -= written
    }
  }
}

/// The handler of SIGINT, SIGTERM and SIGHUP during a session: restores the terminal, then lets
/// the signal do what it does by default (end the process).
private func handle(_ number: Int32) {
  SignalRestore.restoreNow()
  signal(number, SIG_DFL)
  raise(number)
}
