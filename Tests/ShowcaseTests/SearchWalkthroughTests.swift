import Headless
import HeadlessTesting
import Testing

@testable import Showcase

@MainActor
@Suite struct SearchWalkthroughTests {
  @Test func searchWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.search()
    try assertSnapshot(of: walkthrough.text, named: "search-walkthrough")
  }

  @Test func aSlowSearchOvertakenByAFastOneNeverShows() async throws {
    let walkthrough = try await Walkthroughs.search()
    let model = try #require(walkthrough.driver.model)
    #expect(model.query == "xylophone")
    #expect(model.search.status == .failed)
    #expect(model.results.isEmpty, "no stale results under an error")
    let afterRace = walkthrough.transcript.entries[4].after
    #expect(afterRace.contains(#"text="6 matches for \"ap\"""#))
    #expect(!afterRace.contains("banana"), "results for \"a\" would include banana")
  }

  @Test func rowsMadeFromDataAreFoundAsTheyAreNow() async throws {
    let driver = try Demos.search()
    try await driver.type("pe", into: "query")
    try await driver.advance(by: .milliseconds(600))
    #expect(driver.mounted.widgetIDs.contains("results.3"))
    #expect(try driver.widget("results.3", as: Label.self).text.value == "pear")
    try await driver.replaceText(in: "query", with: "mango")
    try await driver.advance(by: .milliseconds(600))
    #expect(try driver.widget("results.0", as: Label.self).text.value == "mango")
    await expectDriverFailure { try await driver.tap("results.3") }
  }

  @Test func unmountingTheSearchMidFlightReleasesEverything() async throws {
    weak var weakModel: SearchViewModel?
    do {
      let clock = VirtualClock()
      let model = SearchViewModel(catalog: FakeCatalog(clock: clock))
      weakModel = model
      let driver = try ScreenDriver(SearchScreen(), model: model, clock: clock)
      try await driver.type("a", into: "query")
      try await driver.advance(by: SearchScreen.debounce)
      #expect(model.search.isExecuting)
      driver.unmount()
      try await model.search.settle()
    }
    #expect(weakModel == nil)
  }
}
