public import Foundation
import Headless

/// Compares `text` with a snapshot file, and records it as the recording mode in effect says.
///
/// The file is `__Snapshots__/<TestFile>/<name>.txt` beside the calling test file unless
/// `directory` is given; `pathExtension` names another kind of file, such as `svg` for a
/// picture. What happens depends on the ``SnapshotRecording`` mode:
///
/// | mode | missing file | mismatch |
/// |---|---|---|
/// | `never` (default when `CI` is set) | fails | fails with a diff |
/// | `missing` (default otherwise) | recorded, fails | fails with a diff |
/// | `failed` | recorded, fails | re-recorded, fails with the diff |
/// | `all` | recorded, fails | every compared file re-recorded, fails |
///
/// Failures are reported at the caller's line: as a Swift Testing issue or an XCTest failure
/// when one of them runs the test (the test goes on, so every snapshot of a test is compared
/// and recorded in one run), and thrown otherwise. Inside `withSnapshotRecording(_:operation:)`
/// or a test with the `.snapshots(record:)` trait, recordings are listed in one failure when
/// the scope ends.
///
/// ```swift
/// try assertSnapshot(of: driver.render(), named: "registered")
/// ```
///
/// - Parameters:
///   - text: The text to compare; a line break is added at its end if it has none.
///   - name: The snapshot's name, one plain file name such as `registration-after-tap`.
///   - directory: The folder of the snapshot file, or `nil` for the one beside the test file.
///   - recording: The mode, or `nil` for the mode in effect (``SnapshotRecording/inEffect()``).
///   - pathExtension: The snapshot file's extension, without its dot: `txt` unless the text is
///     another kind of document, such as `svg`.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`; the default folder is beside it.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
/// - Throws: ``SnapshotError`` when no test framework is running and the snapshot did not
///   match, was missing, or was recorded.
public func assertSnapshot(
  of text: String, named name: String, in directory: URL? = nil,
  recording: SnapshotRecording? = nil, pathExtension: String = "txt", fileID: String = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws(SnapshotError) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let folder = directory ?? snapshotFolder(beside: site.filePath)
  do throws(SnapshotError) {
    try checkSnapshotName(name)
    let (mode, reason) = try SnapshotRecording.inEffect(passed: recording, to: "assertSnapshot")
    let file = folder.appendingPathComponent("\(name).\(pathExtension)")
    let comparison = SnapshotComparison(
      name: name, file: file, mode: mode, reason: reason, testFile: site.filePath)
    SnapshotUsage.note(file)
    guard let recorded = try comparison.run(text) else { return }
    try SnapshotScope.noteRecording(recorded.summary, orThrow: recorded.error)
  } catch {
    try FailureReporter.report(error, at: site)
  }
}

/// How to accept what a failed comparison saw, for the mode's source: the environment variable
/// for the test file's tests, unless the mode was passed to the assertion or set by a scope,
/// which win over the variable and are changed where they are written.
///
/// - Parameters:
///   - what: What is accepted: `the rendered text`, `the drawn picture`.
///   - reason: Why the mode is in effect, as ``SnapshotRecording/inEffect()`` says.
///   - testFile: The test file's name without its extension, for `--filter`.
/// - Returns: The sentence, starting `To accept`.
func acceptHint(accepting what: String, reason: String, testFile: String) -> String {
  let variable = SnapshotRecording.environmentVariable
  if reason.hasPrefix(SnapshotRecording.passedReasonPrefix) {
    return "To accept \(what): pass recording: .failed to the assertion (the mode \(reason) "
      + "wins over \(variable)), run the test, and take it out again"
  }
  if reason == SnapshotRecording.scopedReason {
    return "To accept \(what): set the scope's mode to .failed (the mode \(reason) wins over "
      + "\(variable)), run the test, and set it back"
  }
  return "To accept \(what): \(variable)=failed swift test --filter \(testFile)"
}

/// The folder of the snapshots of a test file: `__Snapshots__/<TestFile>` beside it.
func snapshotFolder(beside testFile: String) -> URL {
  let file = URL(fileURLWithPath: testFile)
  return file.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
}

/// One comparison of a text with a snapshot file under a recording mode.
struct SnapshotComparison {
  /// What a comparison recorded: a line for a list of recordings, and the failure to report
  /// when no scope gathers them.
  struct Recording {
    let summary: String
    let error: SnapshotError
  }

  let name: String
  let file: URL
  let mode: SnapshotRecording
  let reason: String
  let testFile: String

  /// `mode never (the default when CI is set)`.
  private var modeText: String { "mode \(mode.rawValue) (\(reason))" }

  /// The test file's name, without its extension: `SignUpTests`.
  private var testName: String {
    URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent
  }

  /// Compares; returns what was recorded, if anything, and throws a mismatch or a missing
  /// snapshot that was not recorded.
  func run(_ text: String) throws(SnapshotError) -> Recording? {
    let contents = text.hasSuffix("\n") ? text : text + "\n"
    let stored = try? String(contentsOf: file, encoding: .utf8)
    guard let stored else {
      guard mode != .never else {
        throw SnapshotError(
          .missing,
          "snapshot '\(name)' is missing: \(file.path) does not exist, and \(modeText) writes "
            + "nothing. Record it locally (SNAPSHOT_RECORDING=missing swift test --filter "
            + "\(testName)), read it, and commit it")
      }
      try write(contents)
      return Recording(
        summary: "\(name): new, at \(file.path)",
        error: SnapshotError(
          .recorded,
          "recorded snapshot '\(name)' at \(file.path) (\(modeText)): no snapshot existed; read "
            + "it, commit it, and run the test again"))
    }
    // NB: a stored file checked out with CRLF line endings (git's autocrlf) holds the same
    // lines: a render never holds a carriage return (the text format escapes it as \r).
    let storedLines = stored.replacing("\r\n", with: "\n")
    let diff =
      storedLines == contents
      ? nil
      : unifiedDiff(from: storedLines, to: contents)
        + (storedLines == stored ? "" : "\n(the stored file has CRLF line endings, read as LF)")
    switch (mode, diff) {
    case (.all, _), (.failed, .some):
      let pictures = diff == nil ? "" : sideBySide(stored: storedLines, drawn: contents)
      try write(contents)
      let change = diff.map { ", it did not match:\n" + $0 + pictures } ?? ", unchanged"
      return Recording(
        summary: "\(name): re-recorded\(diff == nil ? " (unchanged)" : ""), at \(file.path)",
        error: SnapshotError(
          .recorded,
          "re-recorded snapshot '\(name)' at \(file.path) (\(modeText))\(change)\nRead it, "
            + "commit it, and run the test again without recording"))
    case (_, .some(let diff)):
      throw SnapshotError(
        .mismatch,
        "snapshot '\(name)' does not match \(file.path) (\(modeText)); - stored, + rendered:\n"
          + diff + sideBySide(stored: storedLines, drawn: contents)
          + "\n"
          + acceptHint(
            accepting: file.pathExtension == "svg" ? "the drawn picture" : "the rendered text",
            reason: reason, testFile: testName))
    case (_, .none):
      return nil
    }
  }

  /// For a picture (an `svg` snapshot) that does not match: writes the stored and the drawn
  /// picture side by side where a person can open them, in a folder of the temporary
  /// directory (`<name>.stored.svg`, `<name>.drawn.svg`, and `<name>.html` showing both), and
  /// returns a line naming them; for any other snapshot, nothing.
  private func sideBySide(stored: String, drawn: String) -> String {
    guard file.pathExtension == "svg" else { return "" }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshot-pictures").appendingPathComponent(testName)
    let page = """
      <!doctype html><meta charset="utf-8"><title>\(name)</title>
      <p>Left: stored (\(file.path)). Right: drawn now.</p>
      <div style="display:flex;gap:24px;align-items:flex-start">
      <img src="\(name).stored.svg" style="border:1px solid #999">
      <img src="\(name).drawn.svg" style="border:1px solid #999"></div>

      """
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try stored.write(
        to: folder.appendingPathComponent("\(name).stored.svg"), atomically: true, encoding: .utf8)
      try drawn.write(
        to: folder.appendingPathComponent("\(name).drawn.svg"), atomically: true, encoding: .utf8)
      let html = folder.appendingPathComponent("\(name).html")
      try page.write(to: html, atomically: true, encoding: .utf8)
      return "\nThe stored and the drawn picture side by side: \(html.path)"
    } catch {
      return "\n(could not write the pictures side by side into \(folder.path): \(error))"
    }
  }

  private func write(_ contents: String) throws(SnapshotError) {
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      throw SnapshotError(.fileError, "could not record snapshot at \(file.path): \(error)")
    }
  }
}

/// A snapshot name becomes a file name: it must be one plain path component.
private func checkSnapshotName(_ name: String) throws(SnapshotError) {
  let problem: String? =
    if name.isEmpty {
      "is empty"
    } else if name.contains("/") || name.contains("\\") {
      "contains a path separator"
    } else if name.hasPrefix(".") {
      "starts with a dot"
    } else if name.contains(where: \.isNewline) {
      "contains a line break"
    } else {
      nil
    }
  guard let problem else { return }
  throw SnapshotError(
    .invalidName,
    "snapshot name '\(name)' \(problem); use letters, digits, '-' and '_', such as "
      + "'registration-after-tap'")
}
