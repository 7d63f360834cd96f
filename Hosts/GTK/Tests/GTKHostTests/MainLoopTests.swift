import Foundation
import Testing

/// GTKShowcase in a process of its own: main-actor tasks run inside GTK's main loop, and
/// without a display it says what to run instead and exits with status 2.
@Suite
struct MainLoopTests {
  static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("GTKShowcase")

  static func run(
    _ arguments: [String], environment: [String: String]
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  @Test func aMainActorTaskRunsInsideGTKsLoop() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable.path),
      "build GTKShowcase first: swift build --package-path Hosts/GTK")
    let environment = ProcessInfo.processInfo.environment
    try #require(environment["DISPLAY"] != nil, "run the tests under xvfb-run -a")
    let result = try Self.run(["--main-loop-check"], environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("main-actor task ran inside GTK's loop"))
  }

  @Test func withoutADisplayItPointsAtXvfbAndTheTerminal() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable.path),
      "build GTKShowcase first: swift build --package-path Hosts/GTK")
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    let result = try Self.run(["app"], environment: environment)
    #expect(result.status == 2)
    #expect(result.error.contains("xvfb-run"))
    #expect(result.error.contains("swift run Showcase --terminal"))
  }
}
