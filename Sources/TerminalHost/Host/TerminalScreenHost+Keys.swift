import Headless

extension TerminalScreenHost {
  /// Performs `command` on the focused widget through its public edit and event paths.
  func perform(_ command: KeyCommand, for event: KeyEvent) {
    switch command {
    case .edit(let edit): editText(edit, for: event)
    case .submit: (focusedWidget as? any Submittable)?.submit.send()
    case .tap: (focusedWidget as? any Tappable)?.tap.send()
    case .toggle:
      guard let toggle = focusedWidget as? any Toggleable else { return }
      toggle.isOn.edit(!toggle.isOn.value)
    case .adjust(let steps): adjust(by: steps)
    case .choose(let offset): choose(by: offset)
    case .moveDay(let days):
      guard let picker = focusedWidget as? any DatePickable, let day = picker.day(movedBy: days)
      else { return }
      picker.date.edit(day)
    case .switchTab(let offset):
      guard let tabs = focusedWidget as? TabView else { return }
      let ids = tabs.tabIDs
      let index = (ids.firstIndex(of: tabs.selection.value) ?? 0) + offset
      if ids.indices.contains(index) { tabs.selection.edit(ids[index]) }
    case .moveRow(let offset):
      guard let list = focusedWidget as? ListView else { return }
      followListCursor(in: list)
      if moveListCursor(by: offset, in: list) { loadMore(of: list) }
    case .selectRow:
      guard let list = focusedWidget as? ListView else { return }
      followListCursor(in: list)
      guard list.rows.indices.contains(listCursor) else { return }
      list.select(list.rows[listCursor])
    case .swipe(let name):
      guard let list = focusedWidget as? ListView else { return }
      followListCursor(in: list)
      guard list.rows.indices.contains(listCursor),
        let action = list.boundActions.first(where: { $0.eventKey.property == name }),
        let model = list.rows[listCursor].model as? any RowModel
      else { return }
      action.send(model)
    case .refresh:
      guard let list = focusedWidget as? ListView, list.refresh.isEnabled.value else { return }
      list.refresh.trigger.send()
    case .focus(let offset):
      moveFocus(by: offset)
    case .back:
      try? app?.goBack()
    case .moveInRow(let offset):
      moveInRow(by: offset)
    case .cancelDialog:
      guard let app, let dialog = ScreenPainter.frontDialog(of: app.view) else { return }
      Self.cancelButton(of: dialog)?.tap.send()
    case .confirmPrompt:
      guard let app, let dialog = ScreenPainter.frontDialog(of: app.view) else { return }
      let cancel = Self.cancelButton(of: dialog)
      dialog.buttons.first { $0 !== cancel }?.tap.send()
    case .help:
      isShowingHelp.toggle()
    case .scrollHelp(let lines):
      scrollHelp(by: lines)
    case .scrollScreen(let pages):
      screenScroll = max(screenOffset + pages * max(screenRows - 1, 1), 0)
    }
  }

  /// Asks `list` for more rows, as scrolling to its end does: when it has more to load and
  /// its load-more command can run and is not running.
  private func loadMore(of list: ListView) {
    let control = list.loadMore
    guard list.hasMore.value, control.isBound, control.isEnabled.value, !control.isBusy.value
    else { return }
    control.trigger.send()
  }

  /// Applies a text edit at the caret: the caret moves, and an edit that changes the text
  /// hands the whole new text to the widget as one edit.
  private func editText(_ edit: TextEdit, for event: KeyEvent) {
    guard let field = focusedWidget as? any TextEditable else { return }
    var text = CaretText(field.text.value, offset: caretOffset(in: field))
    text.goalColumn = goalColumn
    var typed = ""
    switch event {
    case .character(let character): typed = String(character)
    case .paste(let pasted): typed = field is TextView ? pasted : pasted.replacing("\n", with: " ")
    case .enter: typed = "\n"
    default: break
    }
    if text.apply(edit, typed: typed) { field.text.edit(text.text) }
    caret = (text.offset, field.text.value)
    goalColumn = text.goalColumn
  }

  /// Moves an adjustable widget by `steps` steps, as the driver's `step(_:by:)` does
  /// (`Adjustable.value(steppedBy:)`); a step past an end does nothing.
  private func adjust(by steps: Int) {
    guard let widget = focusedWidget as? any Adjustable else { return }
    let target = widget.value(steppedBy: steps)
    guard target != widget.adjustableValue, widget.problem(adjustingTo: target) == nil else {
      return
    }
    widget.adjust(to: target)
  }

  /// Selects the option `offset` places from the selected one
  /// (`OptionSelectable.option(movedBy:)`); nothing past either end.
  private func choose(by offset: Int) {
    guard let widget = focusedWidget as? any OptionSelectable,
      let option = widget.option(movedBy: offset)
    else { return }
    widget.selection.edit(option)
  }
}
