extension TerminalSession {
  /// Runs `host` full screen until the person presses Ctrl-C or Ctrl-Q, or the input ends: draws a frame, waits
  /// up to `milliseconds` for keys, hands each to the host and calls `tick`, and draws again,
  /// only the cells that changed. A lone Escape is reported once a wait passes without the
  /// rest of a sequence; a new terminal size repaints everything.
  ///
  /// - Parameters:
  ///   - host: The host to show and drive; its footer gains `^C quit`.
  ///   - milliseconds: How long to wait for keys before drawing again, which is also how often
  ///     `tick` runs when no key comes.
  ///   - tick: Runs after each key and after each wait: where the caller flushes, settles the
  ///     work a key started, and lets time pass.
  @MainActor
  public func run(
    _ host: TerminalScreenHost, waitingUpTo milliseconds: Int32 = 50,
    tick: @MainActor () async -> Void
  ) async {
    host.sessionHints = [KeyHint(keys: "^C", action: "quit")]
    var decoder = KeyDecoder()
    var writer = FrameWriter()
    while true {
      let (width, height) = size
      write(writer.write(host.frame(width: width, height: height)))
      let bytes = read(waitingUpTo: milliseconds)
      if isAtEnd { return }
      var events = decoder.decode(bytes)
      if bytes.isEmpty && decoder.hasPendingEscape { events += decoder.flushPendingEscape() }
      for event in events {
        if event == .control("c") || event == .control("q") { return }
        host.handle(event)
        await tick()
      }
      if events.isEmpty { await tick() }
    }
  }
}
