import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct DialogTests {
  let driver: AppDriver
  let home: PageViewModel

  init() throws {
    let registry = try navigationRegistry()
    try registry.register("asking", title: "Asking") { AskingScreen() }
    driver = AppDriver(registry: registry)
    home = PageViewModel("home", navigator: driver.host, log: EventLog(), clock: driver.clock)
  }

  func start() async throws -> AskingViewModel {
    let asking = AskingViewModel(dialogs: driver.host.dialogs, clock: driver.clock)
    let home = self.home
    try await driver.start { _ in home }
    try await driver.navigate { (host) throws(NavigationError) in try host.push(asking) }
    return asking
  }

  @Test func anAlertRendersOverTheScreenAndItsAnswerReachesTheViewModel() async throws {
    let asking = try await start()
    try await driver.tap("ask")
    #expect(asking.ask.isExecuting, "the view model awaits the answer; settle did not wait")
    #expect(
      driver.render() == """
        App #app
          NavigationStack #main depth=2
            Screen #page title="Page home" [covered]
            Screen #asking title="Asking" [back]
              VStack #asking
                Button #ask title="Ask" [disabled]
                Button #confirm title="Confirm"
                Button #sheet title="Share"
                Button #rename title="Rename"
                Button #save title="Save"
          Alert #alert title="No code?" message="We can send it again."
            Button #alert.1 title="Resend"
            Button #alert.2 title="Cancel"
        """)
    try await driver.answer("Resend")
    #expect(asking.answers == ["Resend"])
    #expect(!asking.ask.isExecuting)
    #expect(driver.dialog == nil)
  }

  @Test func aWidgetOfACoveredScreenBehindADialogSaysToAnswerItFirst() async throws {
    _ = try await start()
    try await driver.tap("ask")
    let error = await expectDriverFailure { try await driver.tap("next") }
    #expect(
      error?.message
        == "no widget 'next' on the visible screen 'asking'; it exists only on the covered "
        + "screen 'page' (answer the dialog in front, then go back or dismiss to reach it). "
        + "Widgets on 'asking': ask, asking, confirm, rename, save, sheet")
    try await driver.answer("Cancel")
  }

  @Test func tappingADialogButtonAnswersItAsAHostWould() async throws {
    let asking = try await start()
    try await driver.tap("ask")
    let resend = try #require(driver.dialog?.buttons.first)
    resend.tap.send()
    try await driver.settle()
    #expect(asking.answers == ["Resend"])
    #expect(driver.dialog == nil)
  }

  @Test func confirmationActionSheetAndPromptAnswer() async throws {
    let asking = try await start()
    try await driver.tap("confirm")
    try await driver.answer("Leave")
    try await driver.tap("confirm")
    try await driver.answer("Stay")
    try await driver.tap("sheet")
    #expect(driver.dialog?.kind == "ActionSheet")
    try await driver.answer("Messages")
    try await driver.tap("sheet")
    try await driver.answer("Cancel")
    try await driver.tap("rename")
    #expect(
      driver.render().hasSuffix(
        """
          Prompt #prompt title="New name"
            TextField #prompt.text text="old" placeholder="Name"
            Button #prompt.1 title="Cancel"
            Button #prompt.2 title="OK"
        """))
    try await driver.answerPrompt("new")
    try await driver.tap("rename")
    try await driver.answer("Cancel")
    #expect(asking.answers == ["true", "false", "Messages", "none", "new", "cancelled"])
  }

  @Test func answeringWhatIsNotShownOrTappingBehindADialogFailsNamingWhatIsShown() async throws {
    _ = try await start()
    let none = await expectDriverFailure { try await driver.answer("OK") }
    #expect(none?.message == "cannot answer 'OK': no dialog is shown")
    try await driver.tap("ask")
    let wrong = await expectDriverFailure { try await driver.answer("OK") }
    #expect(
      wrong?.message
        == "cannot answer 'OK': the alert 'No code?' has the buttons 'Resend', 'Cancel'")
    #expect(wrong?.kind == .missingWidget, "a dialog button is missing, as an option or a tab")
    let behind = await expectDriverFailure { try await driver.tap("save") }
    #expect(
      behind?.message
        == "cannot tap 'save': the alert 'No code?' is in front of the screen; answer it first "
        + "(its buttons: 'Resend', 'Cancel')")
    let back = await expectDriverFailure { try await driver.back() }
    #expect(back?.message.hasPrefix("cannot go back: the alert 'No code?' is in front") == true)
    let text = await expectDriverFailure { try await driver.answerPrompt("x") }
    #expect(
      text?.message
        == "cannot answer with 'x': the alert 'No code?' takes no text; its buttons: 'Resend', "
        + "'Cancel'")
  }

  @Test func aDialogWhoseScreenGoesAwayResolvesAsDismissed() async throws {
    let asking = try await start()
    try await driver.tap("ask")
    try await driver.navigate { (host) throws(NavigationError) in try host.pop() }
    #expect(asking.answers == ["dismissed"])
    #expect(driver.dialog == nil)
    #expect(!driver.render().contains("Alert"))
  }

  @Test func aScreenPoppedWhileItsViewModelAwaitsADialogIsReleased() async throws {
    weak var weakAsking: AskingViewModel?
    do {
      let asking = try await start()
      weakAsking = asking
      try await driver.tap("ask")
    }
    try await driver.navigate { (host) throws(NavigationError) in try host.pop() }
    #expect(weakAsking == nil)
  }

  @Test func progressShowsWhileTheWorkRunsAndAToastGoesAwayByItself() async throws {
    _ = try await start()
    try await driver.tap("save")
    #expect(driver.render().hasSuffix("\n  HUD #progress state=loading message=\"Saving…\""))
    try await driver.advance(by: .seconds(2))
    #expect(driver.render().hasSuffix("\n  Toast #toast message=\"Saved\""))
    let answer = await expectDriverFailure { try await driver.answer("OK") }
    #expect(
      answer?.message
        == "cannot answer 'OK': no dialog is shown (a toast says 'Saved'; toasts need no answer)")
    try await driver.advance(by: DialogCenter.toastDuration)
    #expect(!driver.render().contains("Toast"))
  }

  @Test func aProgressHUDFollowsAFlagOrACommandUntilEndedOrItsScreenGoes() async throws {
    let asking = try await start()
    let flag = asking.dialogs.showProgress("Working…") { asking.isBusy }
    try await driver.settle()
    #expect(!driver.render().contains("HUD"))
    asking.isBusy = true
    try await driver.settle()
    #expect(driver.render().hasSuffix("\n  HUD #progress state=loading message=\"Working…\""))
    asking.isBusy = false
    try await driver.settle()
    #expect(!driver.render().contains("HUD"))
    flag.end()
    asking.isBusy = true
    try await driver.settle()
    #expect(!driver.render().contains("HUD"), "ended for good")
    #expect(!flag.isActive)

    asking.dialogs.showProgress("Asking…") { asking.ask.isExecuting }
    try await driver.tap("ask")
    #expect(driver.render().contains("HUD #progress state=loading message=\"Asking…\""))
    try await driver.answer("Cancel")
    #expect(!driver.render().contains("HUD"))
    try await driver.tap("ask")
    try await driver.navigate { (host) throws(NavigationError) in try host.pop() }
    #expect(!driver.render().contains("HUD"), "its screen went away")
  }
}
