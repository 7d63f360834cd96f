public import BindingDSL

/// The dialogs of an ``AppHost``: the ``/BindingDSL/DialogPresenter`` its view models are given. Dialogs
/// render over the app, one answered at a time (the earliest shown is in front; later ones
/// wait), and the driver answers them.
///
/// A view model awaiting an answer is waiting on the person, not busy: the driver's `settle()`
/// does not wait for it. Answering marks its work running again before resuming it, so the
/// settle after an answer waits for what the view model does next.
@MainActor
public final class DialogCenter: DialogPresenter {
  /// How long a toast stays, on the host's clock.
  public static let toastDuration: Duration = .seconds(3)

  unowned let host: AppHost
  /// The dialogs shown, the front one first.
  private var shown: [ShownDialog] = []
  var toast: Toast?
  var toastTask: Task<Void, any Error>?
  var toastGeneration = 0
  /// The progress HUDs that follow a ``BusyCondition``, oldest first.
  var conditionalHUDs: [ConditionalHUD] = []
  /// The operations of `withProgress(_:operation:)` running, with their messages, oldest first.
  var runningOperations: [(id: Int, message: String)] = []
  /// The id of the last operation begun.
  var lastOperationID = 0
  /// The HUD that shows the message of the newest operation running.
  let operationHUD = HUD("progress")

  init(host: AppHost) {
    self.host = host
  }

  // MARK: - DialogPresenter

  /// Shows an alert over the app and waits for a button.
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - message: The text under the title.
  ///   - buttons: The buttons, in order.
  /// - Returns: The title of the button tapped, or ``/BindingDSL/DialogAnswer/dismissed``.
  public func alert(_ title: String, message: String?, buttons: [DialogButton]) async
    -> DialogAnswer<String>
  {
    let buttons = buttons.isEmpty ? [DialogButton("OK")] : buttons
    let view = DialogView(
      nextID("alert"), style: .alert, title: title, message: message, buttons: buttons)
    switch await present(view) {
    case .button(let index): return .answered(buttons[index].title)
    case .dismissed: return .dismissed
    }
  }

  /// Asks a yes-or-no question over the app.
  ///
  /// - Parameters:
  ///   - title: The question.
  ///   - message: The text under it.
  ///   - confirm: The title of the button that answers `true`.
  ///   - cancel: The title of the button that answers `false`.
  /// - Returns: `true` for `confirm`, `false` for `cancel`, or ``/BindingDSL/DialogAnswer/dismissed``.
  public func confirm(_ title: String, message: String?, confirm: String, cancel: String) async
    -> DialogAnswer<Bool>
  {
    let view = DialogView(
      nextID("alert"), style: .alert, title: title, message: message,
      buttons: [.cancel(cancel), DialogButton(confirm)])
    switch await present(view) {
    case .button(let index): return .answered(index == 1)
    case .dismissed: return .dismissed
    }
  }

  /// Shows a list of actions over the app, with a cancel button at its end.
  ///
  /// - Parameters:
  ///   - title: What the actions are for.
  ///   - actions: The actions' titles, in order.
  ///   - cancel: The title of the button that chooses none.
  /// - Returns: The action chosen, `nil` for `cancel`, or ``/BindingDSL/DialogAnswer/dismissed``.
  public func actionSheet(_ title: String, actions: [String], cancel: String) async
    -> DialogAnswer<String?>
  {
    let view = DialogView(
      nextID("sheet"), style: .actionSheet, title: title, message: nil,
      buttons: actions.map { DialogButton($0) } + [.cancel(cancel)])
    switch await present(view) {
    case .button(let index): return .answered(index < actions.count ? actions[index] : nil)
    case .dismissed: return .dismissed
    }
  }

  /// Asks for a line of text over the app.
  ///
  /// - Parameters:
  ///   - title: What to type.
  ///   - placeholder: The field's placeholder.
  ///   - text: The text the field starts with.
  /// - Returns: The text when the person taps OK, `nil` for Cancel, or
  ///   ``/BindingDSL/DialogAnswer/dismissed``.
  public func prompt(_ title: String, placeholder: String, text: String) async
    -> DialogAnswer<String?>
  {
    let id = nextID("prompt")
    let field = TextField("\(id).text", placeholder: placeholder)
    field.text.receive(text)
    let view = DialogView(
      id, style: .prompt, title: title, message: nil, buttons: [.cancel("Cancel"), .init("OK")],
      field: field)
    switch await present(view) {
    case .button(let index): return .answered(index == 1 ? field.text.value : nil)
    case .dismissed: return .dismissed
    }
  }

  // MARK: - Showing and answering

  /// Shows `view` and waits for a button or for the dialog to go away.
  private func present(_ view: DialogView) async -> DialogResolution {
    let ledger = WorkLedger.shared
    let current = WorkContext.current
    let work = current ?? ledger.begin("dialog '\(view.title)'", owner: nil)
    defer { if current == nil { ledger.end(work) } }
    let entry = ShownDialog(view: view, screen: host.visible.map(ObjectIdentifier.init), work: work)
    return await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<DialogResolution, Never>) in
        entry.continuation = continuation
        if Task.isCancelled {
          entry.resolve(.dismissed)
          return
        }
        shown.append(entry)
        // NB: a host answers as a person does, by tapping a button's public `tap` event.
        for (index, button) in view.buttons.enumerated() {
          _ = button.tap.addHandler { [weak self, weak entry] in
            guard let self, let entry else { return }
            self.resolve(entry, .button(index))
          }
        }
        ledger.waitsForUser(work)
        layout()
      }
    } onCancel: {
      // NB: the ledger is told at once, so the work counts as busy until the main actor has
      // taken the dialog away and resumed it.
      ledger.answered(work)
      Task { @MainActor [weak self, weak entry] in
        guard let self, let entry else { return }
        self.resolve(entry, .dismissed)
      }
    }
  }

  private func resolve(_ entry: ShownDialog, _ resolution: DialogResolution) {
    guard let index = shown.firstIndex(where: { $0 === entry }) else { return }
    shown.remove(at: index)
    layout()
    entry.resolve(resolution)
  }

  /// Dismisses the dialogs of the screens that went away; their view models receive
  /// ``/BindingDSL/DialogAnswer/dismissed``.
  func screensRemoved(_ screens: [ObjectIdentifier]) {
    for entry in shown where entry.screen.map(screens.contains) == true {
      resolve(entry, .dismissed)
    }
    for entry in conditionalHUDs where entry.screen.map(screens.contains) == true {
      remove(entry)
    }
  }

  /// The dialog in front, which the person answers first.
  package var front: DialogView? { shown.first?.view }

  /// Taps the button titled `title` of the front dialog.
  package func answer(_ title: String) throws(DialogAnswerError) {
    guard let entry = shown.first else {
      throw DialogAnswerError(
        "cannot answer '\(title)': no dialog is shown\(toastNote)", kind: .missing)
    }
    guard let index = entry.view.buttons.firstIndex(where: { $0.title.value == title }) else {
      throw DialogAnswerError(
        "cannot answer '\(title)': \(entry.view.described) has the buttons "
          + entry.view.buttonList, kind: .missing)
    }
    resolve(entry, .button(index))
  }

  /// Types `text` into the front prompt and taps OK.
  package func answerPrompt(_ text: String) throws(DialogAnswerError) {
    guard let entry = shown.first else {
      throw DialogAnswerError(
        "cannot answer with '\(text)': no dialog is shown\(toastNote)", kind: .missing)
    }
    guard let field = entry.view.field else {
      throw DialogAnswerError(
        "cannot answer with '\(text)': \(entry.view.described) takes no text; its buttons: "
          + entry.view.buttonList, kind: .wrongKind)
    }
    field.text.edit(text)
    resolve(entry, .button(1))
  }

  /// Why `action` cannot reach the screen: a dialog is in front of it.
  func blocker(for action: String) -> String? {
    guard let front else { return nil }
    return "cannot \(action): \(front.described) is in front of the screen; answer it first "
      + "(its buttons: \(front.buttonList))"
  }

  /// Resolves every dialog as dismissed and takes toasts and HUDs away.
  func shutDown() {
    for entry in shown { resolve(entry, .dismissed) }
    for entry in conditionalHUDs { remove(entry) }
    toastTask?.cancel()
    toast = nil
    layout()
  }

  private func nextID(_ base: String) -> String {
    let taken = Set(shown.map(\.view.id))
    if !taken.contains(base) { return base }
    var number = 2
    while taken.contains("\(base)\(number)") { number += 1 }
    return "\(base)\(number)"
  }

  func layout() {
    for (index, entry) in shown.enumerated() { entry.view.isWaiting = index > 0 }
    var overlays: [Widget] = shown.map(\.view)
    if let last = runningOperations.last {
      operationHUD.feedback.receive(.loading(last.message))
      overlays.append(operationHUD)
    }
    overlays += conditionalHUDs.map(\.hud)
    if let toast { overlays.append(toast) }
    host.view.overlays = overlays
  }
}

/// How a dialog ended.
enum DialogResolution {
  case button(Int)
  case dismissed
}

/// A dialog shown and the view model awaiting it.
@MainActor
final class ShownDialog {
  let view: DialogView
  /// The screen it belongs to.
  let screen: ObjectIdentifier?
  /// The work awaiting it.
  let work: WorkID
  var continuation: CheckedContinuation<DialogResolution, Never>?

  init(view: DialogView, screen: ObjectIdentifier?, work: WorkID) {
    self.view = view
    self.screen = screen
    self.work = work
  }

  func resolve(_ resolution: DialogResolution) {
    guard let continuation else { return }
    self.continuation = nil
    WorkLedger.shared.answered(work)
    continuation.resume(returning: resolution)
  }
}
