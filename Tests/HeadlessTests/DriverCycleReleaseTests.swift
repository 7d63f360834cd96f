import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A form whose submit command sleeps half a minute on the virtual clock: a run still in flight
/// when the screen goes away.
@MainActor @Observable
private final class SlowSubmitModel: CommandOwner {
  let commands = CommandStore()
  var name = ""
  @ObservationIgnored let clock: VirtualClock

  init(clock: VirtualClock) { self.clock = clock }

  var submit: Command<Void, Void> {
    .owned(by: self, "slowSubmit") { vm in try await vm.clock.sleep(for: .seconds(30)) }
  }
}

private struct SlowSubmitScreen: Screen {
  let name = TextField("name", placeholder: "Name")
  let submit = Button("submit", title: "Submit")

  var body: Widget {
    VStack("form") {
      name
      submit
    }
  }

  func bindings(_ vm: SlowSubmitModel) -> [BindingDeclaration<SlowSubmitModel>] {
    bind(\.name, to: name.text)
    command(vm.submit, on: submit)
  }
}

/// What is left of many driver cycles whose command was still sleeping on the virtual clock when
/// the screen went away: nothing the library keeps. (Memory the runtime keeps for the library is
/// measured by the benchmark row "RSS growth over 10,000 driver cycles with a command in
/// flight".)
@MainActor
@Suite struct DriverCycleReleaseTests {
  private struct Left {
    var models: [() -> SlowSubmitModel?] = []
    var clocks: [() -> VirtualClock?] = []
    var commands: [() -> Command<Void, Void>?] = []
    var widgets: [() -> Widget?] = []
    var work: Set<WorkToken> = []
  }

  private func cycles(_ count: Int, unmounting: Bool) async throws -> Left {
    var left = Left()
    for _ in 0..<count {
      let clock = VirtualClock()
      let model = SlowSubmitModel(clock: clock)
      let driver = try ScreenDriver(SlowSubmitScreen(), model: model, clock: clock)
      try await driver.type("Ada", into: "name")
      try await driver.tap("submit")
      #expect(model.submit.status == .executing)
      #expect(clock.sleeperCount == 1, "the run sleeps on the clock when the screen goes")
      let command = model.submit
      let widget = try driver.widget("submit")
      left.models.append { [weak model] in model }
      left.clocks.append { [weak clock] in clock }
      left.commands.append { [weak command] in command }
      left.widgets.append { [weak widget] in widget }
      left.work.insert(command.workToken)
      if unmounting { driver.unmount() }
    }
    return left
  }

  @Test(arguments: [true, false])
  func cyclesWithARunInFlightLeaveNothingBehind(unmounting: Bool) async throws {
    let left = try await cycles(200, unmounting: unmounting)
    // The runs were cancelled with their screens; each ends when its task next runs. Waiting for
    // that is driven by the ledger, which hears of every run that ends.
    let unwinding = WorkLedger.shared.followed { $0.owner.map(left.work.contains) == true }
    #expect(unwinding.allSatisfy { $0.isCancelled }, "runs not cancelled with their screens")
    let ledger = WorkLedger.shared
    await ledger.wait { ledger.followed { $0.owner.map(left.work.contains) == true }.isEmpty }
    #expect(left.models.filter { $0() != nil }.isEmpty, "view models kept")
    #expect(left.clocks.filter { $0() != nil }.isEmpty, "clocks kept (with their sleepers)")
    #expect(left.commands.filter { $0() != nil }.isEmpty, "commands kept")
    #expect(left.widgets.filter { $0() != nil }.isEmpty, "widgets kept")
  }
}
