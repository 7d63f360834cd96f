import BindingDSL
import Headless
import HeadlessTesting
import Testing

@testable import Showcase

/// The showcase app end to end: its walkthroughs, each flow's decisions, and releases.
@MainActor
@Suite struct AppWalkthroughTests {
  @Test func theRegistrationWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.appRegistration()
    defer { walkthrough.driver.shutDown() }
    try assertSnapshot(of: walkthrough.text, named: "app-registration-walkthrough")
  }

  @Test func theHomeWalkthroughMatchesItsSnapshot() async throws {
    let walkthrough = try await Walkthroughs.appHome()
    defer { walkthrough.driver.shutDown() }
    try assertSnapshot(of: walkthrough.text, named: "app-home-walkthrough")
  }

  @Test func aTabSelectedAgainDeselectsItsListsRow() async throws {
    let driver = try await ShowcaseApp.driver()
    defer { driver.shutDown() }
    try await driver.type(LoginViewModel.password, into: "password")
    try await driver.tap("signIn")
    try await driver.advance(by: .seconds(1))
    try await driver.selectTab("waybillTab", in: "tabs")
    try await driver.advance(by: .seconds(1))
    try await driver.select("waybills[1003]")
    let row = try driver.widget("waybills[1003]", as: RowWidget.self)
    #expect(row.isSelected.value)
    #expect(try !driver.widget("detailStatus").isHidden.value)
    try await driver.selectTab("searchTab", in: "tabs")
    #expect(row.isSelected.value, "a tab left keeps its selection until it is shown again")
    try await driver.selectTab("waybillTab", in: "tabs")
    #expect(!row.isSelected.value)
    #expect(
      try driver.widget("detailStatus").isHidden.value, "the deselection reached the view model")
  }

  /// The example of Docs/Testing.md.
  @Test func leavingAHalfFilledFormIsConfirmed() async throws {
    let driver = try await ShowcaseApp.driver()
    try await driver.tap("register")
    try await driver.type("12", into: "code")
    try await driver.back()
    #expect(driver.dialog?.title == "Leave registration?")
    try await driver.answer("Leave")
    #expect(driver.visibleModel is LoginViewModel)
    driver.shutDown()
  }

  @Test func backFromAnEmptyFormLeavesWithoutAsking() async throws {
    let driver = try await ShowcaseApp.driver()
    defer { driver.shutDown() }
    try await driver.tap("register")
    try await driver.back()
    #expect(driver.dialog == nil)
    #expect(try driver.visibleModel(as: LoginViewModel.self).phone == "+1 555 0100")
  }

  @Test func leavingAHalfFilledFormAfterConfirmingReleasesItsViewModels() async throws {
    let driver = try await ShowcaseApp.driver()
    defer { driver.shutDown() }
    weak var weakFlow: RegistrationFlowViewModel?
    weak var weakForm: RegistrationViewModel?
    try await driver.tap("register")
    do {
      let flow = try driver.visibleModel(as: RegistrationFlowViewModel.self)
      weakFlow = flow
      weakForm = flow.form
    }
    try await driver.tap("noCode")
    try await driver.answer("Send again")
    try await driver.type("12", into: "code")
    try await driver.back()
    #expect(driver.dialog?.title == "Leave registration?")
    try await driver.answer("Leave")
    #expect(weakFlow == nil, "popped")
    #expect(weakForm == nil, "the countdown it started was ended")
  }

  @Test func aWrongPasswordStaysOnSignIn() async throws {
    let driver = try await ShowcaseApp.driver()
    defer { driver.shutDown() }
    try await driver.type("nope", into: "password")
    try await driver.tap("signIn")
    try await driver.advance(by: .seconds(1))
    #expect(
      try driver.widget("message", as: Label.self).text.value == "That password is not right.")
    #expect(!driver.render().contains("HUD"))
  }

  @Test func theHomeStackRestoresFromItsPath() async throws {
    let driver = try await ShowcaseApp.driver()
    defer { driver.shutDown() }
    try await driver.navigate { (host) throws(NavigationError) in
      try host.restore(RoutePath(parsing: "home/fruit:mango"))
    }
    #expect(driver.render().contains("Screen #fruit title=\"Mango\" [back]"))
    #expect(try driver.host.path().description == "home/fruit:mango")
    let error = #expect(throws: NavigationError.self) {
      try driver.host.restore(RoutePath(parsing: "home/fruit:kiwi"))
    }
    #expect(
      error?.message
        == "cannot restore 'home/fruit:kiwi': the route of 'fruit' (FruitDetailViewModel) does "
        + "not accept the argument 'kiwi'")
  }

  @Test func signingOutReleasesTheHomeAndItsTabs() async throws {
    let driver = try await ShowcaseApp.driver()
    defer { driver.shutDown() }
    weak var weakHome: HomeViewModel?
    weak var weakWaybills: WaybillListViewModel?
    try await driver.type(LoginViewModel.password, into: "password")
    try await driver.tap("signIn")
    try await driver.advance(by: .seconds(1))
    do {
      let home = try driver.visibleModel(as: HomeViewModel.self)
      weakHome = home
      weakWaybills = home.waybills
    }
    try await driver.selectTab("waybillTab", in: "tabs")
    try await driver.tap("signOut")
    try await driver.answer("Sign out")
    #expect(weakHome == nil)
    #expect(weakWaybills == nil, "the tab's load was cancelled with its screen")
  }
}
