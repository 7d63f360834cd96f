import Foundation
import Headless
import HeadlessTesting
import Pictures
import Testing

/// The tutorial's picture, `Docs/Pictures/tutorial-registered.svg`: the screen of step 4 once
/// registered, drawn again and compared with the checked-in file as a snapshot is.
@MainActor
@Test func theTutorialsPictureShowsTheRegisteredScreen() async throws {
  let clock = VirtualClock()
  let model = CodeRegistrationViewModel(clock: clock)
  let driver = try ScreenDriver(CodeRegistrationScreen(), model: model, clock: clock)
  try await driver.type("123456", into: "code")
  try await driver.type("hunter22", into: "password")
  try await driver.tap("register")
  try await driver.advance(by: .seconds(1))
  let pictures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Docs").appendingPathComponent("Pictures")
  let root = try #require(driver.root)
  try assertSnapshot(
    of: Picture.svg(of: root), named: "tutorial-registered", in: pictures, pathExtension: "svg")
}
