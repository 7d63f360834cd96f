import BindingDSL
import Headless
import HeadlessTesting
import Observation

/// A form whose submit sleeps half a minute on the virtual clock, so that every cycle leaves a
/// run in flight when its screen goes away.
@MainActor @Observable
private final class InFlightModel: CommandOwner {
  let commands = CommandStore()
  var name = ""
  @ObservationIgnored let clock: VirtualClock

  init(clock: VirtualClock) { self.clock = clock }

  var submit: Command<Void, Void> {
    .owned(by: self) { vm in try await vm.clock.sleep(for: .seconds(30)) }
  }
}

private struct InFlightScreen: Screen {
  let name = TextField("name", placeholder: "Name")
  let submit = Button("submit", title: "Submit")

  var body: Widget {
    VStack("form") {
      name
      submit
    }
  }

  func bindings(_ vm: InFlightModel) -> [BindingDeclaration<InFlightModel>] {
    bind(\.name, to: name.text)
    command(vm.submit, on: submit)
  }
}

/// Driver cycles (mount with a driver, type, tap a command that sleeps on the virtual clock,
/// unmount): whether memory stays flat when every cycle leaves a run in flight.
@MainActor
func driverCycleRows(_ settings: Settings) async throws -> [Row] {
  let early = settings.iterations(1_000)
  let late = settings.iterations(10_000)
  var resident = 0
  var heap = 0
  for cycle in 1...late {
    let clock = VirtualClock()
    let driver = try ScreenDriver(
      InFlightScreen(), model: InFlightModel(clock: clock), clock: clock)
    try await driver.type("Ada", into: "name")
    try await driver.tap("submit")
    driver.unmount()
    if cycle == early {
      resident = residentBytes()
      heap = heapInUse()
    }
  }
  let percent = { (before: Int, after: Int) in
    before > 0 ? Double(after - before) / Double(before) * 100 : 0
  }
  return [
    Row(
      scenario: "RSS growth over \(format(Double(late))) driver cycles with a command in flight",
      unit: "%", engine: percent(resident, residentBytes()),
      target: settings.isQuick ? .none : .atMost(1),
      note:
        "from cycle \(format(Double(early))); heap growth \(format(percent(heap, heapInUse())))%")
  ]
}
