#if canImport(Testing)
  public import Testing
  import Headless

  /// A Swift Testing trait that sets the snapshot recording mode of a test, or of every test of
  /// a suite, and reports the snapshots each test recorded once, when the test ends.
  ///
  /// ```swift
  /// @Test(.snapshots(record: .failed))
  /// func greetsWhoTypesTheirName() async throws {
  ///   let driver = try ScreenDriver(GreetingScreen(), model: GreetingViewModel())
  ///   try await driver.type("Ada", into: "name")
  ///   try driver.assertSnapshot(named: "greeting")
  /// }
  /// ```
  public struct SnapshotRecordingTrait: TestTrait, SuiteTrait, TestScoping {
    /// The mode inside, or `nil` to keep the environment's.
    public let mode: SnapshotRecording?

    /// A suite's mode applies to every test in it.
    public var isRecursive: Bool { true }

    /// A scope for each test case, never for a suite as a whole, so that each test reports
    /// its own recordings.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, `nil` for a suite or a test before its cases run.
    /// - Returns: This trait for a test case, `nil` otherwise.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
      testCase == nil ? nil : self
    }

    /// Runs `function` with the mode set, then reports what it recorded at the test.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: The test case.
    ///   - function: The test case's body.
    /// - Throws: What `function` throws.
    @concurrent public func provideScope(
      for test: Test, testCase: Test.Case?,
      performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
      let scope = SnapshotScope(mode: mode)
      try await SnapshotScope.$current.withValue(scope) { try await function() }
      let location = test.sourceLocation
      try scope.reportRecordings(
        at: CallSite(
          fileID: location.fileID, filePath: location.filePath, line: UInt(location.line),
          column: UInt(location.column)))
    }
  }

  extension Trait where Self == SnapshotRecordingTrait {
    /// Sets the snapshot recording mode of a test or of every test of a suite, and reports what
    /// each test recorded once, when it ends.
    ///
    /// - Parameter mode: The mode, or `nil` to keep the environment's and only gather the
    ///   recordings into one failure.
    /// - Returns: The trait.
    public static func snapshots(record mode: SnapshotRecording?) -> Self {
      SnapshotRecordingTrait(mode: mode)
    }
  }
#endif
