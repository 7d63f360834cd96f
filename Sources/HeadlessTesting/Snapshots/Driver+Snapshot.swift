import Foundation
import Headless

extension Driver {
  /// Compares the rendered tree with the snapshot `name` stored beside the calling test file, as
  /// ``assertSnapshot(of:named:in:recording:pathExtension:fileID:filePath:line:column:)``
  /// does.
  ///
  /// ```swift
  /// try driver.assertSnapshot(named: "registered")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The snapshot's name, one plain file name.
  ///   - recording: The mode, or `nil` for the mode in effect.
  ///   - fileID: The caller's `#fileID`, where a failure is reported.
  ///   - filePath: The caller's `#filePath`; the snapshot folder is beside it.
  ///   - line: The caller's `#line`.
  ///   - column: The caller's `#column`.
  /// - Throws: ``SnapshotError`` when no test framework is running and the render differs,
  ///   was recorded, or there is nothing to render (the screen is unmounted; nothing is
  ///   recorded then).
  public func assertSnapshot(
    named name: String, recording: SnapshotRecording? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws(SnapshotError) {
    if let why = whyNothingRenders {
      try FailureReporter.report(
        SnapshotError(
          .nothingToRender,
          "cannot compare snapshot '\(name)': \(why), so there is no tree to render; take "
            + "snapshots before unmount()"),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    try HeadlessTesting.assertSnapshot(
      of: render(), named: name, recording: recording, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }
}
