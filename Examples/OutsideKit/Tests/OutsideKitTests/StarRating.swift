// A widget kind written outside the library, with its public API only: a star rating that
// the pictures draw as stars through `PictureDrawable`.

import Foundation
import Headless
import Pictures
import Testing

/// A rating of so many stars out of a maximum: a widget kind a team adds for its own screens.
@MainActor
final class StarRating: Widget {
  /// How many stars are lit.
  let stars: WidgetProperty<Int>
  /// How many stars there are.
  let maximum: Int

  /// Creates a rating of `stars` out of `maximum`.
  init(_ id: String, stars: Int = 0, maximum: Int = 5) {
    self.stars = WidgetProperty(widgetID: id, name: "stars", value: stars, isEditable: true)
    self.maximum = maximum
    super.init(id: id)
  }

  override var kind: String { "StarRating" }

  override var renderedFields: [RenderedField] {
    [.init("stars", .number(Double(stars.value))), .init("maximum", .number(Double(maximum)))]
  }
}

extension StarRating: PictureDrawable {
  /// The corners of a star 20 pixels across, from its top point, clockwise.
  private static let star: [(x: Int, y: Int)] = [
    (10, 0), (13, 7), (20, 7), (14, 12), (16, 20), (10, 15), (4, 20), (6, 12), (0, 7), (7, 7),
  ]

  /// Draws the stars in a row, the lit ones filled in gold, the others as outlines, then
  /// `3 of 5` after them.
  func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let lit = min(max(stars.value, 0), maximum)
    for index in 0..<maximum {
      let left = region.x + index * 24
      guard left + 20 <= region.x + region.width else { break }
      canvas.polygon(
        points: Self.star.map { (left + $0.x, region.y + 4 + $0.y) },
        fill: index < lit ? "#f59e0b" : nil, stroke: index < lit ? "#b45309" : PictureColor.line)
    }
    let after = region.x + maximum * 24 + 4
    canvas.text(
      "\(lit) of \(maximum)", x: after, y: region.y + 6, width: region.x + region.width - after,
      color: PictureColor.muted)
    return 28
  }
}

@MainActor
@Suite struct StarRatingPictureTests {
  @Test func thePicturesDrawAStarRatingAsStars() {
    let rating = StarRating("rating", stars: 3)
    let svg = Picture.svg(
      of: VStack("review") {
        Label("title", text: "Your rating")
        rating
      })
    let polygons = svg.components(separatedBy: "<polygon ").count - 1
    let lit = svg.components(separatedBy: "fill=\"#f59e0b\"").count - 1
    #expect(polygons == 5)
    #expect(lit == 3)
    #expect(svg.contains(">3 of 5</text>"))
    // NB: drawn as itself, not as the box with its text-format line of a kind nothing draws.
    #expect(!svg.contains("StarRating #rating"))
    rating.stars.value = 5
    #expect(Picture.svg(of: rating).components(separatedBy: "fill=\"#f59e0b\"").count - 1 == 5)
  }
}
