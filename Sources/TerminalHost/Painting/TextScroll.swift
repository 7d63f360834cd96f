/// Where the focused text widget's view starts, kept by the host from one frame to the next so
/// that the view moves only as far as the caret needs: a field's first character shown, a text
/// view's first line shown and the columns it is scrolled sideways.
struct TextScroll: Equatable {
  /// The first character shown (a field), or the start of the first line shown (a text view),
  /// as an offset in the text's UTF-8 bytes.
  var top = 0
  /// How many columns a text view's lines are scrolled to the left.
  var column = 0
}

/// Where the caret of the focused text widget is, as a painter is told.
enum CaretPlace {
  /// A count of characters from the start.
  case characters(Int)
  /// An offset in the UTF-8 bytes of `text`, the widget's text.
  case offset(Int, in: String)
}

/// What painting found out that the host keeps for the next frame.
@MainActor
final class PaintNotes {
  /// Where the focused text widget's view starts now.
  var textScroll: TextScroll?
  /// How many rows of the screen are scrolled out of view above, and how many rows it shows.
  var screenOffset = 0
  var screenRows = 0
  /// Whether the screen is taller than the rows it shows in.
  var screenOverflows = false
}
