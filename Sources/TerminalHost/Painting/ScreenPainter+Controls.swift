import Headless

extension ScreenPainter {
  /// Draws the controls a person reads and edits; `nil` when `widget` is not one.
  func drawControl(
    _ widget: Widget, column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int? {
    let focus = isFocused(widget)
    let lineStyle = focus ? Palette.focus : widget.isEnabled.value ? .plain : Palette.dim
    var height = 1
    switch widget {
    case let label as Label:
      canvas.write(label.text.value, column: column, row: row, width: width)
    case let field as TextField:
      let shown = field.isSecure ? String(repeating: "•", count: field.text.value.count) : nil
      drawField(
        field, text: shown ?? field.text.value, placeholder: field.placeholder.value, prefix: "",
        column: column, row: row, width: width, on: &canvas)
      if field.isChecking.value {
        canvas.write(
          "⋯ checking", column: column, row: row + height, width: width, style: Palette.dim)
        height += 1
      }
    case let field as SearchField:
      drawField(
        field, text: field.text.value, placeholder: field.placeholder.value, prefix: "⌕ ",
        column: column, row: row, width: width, on: &canvas)
    case let view as TextView:
      height = drawTextView(view, column: column, row: row, width: width, on: &canvas)
    case let button as Button:
      let title = "[ " + button.title.value + (button.isBusy.value ? " ⋯" : "") + " ]"
      canvas.write(title, column: column, row: row, width: width, style: lineStyle)
    case let toggle as Toggle:
      let mark = toggle.isOn.value ? "[x] " : "[ ] "
      canvas.write(
        mark + toggle.title.value, column: column, row: row, width: width, style: lineStyle)
    case let slider as Slider:
      drawSlider(slider, style: lineStyle, column: column, row: row, width: width, on: &canvas)
    case let stepper as Stepper:
      let text = "[−] \(stepper.value.value) [+]"
      canvas.write(text, column: column, row: row, width: width, style: lineStyle)
    case let control as SegmentedControl:
      drawSegments(control, focus: focus, column: column, row: row, width: width, on: &canvas)
    case let picker as Picker:
      let title = picker.title.value.isEmpty ? "" : picker.title.value + ": "
      let text = title + "‹ " + (picker.selection.value ?? "none") + " ›"
      canvas.write(text, column: column, row: row, width: width, style: lineStyle)
    case let picker as DatePicker:
      let title = picker.title.value.isEmpty ? "" : picker.title.value + ": "
      let text = title + "‹ " + picker.date.value.description + " ›"
      canvas.write(text, column: column, row: row, width: width, style: lineStyle)
    case let image as Image:
      guard let said = image.spokenText else { return 0 }
      canvas.write("[" + said + "]", column: column, row: row, width: width, style: Palette.dim)
    default:
      return nil
    }
    if let message = validationMessage(of: widget) {
      canvas.write(
        "✗ " + message, column: column, row: row + height, width: width, style: Palette.error)
      height += 1
    }
    return height
  }

  /// The validation message a widget shows under itself, if any.
  private func validationMessage(of widget: Widget) -> String? {
    switch widget {
    case let field as TextField: field.message.value
    case let view as TextView: view.message.value
    case let toggle as Toggle: toggle.message.value
    case let slider as Slider: slider.message.value
    case let stepper as Stepper: stepper.message.value
    case let control as SegmentedControl: control.message.value
    case let picker as Picker: picker.message.value
    case let picker as DatePicker: picker.message.value
    default: nil
    }
  }

  /// Draws a one-line text field: its text (or dim placeholder) on an underlined strip the
  /// width of the field, reversed while focused with the cursor at the caret.
  private func drawField(
    _ field: Widget, text: String, placeholder: String, prefix: String, column: Int, row: Int,
    width: Int, on canvas: inout Canvas
  ) {
    let focus = isFocused(field)
    var base = focus ? Palette.focus : Palette.field
    if !field.isEnabled.value { base.attributes.insert(.dim) }
    let start = canvas.write(prefix, column: column, row: row, width: width, style: base)
    let room = column + width - start
    canvas.fill(column: start, row: row, width: room, style: base)
    guard room > 0 else { return }
    if text.isEmpty {
      var dim = base
      dim.attributes.insert(.dim)
      canvas.write(placeholder, column: start, row: row, width: room, style: dim)
      if focus { canvas.placeCursor(column: start, row: row) }
      return
    }
    let characters = Array(text)
    let slice = FieldSlice(characters, caret: caret ?? characters.count, width: room)
    canvas.write(slice.text, column: start, row: row, width: room, style: base)
    if focus { canvas.placeCursor(column: start + slice.caretColumn, row: row) }
  }

  /// Draws a text view: its lines, each on a strip the width of the view, and the caret.
  private func drawTextView(
    _ view: TextView, column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int {
    let focus = isFocused(view)
    let base = focus ? Palette.focus : Palette.field
    let text = view.text.value
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      canvas.fill(column: column, row: row + index, width: width, style: base)
      canvas.write(String(line), column: column, row: row + index, width: width, style: base)
    }
    if text.isEmpty {
      var dim = base
      dim.attributes.insert(.dim)
      canvas.write(view.placeholder.value, column: column, row: row, width: width, style: dim)
    }
    if focus {
      let before = text.prefix(caret ?? text.count)
      let caretRow = before.filter { $0 == "\n" }.count
      let lineStart =
        before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
      let caretColumn = TerminalText.width(of: before[lineStart...])
      if caretColumn < width {
        canvas.placeCursor(column: column + caretColumn, row: row + caretRow)
      }
    }
    return max(lines.count, 1)
  }

  /// Draws a slider as a bar with a knob and its value after it.
  private func drawSlider(
    _ slider: Slider, style: TerminalStyle, column: Int, row: Int, width: Int,
    on canvas: inout Canvas
  ) {
    let range = slider.range.value
    let value = slider.value.value
    let valueText = " " + slider.adjustableValueText
    let bar = max(min(20, width - TerminalText.width(of: valueText)), 3)
    let span = range.upperBound - range.lowerBound
    let fraction =
      span > 0 && value.isFinite ? min(max((value - range.lowerBound) / span, 0), 1) : 0
    let knob = Int((fraction * Double(bar - 1)).rounded())
    let text =
      String(repeating: "━", count: knob) + "●" + String(repeating: "─", count: bar - 1 - knob)
    canvas.write(text + valueText, column: column, row: row, width: width, style: style)
  }

  /// Draws a segmented control's options side by side, the selected one in brackets.
  private func drawSegments(
    _ control: SegmentedControl, focus: Bool, column: Int, row: Int, width: Int,
    on canvas: inout Canvas
  ) {
    var left = column
    let style = focus ? Palette.focus : control.isEnabled.value ? .plain : Palette.dim
    for option in control.options.value {
      let selected = option == control.selection.value
      let text = selected ? "[" + option + "]" : " " + option + " "
      var optionStyle = style
      if selected { optionStyle.attributes.insert(.bold) }
      left = canvas.write(
        text, column: left, row: row, width: column + width - left, style: optionStyle)
      guard left < column + width else { return }
    }
  }
}
