import Foundation
import Headless
import HeadlessTesting
import Pictures
import Testing

@testable import Showcase

/// The pictures of the guides and the README, `Docs/Pictures/*.svg`: each is drawn again from
/// the screen it shows and compared with the checked-in file as a snapshot is, so a picture
/// that no longer matches its screen fails here, naming the file and how to record it again.
@MainActor
@Suite struct DocumentationPictureTests {
  /// `Docs/Pictures`, found from this file.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs").appendingPathComponent("Pictures")

  private func assertPicture(
    of root: Widget?, named name: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws {
    let root = try #require(root)
    try assertSnapshot(
      of: Picture.svg(of: root), named: name, in: Self.folder, pathExtension: "svg",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  @Test func everyPictureIsShownByTheDocumentation() throws {
    let root = Self.folder.deletingLastPathComponent().deletingLastPathComponent()
    let documents =
      ["README.md", "Sources/Headless/Headless.docc/BuildingARegistrationScreen.md"]
      + (try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Docs").path
      )
      .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 })
    let text = try documents.map {
      try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
    let pictures = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".svg") }.sorted()
    #expect(pictures.count >= 12)
    for picture in pictures {
      #expect(
        text.contains("Pictures/\(picture))"),
        "Docs/Pictures/\(picture) is shown by no guide, the tutorial or the README; link it or remove it"
      )
    }
  }

  @Test func registration() async throws {
    let driver = try Demos.registration()
    try await driver.type("111", into: "code")
    try assertPicture(of: driver.root, named: "registration-wrong-code")
    try await driver.type("111", into: "code")
    try await driver.type("hunter22", into: "password")
    try await driver.submit("password")
    try assertPicture(of: driver.root, named: "registration-registering")
  }

  @Test func settings() throws {
    try assertPicture(of: try Demos.settings().root, named: "settings")
  }

  @Test func waybills() async throws {
    let driver = try Demos.waybills()
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
    try await driver.select("waybills[1003]")
    try await driver.tap("waybills[1003].deliver")
    try assertPicture(of: driver.root, named: "waybills")
  }

  @Test func tenThousandWaybills() async throws {
    let driver = try Demos.depotWaybills()
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
    try await driver.scroll("waybills", by: 3_000)
    try assertPicture(of: driver.root, named: "waybills-window")
  }

  @Test func search() async throws {
    let driver = try Demos.search()
    try await driver.type("ap", into: "query")
    try await driver.advance(by: .seconds(1))
    try assertPicture(of: driver.root, named: "search")
  }

  @Test func app() async throws {
    let driver = try await ShowcaseApp.driver()
    try assertPicture(of: driver.host.view, named: "app-sign-in")
    try await driver.type(LoginViewModel.password, into: "password")
    try await driver.tap("signIn")
    try assertPicture(of: driver.host.view, named: "app-signing-in")
    try await driver.advance(by: .seconds(1))
    try await driver.type("ap", into: "query")
    try await driver.advance(by: .milliseconds(600))
    try assertPicture(of: driver.host.view, named: "app-home")
    try await driver.select("results[apple]")
    try assertPicture(of: driver.host.view, named: "app-pushed")
    try await driver.back()
    try await driver.tap("signOut")
    try assertPicture(of: driver.host.view, named: "app-alert")
  }
}
