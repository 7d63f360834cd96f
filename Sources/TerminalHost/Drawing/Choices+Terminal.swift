public import Headless

/// `Label: ` for a widget with an accessibility label, which is what names a control that has
/// no title of its own; empty otherwise.
@MainActor
func labelPrefix(of widget: Widget) -> String {
  guard let label = widget.accessibilityLabelNow, !label.isEmpty else { return "" }
  return label + ": "
}

extension Slider: TerminalDrawable {
  /// Draws its accessibility label, a bar with a knob, `━━━●───`, and the value after it, in
  /// the region's line style, and the validation message under it.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    let range = self.range.value
    let value = self.value.value
    let label = labelPrefix(of: self)
    let valueText = " " + adjustableValueText
    let bar = max(
      min(20, region.width - TerminalText.width(of: label) - TerminalText.width(of: valueText)), 3)
    let span = range.upperBound - range.lowerBound
    let fraction =
      span > 0 && value.isFinite ? min(max((value - range.lowerBound) / span, 0), 1) : 0
    let knob = Int((fraction * Double(bar - 1)).rounded())
    let text =
      String(repeating: "━", count: knob) + "●" + String(repeating: "─", count: bar - 1 - knob)
    region.write(label + text + valueText, style: region.lineStyle)
    return 1 + region.writeValidationMessage(message.value, row: 1)
  }
}

extension Stepper: TerminalDrawable {
  /// Draws its accessibility label and `[−] 3 [+]` in the region's line style, and the
  /// validation message under it.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.write(labelPrefix(of: self) + "[−] \(value.value) [+]", style: region.lineStyle)
    return 1 + region.writeValidationMessage(message.value, row: 1)
  }

  /// The width of the label and of the value between its two buttons.
  public var naturalTerminalWidth: Int {
    TerminalText.width(of: labelPrefix(of: self)) + "\(value.value)".count + 8
  }
}

extension SegmentedControl: TerminalDrawable {
  /// Draws its accessibility label, then the options side by side, the selected one in
  /// brackets and bold, and the validation message under them.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    var left = region.write(labelPrefix(of: self), style: region.lineStyle)
    for option in options.value {
      let selected = option == selection.value
      var style = region.lineStyle
      if selected { style.attributes.insert(.bold) }
      left = region.write(
        selected ? "[" + option + "]" : " " + option + " ", column: left, style: style)
      guard left < region.width else { break }
    }
    return 1 + region.writeValidationMessage(message.value, row: 1)
  }
}

extension Picker: TerminalDrawable {
  /// Draws `Title: ‹ selection ›` in the region's line style, and the validation message
  /// under it.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.drawChoice(selection.value ?? "none", title: title.value, message: message.value)
  }
}

extension DatePicker: TerminalDrawable {
  /// Draws `Title: ‹ 2024-05-01 ›` in the region's line style, and the validation message
  /// under it.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.drawChoice(date.value.description, title: title.value, message: message.value)
  }
}

extension TerminalRegion {
  /// Draws `Title: ‹ choice ›` (`‹ choice ›` for an empty title) in the region's line style, and
  /// the validation message under it: the line of a picker or a date picker.
  ///
  /// - Parameters:
  ///   - choice: What is chosen, as the line shows it.
  ///   - title: The widget's title.
  ///   - message: The validation message, or `nil` for none.
  /// - Returns: 1, and 1 more for a message.
  mutating func drawChoice(_ choice: String, title: String, message: String?) -> Int {
    write((title.isEmpty ? "" : title + ": ") + "‹ " + choice + " ›", style: lineStyle)
    return 1 + writeValidationMessage(message, row: 1)
  }
}
