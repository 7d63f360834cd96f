import Foundation
import Headless
import HeadlessTesting
import Testing

/// `expectSnapshotFailure` returns the failure of a snapshot assertion instead of reporting it,
/// so that a test can check what it says.
@MainActor
@Suite final class ExpectSnapshotFailureTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("ExpectSnapshotFailureTests-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try "stored\n".write(
      to: directory.appendingPathComponent("stored.txt"), atomically: true, encoding: .utf8)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func aMismatchIsReturnedWithItsDiffAndNotReported() {
    let failure = expectSnapshotFailure {
      try assertSnapshot(of: "changed", named: "stored", in: directory, recording: .never)
    }
    #expect(failure?.kind == .mismatch)
    #expect(failure?.message.contains("-stored\n+changed") == true)
  }

  @Test func aSnapshotRecordedInsideIsReturnedNotReportedByTheOuterScope() throws {
    let failure = try withSnapshotRecording(.missing) {
      expectSnapshotFailure {
        try assertSnapshot(of: "new", named: "new", in: directory)
      }
    }
    #expect(failure?.kind == .recorded)
    #expect(failure?.message.hasPrefix("recorded 1 snapshot; read it") == true)
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("new.txt").path))
  }

  @Test func snapshotsThatMatchAreAnIssueAtTheCall() {
    let line = #line + 2
    withKnownIssue {
      let failure = expectSnapshotFailure {
        try assertSnapshot(of: "stored", named: "stored", in: directory, recording: .never)
      }
      #expect(failure == nil)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.contains {
          $0.rawValue == "expected a snapshot failure, but every snapshot matched"
        }
    }
  }

  @Test func theFirstFailureIsReturnedAndTheOthersReportedAtTheirLines() {
    let line = #line + 4
    withKnownIssue {
      let failure = expectSnapshotFailure {
        try assertSnapshot(of: "one", named: "stored", in: directory, recording: .never)
        try assertSnapshot(of: "two", named: "stored", in: directory, recording: .never)
      }
      #expect(failure?.message.contains("+one") == true)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.contains { $0.rawValue.contains("+two") }
    }
  }

  @Test func aFailedDriverCallInsideIsAnIssueAtTheCall() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    let line = #line + 2
    await withKnownIssue {
      let failure = await expectSnapshotFailure {
        try await driver.tap("svae")
        try assertSnapshot(of: driver.render(), named: "stored", in: directory, recording: .never)
      }
      #expect(failure == nil)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.contains {
          $0.rawValue.hasPrefix(
            "expected a snapshot failure, but the calls failed with another error: ")
            && $0.rawValue.contains("no widget 'svae'")
        }
    }
  }

  @Test func aMismatchAfterDriverStepsIsReturned() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    let failure = await expectSnapshotFailure {
      try await driver.type("Ada", into: "name")
      try assertSnapshot(of: driver.render(), named: "stored", in: directory, recording: .never)
    }
    #expect(failure?.kind == .mismatch)
    #expect(failure?.message.contains(#"+  TextField #name text="Ada" placeholder="Name""#) == true)
  }
}
