public import Headless

/// A widget kind that draws itself in the terminal: ``ScreenPainter`` asks a widget that adopts
/// it to draw into a ``TerminalRegion`` before anything else, so a kind added outside the
/// library is drawn like a built-in one instead of as its dim text-format line.
///
/// The painter has already skipped a hidden widget and one given no columns; it lays the
/// widget out, marks where the focused one is (to scroll it into view) and clips what falls
/// outside the rows it may write.
///
/// ```swift
/// final class Meter: Widget, TerminalDrawable {
///   let level: WidgetProperty<Int>
///
///   init(_ id: String, level: Int = 0) {
///     self.level = WidgetProperty(widgetID: id, name: "level", value: level)
///     super.init(id: id)
///   }
///
///   func draw(in region: inout TerminalRegion) -> Int {
///     let bar = String(repeating: "▮", count: min(max(level.value, 0), 10))
///     region.write("[" + bar + "]", style: region.lineStyle)
///     return 1
///   }
/// }
/// ```
@MainActor
public protocol TerminalDrawable: Widget {
  /// Draws the widget into `region`, its top-left corner at the region's column 0, row 0, and
  /// returns how many rows it took: the next widget of a vertical stack is drawn that many rows
  /// lower. Returning 0 takes no room (a widget that shows nothing now); less is taken as 0.
  ///
  /// - Parameter region: Where to draw, with the widget's focus, its caret and its line style.
  /// - Returns: The rows the widget took.
  func draw(in region: inout TerminalRegion) -> Int

  /// How many columns the widget takes on one line when nothing constrains it: what a
  /// horizontal stack gives it when its children all fit. 24 unless the kind says otherwise.
  var naturalTerminalWidth: Int { get }
}

extension TerminalDrawable {
  /// 24 columns: what the painter gives a kind that does not say.
  public var naturalTerminalWidth: Int { 24 }
}
