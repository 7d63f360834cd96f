// Sleeping on a clock inside the closure of a command kept in a `lazy var`. Fix: declare the
// command with `.owned(by:)`, whose work receives the view model.
import Headless
import Observation

@MainActor @Observable
final class TimerViewModel {
  @ObservationIgnored let clock: any Clock<Duration> = ContinuousClock()
  // expected-error on the next line: default argument cannot be both main actor-isolated
  @ObservationIgnored lazy var wait = Command<Void, Void>("wait") { [unowned self] in
    try await self.clock.sleep(for: .seconds(1))
  }
}
