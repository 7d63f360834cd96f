import BindingDSL
import Foundation
import Headless

/// Compares `text` with the expected text written at the call, and writes or rewrites that
/// text in the test's source file when the recording mode says so.
///
/// ```swift
/// try assertInlineSnapshot(
///   of: driver.render(),
///   matches: """
///     VStack #root
///       TextField #name text="Ada" placeholder="Your name"
///       Label #greeting text="Hello, Ada"
///     """)
/// ```
///
/// Leave `matches:` out to have it written on the first run (in mode `missing`, the default
/// outside CI). The text compared is `text` without one final line break, since a multi-line
/// literal has none. What each ``SnapshotRecording`` mode does is what it does for
/// ``assertSnapshot(of:named:in:recording:pathExtension:fileID:filePath:line:column:)``, with
/// the source file in place of the snapshot file.
///
/// The rewriter edits only the literal of the one `assertInlineSnapshot` call on the call's
/// line. It handles raw and multi-line literals and indents the new literal under the call; it
/// refuses, with a failure saying why and nothing written, a line with two such calls, a
/// `matches:` argument that is not a string literal, and an interpolated literal.
///
/// - Parameters:
///   - text: The text to compare.
///   - expected: The expected text, a string literal, or `nil` when none is written yet.
///   - recording: The mode, or `nil` for the mode in effect.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`, the file that is rewritten.
///   - line: The caller's `#line`, the line of the call that is rewritten.
///   - column: The caller's `#column`.
/// - Throws: ``SnapshotError`` when no test framework is running and the text did not match,
///   was missing, or was recorded.
public func assertInlineSnapshot(
  of text: String, matches expected: String? = nil, recording: SnapshotRecording? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) throws(SnapshotError) {
  try assertInlineSnapshot(
    of: text, matches: expected, recording: recording,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``assertInlineSnapshot(of:matches:recording:fileID:filePath:line:column:)`` at `site`.
package func assertInlineSnapshot(
  of text: String, matches expected: String?, recording: SnapshotRecording?, at site: CallSite
) throws(SnapshotError) {
  let actual = text.hasSuffix("\n") ? String(text.dropLast()) : text
  do throws(SnapshotError) {
    let (mode, reason) = try SnapshotRecording.inEffect(
      passed: recording, to: "assertInlineSnapshot")
    let modeText = "mode \(mode.rawValue) (\(reason))"
    let place = "\(site.fileID):\(site.line)"
    if let expected, expected == actual, mode != .all { return }
    // NB: the test file's tests only, as for a stored snapshot: recording every failing inline
    // snapshot of the package would rewrite other tests' expected text too.
    let testFile = URL(fileURLWithPath: site.fileID).deletingPathExtension().lastPathComponent
    let filter = "--filter " + testFile
    let writes: Bool
    switch (mode, expected) {
    case (.never, _): writes = false
    case (.missing, let expected): writes = expected == nil
    case (.failed, _), (.all, _): writes = true
    }
    guard writes else {
      guard let expected else {
        throw SnapshotError(
          .missing,
          "the inline snapshot at \(place) has no expected text, and \(modeText) writes nothing. "
            + "Record it locally (SNAPSHOT_RECORDING=missing swift test \(filter)), read it, "
            + "and commit it")
      }
      throw SnapshotError(
        .mismatch,
        "the inline snapshot at \(place) does not match (\(modeText)); - expected, + actual:\n"
          + unifiedDiff(from: expected + "\n", to: actual + "\n")
          + "\n"
          + acceptHint(accepting: "the actual text in place", reason: reason, testFile: testFile))
    }
    try InlineSnapshotFiles.rewrite(site.filePath, line: Int(site.line), with: actual)
    let what = expected == nil ? "wrote" : "rewrote"
    try SnapshotScope.noteRecording(
      "inline at \(place)",
      orThrow: SnapshotError(
        .recorded,
        "\(what) the inline snapshot at \(place) (\(modeText)); read it, then run the test again"))
  } catch {
    try FailureReporter.report(error, at: site)
  }
}

/// Source files rewritten in this process, and how many lines each rewrite added after the
/// line it rewrote, so that a later call in the same file is found at its line.
enum InlineSnapshotFiles {
  private static let shifts = Lock<[String: [(line: Int, delta: Int)]]>([:])

  /// Rewrites the call written at `line` of the file at `path` (a line of the file as it was
  /// compiled) so that it expects `text`.
  static func rewrite(_ path: String, line: Int, with text: String) throws(SnapshotError) {
    try shifts.withLock { (shifts) throws(SnapshotError) in
      let now = line + (shifts[path] ?? []).filter { $0.line < line }.reduce(0) { $0 + $1.delta }
      let source: String
      do {
        source = try String(contentsOfFile: path, encoding: .utf8)
      } catch {
        throw SnapshotError(
          .fileError, "could not read \(path) to write an inline snapshot: \(error)")
      }
      let rewritten: String
      do throws(InlineSnapshotRewriter.Refusal) {
        rewritten = try InlineSnapshotRewriter.rewrite(source, line: now, with: text)
      } catch {
        throw SnapshotError(
          .cannotRewrite,
          "cannot write the inline snapshot at \(path):\(line): \(error.reason); nothing was written"
        )
      }
      do {
        try rewritten.write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw SnapshotError(
          .fileError, "could not write the inline snapshot into \(path): \(error)")
      }
      let delta = lineCount(rewritten) - lineCount(source)
      shifts[path, default: []].append((line, delta))
    }
  }

  private static func lineCount(_ text: String) -> Int {
    text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }
}
