import Foundation
import Testing

/// Every public symbol of the package is documented, parameters, return values and errors
/// included; swift-format's lint in CI checks the rest (see `DocumentationAudit`).
@Suite struct DocumentationAuditTests {
  @Test func everyPublicSymbolOfTheSourcesIsFullyDocumented() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let findings = try DocumentationAudit.findings(
      under: ["Sources", "Benchmarks/Sources"], root: root)
    #expect(findings.isEmpty, "\(findings.count) findings:\n\(findings.joined(separator: "\n"))")
  }

  @Test func aMissingParameterReturnValueOrErrorIsFound() {
    let source = """
      /// Adds.
      public func add(_ first: Int, to second: Int) -> Int { first + second }

      /// Loads.
      ///
      /// - Parameter name: The name.
      @MainActor
      public func load(
        name: String,
        retrying attempts: Int = 1
      ) throws(LoadError) {
      }

      /// Makes one.
      ///
      /// - Parameter value: The value.
      public init?(value: Int) {}

      internal func quiet(_ value: Int) -> Int { value }
      """
    #expect(
      DocumentationAudit.findings(in: source, file: "A.swift") == [
        "A.swift:2: `add` does not document its parameter `first`",
        "A.swift:2: `add` does not document its parameter `second`",
        "A.swift:2: `add` does not document what it returns (`- Returns:`)",
        "A.swift:8: `load` does not document its parameter `attempts`",
        "A.swift:8: `load` does not document what it throws (`- Throws:`)",
      ])
  }

  @Test func protocolRequirementsAndEnumCasesNeedAComment() {
    let source = """
      /// A source of values.
      public protocol Source {
        /// The value.
        var value: Int { get }
        func reset(to value: Int)
        associatedtype Element
      }

      /// A mode.
      public enum Mode {
        /// Fast.
        case fast
        case slow

        /// The other mode.
        public var other: Mode {
          switch self {
          case .fast: .slow
          case .slow: .fast
          }
        }
      }

      enum Hidden {
        case a
      }
      """
    #expect(
      DocumentationAudit.findings(in: source, file: "B.swift") == [
        "B.swift:5: `reset` has no documentation comment",
        "B.swift:6: protocol requirement `associatedtype Element` has no documentation comment",
        "B.swift:13: enum case `case slow` has no documentation comment",
      ])
  }

  @Test func aFullyDocumentedDeclarationHasNoFinding() {
    let source = """
      /// Combines two values.
      ///
      /// - Parameters:
      ///   - first: The first value.
      ///   - second: The second value; `"{"` in a string opens nothing.
      ///   - transform: How they combine.
      /// - Returns: The combination.
      /// - Throws: What `transform` throws.
      @discardableResult
      public func combine<Value>(
        _ first: Value, _ second: Value, transform: (Value, Value) throws -> Value
      ) rethrows -> Value {
        try transform(first, second)
      }

      /// The smaller of two.
      ///
      /// - Parameters:
      ///   - lhs: A value.
      ///   - rhs: Another.
      /// - Returns: Whether `lhs` is smaller.
      public static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

      /// Runs.
      ///
      /// - Parameter body: The body.
      /// - Throws: `BuildError` when the body is empty.
      public init(@Builder _ body: () -> [Int])
        throws(BuildError)
      {
      }

      /// Catches a mistake.
      ///
      /// - Parameter value: The wrong value.
      @available(
        *, unavailable,
        message: "a message too long for one line"
      )
      @MainActor
      public func mistake(_ value: Int) {}
      """
    #expect(DocumentationAudit.findings(in: source, file: "C.swift") == [])
  }
}
