import Headless

/// Runs driver calls that must fail, and returns their failure instead of reporting it: the
/// test kit's counterpart of `#expect(throws: DriverError.self)`, which cannot be used for
/// driver calls because a failing driver call reports an issue at its own line and stops the
/// test.
///
/// ```swift
/// let error = await expectDriverFailure { try await driver.tap("svae") }
/// #expect(error?.kind == .missingWidget)
/// ```
///
/// When `body` succeeds, or fails with another error, an issue is reported at this call's line
/// under Swift Testing or XCTest, and the result is `nil`.
///
/// - Parameters:
///   - fileID: Where the call is written; leave the default.
///   - filePath: The file's path, for the frameworks; leave the default.
///   - line: The line the call is written on; leave the default.
///   - column: The column the call is written at; leave the default.
///   - body: The driver calls, the last of which should fail.
/// - Returns: The driver's failure, or `nil` when `body` did not fail with one.
@MainActor
@discardableResult
public func expectDriverFailure<R>(
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, _ body: () async throws -> R
) async -> DriverError? {
  let why: String
  do {
    _ = try await FailureReporter.$expectsDriverFailure.withValue(true) { try await body() }
    why = "expected a driver failure, but the calls succeeded"
  } catch let error as DriverError {
    return error
  } catch {
    why = "expected a driver failure, but the calls failed with another error: \(error)"
  }
  try? FailureReporter.report(
    DriverError(why, kind: .invalidRequest),
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return nil
}
