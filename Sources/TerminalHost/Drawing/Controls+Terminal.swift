public import Headless

extension Label: TerminalDrawable {
  /// Draws the label's text, plain.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.write(text.value)
    return 1
  }

  /// The width of the text.
  public var naturalTerminalWidth: Int { TerminalText.width(of: text.value) }
}

extension Button: TerminalDrawable {
  /// Draws `[ Title ]`, `[ Title ⋯ ]` while busy, in the region's line style.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.write(
      "[ " + title.value + (isBusy.value ? " ⋯" : "") + " ]", style: region.lineStyle)
    return 1
  }

  /// The width of the title in its brackets.
  public var naturalTerminalWidth: Int {
    TerminalText.width(of: title.value) + (isBusy.value ? 6 : 4)
  }
}

extension Toggle: TerminalDrawable {
  /// Draws `[x] Title` or `[ ] Title` in the region's line style, and the validation message
  /// under it.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.write((isOn.value ? "[x] " : "[ ] ") + title.value, style: region.lineStyle)
    return 1 + region.writeValidationMessage(message.value, row: 1)
  }

  /// The width of the title after its box.
  public var naturalTerminalWidth: Int { TerminalText.width(of: title.value) + 4 }
}

extension Image: TerminalDrawable {
  /// Draws the accessibility text in brackets, dim; nothing for a decorative image.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, or 0 for a decorative image.
  public func draw(in region: inout TerminalRegion) -> Int {
    guard let said = spokenText else { return 0 }
    region.write("[" + said + "]", style: TerminalRegion.dimStyle)
    return 1
  }

  /// The width of the accessibility text in brackets; 0 for a decorative image.
  public var naturalTerminalWidth: Int { spokenText.map { TerminalText.width(of: $0) + 2 } ?? 0 }
}
