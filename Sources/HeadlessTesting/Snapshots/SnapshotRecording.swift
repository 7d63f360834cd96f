import BindingDSL
import Foundation
import Headless

/// When a snapshot assertion writes the snapshot instead of only comparing.
///
/// The mode in effect is, from the innermost: `withSnapshotRecording(_:operation:)`
/// around the code (or the `.snapshots(record:)` trait of a Swift Testing test or suite), then
/// the environment variable `SNAPSHOT_RECORDING` (`never`, `missing`, `failed` or `all`), then
/// `never` when the environment variable `CI` is set and `missing` when it is not. So CI never
/// writes a snapshot: a missing one fails there with a message saying how to record it locally.
public enum SnapshotRecording: String, Hashable, Sendable, CaseIterable {
  /// Writes nothing: a missing snapshot fails, and so does a mismatch.
  case never
  /// Records snapshots that do not exist yet, then fails so that they are read before they are
  /// trusted; compares the others. The default outside CI.
  case missing
  /// Records missing snapshots and re-records the ones that do not match, failing for each.
  case failed
  /// Re-records every compared snapshot and fails, so that a re-record never passes silently.
  case all

  /// Why a mode set by a scope is in effect.
  package static let scopedReason = "set by withSnapshotRecording or the .snapshots trait"

  /// How the reason for a mode passed to an assertion begins: `passed to assertSnapshot`.
  static let passedReasonPrefix = "passed to "

  /// The environment variable that sets the mode for a whole run.
  public static let environmentVariable = "SNAPSHOT_RECORDING"

  /// The mode in effect here and why: a scoped override, the environment, or the default.
  ///
  /// - Returns: The mode, and a sentence saying where it came from.
  /// - Throws: ``SnapshotError`` of kind ``SnapshotError/Kind/invalidRecordingMode`` when
  ///   `SNAPSHOT_RECORDING` holds something other than a mode's name.
  public static func inEffect() throws(SnapshotError) -> (mode: Self, reason: String) {
    if let scoped = SnapshotScope.current?.mode {
      return (scoped, scopedReason)
    }
    return try fromEnvironment(ProcessInfo.processInfo.environment)
  }

  /// `recording` when a call was passed one, else the mode in effect, and why.
  static func inEffect(
    passed recording: Self?, to function: String
  ) throws(SnapshotError) -> (mode: Self, reason: String) {
    if let recording { return (recording, passedReasonPrefix + function) }
    return try inEffect()
  }

  /// The mode an environment asks for, and why: `SNAPSHOT_RECORDING`, else `never` when `CI`
  /// is set (to anything but empty, `0`, `false` or `no`), else `missing`.
  ///
  /// - Parameter environment: Environment variables, such as
  ///   `ProcessInfo.processInfo.environment`.
  /// - Returns: The mode, and the reason a failure message gives for it, such as
  ///   `the default when CI is set`.
  /// - Throws: ``SnapshotError`` of kind ``SnapshotError/Kind/invalidRecordingMode`` naming
  ///   the modes when `SNAPSHOT_RECORDING` holds something else.
  public static func fromEnvironment(
    _ environment: [String: String]
  ) throws(SnapshotError) -> (mode: Self, reason: String) {
    if let value = environment[environmentVariable], !value.isEmpty {
      guard let mode = Self(rawValue: value.lowercased()) else {
        throw SnapshotError(
          .invalidRecordingMode,
          "\(environmentVariable)=\(value) is not a recording mode; use one of "
            + allCases.map(\.rawValue).joined(separator: ", "))
      }
      return (mode, "\(environmentVariable)=\(value)")
    }
    let ci = environment["CI"] ?? ""
    if !["", "0", "false", "no"].contains(ci.lowercased()) {
      return (.never, "the default when CI is set")
    }
    return (.missing, "the default outside CI")
  }
}

/// Runs `operation` with snapshots recorded as `mode` says, then fails once, at this call,
/// listing every snapshot that was recorded inside.
///
/// Recording never stops the code inside: ten missing snapshots are all recorded in one run.
///
/// ```swift
/// try withSnapshotRecording(.failed) {
///   try assertSnapshot(of: render(), named: "form")
/// }
/// ```
///
/// - Parameters:
///   - mode: The mode inside, or `nil` to keep the mode in effect and only gather recordings.
///   - fileID: The caller's `#fileID`, where the recordings are reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
///   - operation: The code whose snapshot assertions use `mode`.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws, or, once it returned, the failure that lists the
///   snapshots recorded inside when no test framework runs.
public func withSnapshotRecording<R>(
  _ mode: SnapshotRecording?, fileID: String = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column, operation: () throws -> R
) throws -> R {
  let scope = SnapshotScope(mode: mode ?? SnapshotScope.current?.mode)
  let result = try SnapshotScope.$current.withValue(scope) { try operation() }
  try scope.reportRecordings(
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return result
}

/// Runs asynchronous `operation` with snapshots recorded as `mode` says, then fails once, at
/// this call, listing every snapshot that was recorded inside.
///
/// - Parameters:
///   - mode: The mode inside, or `nil` to keep the mode in effect and only gather recordings.
///   - fileID: The caller's `#fileID`, where the recordings are reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
///   - operation: The code whose snapshot assertions use `mode`.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws, or, once it returned, the failure that lists the
///   snapshots recorded inside when no test framework runs.
public func withSnapshotRecording<R>(
  _ mode: SnapshotRecording?, fileID: String = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column, operation: () async throws -> R
) async throws -> R {
  let scope = SnapshotScope(mode: mode ?? SnapshotScope.current?.mode)
  let result = try await SnapshotScope.$current.withValue(scope) { try await operation() }
  try scope.reportRecordings(
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return result
}

/// A scope of snapshot assertions: its recording mode, and the snapshots recorded inside,
/// reported once when it ends.
package final class SnapshotScope: Sendable {
  /// The innermost scope of this task.
  @TaskLocal package static var current: SnapshotScope?

  /// The mode inside, or `nil` for the environment's.
  package let mode: SnapshotRecording?
  private let recorded = Lock<[String]>([])

  package init(mode: SnapshotRecording?) {
    self.mode = mode
  }

  /// Notes a recorded snapshot, described in one line.
  package func noteRecording(_ line: String) {
    recorded.withLock { $0.append(line) }
  }

  /// Notes a recorded snapshot in the innermost scope of this task, or throws `error` when no
  /// scope gathers recordings.
  static func noteRecording(_ line: String, orThrow error: SnapshotError) throws(SnapshotError) {
    guard let current else { throw error }
    current.noteRecording(line)
  }

  /// Reports the recorded snapshots as one failure at `site`, if any were recorded.
  package func reportRecordings(at site: CallSite) throws(SnapshotError) {
    let lines = recorded.withLock { $0 }
    guard !lines.isEmpty else { return }
    let count = lines.count == 1 ? "1 snapshot" : "\(lines.count) snapshots"
    try FailureReporter.report(
      SnapshotError(
        .recorded,
        "recorded \(count); read \(lines.count == 1 ? "it" : "them"), then run the tests again:\n"
          + lines.map { "  " + $0 }.joined(separator: "\n")),
      at: site)
  }
}
