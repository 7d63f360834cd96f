import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the signal handlers need to give the terminal back and take it again, kept where a
/// handler can read it without allocating: the descriptors, the saved and raw settings, the
/// sequences, and the pipe that tells the session's reader of a resize or a resume.
///
/// Every handler uses only async-signal-safe calls: `write(2)`, `tcsetattr(3)`, `signal(2)`,
/// `sigaction(2)` and `raise(3)`, and lock-free atomics.
enum SignalRestore {
  /// Shows the cursor, resets the style, turns mouse reporting and bracketed paste off, leaves
  /// the alternate screen.
  static let restoreSequence =
    TerminalSequences.showCursor + TerminalSequences.resetStyle + TerminalSequences.disableMouse
    + TerminalSequences.disableBracketedPaste + TerminalSequences.leaveAlternateScreen
  /// Switches to the alternate screen and turns bracketed paste and mouse reporting on: what
  /// taking the terminal and resuming write.
  static let enterSequence =
    TerminalSequences.enterAlternateScreen + TerminalSequences.enableBracketedPaste
    + TerminalSequences.enableMouse

  /// The byte the SIGWINCH handler writes to the wake pipe.
  static let resizedByte: UInt8 = 0x77
  /// The byte the SIGCONT handler writes to the wake pipe.
  static let resumedByte: UInt8 = 0x63

  // NB: read by the signal handlers, which may run on any thread at any time; written only
  // while the handlers are not installed.
  nonisolated(unsafe) private static var input: Int32 = -1
  nonisolated(unsafe) private static var output: Int32 = -1
  nonisolated(unsafe) private static var wake: Int32 = -1
  // NB: on the heap, not in globals of type `termios`: the compiler emitted such a global 57
  // bytes long, and storing a 60-byte `termios` into it wrote past its end (the address
  // sanitizer's global-buffer-overflow, into the global beside it).
  nonisolated(unsafe) private static let settings = allocated(termios())
  nonisolated(unsafe) private static let rawSettings = allocated(termios())
  nonisolated(unsafe) private static let sequence = allocated(bytes: restoreSequence)
  nonisolated(unsafe) private static let enter = allocated(bytes: enterSequence)
  /// The actions the fatal signals had before the session, put back before the signal is
  /// raised again, so that the runtime's own crash report still runs.
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> =
    allocated(count: fatalSignals.count, sigaction())

  /// The signals that end the process: restored, then ended as by default.
  static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// The signals of a crash or a trap: restored, then handled as before the session.
  static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP]

  /// Remembers what to restore and installs the handlers.
  ///
  /// - Parameters:
  ///   - input: The terminal's descriptor whose settings are restored.
  ///   - output: Where the restoring sequence is written.
  ///   - settings: The settings to restore.
  ///   - raw: The settings to take again on resuming after Ctrl-Z.
  ///   - wake: The write end of the pipe that tells the reader of a resize or a resume, or -1.
  static func install(input: Int32, output: Int32, settings: termios, raw: termios, wake: Int32) {
    uninstall()
    // NB: a global's first read initializes it, which allocates; a handler that allocates while
    // the signal interrupted `malloc` waits on its lock forever. Every global a handler reads is
    // made here, before any handler is installed.
    _ = (sequence, enter, settings, rawSettings, previousActions)
    _ = (endingSignals, fatalSignals)
    _ = isGivenBack.load(ordering: .relaxed)
    _ = isWriting.load(ordering: .relaxed)
    self.input = input
    self.output = output
    self.wake = wake
    self.settings.pointee = settings
    rawSettings.pointee = raw
    for number in endingSignals { signal(number, handleEnding) }
    signal(SIGTSTP, handleSuspend)
    signal(SIGCONT, handleResume)
    signal(SIGWINCH, handleResize)
    for (index, number) in fatalSignals.enumerated() {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handleFatal
      #else
        action.__sigaction_u.__sa_handler = handleFatal
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(number, &action, previousActions + index)
    }
    isInstalled = true
  }

  nonisolated(unsafe) private static var isInstalled = false

  /// Puts back the handlers the process had before.
  static func uninstall() {
    guard isInstalled else { return }
    isInstalled = false
    for number in endingSignals + [SIGTSTP, SIGCONT, SIGWINCH] { signal(number, SIG_DFL) }
    for (index, number) in fatalSignals.enumerated() {
      sigaction(number, previousActions + index, nil)
    }
    input = -1
    wake = -1
    isGivenBack.store(false, ordering: .sequentiallyConsistent)
  }

  /// Whether a handler gave the terminal back: frames are no longer written.
  private static let isGivenBack = Atomic<Bool>(false)
  /// Whether a frame is being written, which a handler lets finish before restoring.
  private static let isWriting = Atomic<Bool>(false)

  /// Writes a frame unless a handler gave the terminal back: a frame drawn on another thread
  /// while a signal is handled never lands after the restoring sequence.
  ///
  /// - Parameters:
  ///   - bytes: The frame's bytes.
  ///   - descriptor: Where to write them.
  static func writeFrame(_ bytes: [UInt8], to descriptor: Int32) {
    isWriting.store(true, ordering: .sequentiallyConsistent)
    defer { isWriting.store(false, ordering: .sequentiallyConsistent) }
    guard !isGivenBack.load(ordering: .sequentiallyConsistent) else { return }
    bytes.withUnsafeBytes { writeAll($0.baseAddress, $0.count, to: descriptor) }
  }

  /// Writes the restoring sequence and puts the saved settings back, after a frame being
  /// written on another thread has ended.
  static func restoreNow() {
    guard input >= 0 else { return }
    isGivenBack.store(true, ordering: .sequentiallyConsistent)
    // NB: bounded, so that a handler that interrupted the writing thread itself goes on.
    var turns = 0
    while isWriting.load(ordering: .sequentiallyConsistent) && turns < 100_000_000 { turns += 1 }
    writeAll(UnsafeRawPointer(sequence.baseAddress), sequence.count, to: output)
    tcsetattr(input, TCSAFLUSH, settings)
  }

  /// Takes the terminal again after a suspension: raw settings, alternate screen, bracketed
  /// paste, mouse reporting; frames are written again.
  static func enterAgain() {
    guard input >= 0 else { return }
    tcsetattr(input, TCSAFLUSH, rawSettings)
    writeAll(UnsafeRawPointer(enter.baseAddress), enter.count, to: output)
    isGivenBack.store(false, ordering: .sequentiallyConsistent)
  }

  /// Tells the reader, through the wake pipe, that `byte` happened.
  static func notify(_ byte: UInt8) {
    guard wake >= 0 else { return }
    var byte = byte
    writeAll(&byte, 1, to: wake)
  }

  /// The action a fatal signal had before the session, put back.
  static func putBackPreviousAction(of number: Int32) {
    guard let index = fatalSignals.firstIndex(of: number) else { return }
    sigaction(number, previousActions + index, nil)
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

  private static func allocated<T>(count: Int = 1, _ value: T) -> UnsafeMutablePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: count)
    pointer.initialize(repeating: value, count: count)
    return pointer
  }

  private static func allocated(bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }
}

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT during a session: restores the terminal, then lets the
/// signal do what it does by default (end the process) once the handler returns.
private func handleEnding(_ number: Int32) {
  SignalRestore.restoreNow()
  signal(number, SIG_DFL)
  raise(number)
}

/// SIGSEGV, SIGBUS, SIGILL, SIGABRT and SIGTRAP: restores the terminal, puts back the action
/// the signal had before the session (the runtime's crash report, or the default) and raises
/// it again, to be delivered when this handler returns.
private func handleFatal(_ number: Int32) {
  SignalRestore.restoreNow()
  SignalRestore.putBackPreviousAction(of: number)
  raise(number)
}

/// SIGTSTP (Ctrl-Z, which raw mode reads as a key, or `kill -TSTP`): restores the terminal
/// and stops the process; once continued, takes the terminal again and asks for a repaint.
private func handleSuspend(_ number: Int32) {
  SignalRestore.restoreNow()
  // NB: SIGSTOP rather than SIGTSTP again: the kernel drops a SIGTSTP whose default action
  // would stop a process of an orphaned group (one started by a program in another session,
  // as a test starts it), and the handler would take the terminal back at once. SIGCONT
  // continues the process on the next line.
  raise(SIGSTOP)
  SignalRestore.enterAgain()
  SignalRestore.notify(SignalRestore.resumedByte)
}

/// SIGCONT: the process goes on after a stop; the screen is repainted whole.
private func handleResume(_ number: Int32) {
  SignalRestore.notify(SignalRestore.resumedByte)
}

/// SIGWINCH: the terminal's size changed; the screen is repainted at the new size.
private func handleResize(_ number: Int32) {
  SignalRestore.notify(SignalRestore.resizedByte)
}
