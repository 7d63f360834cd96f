public import Foundation
public import Headless
public import HeadlessTesting
public import Pictures

/// Compares a picture of `root` (``Pictures/Picture/svg(of:width:)``) with a snapshot file, and
/// records it as the recording mode in effect says: a text snapshot's rules, for pictures.
///
/// The file is `__Snapshots__/<TestFile>/<name>.svg` beside the calling test file unless
/// `directory` is given; the recording modes and the CI rule are those of
/// `assertSnapshot(of:named:in:recording:pathExtension:)`. When the picture does not match, the
/// failure shows the lines that differ and names an HTML page of the temporary directory
/// showing the stored and the drawn picture side by side.
///
/// - Parameters:
///   - root: The widget tree to draw: a mounted screen's `root` (unwrapped), or an app's
///     `AppHost.view`.
///   - name: The snapshot's name, one plain file name such as `registration-after-tap`.
///   - width: The picture's width in pixels.
///   - directory: The folder of the snapshot file, or `nil` for the one beside the test file.
///   - recording: The mode, or `nil` for the mode in effect.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`; the default folder is beside it.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
/// - Throws: `SnapshotError` when no test framework is running and the picture did not match,
///   was missing, or was recorded.
@MainActor
public func assertPictureSnapshot(
  of root: Widget, named name: String, width: Int = Picture.defaultWidth, in directory: URL? = nil,
  recording: SnapshotRecording? = nil, fileID: String = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws(SnapshotError) {
  try assertSnapshot(
    of: Picture.svg(of: root, width: width), named: name, in: directory, recording: recording,
    pathExtension: "svg", fileID: fileID, filePath: filePath, line: line, column: column)
}
