import Foundation
import Headless
import Testing

@Suite final class SnapshotTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("SnapshotTests-\(UUID().uuidString)")

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func aMissingSnapshotIsRecordedAndFails() throws {
    let error = #expect(throws: SnapshotError.self) {
      try assertSnapshot(of: "Label #a", named: "new", in: directory, recording: .missing)
    }
    #expect(error?.message.contains("because no snapshot existed; read it") == true)
    let file = directory.appendingPathComponent("new.txt")
    #expect(try String(contentsOf: file, encoding: .utf8) == "Label #a\n")
    try assertSnapshot(of: "Label #a", named: "new", in: directory, recording: .missing)
  }

  @Test func aMismatchFailsWithALineDiffAndKeepsTheStoredFile() throws {
    try record("VStack #root\n  Label #a text=\"1\"\n  Label #b\n", as: "tree")
    let error = #expect(throws: SnapshotError.self) {
      try assertSnapshot(
        of: "VStack #root\n  Label #a text=\"2\"\n  Label #b", named: "tree", in: directory,
        recording: .missing)
    }
    let message = try #require(error?.message)
    #expect(message.contains("(- stored, + rendered):\n  VStack #root\n- "))
    #expect(message.contains(#"-   Label #a text="1""#))
    #expect(message.contains(#"+   Label #a text="2""#))
    #expect(message.hasSuffix("Run with RECORD_SNAPSHOTS=1 to accept the rendered text."))
    let stored = try String(
      contentsOf: directory.appendingPathComponent("tree.txt"), encoding: .utf8)
    #expect(stored.contains(#"text="1""#), "a failed comparison writes nothing")
  }

  @Test func recordingAllRewritesAndStillFails() throws {
    try record("old\n", as: "page")
    let error = #expect(throws: SnapshotError.self) {
      try assertSnapshot(of: "new", named: "page", in: directory, recording: .all)
    }
    #expect(error?.message.contains("because recording is on") == true)
    let stored = try String(
      contentsOf: directory.appendingPathComponent("page.txt"), encoding: .utf8)
    #expect(stored == "new\n")
  }

  @Test(arguments: ["", "a/b", ".hidden", "two\nlines"])
  func aNameThatIsNotAPlainFileNameIsRejected(name: String) throws {
    let error = #expect(throws: SnapshotError.self) {
      try assertSnapshot(of: "x", named: name, in: directory, recording: .missing)
    }
    #expect(error?.message.hasPrefix("snapshot name '\(name)' ") == true)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func theLineDiffMarksRemovedAndAddedLines() {
    #expect(lineDiff(from: "a\nb\nc", to: "a\nB\nc\nd") == "  a\n- b\n+ B\n  c\n+ d")
  }

  private func record(_ text: String, as name: String) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try text.write(
      to: directory.appendingPathComponent("\(name).txt"), atomically: true, encoding: .utf8)
  }
}
