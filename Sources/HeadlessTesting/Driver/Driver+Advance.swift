import BindingDSL
import Headless

/// Moving the screen's virtual clock on.
extension Driver {
  /// Moves the virtual clock forward one sleeper at a time: each sleeper due wakes in turn (in
  /// deadline order, and in the order they went to sleep for one instant), and the driver
  /// settles (flushes, and waits until the work they belong to, and the work
  /// the flush started, has slept on the clock again or finished) before time moves on. Time
  /// ends at exactly `now + duration`, settled.
  ///
  /// - Parameters:
  ///   - duration: How far to move the clock; not negative.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when `duration` is negative, or the work the clock wakes does not
  ///   settle.
  public func advance(
    by duration: Duration, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await reportingFailure(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) {
      try checkMounted(to: "advance the clock")
      let end: VirtualClock.Instant
      do throws(VirtualTimeError) {
        end = try clock.beginAdvance(by: duration)
      } catch {
        throw DriverError(error.message)
      }
      defer { clock.endAdvance() }
      try await settle()
      while clock.wakeNext(notAfter: end) {
        try await settle()
      }
      clock.finishAdvance(at: end)
      try await settle()
    }
  }
}
