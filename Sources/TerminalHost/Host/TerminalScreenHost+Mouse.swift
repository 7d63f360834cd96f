import Headless

extension TerminalScreenHost {
  /// What a click at a cell lands on.
  enum MouseTarget {
    /// A widget that takes the focus.
    case widget(Widget)
    /// A control of a list's row.
    case rowControl(Widget, row: RowWidget, list: ListView)
    /// A list's row, away from its controls.
    case row(RowWidget, list: ListView)
    /// A list with no row at that cell (its empty text, its status lines).
    case list(ListView)
  }

  /// How many lines a turn of the wheel moves.
  static let wheelLines = 3

  /// Acts on a mouse event at `position`, by what the last frame drew there.
  func handleMouse(_ action: MouseAction, at position: TerminalPosition) {
    switch action {
    case .press(.left):
      guard let target = target(at: position) else { return }
      click(target)
    case .scrollUp, .scrollDown:
      let lines = action == .scrollUp ? -Self.wheelLines : Self.wheelLines
      scrollWheel(by: lines, at: position)
    case .press, .release:
      return
    }
  }

  /// The innermost thing at `position` a click acts on: a widget of the focus order, a row's
  /// control or a row of a list in the order; `nil` over anything else (a label, the screen
  /// behind a dialog, a disabled widget).
  func target(at position: TerminalPosition) -> MouseTarget? {
    let order = focusOrder
    let areas = hitAreas.areas(at: position)
    let rowArea = areas.first { area in
      guard let list = area.list else { return false }
      return order.contains { $0 === list }
    }
    for area in areas {
      guard let widget = area.widget else { continue }
      if let rowArea, let row = rowArea.widget as? RowWidget, let list = rowArea.list {
        if widget === row { return .row(row, list: list) }
        if FocusOrder.controls(of: row).contains(where: { $0 === widget }) {
          return .rowControl(widget, row: row, list: list)
        }
        continue
      }
      if order.contains(where: { $0 === widget }) {
        if let list = widget as? ListView { return .list(list) }
        return .widget(widget)
      }
    }
    return nil
  }

  /// Focuses what was clicked, then presses a button or flips a toggle, or selects a row.
  private func click(_ target: MouseTarget) {
    switch target {
    case .widget(let widget):
      if focusedWidget !== widget || rowList != nil {
        moveFocus(to: widget, in: focusOrder)
        rowList = nil
        focusedRow = nil
      }
      press(widget)
    case .list(let list):
      focusList(list)
    case .row(let row, let list):
      focusList(list)
      guard let index = list.rows.firstIndex(where: { $0 === row }) else { return }
      moveListCursor(to: index, in: list)
      list.select(row)
    case .rowControl(let control, let row, let list):
      focusList(list)
      guard let index = list.rows.firstIndex(where: { $0 === row }) else { return }
      moveListCursor(to: index, in: list)
      focusedRow = row
      rowList = list
      focusControl(control)
      press(control)
    }
  }

  /// Taps `widget` or flips it, as Enter does, when it has the focus and takes keys now.
  private func press(_ widget: Widget) {
    guard operableFocus === widget else { return }
    if let button = widget as? any Tappable {
      button.tap.send()
    } else if let toggle = widget as? any Toggleable {
      toggle.isOn.edit(!toggle.isOn.value)
    }
  }

  /// Gives the focus to `list` itself (out of a row's controls), unless it has it.
  private func focusList(_ list: ListView) {
    guard focusedWidget !== list || rowList != nil else { return }
    if rowList === list, let focusedWidget, let field = focusedWidget as? any Focusable,
      field.isFocused.value
    {
      field.isFocused.edit(false)
    }
    moveFocus(to: list, in: focusOrder)
    rowList = nil
    focusedRow = nil
  }

  /// Turns the wheel `lines` lines at `position`: over a list its cursor moves, over a text
  /// view its caret moves, each taking the focus; anywhere else the screen scrolls.
  private func scrollWheel(by lines: Int, at position: TerminalPosition) {
    let areas = hitAreas.areas(at: position)
    let order = focusOrder
    for area in areas {
      if let list = area.list ?? (area.widget as? ListView), order.contains(where: { $0 === list })
      {
        focusList(list)
        followListCursor(in: list)
        if list.rowCount > 0 { perform(.moveRow(lines), for: lines < 0 ? .up : .down) }
        return
      }
      if let view = area.widget as? TextView, order.contains(where: { $0 === view }) {
        if focusedWidget !== view { moveFocus(to: view, in: order) }
        for _ in 0..<abs(lines) {
          perform(.edit(lines < 0 ? .lineUp : .lineDown), for: lines < 0 ? .up : .down)
        }
        return
      }
    }
    guard screenOverflows else { return }
    screenScroll = max(screenOffset + lines, 0)
  }
}
