import BindingDSL
import Headless
import Observation

/// A view model that asks its dialogs and writes down every answer.
@MainActor
@Observable
final class AskingViewModel {
  var answers: [String] = []
  var isBusy = false
  @ObservationIgnored let dialogs: any DialogPresenter
  @ObservationIgnored let clock: any Clock<Duration>

  init(dialogs: any DialogPresenter, clock: any Clock<Duration>) {
    self.dialogs = dialogs
    self.clock = clock
  }

  @ObservationIgnored private(set) lazy var ask = Command<Void, Void>("ask", owner: self) {
    vm, _ in
    await vm.askAlert()
  }

  @ObservationIgnored private(set) lazy var confirm = Command<Void, Void>("confirm", owner: self) {
    vm, _ in
    let answer = await vm.dialogs.confirm(
      "Leave?", message: "Changes are lost.", confirm: "Leave", cancel: "Stay")
    vm.write(answer.map { "\($0)" })
  }

  @ObservationIgnored private(set) lazy var sheet = Command<Void, Void>("sheet", owner: self) {
    vm, _ in
    let answer = await vm.dialogs.actionSheet(
      "Share", actions: ["Mail", "Messages"], cancel: "Cancel")
    vm.write(answer.map { $0 ?? "none" })
  }

  @ObservationIgnored private(set) lazy var rename = Command<Void, Void>("rename", owner: self) {
    vm, _ in
    let answer = await vm.dialogs.prompt("New name", placeholder: "Name", text: "old")
    vm.write(answer.map { $0 ?? "cancelled" })
  }

  @ObservationIgnored private(set) lazy var save = Command<Void, Void>("save", owner: self) {
    vm, _ in
    try await vm.saveSlowly()
  }

  private func askAlert() async {
    let answer = await dialogs.alert(
      "No code?", message: "We can send it again.",
      buttons: [DialogButton("Resend"), .cancel("Cancel")])
    write(answer)
  }

  private func saveSlowly() async throws {
    try await dialogs.withProgress("Saving…") {
      try await clock.sleep(for: .seconds(2))
    }
    dialogs.toast("Saved")
  }

  private func write(_ answer: DialogAnswer<String>) {
    switch answer {
    case .answered(let value): answers.append(value)
    case .dismissed: answers.append("dismissed")
    }
  }
}

extension DialogAnswer {
  func map<T>(_ transform: (Value) -> T) -> DialogAnswer<T> {
    switch self {
    case .answered(let value): .answered(transform(value))
    case .dismissed: .dismissed
    }
  }
}

struct AskingScreen: Screen {
  let ask = Button("ask", title: "Ask")
  let confirm = Button("confirm", title: "Confirm")
  let sheet = Button("sheet", title: "Share")
  let rename = Button("rename", title: "Rename")
  let save = Button("save", title: "Save")

  var body: Widget {
    VStack("asking") {
      ask
      confirm
      sheet
      rename
      save
    }
  }

  func bindings(_ vm: AskingViewModel) -> [BindingDeclaration<AskingViewModel>] {
    command(vm.ask, on: ask, showsBusy: false)
    command(vm.confirm, on: confirm, showsBusy: false)
    command(vm.sheet, on: sheet, showsBusy: false)
    command(vm.rename, on: rename, showsBusy: false)
    command(vm.save, on: save, showsBusy: false)
  }
}
