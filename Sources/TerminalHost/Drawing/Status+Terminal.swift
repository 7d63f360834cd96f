public import Headless

extension ProgressBar: TerminalDrawable {
  /// Draws `████░░░ 40%`: at most 20 cells and the percentage.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1.
  public func draw(in region: inout TerminalRegion) -> Int {
    let value = self.value.value.isNaN ? 0 : min(max(self.value.value, 0), 1)
    let percent = " \(Int((value * 100).rounded()))%"
    let cells = max(min(20, region.width - TerminalText.width(of: percent)), 1)
    let done = Int((value * Double(cells)).rounded())
    region.write(
      String(repeating: "█", count: done) + String(repeating: "░", count: cells - done) + percent)
    return 1
  }
}

extension ActivityIndicator: TerminalDrawable {
  /// Draws `⋯`, dim, while animating; nothing at rest.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1 while animating, 0 at rest.
  public func draw(in region: inout TerminalRegion) -> Int {
    guard isAnimating.value else { return 0 }
    region.write("⋯", style: TerminalRegion.dimStyle)
    return 1
  }
}

extension HUD: TerminalDrawable {
  /// Draws the feedback on one line on a yellow background; nothing while there is none.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1 while there is feedback, 0 otherwise.
  public func draw(in region: inout TerminalRegion) -> Int {
    guard let line = ScreenPainter.line(of: feedback.value) else { return 0 }
    region.fill(style: Palette.notice)
    region.write(line, style: Palette.notice)
    return 1
  }
}

extension Toast: TerminalDrawable {
  /// Draws the message on one line on a yellow background; nothing while there is none.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1 while there is a message, 0 otherwise.
  public func draw(in region: inout TerminalRegion) -> Int {
    guard let message = message.value else { return 0 }
    region.fill(style: Palette.notice)
    region.write(message, style: Palette.notice)
    return 1
  }
}
