public import Headless

/// A widget kind that draws its own wireframe in a picture.
///
/// The built-in widgets adopt it in this module; a widget kind added outside the library adopts
/// it the same way, and is then drawn as itself instead of as a box with its text-format line
/// (`Examples/OutsideKit` draws a star rating as stars).
///
/// The canvas is not asked whether the widget is hidden: a hidden widget is never asked to draw.
@MainActor
public protocol PictureDrawable: Widget {
  /// Draws the widget with its top-left corner at the region's origin, at most the region's
  /// width across, and returns how many pixels down it took.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on; its ``PictureCanvas/draw(_:in:)`` draws a child.
  /// - Returns: The height the widget took, in pixels (0 when it shows nothing).
  func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int
}

/// Draws widget trees, mounted screens and whole apps as wireframe SVG pictures:
/// `Picture.svg(of: root)` for a screen, with a mounted screen's `root` unwrapped (it is `nil`
/// once the screen is unmounted), and `Picture.svg(of: host.view)` for an app with its
/// navigation bar, tab bar, dialogs, toast and HUD.
///
/// A picture is deterministic: the same tree gives the same bytes, so a picture can be checked
/// in and compared like a text snapshot. It needs no fonts: text is laid out at a fixed advance
/// a character in the SVG's monospace font.
@MainActor
public enum Picture {
  /// The width of a picture unless one is asked for: about a phone's.
  public static let defaultWidth = 360

  /// Draws `root` and everything nested in it as an SVG document.
  ///
  /// - Parameters:
  ///   - root: A widget tree: a mounted screen's `root` (unwrapped), or an app's
  ///     `AppHost.view`.
  ///   - width: The picture's width in pixels; a width below 80 draws 80 wide.
  /// - Returns: The SVG document, ending with a line break.
  public static func svg(of root: Widget, width: Int = defaultWidth) -> String {
    let width = max(width, 80)
    let canvas = PictureCanvas()
    let height: Int
    if root is AppView {
      height = max(canvas.draw(root, in: PictureRegion(x: 0, y: 0, width: width)), 1)
    } else {
      height = canvas.draw(root, in: PictureRegion(x: 16, y: 16, width: width - 32)) + 32
    }
    var document = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" "
    document += "height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
    document += "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
    document += "font-size=\"\(PictureCanvas.fontSize)\">\n"
    document += "<title>\(PictureCanvas.escaped(root.kind + " #" + root.id))</title>\n"
    document += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(PictureColor.paper)\"/>\n"
    document += canvas.elements
    document += "</svg>\n"
    return document
  }
}
