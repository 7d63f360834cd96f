import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor @Observable
private final class SaveViewModel: CommandOwner {
  let commands = CommandStore()
  var failNextSave = false
  var note: String?
  @ObservationIgnored let clock: VirtualClock

  init(clock: VirtualClock) {
    self.clock = clock
  }

  var save: Command<Void, Void> {
    .owned(by: self) { vm in
      try await vm.clock.sleep(for: .seconds(1))
      if vm.failNextSave {
        vm.failNextSave = false
        throw DiskFull()
      }
    }
  }
}

private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "The disk is full." }
}

private struct SaveScreen: Screen {
  let save = Button("save", title: "Save")
  let toast = Toast("toast")

  var body: Widget {
    VStack("form") {
      save
      toast
    }
  }

  func bindings(_ vm: SaveViewModel) -> [BindingDeclaration<SaveViewModel>] {
    command(vm.save, on: save)
    feedback(of: vm.save, on: toast, messages: FeedbackMessages(success: "Saved"))
  }
}

/// A toast and a bound text both writing the toast's message: refused as two writers.
private struct TwoWritersScreen: Screen {
  let toast = Toast("toast")

  var body: Widget { toast }

  func bindings(_ vm: SaveViewModel) -> [BindingDeclaration<SaveViewModel>] {
    bind(\.note, to: toast.message)
    feedback(of: vm.save, on: toast)
  }
}

/// A toast is a `FeedbackDisplay`: `feedback(of:on:)` shows a command's outcome on it in one
/// declaration.
@MainActor
@Suite struct ToastFeedbackTests {
  @Test func aToastShowsACommandsSuccessAndFailure() async throws {
    let clock = VirtualClock()
    let model = SaveViewModel(clock: clock)
    let driver = try ScreenDriver(SaveScreen(), model: model, clock: clock)
    let toast = try driver.widget("toast", as: Toast.self)
    #expect(toast.message.value == nil)
    try await driver.tap("save")
    #expect(toast.message.value == nil, "no loading text was given: nothing shows while it runs")
    try await driver.advance(by: .seconds(1))
    #expect(toast.message.value == "Saved")
    #expect(driver.render().contains(#"Toast #toast message="Saved""#))
    model.failNextSave = true
    try await driver.tap("save")
    try await driver.advance(by: .seconds(1))
    #expect(toast.message.value == "The disk is full.")
  }

  @Test func eachFeedbackShowsItsTextAndNothingWithoutOne() {
    let toast = Toast("toast", message: "before")
    let cases: [(Feedback, String?)] = [
      (.loading("Saving"), "Saving"), (.loading(nil), nil), (.success("Saved"), "Saved"),
      (.success(nil), nil), (.failure("Failed"), "Failed"), (.message("Cancelled"), "Cancelled"),
      (.none, nil),
    ]
    for (feedback, text) in cases {
      toast.feedbackTarget.receive(feedback)
      #expect(toast.message.value == text, "\(feedback)")
    }
    #expect(toast.feedbackTarget.targetKey == toast.message.targetKey)
  }

  @Test func aToastCannotShowFeedbackAndABoundTextAtOnce() throws {
    let error = #expect(throws: ScreenError.self) {
      try TwoWritersScreen().mount(
        on: SaveViewModel(clock: VirtualClock()), scheduler: ManualScheduler())
    }
    #expect(error?.graphProblems.map(\.kind) == [.conflictingWriters])
    #expect(error?.description.contains("toast.message is written by 2 declarations") == true)
  }
}
