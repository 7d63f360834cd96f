import Headless

/// Runs snapshot assertions of which one must fail, and returns its failure instead of
/// reporting it: the counterpart of ``expectDriverFailure(fileID:filePath:line:column:_:)`` for
/// snapshots, so that a test can check what a failure says (its kind, its diff, how to record).
///
/// ```swift
/// let failure = expectSnapshotFailure {
///   try assertSnapshot(of: "changed", named: "stored", in: directory, recording: .never)
/// }
/// #expect(failure?.kind == .mismatch)
/// #expect(failure?.message.contains("-stored\n+changed") == true)
/// ```
///
/// The assertions inside run in a recording scope of their own, with the mode in effect
/// outside: a snapshot recorded inside is returned as the failure of kind
/// ``SnapshotError/Kind/recorded`` that lists it, not reported when an outer scope ends.
///
/// When no assertion of `body` fails, or `body` throws another error (a failed driver call
/// does), an issue is reported at this call's line under Swift Testing or XCTest, and the
/// result is `nil`. When several fail, the first is returned and the others are reported at
/// their own lines, as they would be outside.
///
/// - Parameters:
///   - fileID: Where the call is written; leave the default.
///   - filePath: The file's path, for the frameworks; leave the default.
///   - line: The line the call is written on; leave the default.
///   - column: The column the call is written at; leave the default.
///   - body: The snapshot assertions, one of which should fail.
/// - Returns: The snapshot failure, or `nil` when `body` had none.
@discardableResult
public func expectSnapshotFailure<R>(
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, _ body: () throws -> R
) -> SnapshotError? {
  let collector = FailureCollector()
  let scope = SnapshotScope(mode: SnapshotScope.current?.mode)
  let outcome = FailureReporter.$collector.withValue(collector) {
    Result { _ = try SnapshotScope.$current.withValue(scope) { try body() } }
  }
  return expectedSnapshotFailure(
    outcome, collector, scope,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Runs asynchronous snapshot assertions (or driver steps followed by them) of which one must
/// fail, and returns its failure instead of reporting it, as the synchronous
/// `expectSnapshotFailure` does.
///
/// - Parameters:
///   - fileID: Where the call is written; leave the default.
///   - filePath: The file's path, for the frameworks; leave the default.
///   - line: The line the call is written on; leave the default.
///   - column: The column the call is written at; leave the default.
///   - body: The snapshot assertions, one of which should fail.
/// - Returns: The snapshot failure, or `nil` when `body` had none.
@discardableResult
public func expectSnapshotFailure<R>(
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, _ body: () async throws -> R
) async -> SnapshotError? {
  let collector = FailureCollector()
  let scope = SnapshotScope(mode: SnapshotScope.current?.mode)
  let outcome: Result<Void, any Error>
  do {
    _ = try await FailureReporter.$collector.withValue(collector) {
      try await SnapshotScope.$current.withValue(scope) { try await body() }
    }
    outcome = .success(())
  } catch {
    outcome = .failure(error)
  }
  return expectedSnapshotFailure(
    outcome, collector, scope,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The first snapshot failure `collector` gathered (the recordings of `scope` included) or
/// `outcome` threw, with the others reported where they happened; or `nil`, with an issue at
/// `site` saying what happened instead.
private func expectedSnapshotFailure(
  _ outcome: Result<Void, any Error>, _ collector: FailureCollector, _ scope: SnapshotScope,
  at site: CallSite
) -> SnapshotError? {
  // NB: with a collector, reporting gathers the failure and throws nothing.
  FailureReporter.$collector.withValue(collector) { try? scope.reportRecordings(at: site) }
  let failures = collector.failures
  var found: [(error: SnapshotError, site: CallSite)] = failures.compactMap { failure in
    (failure.error as? SnapshotError).map { ($0, failure.site) }
  }
  if case .failure(let error as SnapshotError) = outcome { found.append((error, site)) }
  if let first = found.first {
    for other in found.dropFirst() { try? FailureReporter.report(other.error, at: other.site) }
    return first.error
  }
  let why: String
  switch outcome {
  case .failure(let error):
    why = "expected a snapshot failure, but the calls failed with another error: \(error)"
  case .success:
    why =
      failures.isEmpty
      ? "expected a snapshot failure, but every snapshot matched"
      : "expected a snapshot failure, but the calls failed otherwise: "
        + failures.map(\.message).joined(separator: "; ")
  }
  try? FailureReporter.report(UnmetExpectation(description: why), at: site)
  return nil
}

/// A failure of `expectSnapshotFailure` itself: what happened instead of a snapshot failure.
private struct UnmetExpectation: Error, CustomStringConvertible {
  let description: String
}
