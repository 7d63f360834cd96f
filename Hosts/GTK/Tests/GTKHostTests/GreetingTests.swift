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
  }
}
