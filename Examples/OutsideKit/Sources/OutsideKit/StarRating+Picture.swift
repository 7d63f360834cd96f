// How a star rating draws itself in pictures, with the Pictures module's public API only.

import Pictures

extension StarRating: PictureDrawable {
  /// The corners of a star 20 pixels across, from its top point, clockwise.
  private static let star: [(x: Int, y: Int)] = [
    (10, 0), (13, 7), (20, 7), (14, 12), (16, 20), (10, 15), (4, 20), (6, 12), (0, 7), (7, 7),
  ]

  /// Draws the stars in a row, the given ones filled in gold, the others as outlines, then
  /// `3 of 5` after them.
  ///
  /// - Parameters:
  ///   - region: Where to draw.
  ///   - canvas: What to draw on.
  /// - Returns: The height used, in pixels.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let given = min(max(value.value, 0), Self.maximum)
    for index in 0..<Self.maximum {
      let left = region.x + index * 24
      guard left + 20 <= region.x + region.width else { break }
      canvas.polygon(
        points: Self.star.map { (left + $0.x, region.y + 4 + $0.y) },
        fill: index < given ? "#f59e0b" : nil,
        stroke: index < given ? "#b45309" : PictureColor.line)
    }
    let after = region.x + Self.maximum * 24 + 4
    canvas.text(
      "\(given) of \(Self.maximum)", x: after, y: region.y + 6,
      width: region.x + region.width - after, color: PictureColor.muted)
    return 28
  }
}
