import Foundation
import HeadlessTesting
import Testing

@testable import Showcase

@MainActor
@Suite struct WalkthroughPicturesTests {
  @Test func everyStepOfEveryWalkthroughIsWrittenAsAPicture() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("walkthrough-pictures-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = try await writeWalkthroughPictures(to: folder)
    let registration = try await Walkthroughs.registration()
    defer { registration.driver.unmount() }
    let names = written.map { URL(fileURLWithPath: $0).lastPathComponent }
    // NB: the state before the first step, then one picture a step.
    let steps = registration.transcript.entries.count + 1
    #expect(names.filter { $0.hasPrefix("registration-") }.count == steps)
    #expect(names.contains("registration-01.svg"))
    #expect(names.contains("app-home-01.svg"))
    #expect(names.contains("settings-01.svg"))
    let first = try String(
      contentsOf: folder.appendingPathComponent("registration-01.svg"), encoding: .utf8)
    #expect(first.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(first.contains(">Register</text>"))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.count == written.count)
  }
}
