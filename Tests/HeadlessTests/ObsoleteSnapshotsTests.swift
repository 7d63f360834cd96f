import Foundation
import Testing

/// `Scripts/obsolete-snapshots` on a copy in a scratch folder, with a stand-in for `swift test`
/// that compares the snapshots it is told to and passes or fails as it is told to.
@Suite final class ObsoleteSnapshotsTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("ObsoleteSnapshotsTests-\(UUID().uuidString)")

  init() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let scripts = folder.appendingPathComponent("Scripts")
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("Scripts/obsolete-snapshots"),
      to: scripts.appendingPathComponent("obsolete-snapshots"))
    for name in ["kept", "gone"] {
      try write("snapshot\n", to: "Tests/AppTests/__Snapshots__/FormTests/\(name).txt")
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  @Test func aCompleteRunListsTheFilesNoTestComparedAndPruneRemovesThem() throws {
    let listed = try run(comparing: ["kept"], passing: true)
    #expect(listed.status == 0)
    #expect(
      listed.output.hasSuffix(
        "1 snapshot file(s) that no test compared (remove them with --prune):\n"
          + "  Tests/AppTests/__Snapshots__/FormTests/gone.txt\n"))
    #expect(exists("gone"), "listing removes nothing")
    let pruned = try run(comparing: ["kept"], passing: true, arguments: ["--prune"])
    #expect(pruned.status == 0)
    #expect(pruned.output.contains("Removed 1 obsolete snapshot file(s) that no test compared:"))
    #expect(!exists("gone"))
    #expect(exists("kept"))
    let clean = try run(comparing: ["kept"], passing: true, arguments: ["--prune"])
    #expect(clean.output.contains("No obsolete snapshots"))
  }

  @Test func aCheckoutReachedThroughASymbolicLinkComparesAlike() throws {
    let link = FileManager.default.temporaryDirectory
      .appendingPathComponent("ObsoleteSnapshotsLink-\(UUID().uuidString)")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder)
    defer { try? FileManager.default.removeItem(at: link) }
    let result = try run(
      comparing: ["kept"], passing: true,
      script: link.appendingPathComponent("Scripts/obsolete-snapshots"))
    #expect(result.output.hasSuffix("  Tests/AppTests/__Snapshots__/FormTests/gone.txt\n"))
    #expect(!result.output.contains("kept.txt"))
  }

  @Test func aFailingRunNeverPrunesAndSaysSo() throws {
    let result = try run(comparing: ["kept"], passing: false, arguments: ["--prune"])
    #expect(result.status == 1)
    #expect(result.output.contains("the test run failed"))
    #expect(result.output.contains("nothing listed or removed"))
    #expect(exists("gone"))
  }

  @Test func aFilteredRunIsRefusedAndNeverPrunes() throws {
    let result = try run(
      comparing: ["kept"], passing: true, arguments: ["--prune", "--filter", "FormTests"])
    #expect(result.status == 2)
    #expect(
      result.output.contains(
        "'--filter' would filter the run, and a filtered run cannot tell which snapshots are "
          + "obsolete; nothing listed or removed"))
    #expect(exists("gone"))
  }

  private func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("Tests/AppTests/__Snapshots__/FormTests/\(name).txt")
        .path)
  }

  private func write(_ text: String, to path: String) throws {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  /// Runs the script with a stand-in test command that logs `names` as compared and exits as
  /// `passing` says.
  private func run(
    comparing names: [String], passing: Bool, arguments: [String] = [], script: URL? = nil
  ) throws -> (status: Int32, output: String) {
    let snapshots = folder.resolvingSymlinksInPath()
      .appendingPathComponent("Tests/AppTests/__Snapshots__/FormTests").path
    let lines = names.map { "echo '\(snapshots)/\($0).txt' >> \"$SNAPSHOT_USAGE_LOG\"" }
    let stand = folder.appendingPathComponent("fake-swift-test")
    try write(
      "#!/usr/bin/env bash\n" + lines.joined(separator: "\n") + "\nexit \(passing ? 0 : 1)\n",
      to: "fake-swift-test")
    // NB: both scripts are run by bash, not executed themselves: a file just written cannot be
    // executed while a process another test forks at that moment still holds it open for
    // writing ("Text file busy"), and bash only reads it.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      [(script ?? folder.appendingPathComponent("Scripts/obsolete-snapshots")).path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SNAPSHOT_TEST_COMMAND"] = "bash \(stand.path)"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
