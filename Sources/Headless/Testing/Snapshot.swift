public import Foundation

/// When a snapshot assertion writes the snapshot file instead of only comparing.
public enum SnapshotRecording: Hashable, Sendable {
  /// Records snapshots that do not exist yet (and fails, so they are read before they are
  /// trusted); compares the others.
  case missing
  /// Re-records every compared snapshot, and fails each assertion so that a re-record never
  /// passes silently.
  case all

  /// `.all` when the environment variable `RECORD_SNAPSHOTS` is set to anything but empty,
  /// `0`, `false` or `no`; `.missing` otherwise.
  public static var fromEnvironment: Self {
    let value = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] ?? ""
    return ["", "0", "false", "no"].contains(value.lowercased()) ? .missing : .all
  }
}

/// Compares `text` with the snapshot file `__Snapshots__/<TestFile>/<name>.txt` beside the
/// calling test file.
///
/// - A missing file is recorded and the assertion fails, so a new snapshot is read before it is
///   trusted.
/// - With the environment variable `RECORD_SNAPSHOTS=1`, every compared snapshot is re-recorded
///   and the assertion fails, so a re-record never passes silently.
/// - A mismatch fails with a line diff: `-` lines are the stored snapshot, `+` lines are new.
///
/// Works from any test framework: the failure is a thrown ``SnapshotError``.
public func assertSnapshot(
  of text: String, named name: String, filePath: StaticString = #filePath
) throws(SnapshotError) {
  let testFile = URL(fileURLWithPath: "\(filePath)")
  let folder = testFile.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  try assertSnapshot(of: text, named: name, in: folder, recording: .fromEnvironment)
}

/// Compares `text` with the snapshot file `<name>.txt` in `directory`, recording as
/// `recording` says.
public func assertSnapshot(
  of text: String, named name: String, in directory: URL, recording: SnapshotRecording
) throws(SnapshotError) {
  try checkSnapshotName(name)
  let file = directory.appendingPathComponent("\(name).txt")
  let contents = text.hasSuffix("\n") ? text : text + "\n"
  let stored = try? String(contentsOf: file, encoding: .utf8)
  if stored == nil || recording == .all {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try contents.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      throw SnapshotError(message: "could not record snapshot at \(file.path): \(error)")
    }
    let why = stored == nil ? "no snapshot existed" : "recording is on (RECORD_SNAPSHOTS)"
    throw SnapshotError(
      message: "recorded snapshot '\(name)' at \(file.path) because \(why); read it, then run "
        + "the test again without RECORD_SNAPSHOTS")
  }
  guard let stored, stored != contents else { return }
  throw SnapshotError(
    message: "snapshot '\(name)' does not match \(file.path) (- stored, + rendered):\n"
      + lineDiff(from: stored, to: contents)
      + "\nRun with RECORD_SNAPSHOTS=1 to accept the rendered text.")
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
    message: "snapshot name '\(name)' \(problem); use letters, digits, '-' and '_', such as "
      + "'registration-after-tap'")
}

/// Why a snapshot assertion failed.
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

/// A line diff of two texts: unchanged lines start with two spaces, removed lines with `- `,
/// added lines with `+ `.
public func lineDiff(from old: String, to new: String) -> String {
  let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let difference = newLines.difference(from: oldLines)
  var removed = Set<Int>()
  var inserted = Set<Int>()
  for change in difference {
    switch change {
    case .remove(let offset, _, _): removed.insert(offset)
    case .insert(let offset, _, _): inserted.insert(offset)
    }
  }
  var lines: [String] = []
  var i = 0
  var j = 0
  while i < oldLines.count || j < newLines.count {
    if i < oldLines.count && removed.contains(i) {
      lines.append("- " + oldLines[i])
      i += 1
    } else if j < newLines.count && inserted.contains(j) {
      lines.append("+ " + newLines[j])
      j += 1
    } else {
      if i < oldLines.count { lines.append("  " + oldLines[i]) }
      i += 1
      j += 1
    }
  }
  return lines.joined(separator: "\n")
}
