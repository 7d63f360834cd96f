import Foundation
import Headless
import Testing

@testable import HeadlessTesting

/// The inline-snapshot rewriter on tricky sources (text in, text out), and the assertion
/// writing into a scratch source file.
@MainActor
@Suite struct InlineSnapshotTests {
  @Test func aRenderedScreenAsAnInlineSnapshot() async throws {
    let driver = try ScreenDriver(ProfileScreen(), model: ProfileViewModel())
    try await driver.type("Ada", into: "name")
    try assertInlineSnapshot(
      of: driver.render(),
      matches: """
        VStack #profile
          Label #title text="Profile"
          TextField #name text="Ada" placeholder="Name"
          Toggle #notify title="Notify me" isOn=false
          Button #save title="Save"
          VStack #advanced [hidden]
            Button #delete title="Delete account"
        """)
  }

  private func rewrite(_ source: String, line: Int, with text: String) throws -> String {
    try InlineSnapshotRewriter.rewrite(source, line: line, with: text)
  }

  @Test func aMissingExpectationIsAddedAfterTheFirstArgumentIndentedUnderTheCall() throws {
    let source = """
      func f() throws {
          try assertInlineSnapshot(of: render())
      }

      """
    #expect(
      try rewrite(source, line: 2, with: "VStack #root\n  Label #a")
        == """
        func f() throws {
            try assertInlineSnapshot(of: render(), matches: \"""
              VStack #root
                Label #a
              \""")
        }

        """)
  }

  @Test func aMultilineLiteralIsReplacedAndTheRestOfTheCallKept() throws {
    let source = """
        try assertInlineSnapshot(
          of: driver.render(), // the tree
          matches: \"""
            old
            \""", recording: .failed)
        next()
      """
    #expect(
      try rewrite(source, line: 1, with: "new\n\nlines")
        == """
          try assertInlineSnapshot(
            of: driver.render(), // the tree
            matches: \"""
              new

              lines
              \""", recording: .failed)
          next()
        """)
  }

  @Test func rawAndOneLineLiteralsAreReplacedAndTextThatNeedsARawLiteralGetsOne() throws {
    let raw = ##"assertInlineSnapshot(of: x, matches: #"a "quoted" \n"#)"##
    #expect(
      try rewrite(raw, line: 1, with: #"path\to"#)
        == ##"assertInlineSnapshot(of: x, matches: #""""##
        + "\n  path\\to\n  "
        + ##""""#)"##)
    let plain = #"assertInlineSnapshot(of: "(", matches: "old") // ) "#
    #expect(
      try rewrite(plain, line: 1, with: #"has """ inside"#)
        == ##"assertInlineSnapshot(of: "(", matches: #""""##
        + "\n  has \"\"\" inside\n  "
        + ##""""#) // ) "##)
  }

  @Test func anInterpolatedFirstArgumentIsSkippedCorrectly() throws {
    let source = #"assertInlineSnapshot(of: "\(f(")", 1))", matches: "x")"#
    #expect(
      try rewrite(source, line: 1, with: "y")
        == #"assertInlineSnapshot(of: "\(f(")", 1))", matches: """"# + "\n  y\n  \"\"\")")
  }

  @Test func twoCallsOnOneLineAreRefused() {
    let source = #"assertInlineSnapshot(of: a, matches: "1"); assertInlineSnapshot(of: b)"#
    #expect(
      throws: InlineSnapshotRewriter.Refusal(
        reason: "line 1 has 2 assertInlineSnapshot calls; put each on its own line so each can be "
          + "rewritten")
    ) {
      try rewrite(source, line: 1, with: "x")
    }
  }

  @Test func anInterpolatedExpectationIsRefused() {
    let source = #"assertInlineSnapshot(of: a, matches: "count \(n)")"#
    #expect(
      throws: InlineSnapshotRewriter.Refusal(
        reason: "the matches: literal on line 1 is interpolated, so its text is not known until it "
          + "runs; write it as a plain literal")
    ) {
      try rewrite(source, line: 1, with: "x")
    }
  }

  @Test func anExpectationThatIsNotALiteralIsRefused() {
    let source = #"assertInlineSnapshot(of: a, matches: expected + "!")"#
    #expect(throws: InlineSnapshotRewriter.Refusal.self) {
      try rewrite(source, line: 1, with: "x")
    }
  }

  @Test func aCallInACommentOrAStringIsNotACall() {
    let source = #"// assertInlineSnapshot(of: a)   let s = "assertInlineSnapshot(of: b)""#
    #expect(
      throws: InlineSnapshotRewriter.Refusal(
        reason: "line 1 has no assertInlineSnapshot( call")
    ) {
      try rewrite(source, line: 1, with: "x")
    }
  }

  @Test func aMissingExpectationGoesBeforeACommentAfterTheOnlyArgument() throws {
    let source = """
      try assertInlineSnapshot(
        of: render()  // the tree
      )
      """
    let rewritten = try rewrite(source, line: 1, with: "new")
    #expect(rewritten.contains("of: render(), matches: \"\"\""))
    #expect(rewritten.contains("\"\"\"  // the tree"))
  }

  @Test func commentsAroundTheExpectedLiteralAreKept() throws {
    let after = """
      try assertInlineSnapshot(
        of: render(),
        matches: "old" // the tree after saving
      )
      """
    let rewritten = try rewrite(after, line: 1, with: "new")
    #expect(rewritten.contains(#""" // the tree after saving"#))
    #expect(!rewritten.contains("old"))
    let before = #"try assertInlineSnapshot(of: render(), matches: /* tree */ "old")"#
    let second = try rewrite(before, line: 1, with: "new")
    #expect(second.hasPrefix("try assertInlineSnapshot(of: render(), matches: /* tree */ \"\"\""))
    #expect(!second.contains("old"))
  }

  @Test func aModuleQualifiedCallIsACallAndAnotherTypesMethodIsNot() throws {
    let qualified = try rewrite(
      "try HeadlessTesting.assertInlineSnapshot(of: render())", line: 1, with: "x")
    #expect(qualified.contains("matches: "))
    #expect(throws: InlineSnapshotRewriter.Refusal.self) {
      try rewrite("try helper.assertInlineSnapshot(of: render())", line: 1, with: "x")
    }
  }

  @Test func aFileWithCRLFLineEndingsIsRewrittenWithThem() throws {
    let source = "func f() throws {\r\n  try assertInlineSnapshot(of: render())\r\n}\r\n"
    let rewritten = try rewrite(source, line: 2, with: "Label #a")
    #expect(rewritten.contains("matches: "))
    #expect(rewritten.hasSuffix("}\r\n"))
    #expect(
      !rewritten.unicodeScalars.split(separator: "\n").dropLast().contains { $0.last != "\r" })
  }

  @Test func aFileMixingLineEndingsIsRefused() {
    let source = "func f() throws {\r\n  try assertInlineSnapshot(of: render())\n}\r\n"
    #expect(throws: InlineSnapshotRewriter.Refusal.self) {
      try rewrite(source, line: 2, with: "Label #a")
    }
  }

  @Test func theAssertionWritesThenPassesThenRewritesInPlace() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("InlineSnapshotTests-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: file) }
    let source = "try assertInlineSnapshot(of: first)\ntry assertInlineSnapshot(of: second)\n"
    try source.write(to: file, atomically: true, encoding: .utf8)
    func site(_ line: UInt) -> CallSite {
      CallSite(fileID: "Scratch.swift", filePath: file.path, line: line, column: 5)
    }
    let failures = collectFailures {
      try assertInlineSnapshot(of: "one\ntwo\n", matches: nil, recording: .missing, at: site(1))
      try assertInlineSnapshot(of: "three", matches: nil, recording: .missing, at: site(2))
    }
    #expect(failures.map(\.kind) == [.recorded, .recorded])
    #expect(
      failures.first?.message
        == "wrote the inline snapshot at Scratch.swift:1 (mode missing (passed to "
        + "assertInlineSnapshot)); read it, then run the test again")
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "try assertInlineSnapshot(of: first, matches: \"\"\"\n  one\n  two\n  \"\"\")\n"
        + "try assertInlineSnapshot(of: second, matches: \"\"\"\n  three\n  \"\"\")\n",
      "the second call was found below the lines the first rewrite added")
    #expect(
      collectFailures {
        try assertInlineSnapshot(
          of: "one\ntwo", matches: "one\ntwo", recording: .never, at: site(1))
      }.isEmpty)
    let mismatch = collectFailures {
      try assertInlineSnapshot(of: "one\n2", matches: "one\ntwo", recording: .never, at: site(1))
    }
    #expect(mismatch.map(\.kind) == [.mismatch])
    #expect(mismatch.first?.message.contains("@@ -1,2 +1,2 @@\n one\n-two\n+2") == true)
    #expect(
      mismatch.first?.message.hasSuffix(
        "To accept the actual text in place: pass recording: .failed to the assertion (the mode "
          + "passed to assertInlineSnapshot wins over SNAPSHOT_RECORDING), run the test, and take "
          + "it out again") == true,
      "a mode passed to the assertion is changed there: \(mismatch.first?.message ?? "")")
    let fromTheEnvironment = collectFailures {
      try assertInlineSnapshot(of: "one\n2", matches: "one\ntwo", recording: nil, at: site(1))
    }
    #expect(
      fromTheEnvironment.first?.message.hasSuffix(
        "To accept the actual text in place: SNAPSHOT_RECORDING=failed swift test --filter "
          + "Scratch") == true,
      "the hint records the test file's snapshots only: \(fromTheEnvironment.first?.message ?? "")")
  }
}
