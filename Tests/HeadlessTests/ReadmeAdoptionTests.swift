import Foundation
import Testing

/// The README's blocks about adopting the package: the manifest of a package that depends on
/// it, and the screen written in a file that imports SwiftUI too. Each is taken from the README
/// as written and checked by the toolchain.
@MainActor
@Suite struct ReadmeAdoptionTests {
  private let readme = ReadmeExampleTests()

  /// The manifest resolves against this repository: the products it names exist, and SwiftPM
  /// accepts the `exclude` of a test target's snapshot folder.
  @Test func theManifestResolvesAgainstThisRepository() throws {
    let blocks = readme.swiftBlocks(in: try readmeText())
    let manifest = try #require(
      blocks.first { $0.hasPrefix(ReadmeBlock.manifestPrefix) }, "README.md shows no manifest")
    let folder = try temporaryFolder("ReadmeManifest")
    defer { removeWithSwiftPMLocks(folder) }
    // NB: the manifest depends on `../BindingDSL`, a clone of this repository beside the app.
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("BindingDSL"), withDestinationURL: repositoryRoot)
    let app = folder.appendingPathComponent("MyApp")
    for (path, text) in [
      ("Package.swift", manifest),
      ("Sources/MyApp/MyApp.swift", "import Headless\n"),
      ("Tests/MyAppTests/MyAppTests.swift", "import HeadlessTesting\n"),
      ("Tests/MyAppTests/__Snapshots__/MyAppTests/example.txt", "Label #example\n"),
    ] {
      let file = app.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    let (status, output) = try run(
      "swift", ["package", "--package-path", app.path, "show-dependencies"])
    #expect(status == 0, "the README's manifest does not resolve:\n\(output)")
    #expect(!output.contains("warning"), "the README's manifest resolves with warnings:\n\(output)")
  }

  /// The block that imports SwiftUI compiles beside the README's screen, and fails with the
  /// ambiguity the README names once the module names are taken out.
  @Test func theSwiftUIBlockCompilesOnlyWithModuleNames() throws {
    let blocks = readme.swiftBlocks(in: try readmeText())
    let screen = try #require(blocks.first, "README.md shows no screen")
    let clash = try #require(
      blocks.first { $0.contains(ReadmeBlock.swiftUIImport) }, "README.md shows no SwiftUI block")
    let modules = try #require(readme.builtModulesFolder(), "no folder of built modules found")
    let folder = try temporaryFolder("ReadmeSwiftUI")
    defer { try? FileManager.default.removeItem(at: folder) }
    var common = ["-parse-as-library", "-swift-version", "6", "-I", modules.path]
    #if !canImport(SwiftUI)
      // A stand-in for SwiftUI declaring the names the README lists, where SwiftUI is absent.
      let names = [
        "Button", "DatePicker", "HStack", "Image", "Label", "Picker", "ScrollView", "Slider",
        "Stepper", "TabView", "TextField", "Toggle", "VStack",
      ]
      let stub = folder.appendingPathComponent("SwiftUI.swift")
      try names.map { "public struct \($0) {}\n" }.joined().write(
        to: stub, atomically: true, encoding: .utf8)
      try #require(
        try readme.swiftc([
          "-parse-as-library", "-emit-module", "-module-name", "SwiftUI", "-emit-module-path",
          folder.appendingPathComponent("SwiftUI.swiftmodule").path, stub.path,
        ]) == "")
      common += ["-I", folder.path]
    #endif
    let screenFile = folder.appendingPathComponent("SignUp.swift")
    let clashFile = folder.appendingPathComponent("Terms.swift")
    try screen.write(to: screenFile, atomically: true, encoding: .utf8)
    try clash.write(to: clashFile, atomically: true, encoding: .utf8)
    let typecheck = common + ["-typecheck", "-module-name", "MyApp", screenFile.path]
    #expect(try readme.swiftc(typecheck + [clashFile.path]) == "")

    let unqualified = folder.appendingPathComponent("TermsUnqualified.swift")
    try clash.replacingOccurrences(of: "Headless.", with: "").write(
      to: unqualified, atomically: true, encoding: .utf8)
    let failure = try readme.swiftc(typecheck + [unqualified.path])
    #expect(failure.contains("'Button' is ambiguous for type lookup in this context"), "\(failure)")
  }

  private var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// Removes `folder`, and the lock files SwiftPM leaves beside it in the temporary folder
  /// (named after the path of the build folder it locked, such as
  /// `_tmp_ReadmeManifest-<uuid>_MyApp_.build.lock`).
  private func removeWithSwiftPMLocks(_ folder: URL) {
    let files = FileManager.default
    try? files.removeItem(at: folder)
    let temporary = files.temporaryDirectory
    let names = (try? files.contentsOfDirectory(atPath: temporary.path)) ?? []
    for name in names where name.contains(folder.lastPathComponent) && name.hasSuffix(".lock") {
      try? files.removeItem(at: temporary.appendingPathComponent(name))
    }
  }

  private func readmeText() throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
  }

  private func temporaryFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs a tool found on the `PATH`; returns its exit status and its output and errors.
  private func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// How the README's blocks are told apart.
enum ReadmeBlock {
  /// How the manifest block starts.
  static let manifestPrefix = "// swift-tools-version"
  /// The line of the block written in a file that imports SwiftUI too.
  static let swiftUIImport = "import SwiftUI\n"

  /// Whether a block is one of the adoption blocks this suite checks, not the screen or test.
  static func isAdoptionBlock(_ block: String) -> Bool {
    block.hasPrefix(manifestPrefix) || block.contains(swiftUIImport)
  }
}
