import Foundation
import Headless
import HeadlessTesting
import Observation
import Testing

// The README's example, verbatim between the markers; `readmeShowsThisExample` keeps the two
// in step.
// README-EXAMPLE-BEGIN
@MainActor @Observable
final class SignUpViewModel: CommandOwner {
  let commands = CommandStore()
  var email = ""
  var agreed = false
  var canSubmit: Bool { email.contains("@") && agreed }

  var submit: Command<Void, Void> {
    .owned(by: self, enabledWhen: { $0.canSubmit }) { _ in }
  }
}

struct SignUpScreen: Screen {
  let email = TextField("email", placeholder: "Email")
  let agree = Toggle("agree", title: "I agree to the terms")
  let submit = Button("submit", title: "Sign up")

  var body: Widget {
    VStack("signUp") {
      email
      agree
      submit
    }
  }

  func bindings(_ vm: SignUpViewModel) -> [BindingDeclaration<SignUpViewModel>] {
    bind(\.email, to: email.text)
    bind(\.agreed, to: agree.isOn)
    command(vm.submit, on: submit)
  }
}
// README-EXAMPLE-END

@MainActor
@Suite struct ReadmeExampleTests {
  // README-TEST-BEGIN
  @Test func signUpEnablesOnceTheFormIsValid() async throws {
    let driver = try ScreenDriver(SignUpScreen(), model: SignUpViewModel())
    try await driver.type("ada@example.com", into: "email")
    try await driver.toggle("agree")
    #expect(
      driver.render() == """
        VStack #signUp
          TextField #email text="ada@example.com" placeholder="Email"
          Toggle #agree title="I agree to the terms" isOn=true
          Button #submit title="Sign up"
        """)
  }
  // README-TEST-END

  /// The README's blocks compile as written, as a new package would hold them: the screen block
  /// as an app module `MyApp`, the test block as a test file of another module that imports it,
  /// each compiled on its own by the toolchain's `swiftc` in Swift 6 mode, against the modules
  /// this test run was built with.
  @Test func readmeBlocksCompileAsAFreshAppAndTestFile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    // NB: the manifest and the SwiftUI-clash blocks are compiled by ReadmeAdoptionTests.
    let blocks = swiftBlocks(in: readme).filter { !ReadmeBlock.isAdoptionBlock($0) }
    try #require(blocks.count == 2, "README.md shows a screen and a test: \(blocks.count) blocks")
    let modules = try #require(builtModulesFolder(), "no folder of built modules found")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReadmeCompile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("SignUp.swift")
    let test = folder.appendingPathComponent("SignUpTests.swift")
    try blocks[0].write(to: app, atomically: true, encoding: .utf8)
    try blocks[1].write(to: test, atomically: true, encoding: .utf8)
    let common = ["-parse-as-library", "-swift-version", "6", "-I", modules.path]
    try #require(
      swiftc(
        common + [
          "-emit-module", "-enable-testing", "-module-name", "MyApp", "-emit-module-path",
          folder.appendingPathComponent("MyApp.swiftmodule").path, app.path,
        ]) == "")
    #expect(
      try swiftc(
        common + ["-typecheck", "-module-name", "MyAppTests", "-I", folder.path, test.path])
        == "")
  }

  /// The output of a `swiftc` run that failed, or `""` when it succeeded.
  func swiftc(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus != 0 else { return "" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The folder holding `Headless.swiftmodule` of this build: beside the test bundle.
  func builtModulesFolder() -> URL? {
    let bundles =
      CommandLine.arguments.filter { $0.hasSuffix(".xctest") }
      + Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
    for bundle in bundles {
      let folder = URL(fileURLWithPath: bundle).deletingLastPathComponent()
      for candidate in [folder.appendingPathComponent("Modules"), folder] {
        let module = candidate.appendingPathComponent("Headless.swiftmodule")
        if FileManager.default.fileExists(atPath: module.path) { return candidate }
      }
    }
    return nil
  }

  func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append((current ?? []).joined(separator: "\n") + "\n")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func readmeShowsThisExample() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    for marker in ["README-EXAMPLE", "README-TEST"] {
      let block = try #require(excerpt(of: source, between: marker))
      #expect(
        readme.contains(block),
        "README.md must show the \(marker) block of \(here.lastPathComponent) verbatim")
    }
  }

  private func excerpt(of source: String, between marker: String) -> String? {
    guard let start = source.range(of: "// \(marker)-BEGIN\n"),
      let end = source.range(of: "// \(marker)-END", range: start.upperBound..<source.endIndex)
    else { return nil }
    let lines = source[start.upperBound..<end.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false)
    let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }
}
