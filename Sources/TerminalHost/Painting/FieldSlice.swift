/// The part of a one-line field's text that fits its width with the caret in view: the text
/// scrolls sideways as a text field's does once the caret passes its right edge.
struct FieldSlice {
  /// The characters shown.
  var text: String
  /// The caret's column from the field's left edge.
  var caretColumn: Int

  /// The slice of `text` shown in `width` columns with the caret before the character at
  /// `caret` (or after the last).
  init(_ text: [Character], caret: Int, width: Int) {
    let caret = min(max(caret, 0), text.count)
    let widths = text.map { TerminalText.width(of: TerminalText.displayable($0)) }
    // NB: the first character shown is the earliest that leaves room for the caret's own cell,
    // so the caret sits at the right edge once the text is wider than the field.
    var start = caret
    var used = 0
    while start > 0, used + widths[start - 1] <= max(width - 1, 0) {
      used += widths[start - 1]
      start -= 1
    }
    var shown = ""
    var column = 0
    var index = start
    while index < text.count, column + widths[index] <= width {
      shown.append(text[index])
      column += widths[index]
      index += 1
    }
    self.text = shown
    caretColumn = used
  }
}
