/// Where an assertion or a driver call was written: the caller's `#fileID`, `#filePath`,
/// `#line` and `#column`, which every entry point of the test kit takes as defaults.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
  /// The caller's `#fileID`, such as `MyAppTests/SignUpTests.swift`.
  public let fileID: String
  /// The caller's `#filePath`, the file's absolute path when it was compiled.
  public let filePath: String
  /// The caller's `#line`.
  public let line: UInt
  /// The caller's `#column`.
  public let column: UInt
  /// The same path as a static string, which XCTest's `XCTFail` takes.
  package private(set) var staticFilePath: StaticString?

  /// A call site; every parameter defaults to the caller's own location.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`.
  ///   - filePath: The caller's `#filePath`.
  ///   - line: The caller's `#line`.
  ///   - column: The caller's `#column`.
  public init(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(fileID: fileID, filePath: "\(filePath)", line: line, column: column)
    staticFilePath = filePath
  }

  /// A call site known only by its path as a string (a Swift Testing source location).
  package init(fileID: String, filePath: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `fileID:line:column`.
  public var description: String { "\(fileID):\(line):\(column)" }

  /// Whether two call sites name the same place.
  ///
  /// - Parameters:
  ///   - lhs: A call site.
  ///   - rhs: Another.
  /// - Returns: Whether their file, line and column are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.fileID, lhs.filePath, lhs.line, lhs.column)
      == (rhs.fileID, rhs.filePath, rhs.line, rhs.column)
  }

  /// Hashes the file, line and column.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fileID)
    hasher.combine(filePath)
    hasher.combine(line)
    hasher.combine(column)
  }
}
