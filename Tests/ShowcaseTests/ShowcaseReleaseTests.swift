import Headless
import Testing

@testable import Showcase

/// Every showcase screen releases its view model and widgets when unmounted, whatever it was
/// doing.
@MainActor
@Suite struct ShowcaseReleaseTests {
  @Test func registrationReleasesEverythingMidRequest() async throws {
    try await expectRelease(of: Demos.registration()) { driver in
      try await driver.type("123456", into: "code")
      try await driver.type("pw", into: "password")
      try await driver.tap("register")
      #expect(driver.model?.register.isExecuting == true)
    }
  }

  @Test func searchReleasesEverythingWhileADebounceIsPending() async throws {
    try await expectRelease(of: Demos.search()) { driver in
      try await driver.type("ap", into: "query")
    }
  }

  @Test func rolesReleaseEverythingMidLoad() async throws {
    try await expectRelease(of: Demos.roles()) { driver in
      try await driver.appear()
      #expect(driver.model?.load.isExecuting == true)
    }
  }

  private func expectRelease<S: Screen>(
    of driver: ScreenDriver<S>, after steps: (ScreenDriver<S>) async throws -> Void
  ) async throws {
    weak let weakModel = driver.model
    let weakWidgets = (driver.mounted.root?.allWidgets ?? []).map { WeakWidget(widget: $0) }
    #expect(!weakWidgets.isEmpty)
    try await steps(driver)
    let commands = driver.mounted.graph.commands
    driver.unmount()
    for command in commands { try await command.settle() }
    #expect(weakModel == nil, "the view model of \(S.self) outlived its screen")
    let kept = weakWidgets.compactMap(\.widget).map(\.id)
    #expect(kept.isEmpty, "widgets of \(S.self) outlived their screen: \(kept)")
  }
}

@MainActor
private struct WeakWidget {
  weak var widget: Widget?
}
