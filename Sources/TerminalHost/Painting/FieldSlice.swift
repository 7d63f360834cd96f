/// The part of a one-line field's text that fits its width with the caret in view: the text
/// scrolls sideways as a text field's does once the caret passes an edge, and stays put while
/// the caret moves within what is shown.
///
/// Finding it looks at the characters shown and those between the first shown and the caret,
/// never at the whole text: a field of 100,000 characters costs what one of 100 does.
struct FieldSlice {
  /// The characters shown.
  var text: String
  /// The caret's column from the field's left edge.
  var caretColumn: Int
  /// The first character shown: where the next frame starts looking from.
  var start: String.Index
  /// Whether characters are hidden before the first shown, or after the last.
  var hidesBefore = false
  var hidesAfter = false

  /// The slice of `text` shown in `width` columns with the caret at `caret`.
  ///
  /// - Parameters:
  ///   - text: The field's text.
  ///   - caret: The caret, a character boundary of `text`.
  ///   - start: The first character the last frame showed, or `nil` for the start: the slice
  ///     starts there unless the caret is outside what would show, or room is left at the
  ///     right while characters are hidden at the left.
  ///   - width: The columns the text has.
  ///   - secure: Whether each character shows as one `•`.
  init(
    _ text: String, caret: String.Index, start: String.Index? = nil, width: Int,
    secure: Bool = false
  ) {
    func columns(_ character: Character) -> Int {
      secure ? 1 : TerminalText.width(of: TerminalText.displayable(character))
    }
    // NB: the caret's own cell is kept free at the right edge.
    let room = max(width - 1, 0)
    var first = min(start ?? text.startIndex, caret)
    var used = 0
    var index = first
    while index < caret {
      used += columns(text[index])
      if used > room { break }
      index = text.index(after: index)
    }
    if used > room {
      first = caret
      used = 0
      while first > text.startIndex {
        let before = text.index(before: first)
        let cells = columns(text[before])
        guard used + cells <= room else { break }
        used += cells
        first = before
      }
    }
    // NB: no empty room at the right while characters are hidden at the left (after a
    // deletion at the end): the slice moves right back as far as they fill it, less the
    // caret's cell at the end, so that moving the caret does not move the text.
    if first > text.startIndex {
      var tail = 1
      var end = first
      while end < text.endIndex, tail <= width {
        tail += columns(text[end])
        end = text.index(after: end)
      }
      while end == text.endIndex, first > text.startIndex {
        let before = text.index(before: first)
        let cells = columns(text[before])
        guard tail + cells <= width else { break }
        tail += cells
        used += cells
        first = before
      }
    }
    var shown = ""
    var column = 0
    index = first
    while index < text.endIndex {
      let width = columns(text[index])
      guard column + width <= max(room + 1, width) else { break }
      shown.append(secure ? "•" : text[index])
      column += width
      index = text.index(after: index)
    }
    self.text = shown
    caretColumn = used
    self.start = first
    hidesBefore = first > text.startIndex
    hidesAfter = index < text.endIndex
  }
}
