import Headless
import HeadlessTesting
import TerminalHost
import TerminalHostTesting
import Testing

@testable import Showcase

/// The showcase app in a virtual terminal, driven by keys as a person drives it: what issue 38
/// found the focus doing to a person's work does not happen.
@MainActor
@Suite struct TerminalShowcaseFocusTests {
  let driver: AppDriver
  let host: TerminalScreenHost
  var terminal = VirtualTerminal(width: 60, height: 14)

  init() async throws {
    driver = try await ShowcaseApp.driver()
    host = TerminalScreenHost(driver.host, flush: {})
  }

  mutating func press(_ keys: KeyEvent...) async throws {
    for key in keys {
      host.handle(key)
      try await driver.settle()
    }
    terminal.show(host)
  }

  @Test mutating func aSecondEnterOnSignInWhileItChecksPressesNothingElse() async throws {
    defer { driver.shutDown() }
    try await press(.tab, .character("x"), .tab)
    #expect(host.focused?.id == "signIn")
    try await press(.enter, .enter)
    #expect(host.focused?.id == "signIn", "the busy button keeps the focus")
    #expect(driver.visibleModel is LoginViewModel, "Create an account was not pressed")
    try await driver.advance(by: .seconds(1))
    terminal.show(host)
    #expect(terminal.lines.contains { $0.contains("That password is not right.") })
    #expect(host.focused?.id == "signIn")
  }

  @Test mutating func leavingAHalfFilledFormAsksWithStayFocusedEveryTime() async throws {
    defer { driver.shutDown() }
    try await press(.tab, .tab, .enter)
    #expect(driver.visibleModel is RegistrationFlowViewModel)
    try await press(.character("1"))
    // NB: the driver's back(), which Esc performs too (AppHost.goBack()): the command that
    // handleBack() starts is then work the driver's settle() knows to wait for.
    try await driver.back()
    terminal.show(host)
    #expect(driver.dialog?.title == "Leave registration?")
    #expect((host.focused as? Button)?.title.value == "Stay")
    try await press(.enter)
    #expect(driver.dialog == nil)
    #expect(driver.visibleModel is RegistrationFlowViewModel, "Enter kept the form")
    try await driver.back()
    #expect((host.focused as? Button)?.title.value == "Stay", "again on Stay")
    try await press(.escape)
    #expect(driver.dialog == nil, "Esc answers Stay")
    #expect(driver.visibleModel is RegistrationFlowViewModel)
  }

  @Test mutating func lettersTypedAfterSpaceOnABusyRegisterGoNowhere() async throws {
    defer { driver.shutDown() }
    try await press(.tab, .tab, .enter)
    let flow = try #require(driver.visibleModel as? RegistrationFlowViewModel)
    #expect(host.focused?.id == "code")
    for key in "123456" { try await press(.character(key)) }
    try await press(.tab)
    for key in "hunter22" { try await press(.character(key)) }
    try await press(.tab)
    #expect(host.focused?.id == "register")
    try await press(.character(" "), .character("x"), .character("y"))
    #expect(host.focused?.id == "register", "the busy button keeps the focus")
    #expect(flow.form.password == "hunter22", "the letters reached no field")
    #expect(flow.form.code == "123456")
  }
}
