import BindingDSL
import Headless

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSession {
  /// Runs `host` full screen until the person presses Ctrl-C or Ctrl-Q, or the input ends.
  ///
  /// The terminal is read on a thread of its own, so the main actor stays free for the
  /// screens' commands and timers while no key comes; nothing polls. Each key goes to the
  /// host, then a frame is drawn through `scheduler`: after the key, after each flush of the
  /// graphs mounted on `scheduler`, and after an app's stacks or dialogs change
  /// (`AppView.onChange`), at most once per the scheduler's interval, and only the cells
  /// that changed are written. A resize (SIGWINCH) and a resume after Ctrl-Z repaint the
  /// whole screen. Frames keep their colors unless ``usesColor`` is `false` (`NO_COLOR`). A
  /// lone Escape is reported as the Esc key once `escapeDelay` passes on `clock` without the
  /// rest of a sequence.
  ///
  /// - Parameters:
  ///   - host: The host to show and drive; its footer gains `^C quit`. Give it
  ///     `scheduler.flush()` as its flush.
  ///   - scheduler: The scheduler the host's screens are mounted on; the session sets its
  ///     ``RedrawScheduler/draw``.
  ///   - clock: The clock the wait for the rest of an escape sequence runs on.
  ///   - escapeDelay: How long a lone Escape waits for the rest of a sequence.
  /// - Throws: ``TerminalSessionError`` when the thread that reads the terminal cannot start.
  @MainActor
  public func run(
    _ host: TerminalScreenHost, scheduler: RedrawScheduler,
    clock: any Clock<Duration> = ContinuousClock(), escapeDelay: Duration = .milliseconds(50)
  ) async throws(TerminalSessionError) {
    guard let reader = InputReader(input: input) else {
      throw TerminalSessionError("the thread that reads the terminal cannot start")
    }
    installSignalHandlers(wake: reader.wakeWrite)
    let screen = SessionScreen(session: self, host: host)
    host.sessionHints = [KeyHint(keys: "^C", action: "quit")]
    scheduler.draw = { screen.draw() }
    host.app?.view.onChange = { [weak scheduler] in scheduler?.setNeedsRedraw() }
    defer {
      scheduler.cancel()
      scheduler.draw = nil
      host.app?.view.onChange = nil
      reader.stop()
      if !isRestored { installSignalHandlers(wake: -1) }
    }
    var decoder = KeyDecoder()
    var inputs = 0
    scheduler.setNeedsRedraw()
    for await event in reader.events {
      var keys: [KeyEvent] = []
      switch event {
      case .input(let bytes):
        inputs += 1
        keys = decoder.decode(bytes)
        if decoder.hasPendingEscape {
          let number = inputs
          trackedTask(named: "escape wait") {
            try await clock.sleep(for: escapeDelay)
            reader.post(.escapeWaitEnded(number))
          }
        }
      case .escapeWaitEnded(let number):
        guard number == inputs, decoder.hasPendingEscape else { continue }
        keys = decoder.flushPendingEscape()
      case .resized, .resumed:
        screen.writer.invalidate()
      case .ended:
        isAtEnd = true
        return
      }
      for key in keys {
        if key == .control("c") || key == .control("q") { return }
        if key == .control("z") {
          // NB: raw mode reads Ctrl-Z as a key; the handler restores, stops and resumes. The
          // signal goes to the process: `raise` would send it to this thread, and the threads
          // of the concurrency runtime block signals.
          kill(getpid(), SIGTSTP)
          continue
        }
        host.handle(key)
      }
      scheduler.setNeedsRedraw()
    }
  }
}

/// What a running session draws with: the host, and the writer that knows what the terminal
/// shows.
@MainActor
private final class SessionScreen {
  let session: TerminalSession
  let host: TerminalScreenHost
  var writer = FrameWriter()

  init(session: TerminalSession, host: TerminalScreenHost) {
    self.session = session
    self.host = host
  }

  /// Paints the host at the terminal's size and writes the cells that changed, in one write:
  /// without colors when the session uses none (`NO_COLOR`).
  func draw() {
    let (width, height) = session.size
    var frame = host.frame(width: width, height: height)
    if !session.usesColor { frame.removeColors() }
    session.write(writer.write(frame))
  }
}
