// How a star rating draws itself in the terminal, with TerminalHost's public API only.

import TerminalHost

extension StarRating: TerminalDrawable {
  /// Draws the stars, `★★★☆☆`, reversed while focused and dim while disabled, as a built-in
  /// control's line is.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.write(stars, style: region.lineStyle)
    return 1
  }

  /// The width of the stars.
  public var naturalTerminalWidth: Int { TerminalText.width(of: stars) }
}
