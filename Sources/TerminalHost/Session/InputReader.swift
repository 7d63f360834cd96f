#if canImport(Glibc)
  import Glibc

  private let systemRead = Glibc.read
  private let systemClose = Glibc.close
#elseif canImport(Darwin)
  import Darwin

  private let systemRead = Darwin.read
  private let systemClose = Darwin.close
#endif

/// What a running session waits for.
package enum SessionEvent: Sendable, Equatable {
  /// Bytes read from the terminal.
  case input([UInt8])
  /// The terminal's size changed (SIGWINCH).
  case resized
  /// The process went on after a stop (SIGCONT): the terminal's contents are unknown.
  case resumed
  /// The wait for the rest of an escape sequence passed; the number says after which input.
  case escapeWaitEnded(Int)
  /// The input ended: the terminal hung up or closed.
  case ended
}

/// Reads a descriptor on a thread of its own and delivers what it reads, in order, as
/// ``SessionEvent``s, so that the main actor is never blocked on the terminal. A wake pipe
/// carries the signal handlers' news (a resize, a resume) and the request to stop.
package final class InputReader: Sendable {
  /// The events, in the order they happened; they end after ``SessionEvent/ended`` or
  /// ``stop()``.
  package let events: AsyncStream<SessionEvent>
  private let continuation: AsyncStream<SessionEvent>.Continuation
  /// The read end of the wake pipe, and its write end: what the signal handlers write to.
  private let wakeRead: Int32
  package let wakeWrite: Int32
  private let thread: pthread_t?

  /// Starts reading `input`; `nil` when no pipe or thread can be made.
  ///
  /// - Parameter input: The descriptor to read.
  package init?(input: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    (wakeRead, wakeWrite) = (ends[0], ends[1])
    (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    let loop = ReadLoop(input: input, wake: ends[0], continuation: continuation)
    let context = Unmanaged.passRetained(loop).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<ReadLoop>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<ReadLoop>.fromOpaque(context).release()
      _ = systemClose(ends[0])
      _ = systemClose(ends[1])
      return nil
    }
    self.thread = thread
  }

  /// Delivers `event` after the events already delivered, from any thread.
  ///
  /// - Parameter event: What happened.
  package func post(_ event: SessionEvent) {
    continuation.yield(event)
  }

  /// Stops the thread, waits for it to end, and ends ``events``.
  package func stop() {
    var quit: UInt8 = ReadLoop.quitByte
    SignalRestore.writeAll(&quit, 1, to: wakeWrite)
    if let thread { pthread_join(thread, nil) }
    _ = systemClose(wakeRead)
    _ = systemClose(wakeWrite)
    continuation.finish()
  }
}

/// The reading thread's loop.
private final class ReadLoop: Sendable {
  static let quitByte: UInt8 = 0x71
  let input: Int32
  let wake: Int32
  let continuation: AsyncStream<SessionEvent>.Continuation

  init(input: Int32, wake: Int32, continuation: AsyncStream<SessionEvent>.Continuation) {
    self.input = input
    self.wake = wake
    self.continuation = continuation
  }

  /// Waits on the input and the wake pipe (without a timeout: nothing here polls), until the
  /// quit byte or the end of the input. After a crash (``SignalRestore/handOverInput()``) it
  /// reads the terminal no more, and waits for the quit byte with the signals unblocked.
  func run() {
    // NB: the signal handlers run on other threads; this one only reads.
    var blocked = sigset_t()
    sigfillset(&blocked)
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    SignalRestore.readerRuns(true)
    defer { SignalRestore.readerRuns(false) }
    var buffer = [UInt8](repeating: 0, count: 4_096)
    var inputOpen = true
    var handedOver = false
    while true {
      if !handedOver && SignalRestore.isInputHandedOver {
        // NB: the runtime's crash report pauses every other thread with a signal; blocking
        // them all would leave this one running, and reported as one it failed to suspend.
        handedOver = true
        inputOpen = false
        pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        SignalRestore.readerHandedOver()
      }
      var descriptors = [
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        pollfd(fd: inputOpen ? input : -1, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return }
      if descriptors[0].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { systemRead(wake, $0.baseAddress, 64) }
        for byte in buffer[..<max(count, 0)] {
          switch byte {
          case Self.quitByte: return
          case SignalRestore.resizedByte: continuation.yield(.resized)
          case SignalRestore.resumedByte: continuation.yield(.resumed)
          // NB: the loop's next turn sees the crash and stops reading.
          case SignalRestore.handedOverByte: break
          default: break
          }
        }
      }
      guard inputOpen, descriptors[1].revents != 0, SignalRestore.beginReading() else { continue }
      let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
      SignalRestore.endReading()
      if count > 0 {
        continuation.yield(.input(Array(buffer[..<count])))
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        // NB: a hang-up reads as the end (0) or as an error, and poll reports it again at
        // once; the input is left out of the wait from now on.
        inputOpen = false
        continuation.yield(.ended)
      }
    }
  }
}
