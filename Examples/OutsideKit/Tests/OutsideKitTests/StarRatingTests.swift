// A widget kind written outside the library draws itself in the terminal: `StarRating` adopts
// `TerminalDrawable` with TerminalHost's public API only, and a screen shows it on the virtual
// terminal as the library's own widgets show.

import BindingDSL
import Headless
import HeadlessTesting
import Observation
import OutsideKit
import TerminalHost
import TerminalHostTesting
import Testing

@MainActor
@Observable
final class ReviewModel {
  var stars = 3
  var canRate = true
}

@MainActor
struct ReviewScreen: Screen {
  let title = Label("title", text: "Your rating")
  let rating = StarRating("rating")
  let send = Button("send", title: "Send")

  var body: Widget {
    VStack("review") {
      title
      HStack("row") {
        rating
        send
      }
    }
  }

  func bindings(_ vm: ReviewModel) -> [BindingDeclaration<ReviewModel>] {
    bind(\.stars, to: rating.value)
    bind(\.canRate, to: rating.isEnabled)
  }
}

@MainActor
@Suite struct StarRatingTests {
  @Test func aStarRatingDrawsItsStarsOnTheVirtualTerminal() async throws {
    let model = ReviewModel()
    let driver = try ScreenDriver(ReviewScreen(), model: model)
    let host = TerminalScreenHost(driver.mounted, flush: {})
    var terminal = VirtualTerminal(width: 30, height: 4)
    terminal.show(host)
    // NB: the rating takes its natural width (five stars) in the stack, then the button.
    #expect(terminal.lines[0] == "Your rating")
    #expect(terminal.lines[1] == "★★★☆☆ [ Send ]")
    #expect(terminal[0, 1].style == .plain)

    model.stars = 5
    model.canRate = false
    try await driver.settle()
    terminal.show(host)
    #expect(terminal.lines[1] == "★★★★★ [ Send ]")
    #expect(terminal[0, 1].style.attributes.contains(.dim), "a disabled rating is drawn dim")
  }

  @Test func ratingIsClampedAndReachesTheViewModel() async throws {
    let model = ReviewModel()
    let screen = ReviewScreen()
    let driver = try ScreenDriver(screen, model: model)
    screen.rating.rate(9)
    try await driver.settle()
    #expect(model.stars == 5)
    #expect(screen.rating.stars == "★★★★★")
    screen.rating.rate(-2)
    try await driver.settle()
    #expect(model.stars == 0)
    #expect(screen.rating.stars == "☆☆☆☆☆")
  }

  @Test func aPainterDrawsTheRatingInsteadOfItsTextLine() {
    let rating = StarRating("rating", value: 2)
    let frame = ScreenPainter().paint(rating, width: 10, height: 1)
    #expect(frame.lines == ["★★☆☆☆"])
    #expect(frame.lines[0] != TextRenderer.line(for: rating))
  }
}
