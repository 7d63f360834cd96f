import Foundation
import Headless
import HeadlessTesting
import Pictures
import PicturesTesting
import Testing

@MainActor
@Suite struct PictureSnapshotTests {
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("picture-snapshot-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aMatchingPicturePassesAndAChangedOneFailsWithBothSideBySide() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let toggle = Toggle("notify", title: "Notify me", isOn: false)
    try Picture.svg(of: toggle).write(
      to: folder.appendingPathComponent("notify.svg"), atomically: true, encoding: .utf8)
    try assertPictureSnapshot(of: toggle, named: "notify", in: folder, recording: .never)

    toggle.isOn.value = true
    let failure = expectSnapshotFailure {
      try assertPictureSnapshot(of: toggle, named: "notify", in: folder, recording: .never)
    }
    #expect(failure?.kind == .mismatch)
    let message = failure?.message ?? ""
    #expect(message.contains("notify.svg"))
    #expect(
      message.contains("To accept the drawn picture: pass recording: .failed to the assertion"),
      "the mode passed to the assertion wins over SNAPSHOT_RECORDING: \(message)")
    let marker = "side by side: "
    let page = try #require(
      message.components(separatedBy: marker).last?
        .components(separatedBy: "\n").first)
    #expect(page.hasSuffix("notify.html"))
    let pages = URL(fileURLWithPath: page).deletingLastPathComponent()
    let stored = try String(
      contentsOf: pages.appendingPathComponent("notify.stored.svg"), encoding: .utf8)
    let drawn = try String(
      contentsOf: pages.appendingPathComponent("notify.drawn.svg"), encoding: .utf8)
    toggle.isOn.value = false
    #expect(stored == Picture.svg(of: toggle))
    toggle.isOn.value = true
    #expect(drawn == Picture.svg(of: toggle))
    let html = try String(contentsOf: URL(fileURLWithPath: page), encoding: .utf8)
    #expect(html.contains("notify.stored.svg") && html.contains("notify.drawn.svg"))
  }

  @Test func aMissingPictureFailsUnderCIAndIsRecordedOtherwise() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let label = Label("title", text: "Hello")
    let missing = expectSnapshotFailure {
      try assertPictureSnapshot(of: label, named: "hello", in: folder, recording: .never)
    }
    #expect(missing?.kind == .missing)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("hello.svg").path))
    let recorded = expectSnapshotFailure {
      try assertPictureSnapshot(of: label, named: "hello", in: folder, recording: .missing)
    }
    #expect(recorded?.kind == .recorded)
    let written = try String(
      contentsOf: folder.appendingPathComponent("hello.svg"), encoding: .utf8)
    #expect(written == Picture.svg(of: label))
  }
}
