extension CommandObject {
  /// Waits until every run of the command (cancelled runs still unwinding among them) has ended
  /// or sleeps on a virtual clock: what a test of a view model awaits after executing a command,
  /// without a screen.
  ///
  /// ```swift
  /// model.save.execute()
  /// try await model.save.settle()
  /// #expect(model.save.status == .succeeded)
  /// ```
  ///
  /// - Parameters:
  ///   - stallTimeout: How long, in real time, a run may stay busy without sleeping on a
  ///     virtual clock or ending, while no tracked work in the process moves, before it is
  ///     reported as waiting on something else; a minute by default.
  ///   - fileID: The caller's `#fileID`, which an error names; leave the default.
  ///   - line: The caller's line, which an error names; leave the default.
  /// - Throws: ``VirtualTimeError`` naming the runs that stayed busy, and this call.
  public func settle(
    stallTimeout: Duration = .seconds(60), fileID: String = #fileID, line: Int = #line
  ) async throws(VirtualTimeError) {
    // NB: commands of other types than `Command` have no runs the ledger follows.
    guard let owner = (self as? any WorkOwning)?.workToken else { return }
    let name = self.name
    try await WorkLedger.shared.waitUntilQuiet(stallTimeout: stallTimeout) {
      $0.owner == owner
    } stalled: { busy in
      VirtualTimeError(
        "command '\(name ?? "(unnamed)")' did not settle: "
          + WorkLedger.stallReport(busy, stallTimeout)
      ).thrown(by: "settle(stallTimeout:)", fileID: fileID, line: line)
    }
  }
}
