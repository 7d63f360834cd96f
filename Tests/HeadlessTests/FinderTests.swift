import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct FinderTests {
  let model = ProfileViewModel()
  let driver: ScreenDriver<ProfileScreen>

  init() throws {
    driver = try ScreenDriver(ProfileScreen(), model: model)
  }

  @Test func findersByIdKindLabelTextAndPredicateWorkWithEveryAction() async throws {
    let name = try driver.find(.kind(TextField.self, labelled: "Name"))
    try await driver.type("Ada", into: .path(name))
    #expect(model.name == "Ada")
    try await driver.toggle(.path(driver.find(.text("Notify me"))))
    #expect(model.notify)
    try await driver.tap(.path(driver.find(.kind(Button.self, labelled: "Save"))))
    #expect(try driver.find(.id("title")) == "title")
    let on = Finder.matching("a toggle that is on") { ($0 as? Toggle)?.isOn.value == true }
    #expect(try driver.find(on) == "notify")
  }

  @Test func theTestingGuidesFinderExampleWorks() async throws {
    try await driver.type("Ada", into: .kind(TextField.self, labelled: "Name"))
    try await driver.toggle(.text("Notify me"))
    try await driver.tap(.kind(Button.self, labelled: "Save"))
    #expect(model.name == "Ada")
    #expect(model.notify)
    #expect(model.save.status == .succeeded)
  }

  @Test func verbsTakeAFinderDirectly() async throws {
    try await driver.type("Ada", into: .kind(TextField.self, labelled: "Name"))
    #expect(model.name == "Ada")
    try await driver.replaceText(in: .kind(TextField.self, labelled: "Name"), with: "Grace")
    #expect(model.name == "Grace")
    try await driver.toggle(.text("Notify me"))
    #expect(model.notify)
    try await driver.tap(.kind(Button.self, labelled: "Save"))
    #expect(model.save.status == .succeeded)
    let title = try driver.widget(.id("title"), as: Label.self)
    #expect(title === (try driver.widget("title", as: Label.self)))
  }

  @Test func aVerbGivenAFinderFailsAtItsLineWithTheQuery() async throws {
    let line: UInt = #line + 1
    let error = await expectDriverFailure { try await driver.tap(.text("Sav")) }
    #expect(error?.kind == .missingWidget)
    #expect(error?.callSite?.line == line)
    #expect(error?.message.hasPrefix("no widget matches text \"Sav\" in ProfileScreen.") == true)
    let wrong = await expectDriverFailure {
      try await driver.type("x", into: .kind(Button.self, labelled: "Save"))
    }
    #expect(wrong?.kind == .wrongKind, "\(wrong?.message ?? "")")
  }

  @Test func aFinderThatMatchesNothingNamesTheQueryAndAFewNearestCandidates() async {
    let error = await expectDriverFailure {
      try driver.find(.kind(Button.self, labelled: "Sav"))
    }
    #expect(error?.kind == .missingWidget)
    #expect(
      error?.message
        == "no widget matches a Button labelled \"Sav\" in ProfileScreen. Nearest: 'save' "
        + "(Button \"Save\", disabled), 'delete' (Button \"Delete account\"), 'name' (TextField "
        + "\"\")")
  }

  @Test func aFinderWhoseOnlyMatchIsHiddenSaysWhatHidesIt() async {
    let error = await expectDriverFailure { try driver.find(.text("Delete account")) }
    #expect(error?.kind == .hidden)
    #expect(
      error?.message
        == "the only widget matching text \"Delete account\" in ProfileScreen is 'delete' "
        + "(Button \"Delete account\"), and its container 'advanced' is hidden")
  }

  @Test func aFinderThatMatchesSeveralNamesThem() async throws {
    #expect(try driver.find(.kind(Button.self)) == "save", "the other Button is hidden")
    let error = await expectDriverFailure {
      try driver.find(.matching("any widget") { _ in true })
    }
    #expect(error?.kind == .invalidRequest)
    #expect(
      error?.message.hasPrefix("5 widgets match any widget in ProfileScreen: 'profile' (VStack)")
        == true)
  }
}

/// Finders reach the widgets inside list rows, and answer their row path.
@MainActor
@Suite struct RowFinderTests {
  let model = OrdersViewModel(count: 2)
  let driver: ScreenDriver<OrdersScreen>

  init() throws {
    driver = try ScreenDriver(OrdersScreen(), model: model)
  }

  @Test func aFinderMatchesAWidgetInsideARowAndAnswersItsPath() async throws {
    let title = try driver.find(.text("Order 2"))
    #expect(title == "orders[2].title")
    #expect(try driver.widget(.path(title), as: Label.self).text.value == "Order 2")
    let row = 2
    #expect(try driver.widget("orders[\(row)].title", as: Label.self).text.value == "Order 2")
  }

  @Test func severalMatchesInRowsAreNamedByTheirPaths() async throws {
    let error = await expectDriverFailure { try driver.find(.kind(Button.self)) }
    #expect(error?.kind == .invalidRequest)
    #expect(
      error?.message
        == "2 widgets match a Button in OrdersScreen: 'orders[1].ping' (Button \"Ping\"), "
        + "'orders[2].ping' (Button \"Ping\"); ask for one by id, or add its kind or label")
  }

  @Test func aFailedFinderNamesNearestCandidatesInsideRows() async throws {
    let error = await expectDriverFailure { try driver.find(.text("Order 3")) }
    #expect(error?.kind == .missingWidget)
    let message = error?.message ?? ""
    #expect(message.contains("'orders[2].title' (Label \"Order 2\")"), "\(message)")
  }
}
