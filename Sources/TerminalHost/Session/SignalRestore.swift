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
/// `sigaction(2)`, `raise(3)`, `clock_gettime(2)` and `nanosleep(2)`, and lock-free atomics.
///
/// A crash hands the terminal over to whatever reports it: the handler restores the terminal,
/// stops the session's reader from reading it (so that a prompt of Swift's backtracer gets its
/// key), calls the action the signal had before the session, then ends the process with the
/// signal.
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
  /// The byte a crash's handler writes to the wake pipe: the reader stops reading the terminal.
  static let handedOverByte: UInt8 = 0x68

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
  static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

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
    _ = isHandedOver.load(ordering: .relaxed)
    _ = reader.load(ordering: .relaxed)
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
        action.__sigaction_handler.sa_sigaction = handleFatal
      #else
        action.__sigaction_u.__sa_sigaction = handleFatal
      #endif
      // NB: as the runtime's crash handler does: no other signal (a Ctrl-C typed at the
      // backtracer's prompt) interrupts the report, a crash within it still ends the process,
      // and a stack overflow is handled on the alternate stack where there is one.
      sigfillset(&action.sa_mask)
      for fatal in fatalSignals { sigdelset(&action.sa_mask, fatal) }
      action.sa_flags = SA_SIGINFO | SA_ONSTACK
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
    isHandedOver.store(false, ordering: .sequentiallyConsistent)
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

  /// Whether a crash handed the terminal over: the reader no longer reads it.
  private static let isHandedOver = Atomic<Bool>(false)
  /// What the session's reader is doing: ``ReaderState``'s raw values.
  private static let reader = Atomic<Int>(ReaderState.absent.rawValue)

  /// What the session's reader is doing, as the crash handler waits on it.
  enum ReaderState: Int {
    /// No reader runs, or it ended.
    case absent
    /// It waits for input with every signal blocked.
    case waiting
    /// It is reading the terminal.
    case reading
    /// It stopped reading after a crash, and takes signals again, so that the crash report
    /// can pause it and show its stack.
    case handedOver
  }

  /// Called by the reader as it starts, after it blocked the signals, and as it ends.
  ///
  /// - Parameter isRunning: Whether it starts (`true`) or ends.
  static func readerRuns(_ isRunning: Bool) {
    reader.store(
      (isRunning ? ReaderState.waiting : .absent).rawValue, ordering: .sequentiallyConsistent)
  }

  /// Called by the reader before it reads the terminal: `false` once a crash handed the
  /// terminal over, and then the reader must not read it.
  static func beginReading() -> Bool {
    reader.store(ReaderState.reading.rawValue, ordering: .sequentiallyConsistent)
    // NB: checked after the store: a handler that sets the flag either sees `reading` and
    // waits for the read to end, or this load sees the flag.
    guard !isHandedOver.load(ordering: .sequentiallyConsistent) else {
      reader.store(ReaderState.waiting.rawValue, ordering: .sequentiallyConsistent)
      return false
    }
    return true
  }

  /// Called by the reader after a read of the terminal.
  static func endReading() {
    reader.store(ReaderState.waiting.rawValue, ordering: .sequentiallyConsistent)
  }

  /// Whether a crash handed the terminal over; the reader, once it sees it, calls
  /// ``readerHandedOver()`` and reads no more.
  static var isInputHandedOver: Bool {
    isHandedOver.load(ordering: .sequentiallyConsistent)
  }

  /// Called by the reader once it stopped reading after a crash and unblocked the signals.
  static func readerHandedOver() {
    reader.store(ReaderState.handedOver.rawValue, ordering: .sequentiallyConsistent)
  }

  /// A crash's part: the reader stops reading the terminal, so that what reports the crash
  /// (Swift's backtracer, interactive) reads the keys, and this waits until it did.
  static func handOverInput() {
    isHandedOver.store(true, ordering: .sequentiallyConsistent)
    notify(handedOverByte)
    // NB: bounded by time, not by turns: on a loaded machine the reader's thread may wait
    // long for a core. The bound lets a crash of the reader's own thread go on.
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var now = start
    var pause = timespec(tv_sec: 0, tv_nsec: 100_000)
    while now.tv_sec - start.tv_sec < 2 {
      let state = reader.load(ordering: .sequentiallyConsistent)
      if state == ReaderState.absent.rawValue || state == ReaderState.handedOver.rawValue {
        return
      }
      nanosleep(&pause, nil)
      clock_gettime(CLOCK_MONOTONIC, &now)
    }
  }

  /// Runs the action a fatal signal had before the session: calls its handler (the
  /// runtime's crash report, or the program's own), then raises the signal again with its
  /// default action, which ends the process when the handler returns: a previous handler
  /// that returned (as the runtime's does for a signal sent with `kill`) does not leave the
  /// process running without its terminal. A signal the process ignored before is ignored
  /// again, and nothing more happens.
  ///
  /// - Parameters:
  ///   - number: The signal.
  ///   - info: What the kernel said of it, passed on.
  ///   - context: The interrupted context, passed on.
  static func runPreviousAction(
    of number: Int32, info: UnsafeMutablePointer<siginfo_t>?, context: UnsafeMutableRawPointer?
  ) {
    guard let index = fatalSignals.firstIndex(of: number) else { return }
    let previous = previousActions[index]
    #if canImport(Glibc)
      let handler = unsafeBitCast(previous.__sigaction_handler, to: Int.self)
    #else
      let handler = unsafeBitCast(previous.__sigaction_u, to: Int.self)
    #endif
    let ignore = unsafeBitCast(SIG_IGN, to: Int.self)
    let byDefault = unsafeBitCast(SIG_DFL, to: Int.self)
    if handler == ignore {
      sigaction(number, previousActions + index, nil)
      return
    }
    if handler != byDefault {
      if previous.sa_flags & SA_SIGINFO != 0 {
        #if canImport(Glibc)
          previous.__sigaction_handler.sa_sigaction?(number, info, context)
        #else
          previous.__sigaction_u.__sa_sigaction?(number, info, context)
        #endif
      } else {
        #if canImport(Glibc)
          previous.__sigaction_handler.sa_handler?(number)
        #else
          previous.__sigaction_u.__sa_handler?(number)
        #endif
      }
    }
    signal(number, SIG_DFL)
    raise(number)
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

/// SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP: restores the terminal, stops the
/// session's reader from reading it, runs the action the signal had before the session (the
/// runtime's crash report, which may prompt at the terminal), and raises the signal again with
/// its default action, to be delivered when this handler returns.
private func handleFatal(
  _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  SignalRestore.restoreNow()
  SignalRestore.handOverInput()
  SignalRestore.runPreviousAction(of: number, info: info, context: context)
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
