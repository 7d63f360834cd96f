import BindingDSL
import Headless

#if canImport(Testing)
  internal import Testing
#endif
#if canImport(XCTest)
  internal import XCTest
#endif

/// Reports test failures at a call site through the test framework that is running.
///
/// - Under Swift Testing (a `@Test` is running on this task), an issue is recorded with the
///   call site as its source location, and the test goes on.
/// - Under XCTest (the process is an XCTest run), `XCTFail` is called with the call site's
///   file and line, and the test goes on.
/// - Otherwise the failure is thrown.
///
/// Both frameworks ship with the toolchain, so importing them adds no package dependency; they
/// are imported only by this test-kit module, never by `Headless`.
package enum FailureReporter {
  /// Where failures go.
  package enum Destination: Sendable, Equatable {
    /// Swift Testing's issue recording.
    case swiftTesting
    /// XCTest's failure reporting.
    case xcTest
    /// Thrown to the caller.
    case thrown
  }

  /// The destination used for failures reported on this task, overriding detection (tests of
  /// the reporter use it to see the thrown form from inside a running test).
  @TaskLocal package static var forcedDestination: Destination?

  /// Collects failures instead of reporting them, when set (the kit's own tests read messages
  /// through it).
  @TaskLocal package static var collector: FailureCollector?

  /// Where a failure reported now would go.
  package static var destination: Destination {
    if let forcedDestination { return forcedDestination }
    #if canImport(Testing)
      if Test.current != nil { return .swiftTesting }
    #endif
    #if canImport(XCTest)
      if isXCTestProcess { return .xcTest }
    #endif
    return .thrown
  }

  /// Reports `error` at `site`: recorded by the running framework (and the caller goes on), or
  /// thrown when no framework is running.
  package static func report<E: Error & CustomStringConvertible>(
    _ error: E, at site: CallSite
  ) throws(E) {
    if let collector {
      collector.append(error, at: site)
      return
    }
    if record(error.description, at: site) == nil { throw error }
  }

  /// Whether a driver failure is expected in this task (inside ``expectDriverFailure``), so it
  /// is thrown and not reported.
  @TaskLocal package static var expectsDriverFailure = false

  /// Reports a driver failure at its call site and stops the test: under Swift Testing an issue
  /// at the call site, then the test is cancelled (one failure, at the user's line); under
  /// XCTest `XCTFail` at the call site, then `XCTSkip` stops the test method; otherwise, or
  /// inside ``expectDriverFailure``, the error is thrown.
  ///
  /// - Parameter error: The failure, with its call site.
  /// - Throws: `error` itself when no framework runs the test or a failure is expected, else what
  ///   stops the test.
  package static func stop(after error: DriverError) throws -> Never {
    guard !expectsDriverFailure, collector == nil, let site = error.callSite else { throw error }
    switch record(error.message, at: site) {
    case .swiftTesting?:
      #if canImport(Testing)
        try Test.cancel("stopped after the driver failure at \(site)")
      #endif
    case .xcTest?:
      #if canImport(XCTest)
        throw XCTSkip("stopped after the driver failure at \(site)")
      #endif
    case .thrown?, nil:
      break
    }
    throw error
  }

  /// Records `message` as a failure at `site` in the framework running the test.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - site: Where the test called what failed.
  /// - Returns: The framework that recorded it, or `nil` when none runs the test.
  private static func record(_ message: String, at site: CallSite) -> Destination? {
    switch destination {
    case .swiftTesting:
      #if canImport(Testing)
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: site.fileID, filePath: site.filePath, line: Int(site.line),
            column: Int(site.column)))
        return .swiftTesting
      #else
        return nil
      #endif
    case .xcTest:
      #if canImport(XCTest)
        if let file = site.staticFilePath {
          XCTFail(message, file: file, line: site.line)
        } else {
          XCTFail("\(site): \(message)")
        }
        return .xcTest
      #else
        return nil
      #endif
    case .thrown:
      return nil
    }
  }

  /// Whether this process runs XCTest tests: an XCTest runner (`*.xctest` on Linux, `xctest`
  /// on Apple platforms) that was not started for Swift Testing's pass.
  private static let isXCTestProcess: Bool = {
    let arguments = CommandLine.arguments
    if let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count {
      return arguments[flag + 1] == "xctest"
    }
    guard let executable = arguments.first?.split(separator: "/").last else { return false }
    return executable.hasSuffix(".xctest") || executable == "xctest"
  }()
}

/// Failures gathered instead of reported, with where each was reported.
package final class FailureCollector: Sendable {
  /// One gathered failure.
  package struct Failure: Sendable {
    /// What the failure says.
    package let message: String
    /// The error that was reported.
    package let error: any Error
    /// Where it was reported.
    package let site: CallSite
  }

  private let items = Lock<[Failure]>([])

  package init() {}

  /// The failures so far, in the order they were reported.
  package var failures: [Failure] { items.withLock { $0 } }

  func append<E: Error & CustomStringConvertible>(_ error: E, at site: CallSite) {
    items.withLock { $0.append(Failure(message: error.description, error: error, site: site)) }
  }
}
