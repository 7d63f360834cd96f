import Headless
import HeadlessTesting
import Testing

// The examples of the documentation comments of `assertSnapshot(of:named:)` and
// `withSnapshotRecording`, as written there, on the tutorial's registration screen.

@MainActor
@Test func theSnapshotExamplesCompareTheRegisteredScreen() async throws {
  let clock = VirtualClock()
  let model = CodeRegistrationViewModel(clock: clock)
  let driver = try ScreenDriver(CodeRegistrationScreen(), model: model, clock: clock)
  try await driver.type("123456", into: "code")
  try await driver.type("hunter22", into: "password")
  try await driver.tap("register")
  try await driver.advance(by: .seconds(1))
  try assertSnapshot(of: driver.render(), named: "registered")
  func render() -> String { driver.render() }
  try withSnapshotRecording(.failed) {
    try assertSnapshot(of: render(), named: "form")
  }
}
