import Foundation
import Headless
import Testing

@testable import HeadlessTesting

@Suite final class SnapshotTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("SnapshotTests-\(UUID().uuidString)")

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func aMissingSnapshotIsRecordedAndFailsInModeMissing() throws {
    let failures = collectFailures {
      try assertSnapshot(of: "Label #a", named: "new", in: directory, recording: .missing)
    }
    #expect(failures.map(\.kind) == [.recorded])
    #expect(
      failures.first?.message.hasPrefix(
        "recorded snapshot 'new' at \(file("new").path) (mode missing (passed to "
          + "assertSnapshot)): no snapshot existed; read it") == true)
    #expect(try String(contentsOf: file("new"), encoding: .utf8) == "Label #a\n")
    #expect(
      collectFailures {
        try assertSnapshot(of: "Label #a", named: "new", in: directory, recording: .missing)
      }.isEmpty)
  }

  @Test func modeNeverWritesNothingAndSaysHowToRecordLocally() {
    let failures = collectFailures {
      try assertSnapshot(of: "x", named: "absent", in: directory, recording: .never)
    }
    #expect(failures.map(\.kind) == [.missing])
    #expect(
      failures.first?.message
        == "snapshot 'absent' is missing: \(file("absent").path) does not exist, and mode never "
        + "(passed to assertSnapshot) writes nothing. Record it locally (SNAPSHOT_RECORDING="
        + "missing swift test --filter SnapshotTests), read it, and commit it")
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func theModeComesFromTheEnvironmentAndCINeverRecords() throws {
    #expect(try SnapshotRecording.fromEnvironment([:]) == (.missing, "the default outside CI"))
    #expect(
      try SnapshotRecording.fromEnvironment(["CI": "true"])
        == (.never, "the default when CI is set"))
    #expect(try SnapshotRecording.fromEnvironment(["CI": "1"]).mode == .never)
    #expect(try SnapshotRecording.fromEnvironment(["CI": "false"]).mode == .missing)
    #expect(
      try SnapshotRecording.fromEnvironment(["CI": "1", "SNAPSHOT_RECORDING": "failed"])
        == (.failed, "SNAPSHOT_RECORDING=failed"))
    let error = #expect(throws: SnapshotError.self) {
      try SnapshotRecording.fromEnvironment(["SNAPSHOT_RECORDING": "yes"])
    }
    #expect(error?.kind == .invalidRecordingMode)
    #expect(
      error?.message
        == "SNAPSHOT_RECORDING=yes is not a recording mode; use one of never, missing, failed, all")
  }

  @Test func aScopedModeOverridesTheEnvironment() throws {
    try withSnapshotRecording(.never) {
      #expect(try SnapshotRecording.inEffect().mode == .never)
      let inner = try withSnapshotRecording(.all) { try SnapshotRecording.inEffect().mode }
      #expect(inner == .all)
      let kept = try withSnapshotRecording(nil) { try SnapshotRecording.inEffect().mode }
      #expect(kept == .never, "nil keeps the outer mode")
    }
  }

  @Test(.snapshots(record: .failed)) func aTraitSetsTheModeOfATest() throws {
    #expect(try SnapshotRecording.inEffect() == (.failed, SnapshotRecording.scopedReason))
  }

  @Test func aMismatchFailsWithHunksAndKeepsTheStoredFile() throws {
    let stored = (1...30).map { "  Label #l\($0)" }.joined(separator: "\n") + "\n"
    try record(stored, as: "tree")
    let rendered = stored.replacingOccurrences(of: "#l15\n", with: "#l15 text=\"x\"\n")
    let failures = collectFailures {
      try assertSnapshot(of: rendered, named: "tree", in: directory, recording: .missing)
    }
    #expect(failures.map(\.kind) == [.mismatch])
    #expect(
      failures.first?.message
        == """
        snapshot 'tree' does not match \(file("tree").path) (mode missing (passed to \
        assertSnapshot)); - stored, + rendered:
        @@ -13,5 +13,5 @@
           Label #l13
           Label #l14
        -  Label #l15
        +  Label #l15 text="x"
           Label #l16
           Label #l17
        To accept the rendered text: pass recording: .failed to the assertion (the mode passed \
        to assertSnapshot wins over SNAPSHOT_RECORDING), run the test, and take it out again
        """)
    #expect(try String(contentsOf: file("tree"), encoding: .utf8) == stored)
  }

  /// A stored file checked out with CRLF line endings holds the same lines as the render.
  @Test func aStoredSnapshotWithCRLFLineEndingsMatches() throws {
    try record("Label #a\r\nLabel #b\r\n", as: "crlf")
    #expect(
      collectFailures {
        try assertSnapshot(
          of: "Label #a\nLabel #b", named: "crlf", in: directory, recording: .never)
      }.isEmpty)
  }

  /// A changed CRLF file shows only the line that changed, and says its line endings.
  @Test func aChangedCRLFSnapshotShowsOnlyTheChangedLine() throws {
    try record("Label #a\r\nLabel #b\r\n", as: "crlfChanged")
    let failures = collectFailures {
      try assertSnapshot(
        of: "Label #a\nLabel #c", named: "crlfChanged", in: directory, recording: .never)
    }
    let message = failures.first?.message ?? ""
    #expect(message.contains("-Label #b\n+Label #c"), "\(message)")
    #expect(!message.contains("␍"))
    #expect(message.contains("(the stored file has CRLF line endings, read as LF)"))
  }

  /// A diff of CRLF text against LF text shows each line, its carriage return marked, not one
  /// line without a final newline.
  @Test func aDiffOfCRLFAgainstLFTextShowsEachLineWithItsCarriageReturn() {
    #expect(
      unifiedDiff(from: "a\r\nb\r\n", to: "a\nb\n") == """
        @@ -1,2 +1,2 @@
        -a␍  ⟵ a carriage return (CRLF line ending)
        -b␍  ⟵ a carriage return (CRLF line ending)
        +a
        +b
        """)
    #expect(
      unifiedDiff(from: "a\r\nb", to: "a\nb") == """
        @@ -1,2 +1,2 @@
        -a␍  ⟵ a carriage return (CRLF line ending)
        +a
         b
        \\ No newline at end of file
        """)
  }

  @Test func modeFailedReRecordsOnlyWhatDiffers() throws {
    try record("same\n", as: "same")
    try record("old\n", as: "changed")
    let failures = collectFailures {
      try assertSnapshot(of: "same", named: "same", in: directory, recording: .failed)
      try assertSnapshot(of: "new", named: "changed", in: directory, recording: .failed)
    }
    #expect(failures.map(\.kind) == [.recorded])
    #expect(
      failures.first?.message.contains("it did not match:\n@@ -1,1 +1,1 @@\n-old\n+new") == true)
    #expect(try String(contentsOf: file("changed"), encoding: .utf8) == "new\n")
  }

  @Test func modeAllReRecordsEverythingAndStillFails() throws {
    try record("old\n", as: "page")
    let failures = collectFailures {
      try assertSnapshot(of: "old", named: "page", in: directory, recording: .all)
    }
    #expect(failures.map(\.kind) == [.recorded])
    #expect(
      failures.first?.message.contains("(mode all (passed to assertSnapshot)), unchanged") == true)
  }

  @Test func tenMissingSnapshotsAreAllRecordedInOneRunThenFailOnce() throws {
    let line: UInt = #line + 2
    let failures = collectFailures {
      try withSnapshotRecording(.missing) {
        for step in 1...10 {
          try assertSnapshot(of: "step \(step)", named: "step-\(step)", in: directory)
        }
      }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.site.line == line)
    let message = failures.first?.message ?? ""
    #expect(message.hasPrefix("recorded 10 snapshots; read them, then run the tests again:\n"))
    for step in 1...10 {
      #expect(message.contains("  step-\(step): new, at \(file("step-\(step)").path)"))
      #expect(try String(contentsOf: file("step-\(step)"), encoding: .utf8) == "step \(step)\n")
    }
  }

  @Test func theTraitReportsEveryRecordingOfATestOnceAtTheTest() async throws {
    let test = try #require(Test.current)
    let directory = directory
    let collector = FailureCollector()
    try await FailureReporter.$collector.withValue(collector) {
      try await SnapshotRecordingTrait(mode: .missing).provideScope(
        for: test, testCase: Test.Case.current
      ) {
        #expect(try SnapshotRecording.inEffect().mode == .missing)
        try assertSnapshot(of: "a", named: "trait-a", in: directory)
        try assertSnapshot(of: "b", named: "trait-b", in: directory)
      }
    }
    let failures = collector.failures
    #expect(failures.count == 1)
    #expect(failures.first?.site.line == UInt(test.sourceLocation.line))
    #expect(failures.first?.message.hasPrefix("recorded 2 snapshots; read them") == true)
  }

  @Test(arguments: ["", "a/b", ".hidden", "two\nlines"].map(EscapedArgument.init))
  func aNameThatIsNotAPlainFileNameIsRejected(name: EscapedArgument) throws {
    let failures = collectFailures {
      try assertSnapshot(of: "x", named: name.text, in: directory, recording: .missing)
    }
    #expect(failures.map(\.kind) == [.invalidName])
    #expect(failures.first?.message.hasPrefix("snapshot name '\(name.text)' ") == true)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  // Reporting: at the caller's line through the framework that runs the test, thrown otherwise.

  @Test func underSwiftTestingAFailureIsAnIssueAtTheCallersLine() throws {
    #expect(FailureReporter.destination == .swiftTesting)
    let line = #line + 2
    try withKnownIssue {
      try assertSnapshot(of: "x", named: "absent", in: directory, recording: .never)
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        && issue.sourceLocation?.filePath == #filePath
        && issue.comments.contains { $0.rawValue.hasPrefix("snapshot 'absent' is missing") }
    }
  }

  @Test func withNoFrameworkRunningAFailureIsThrown() {
    let error = FailureReporter.$forcedDestination.withValue(.thrown) {
      #expect(throws: SnapshotError.self) {
        try assertSnapshot(of: "x", named: "absent", in: directory, recording: .never)
      }
    }
    #expect(error?.kind == .missing)
  }

  // Diffs.

  @Test func theUnifiedDiffMarksTrailingWhiteSpaceAndAMissingFinalNewline() {
    #expect(
      unifiedDiff(from: "a\nb\n", to: "a\nb \n")
        == "@@ -1,2 +1,2 @@\n a\n-b\n+b·  ⟵ trailing white space")
    #expect(
      unifiedDiff(from: "a\nb", to: "a\nb\n")
        == "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b")
    #expect(unifiedDiff(from: "same\n", to: "same\n") == "")
  }

  @Test func theUnifiedDiffSplitsDistantChangesIntoHunksAndFitsOnOneScreen() {
    let old = (1...100).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let new = old.replacingOccurrences(of: "line 3\n", with: "line three\n")
      .replacingOccurrences(of: "line 90\n", with: "")
    #expect(
      unifiedDiff(from: old, to: new, context: 1)
        == "@@ -2,3 +2,3 @@\n line 2\n-line 3\n+line three\n line 4\n"
        + "@@ -89,3 +89,2 @@\n line 89\n-line 90\n line 91")
    let everything = (1...100).map { "other \($0)" }.joined(separator: "\n")
    let long = unifiedDiff(from: old, to: everything)
    #expect(long.split(separator: "\n").count == 41)
    #expect(long.hasSuffix("… 162 more lines of the diff not shown"))
  }

  @Test func theUnifiedDiffWithEveryLineAsContextShowsBothTextsWhole() {
    let old = "a\nb\nc\n" + (1...50).map { "line \($0)\n" }.joined()
    let new = "a\nB\nc\n" + (1...50).map { "line \($0)\n" }.joined() + "d\n"
    let diff = unifiedDiff(from: old, to: new, context: .max, limit: .max)
    #expect(diff.hasPrefix("@@ -1,53 +1,54 @@\n a\n-b\n+B\n c\n line 1\n"))
    #expect(diff.hasSuffix(" line 50\n+d"))
    #expect(diff.split(separator: "\n").count == 56)
  }

  private func file(_ name: String) -> URL {
    directory.appendingPathComponent("\(name).txt")
  }

  private func record(_ text: String, as name: String) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try text.write(to: file(name), atomically: true, encoding: .utf8)
  }
}

/// The failures `body` reports, gathered instead of reported.
func collectFailures(
  _ body: () throws -> Void
) -> [(kind: SnapshotError.Kind?, message: String, site: CallSite)] {
  let collector = FailureCollector()
  FailureReporter.$collector.withValue(collector) {
    do {
      try body()
    } catch {
      Issue.record(error, "the body threw instead of reporting")
    }
  }
  return collector.failures.map { (($0.error as? SnapshotError)?.kind, $0.message, $0.site) }
}
