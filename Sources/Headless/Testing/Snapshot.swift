import Foundation

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
  let file = folder.appendingPathComponent("\(name).txt")
  let contents = text.hasSuffix("\n") ? text : text + "\n"
  let recordAll =
    ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"].map {
      !["", "0", "false", "no"].contains($0.lowercased())
    } ?? false
  let stored = try? String(contentsOf: file, encoding: .utf8)
  if stored == nil || recordAll {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try contents.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      throw SnapshotError(message: "could not record snapshot at \(file.path): \(error)")
    }
    let why = stored == nil ? "no snapshot existed" : "RECORD_SNAPSHOTS is set"
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
