// The kit's star rating drawn by the pictures through `PictureDrawable`, public API only.

import Foundation
import Headless
import OutsideKit
import Pictures
import Testing

@MainActor
@Suite struct StarRatingPictureTests {
  @Test func thePicturesDrawAStarRatingAsStars() {
    let rating = StarRating("rating", value: 3)
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
    rating.value.value = 5
    #expect(Picture.svg(of: rating).components(separatedBy: "fill=\"#f59e0b\"").count - 1 == 5)
  }
}
