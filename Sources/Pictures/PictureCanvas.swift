public import Headless

/// A rectangle of a picture that a widget draws in: where its top-left corner is and how wide
/// it may be, in pixels. Its height is what the widget uses, which its drawing returns.
public struct PictureRegion: Hashable, Sendable {
  /// The left edge, in pixels from the picture's left.
  public var x: Int
  /// The top edge, in pixels from the picture's top.
  public var y: Int
  /// The most pixels the widget may take across.
  public var width: Int

  /// Creates a region.
  ///
  /// - Parameters:
  ///   - x: The left edge, in pixels from the picture's left.
  ///   - y: The top edge, in pixels from the picture's top.
  ///   - width: The most pixels the widget may take across.
  public init(x: Int, y: Int, width: Int) {
    self.x = x
    self.y = y
    self.width = width
  }

  /// The region `amount` pixels in from the left and the right.
  ///
  /// - Parameter amount: The pixels taken off each side.
  /// - Returns: The narrower region, never less than zero wide.
  public func inset(by amount: Int) -> PictureRegion {
    PictureRegion(x: x + amount, y: y, width: max(width - 2 * amount, 0))
  }

  /// The region `amount` pixels further down.
  ///
  /// - Parameter amount: The pixels to move down.
  /// - Returns: The same region, lower.
  public func down(_ amount: Int) -> PictureRegion {
    PictureRegion(x: x, y: y + amount, width: width)
  }
}

/// The colors of a wireframe, as SVG color values.
public enum PictureColor {
  /// Text and outlines of what a person reads first.
  public static let ink = "#1f2937"
  /// Secondary text: placeholders, footers, counts.
  public static let muted = "#6b7280"
  /// Outlines of fields and separators.
  public static let line = "#9ca3af"
  /// The faint fill of bars and tracks.
  public static let fill = "#f3f4f6"
  /// What is on, selected, focused or tappable.
  public static let accent = "#2563eb"
  /// A light tint of the accent: a selected row.
  public static let tint = "#dbeafe"
  /// Validation messages and failures.
  public static let error = "#dc2626"
  /// Disabled controls.
  public static let disabled = "#d1d5db"
  /// The background.
  public static let paper = "#ffffff"
  /// Notices over the screen: the HUD and the toast.
  public static let notice = "#374151"
}

/// Where a widget's wireframe is drawn: the SVG elements written so far, and what a widget
/// needs to draw its children (``draw(_:in:)``, ``drawDown(_:in:)``).
///
/// Every coordinate is a whole number of pixels and every element is written in the order it is
/// drawn, so the same tree always gives the same bytes. Text is laid out with a fixed advance
/// of ``characterWidth`` pixels a character in a monospace font, so no font is measured.
@MainActor
public final class PictureCanvas {
  /// The pixels one character of text takes across.
  public static let characterWidth = 8
  /// The size of text, in pixels.
  public static let fontSize = 13
  /// The height of one line of text.
  public static let lineHeight = 20
  /// The height of a control: a field, a button, a row of segments.
  public static let controlHeight = 32
  /// The space between widgets one under another.
  public static let spacing = 8

  private var body = ""
  /// How many widgets deep in a disabled widget the drawing is: what is drawn there is greyed.
  private var disabledDepth = 0

  /// Creates an empty canvas.
  public init() {
    body.reserveCapacity(16_384)
  }

  /// The SVG elements drawn so far, one a line.
  public var elements: String { body }

  /// Whether what is drawn now is inside a disabled widget (or is one), and is greyed.
  public var isInsideDisabled: Bool { disabledDepth > 0 }

  // MARK: - Widgets

  /// Draws `widget` in `region` and returns the height it took: nothing for a hidden widget;
  /// the widget's own drawing when it adopts ``PictureDrawable``; otherwise a box with its
  /// text-format line, and its children inside.
  ///
  /// - Parameters:
  ///   - widget: The widget to draw.
  ///   - region: Where its top-left corner is, and how wide it may be.
  /// - Returns: The height it took, in pixels.
  @discardableResult
  public func draw(_ widget: Widget, in region: PictureRegion) -> Int {
    guard region.width > 0, !widget.isHidden.value else { return 0 }
    let disabled = !widget.isEnabled.value
    if disabled { disabledDepth += 1 }
    defer { if disabled { disabledDepth -= 1 } }
    if let drawable = widget as? any PictureDrawable {
      return drawable.drawPicture(in: region, on: self)
    }
    return drawUnknown(widget, in: region)
  }

  /// Draws `widgets` one under another, ``spacing`` apart, and returns the height they took.
  ///
  /// - Parameters:
  ///   - widgets: The widgets, top first.
  ///   - region: Where the first one's top-left corner is, and how wide they may be.
  /// - Returns: The height they took, in pixels.
  @discardableResult
  public func drawDown(_ widgets: [Widget], in region: PictureRegion) -> Int {
    var used = 0
    for widget in widgets {
      let height = draw(widget, in: region.down(used == 0 ? 0 : used + Self.spacing))
      guard height > 0 else { continue }
      used += (used == 0 ? 0 : Self.spacing) + height
    }
    return used
  }

  /// Draws `widgets` side by side, ``spacing`` apart: each at its natural width
  /// (``naturalWidth(of:)``) when they all fit, the last taking what is left, or sharing the
  /// width in proportion when they do not. Returns the height of the tallest.
  ///
  /// - Parameters:
  ///   - widgets: The widgets, leftmost first.
  ///   - region: Where the row's top-left corner is, and how wide it may be.
  /// - Returns: The height of the tallest, in pixels.
  @discardableResult
  public func drawAcross(_ widgets: [Widget], in region: PictureRegion) -> Int {
    let shown = widgets.filter { !$0.isHidden.value }
    guard !shown.isEmpty else { return 0 }
    let naturals = shown.map { max(naturalWidth(of: $0), 1) }
    let room = region.width - (shown.count - 1) * Self.spacing
    let total = naturals.reduce(0, +)
    var widths = naturals
    if total > room {
      widths = naturals.map { max(1, $0 * max(room, 0) / max(total, 1)) }
    } else {
      widths[widths.count - 1] += room - total
    }
    var used = 0
    var left = region.x
    for (widget, width) in zip(shown, widths) {
      let end = min(left + width, region.x + region.width)
      guard end > left else { break }
      used = max(used, draw(widget, in: PictureRegion(x: left, y: region.y, width: end - left)))
      left = end + Self.spacing
    }
    return used
  }

  /// The width `widget` takes on a line when nothing constrains it: its text and chrome for
  /// labels, buttons and toggles, the sum of its children for a horizontal stack, and
  /// 200 pixels for the rest.
  ///
  /// - Parameter widget: The widget.
  /// - Returns: Its natural width, in pixels.
  public func naturalWidth(of widget: Widget) -> Int {
    guard !widget.isHidden.value else { return 0 }
    switch widget {
    case let label as Label: return Self.width(of: label.text.value)
    case let button as Button:
      return Self.width(of: button.title.value) + (button.isBusy.value ? 52 : 32)
    case let toggle as Toggle: return Self.width(of: toggle.title.value) + 56
    case let stack as HStack:
      let shown = stack.children.filter { !$0.isHidden.value }
      return shown.reduce(max(shown.count - 1, 0) * Self.spacing) { $0 + naturalWidth(of: $1) }
    case is VStack:
      return widget.children.map { naturalWidth(of: $0) }.max() ?? 0
    case let image as Image: return image.spokenText == nil ? 40 : 48
    default: return 200
    }
  }

  /// A widget that draws nothing of its own: a dashed box with its text-format line, and its
  /// children inside.
  private func drawUnknown(_ widget: Widget, in region: PictureRegion) -> Int {
    let inner = region.inset(by: 8)
    text(
      TextRenderer.line(for: widget), x: inner.x, y: region.y + 6, width: inner.width,
      color: PictureColor.muted)
    var height = 6 + Self.lineHeight
    let children = drawDown(widget.children, in: inner.down(height + 2))
    if children > 0 { height += 2 + children }
    height += 6
    rect(
      x: region.x, y: region.y, width: region.width, height: height, fill: nil,
      stroke: PictureColor.line, radius: 4, dashed: true)
    return height
  }

  /// Where the next element will be written: pass it to ``drawBehind(from:_:)`` to draw
  /// behind what is drawn after it.
  public var position: Int { body.utf8.count }

  /// Draws what `draw` draws behind everything drawn since `position`: a background whose size
  /// is known only once the content on it is drawn.
  ///
  /// - Parameters:
  ///   - position: A ``position`` read before the content was drawn.
  ///   - draw: Draws the background.
  public func drawBehind(from position: Int, _ draw: () -> Void) {
    let start = body.utf8.index(body.startIndex, offsetBy: min(max(position, 0), body.utf8.count))
    let front = String(body[start...])
    body.removeSubrange(start...)
    draw()
    body += front
  }

  // MARK: - Shapes

  /// Draws a rectangle.
  ///
  /// - Parameters:
  ///   - x: Its left edge.
  ///   - y: Its top edge.
  ///   - width: Its width.
  ///   - height: Its height.
  ///   - fill: Its fill color, or `nil` for none.
  ///   - stroke: Its outline's color, or `nil` for none.
  ///   - strokeWidth: Its outline's width.
  ///   - radius: The radius of its corners.
  ///   - dashed: Whether its outline is dashed.
  ///   - opacity: How opaque it is, in percent.
  public func rect(
    x: Int, y: Int, width: Int, height: Int, fill: String?, stroke: String? = nil,
    strokeWidth: Int = 1, radius: Int = 0, dashed: Bool = false, opacity: Int = 100
  ) {
    guard width > 0, height > 0 else { return }
    body += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\""
    if radius > 0 { body += " rx=\"\(radius)\"" }
    if opacity < 100 {
      body += " fill-opacity=\"0.\(min(max(opacity, 0), 99) / 10)\(min(max(opacity, 0), 99) % 10)\""
    }
    paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, dashed: dashed)
    body += "/>\n"
  }

  /// Rings a focused control in the accent, 3 pixels outside the box it drew: how a control
  /// whose own drawing has no outline to colour (a filled button, a switch, a slider's thumb)
  /// shows the focus. Fields and boxed controls outline their own box in the accent instead.
  ///
  /// ```swift
  /// let canvas = PictureCanvas()
  /// canvas.focusRing(x: 0, y: 0, width: 80, height: 32, radius: 6)
  /// ```
  ///
  /// - Parameters:
  ///   - x: The left edge of the control's box.
  ///   - y: The top edge of the control's box.
  ///   - width: The box's width.
  ///   - height: The box's height.
  ///   - radius: The radius of the box's corners; the ring's are 3 pixels wider.
  public func focusRing(x: Int, y: Int, width: Int, height: Int, radius: Int = 0) {
    rect(
      x: x - 3, y: y - 3, width: width + 6, height: height + 6, fill: nil,
      stroke: PictureColor.accent, strokeWidth: 2, radius: radius + 3)
  }

  /// Draws a straight line.
  ///
  /// - Parameters:
  ///   - x1: Where it starts, across.
  ///   - y1: Where it starts, down.
  ///   - x2: Where it ends, across.
  ///   - y2: Where it ends, down.
  ///   - stroke: Its color.
  ///   - strokeWidth: Its width.
  public func line(x1: Int, y1: Int, x2: Int, y2: Int, stroke: String, strokeWidth: Int = 1) {
    body += "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\""
    paint(fill: nil, stroke: stroke, strokeWidth: strokeWidth, dashed: false, fillNone: false)
    body += " stroke-linecap=\"round\"/>\n"
  }

  /// Draws a circle.
  ///
  /// - Parameters:
  ///   - cx: Its center, across.
  ///   - cy: Its center, down.
  ///   - r: Its radius.
  ///   - fill: Its fill color, or `nil` for none.
  ///   - stroke: Its outline's color, or `nil` for none.
  ///   - strokeWidth: Its outline's width.
  public func circle(
    cx: Int, cy: Int, r: Int, fill: String?, stroke: String? = nil, strokeWidth: Int = 1
  ) {
    body += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\""
    paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, dashed: false)
    body += "/>\n"
  }

  /// Draws a closed shape through `points`.
  ///
  /// - Parameters:
  ///   - points: Its corners, each as (across, down), in order.
  ///   - fill: Its fill color, or `nil` for none.
  ///   - stroke: Its outline's color, or `nil` for none.
  public func polygon(points: [(x: Int, y: Int)], fill: String?, stroke: String? = nil) {
    guard !points.isEmpty else { return }
    body += "<polygon points=\"\(Self.pointList(points))\""
    paint(fill: fill, stroke: stroke, strokeWidth: 1, dashed: false)
    body += " stroke-linejoin=\"round\"/>\n"
  }

  /// Draws an open line through `points`: a chevron, a check mark.
  ///
  /// - Parameters:
  ///   - points: Its points, each as (across, down), in order.
  ///   - stroke: Its color.
  ///   - strokeWidth: Its width.
  public func polyline(points: [(x: Int, y: Int)], stroke: String, strokeWidth: Int = 2) {
    guard !points.isEmpty else { return }
    body += "<polyline points=\"\(Self.pointList(points))\""
    paint(fill: nil, stroke: stroke, strokeWidth: strokeWidth, dashed: false)
    body += " stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
  }

  /// Draws a busy spinner: a broken ring around (`cx`, `cy`).
  ///
  /// - Parameters:
  ///   - cx: Its center, across.
  ///   - cy: Its center, down.
  ///   - color: Its color.
  public func spinner(cx: Int, cy: Int, color: String = PictureColor.muted) {
    body += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"6\" fill=\"none\" stroke=\""
    body += Self.escaped(color)
    body += "\" stroke-width=\"2\" stroke-dasharray=\"26 12\" stroke-linecap=\"round\"/>\n"
  }

  /// Writes one line of text with its top at `y`, cut with `…` to fit `width` (at
  /// ``characterWidth`` a character). Line breaks and tabs show as spaces.
  ///
  /// - Parameters:
  ///   - text: The text; it is escaped for XML.
  ///   - x: Where it starts (or ends or is centered, as `anchor` says).
  ///   - y: The top of its line.
  ///   - width: The most pixels it may take.
  ///   - color: Its color.
  ///   - bold: Whether it is bold.
  ///   - anchor: `start`, `middle` or `end`: which point of the text `x` is.
  /// - Returns: The pixels it took across.
  @discardableResult
  public func text(
    _ text: String, x: Int, y: Int, width: Int, color: String = PictureColor.ink,
    bold: Bool = false, anchor: TextAnchor = .start
  ) -> Int {
    let fitted = Self.fitted(text, width: width)
    guard !fitted.isEmpty else { return 0 }
    body += "<text x=\"\(x)\" y=\"\(y + 14)\" fill=\"\(Self.escaped(color))\""
    if bold { body += " font-weight=\"bold\"" }
    if anchor != .start { body += " text-anchor=\"\(anchor.rawValue)\"" }
    if isInsideDisabled { body += " opacity=\"0.5\"" }
    body += ">"
    body += Self.escaped(fitted)
    body += "</text>\n"
    return fitted.count * Self.characterWidth
  }

  /// Which point of a line of text its `x` is.
  public enum TextAnchor: String, Sendable {
    /// Its left end.
    case start
    /// Its middle.
    case middle
    /// Its right end.
    case end
  }

  /// The pixels `text` takes across on one line, at ``characterWidth`` a character.
  ///
  /// - Parameter text: The text.
  /// - Returns: Its width in pixels.
  public static func width(of text: String) -> Int { text.count * characterWidth }

  /// `text` on one line, cut with `…` to fit `width` pixels.
  static func fitted(_ text: String, width: Int) -> String {
    let room = max(width / characterWidth, 0)
    var line = text
    if line.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\r\n" }) {
      line = String(line.map { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\r\n" ? " " : $0 })
    }
    guard line.count > room else { return line }
    guard room > 1 else { return room == 1 ? "…" : "" }
    return String(line.prefix(room - 1)) + "…"
  }

  /// `text` escaped for XML text and attribute values: `&`, `<`, `>`, `"` and `'` as entities,
  /// and the control characters XML does not allow as U+FFFD.
  ///
  /// - Parameter text: The text.
  /// - Returns: The escaped text.
  public static func escaped(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: {
        $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" || $0.value < 0x20
          || (0x7F...0x9F).contains($0.value) || $0.value == 0xFFFE || $0.value == 0xFFFF
      })
    else { return text }
    var output = ""
    output.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&apos;"
      case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        output += "\u{FFFD}"
      case _ where scalar.value == 0xFFFE || scalar.value == 0xFFFF: output += "\u{FFFD}"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// `points` as an SVG `points` attribute writes them: `3,4 7,8`.
  private static func pointList(_ points: [(x: Int, y: Int)]) -> String {
    points.map { "\($0.x),\($0.y)" }.joined(separator: " ")
  }

  private func paint(
    fill: String?, stroke: String?, strokeWidth: Int, dashed: Bool, fillNone: Bool = true
  ) {
    if let fill {
      body += " fill=\"\(Self.escaped(fill))\""
    } else if fillNone {
      body += " fill=\"none\""
    }
    if let stroke {
      body += " stroke=\"\(Self.escaped(stroke))\""
      if strokeWidth != 1 { body += " stroke-width=\"\(strokeWidth)\"" }
      if dashed { body += " stroke-dasharray=\"4 3\"" }
    }
    if isInsideDisabled { body += " opacity=\"0.5\"" }
  }
}
