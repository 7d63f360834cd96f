import BindingDSL
import Foundation

/// The snapshot files a run touched, appended one path a line to the file that the environment
/// variable `SNAPSHOT_USAGE_LOG` names, so that `Scripts/snapshots` can list (and remove) the
/// files no test touched.
package enum SnapshotUsage {
  /// The environment variable naming the log.
  private static let environmentVariable = "SNAPSHOT_USAGE_LOG"

  private static let log: Lock<FileHandle?> = {
    guard let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty
    else { return Lock(nil) }
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    let handle = FileHandle(forWritingAtPath: path)
    _ = try? handle?.seekToEnd()
    return Lock(handle)
  }()

  /// Notes that a test compared `file`.
  static func note(_ file: URL) {
    log.withLock { handle in
      guard let handle else { return }
      let line = file.standardizedFileURL.path + "\n"
      try? handle.write(contentsOf: Data(line.utf8))
    }
  }
}
