import GTKHost
import GTKHostTesting
import Headless
import HeadlessTesting
import Testing

@testable import GTKGreeting
@testable import GTKShowcase

// The steps of GTKHostTesting on the showcase's screens: each acts on the native control and
// reads it back, and a step that cannot be taken says why and where, at once.

extension GTKTests {
  @Suite
  @MainActor
  struct Steps {
    @Test func aToggleFlipsItsCheckButtonAndTheViewModelFollows() async throws {
      try GTKTesting.start()
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let screen = SettingsScreen()
      let (window, mounted) = try clock.withTracking {
        try ShowcaseWindows.open(
          screen, model: try Demos.settingsModel(clock: clock), title: "Settings",
          scheduler: scheduler, clock: clock)
      }
      defer { window.close() }
      try GTKTesting.wait(for: "the window to show") { window.isMapped }
      try await GTKTesting.settle(scheduler, clock: clock)
      let model = try #require(mounted.model)

      #expect(try GTKTesting.isOn(screen.alerts, in: window.host))
      #expect(try GTKTesting.text(of: screen.alerts, in: window.host) == "Job alerts")
      #expect(try GTKTesting.isEnabled(screen.alerts, in: window.host))
      try GTKTesting.toggle(screen.alerts, in: window.host)
      try await GTKTesting.settle(scheduler, clock: clock)
      #expect(try !GTKTesting.isOn(screen.alerts, in: window.host))
      #expect(model.alertsOn == false)

      let notAToggle = Toggle("elsewhere", title: "Not shown")
      let error = #expect(throws: GTKTestError.self) {
        try GTKTesting.toggle(notAToggle, in: window.host)
      }
      #expect(error?.message.hasPrefix("the window shows no control for 'elsewhere'") == true)
    }

    @Test func aDisabledButtonIsRefusedAtOnceWithTheLineOfTheStep() async throws {
      try GTKTesting.start()
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let screen = RegistrationScreen()
      let (window, _) = try ShowcaseWindows.open(
        screen, model: Demos.registrationModel(clock: clock), title: "Registration",
        scheduler: scheduler, clock: clock)
      defer { window.close() }
      try GTKTesting.wait(for: "the window to show") { window.isMapped }
      try await GTKTesting.settle(scheduler, clock: clock)

      #expect(try GTKTesting.text(of: screen.register, in: window.host) == "Register")
      #expect(try !GTKTesting.isEnabled(screen.register, in: window.host))
      let line = #line + 2
      do {
        try GTKTesting.activate(screen.register, in: window.host, clock: clock)
        Issue.record("a disabled button was activated")
      } catch let refused as GTKTestError {
        #expect(
          refused.message
            == "'register' cannot be activated: its button is insensitive (the button is "
            + "disabled)")
        #expect(refused.fileID == "GTKHostTests/GTKTestingTests.swift")
        #expect(refused.line == line)
        #expect(refused.description.hasPrefix("GTKHostTests/GTKTestingTests.swift:\(line): "))
      }

      // Filled in, the button taps; its command sleeps on the clock, and the button, busy,
      // still shows its title beside the spinner.
      try GTKTesting.type("111111", into: screen.code, in: window.host)
      try GTKTesting.type("correct horse", into: screen.password, in: window.host)
      try await GTKTesting.settle(scheduler, clock: clock)
      #expect(try GTKTesting.isEnabled(screen.register, in: window.host))
      try GTKTesting.activate(screen.register, in: window.host, clock: clock)
      try await GTKTesting.settle(scheduler, clock: clock)
      #expect(screen.register.isBusy.value)
      #expect(try GTKTesting.text(of: screen.register, in: window.host) == "Register")
      let busy = #expect(throws: GTKTestError.self) {
        try GTKTesting.activate(screen.register, in: window.host, clock: clock)
      }
      #expect(
        busy?.message
          == "'register' is busy: its command is still running (advance the clock it sleeps on, "
          + "then settle)")
    }

    @Test func aStepThatCannotBeTakenSaysWhat() async throws {
      try GTKTesting.start()
      let scheduler = GTKScheduler()
      let screen = GreetingScreen()
      let mounted = try screen.mount(on: GreetingModel(), scheduler: scheduler)
      let window = GTKWindow(
        host: GTKScreenHost(root: mounted.root!, scheduler: scheduler), title: "Greeting")
      defer {
        window.close()
        mounted.unmount()
      }
      window.present()
      try GTKTesting.wait(for: "the window to show") { window.isMapped }
      let notAnEntry = #expect(throws: GTKTestError.self) {
        try GTKTesting.type("Ada", into: screen.greeting, in: window.host)
      }
      #expect(
        notAnEntry?.message
          == "'greeting' is shown by a GtkLabel, not an entry: type into a text field, a "
          + "secure field or a search field")
      let neverHeld = #expect(throws: GTKTestError.self) {
        try GTKTesting.wait(for: "a name", limit: 3) { false }
      }
      #expect(
        neverHeld?.message == "GTK's loop ran 3 iterations and a name still did not hold")
      let elsewhere = Label("elsewhere")
      let notShown = #expect(throws: GTKTestError.self) {
        try GTKTesting.text(of: elsewhere, in: window.host)
      }
      #expect(
        notShown?.message
          == "the window shows no control for 'elsewhere': it is hidden, or not in the host's "
          + "tree")
    }
  }
}
