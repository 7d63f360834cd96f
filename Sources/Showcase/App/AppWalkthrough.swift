import BindingDSL
import Headless
import HeadlessTesting
import Pictures

/// A scripted walkthrough of the whole app: a title, then the app's render after each step.
@MainActor
struct AppWalkthrough {
  let title: String
  let driver: AppDriver
  private(set) var steps: [(caption: String, render: String)] = []
  /// A picture of the app before the first step and after each (`--pictures`).
  private(set) var pictures: [String] = []

  init(title: String, driver: AppDriver) {
    self.title = title
    self.driver = driver
    record("initial")
  }

  /// Runs `action`, then records the app under `caption`.
  mutating func step(_ caption: String, _ action: (AppDriver) async throws -> Void)
    async throws
  {
    try await action(driver)
    record(caption)
  }

  private mutating func record(_ caption: String) {
    steps.append((caption, driver.render()))
    pictures.append(Picture.svg(of: driver.host.view))
  }

  /// The walkthrough as text: a heading, then each step's caption and render.
  var text: String {
    var lines = ["== \(title) =="]
    for (number, step) in steps.enumerated() {
      lines.append("")
      lines.append("-- \(number + 1). \(step.caption)")
      lines.append(step.render)
    }
    return lines.joined(separator: "\n")
  }
}

extension Walkthroughs {
  /// Registration as part of the app: the terms page, the "didn't receive a code" alert, the
  /// confirmation on back, and back to sign-in once registered.
  @MainActor
  static func appRegistration() async throws -> AppWalkthrough {
    var walkthrough = AppWalkthrough(
      title: "App: registration", driver: try await ShowcaseApp.driver())
    try await walkthrough.step("tap Create an account: registration is pushed") {
      try await $0.tap("register")
    }
    try await walkthrough.step("tap Terms of service: the terms page is pushed") {
      try await $0.tap("openTerms")
    }
    try await walkthrough.step("tap I agree: back to registration, terms accepted") {
      try await $0.tap("accept")
    }
    try await walkthrough.step("tap Didn't receive a code?: an alert asks") {
      try await $0.tap("noCode")
    }
    try await walkthrough.step("answer Send again, one second later: the countdown runs") {
      try await $0.answer("Send again")
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("type the code, then tap back: leaving is confirmed first") {
      try await $0.type("123456", into: "code")
      try await $0.back()
    }
    try await walkthrough.step("answer Stay: still registering") {
      try await $0.answer("Stay")
    }
    try await walkthrough.step("type the password, register, one second later: back to sign-in") {
      try await $0.type("hunter22", into: "password")
      try await $0.tap("register")
      try await $0.advance(by: .seconds(1))
    }
    return walkthrough
  }

  /// The signed-in app: sign in under a progress HUD, search in the first tab, open a result,
  /// come back, switch to the waybills tab, and sign out.
  @MainActor
  static func appHome() async throws -> AppWalkthrough {
    var walkthrough = AppWalkthrough(title: "App: home", driver: try await ShowcaseApp.driver())
    try await walkthrough.step("type the password and tap Sign in: a HUD while it checks") {
      try await $0.type(LoginViewModel.password, into: "password")
      try await $0.tap("signIn")
    }
    try await walkthrough.step("one second later: the home replaces sign-in") {
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("type \"ap\" and wait for the search") {
      try await $0.type("ap", into: "query")
      try await $0.advance(by: .milliseconds(600))
    }
    try await walkthrough.step("select apple: its page is pushed") {
      try await $0.select("results[apple]")
    }
    try await walkthrough.step("back: the search is as it was") {
      try await $0.back()
    }
    try await walkthrough.step("switch to the Waybills tab; one second later they are loaded") {
      try await $0.selectTab("waybillTab", in: "tabs")
      try await $0.advance(by: .seconds(1))
    }
    try await walkthrough.step("tap Sign out: asked first") {
      try await $0.tap("signOut")
    }
    try await walkthrough.step("answer Sign out: back to sign-in") {
      try await $0.answer("Sign out")
    }
    return walkthrough
  }
}
