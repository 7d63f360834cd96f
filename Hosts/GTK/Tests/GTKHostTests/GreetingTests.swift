import GTKHost
import GTKHostTesting
import Headless
import Testing

@testable import GTKGreeting

// Docs/Hosts.md, "Testing your own screen in a GTK window": the greeting of GTKGreeting in a
// window, typed into and read through its native controls with GTKHostTesting alone.

extension GTKTests {
  @Suite
  @MainActor
  struct Greeting {
    @Test func typingANameInTheEntryGreetsIt() async throws {
      try GTKTesting.start()
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let screen = GreetingScreen()
      let mounted = try screen.mount(on: GreetingModel(), scheduler: scheduler, clock: clock)
      let window = GTKWindow(
        host: GTKScreenHost(root: mounted.root!, scheduler: scheduler), title: "Greeting")
      defer {
        window.close()
        mounted.unmount()
      }
      window.present()
      try GTKTesting.wait(for: "the window to show") { window.isMapped }
      try await GTKTesting.settle(scheduler, clock: clock)
      #expect(try GTKTesting.text(of: screen.greeting, in: window.host) == "Who are you?")

      try GTKTesting.type("Ada", into: screen.name, in: window.host)
      try await GTKTesting.settle(scheduler, clock: clock)
      #expect(mounted.model?.name == "Ada")
      #expect(try GTKTesting.text(of: screen.greeting, in: window.host) == "Hello, Ada")
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
        notAnEntry?.description
          == "'greeting' is shown by a GtkLabel, not an entry: type into a text field, a "
          + "secure field or a search field")
      let neverHeld = #expect(throws: GTKTestError.self) {
        try GTKTesting.wait(for: "a name", limit: 3) { false }
      }
      #expect(
        neverHeld?.description == "GTK's loop ran 3 iterations and a name still did not hold")
      let elsewhere = Label("elsewhere")
      #expect(throws: GTKTestError.self) { try GTKTesting.text(of: elsewhere, in: window.host) }
    }
  }
}
