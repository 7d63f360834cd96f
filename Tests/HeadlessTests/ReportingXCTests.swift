import Foundation
import Headless
import XCTest

@testable import HeadlessTesting

/// Under XCTest, the test kit's failures are XCTest failures at the caller's file and line,
/// and the test goes on after them.
final class ReportingXCTests: XCTestCase {
  private var recorded: [(description: String, file: String, line: Int)] = []
  private var captures = false

  #if os(Linux)
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard captures else {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        return
      }
      recorded.append((description, filePath, lineNumber))
    }
  #else
    override func record(_ issue: XCTIssue) {
      guard captures, let location = issue.sourceCodeContext.location else {
        super.record(issue)
        return
      }
      recorded.append(
        (issue.compactDescription, location.fileURL.path, location.lineNumber))
    }
  #endif

  func testAFailedSnapshotIsReportedAtTheCallersLineAndTheTestGoesOn() throws {
    XCTAssertEqual(FailureReporter.destination, .xcTest)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReportingXCTests-\(UUID().uuidString)")
    captures = true
    let line = #line + 1
    try assertSnapshot(of: "x", named: "absent", in: directory, recording: .never)
    try assertSnapshot(of: "y", named: "other", in: directory, recording: .never)
    captures = false
    XCTAssertEqual(recorded.map(\.line), [line, line + 1])
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertTrue(
      recorded.first?.description.contains("snapshot 'absent' is missing") == true,
      recorded.first?.description ?? "nothing recorded")
  }

  @MainActor
  func testAFailedDriverCallIsAFailureAtItsLineAndStopsTheTest() async throws {
    XCTAssertEqual(FailureReporter.destination, .xcTest)
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    captures = true
    let line = #line + 2
    do {
      try await driver.tap("svae")
      XCTFail("the failed call did not stop the test")
    } catch is XCTSkip {
      // NB: what stops the test method after the failure is reported.
    }
    captures = false
    XCTAssertEqual(recorded.map(\.line), [line])
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertTrue(
      recorded.first?.description.contains("no widget 'svae'") == true,
      recorded.first?.description ?? "nothing recorded")
  }
}
