/// A text being edited with a caret, as a text field or a text view in a terminal keeps it: the
/// caret is an index into the text, always between two characters (grapheme clusters), and an
/// edit that changes the text leaves the whole new text in ``text``, which the host hands to the
/// widget as one edit.
///
/// Each edit costs what it passes over (the characters a move crosses, the line ↑ and ↓ move
/// along, the word a word move skips), not the text's length: the caret is found again from its
/// offset in the text's UTF-8 bytes, lines end at line feed bytes, and nothing counts the text's
/// characters. Changing the text copies it once, as a new whole text must be.
struct CaretText: Equatable {
  private(set) var text: String
  /// Where the caret is: a character boundary of ``text``.
  private(set) var index: String.Index
  /// The column ↑ and ↓ aim for: where the caret was when the first of a run of them was
  /// pressed, so that a short line passed over does not pull the caret to the left for good.
  var goalColumn: Int?

  /// A text with its caret `offset` bytes of UTF-8 from the start (moved back to the start of
  /// the character it falls in), or at the end for `nil` or an offset past the end.
  init(_ text: String, offset: Int?) {
    self.text = text
    index = Self.index(atOffset: offset ?? .max, in: text)
  }

  /// A text with its caret `caret` characters from the start, or at the end.
  init(_ text: String, caret: Int? = nil) {
    self.text = text
    index =
      caret.flatMap { text.index(text.startIndex, offsetBy: max($0, 0), limitedBy: text.endIndex) }
      ?? text.endIndex
  }

  /// The caret as a count of characters from the start (for tests; it counts them).
  var caret: Int { text[..<index].count }

  /// The caret as an offset in the text's UTF-8 bytes.
  var offset: Int { text.utf8.distance(from: text.startIndex, to: index) }

  /// The character boundary at or before `offset` bytes of UTF-8 into `text`.
  static func index(atOffset offset: Int, in text: String) -> String.Index {
    let utf8 = text.utf8
    guard offset > 0 else { return text.startIndex }
    guard
      let byte = utf8.index(utf8.startIndex, offsetBy: offset, limitedBy: utf8.endIndex),
      byte < text.endIndex
    else { return text.endIndex }
    // NB: `index(after:)` rounds a position inside a character down to its start first.
    return text.index(before: text.index(after: byte))
  }

  /// Applies `edit`, with `typed` the text an insertion puts in.
  ///
  /// - Returns: Whether the text changed (a move, or a deletion at an end, changes nothing).
  @discardableResult
  mutating func apply(_ edit: TextEdit, typed: String = "") -> Bool {
    if edit != .lineUp, edit != .lineDown { goalColumn = nil }
    switch edit {
    case .insert:
      guard !typed.isEmpty else { return false }
      let end = offset + typed.utf8.count
      text.insert(contentsOf: typed, at: index)
      // NB: what was typed can join the character after it (a combining mark typed before
      // one): the caret goes after the character it ends in.
      let found = Self.index(atOffset: end, in: text)
      index =
        found < text.endIndex && text.utf8.distance(from: text.startIndex, to: found) < end
        ? text.index(after: found) : found
      return true
    case .left: if index > text.startIndex { index = text.index(before: index) }
    case .right: if index < text.endIndex { index = text.index(after: index) }
    case .home: index = lineStart(of: index)
    case .end: index = lineEnd(of: index)
    case .lineUp: moveLine(up: true)
    case .lineDown: moveLine(up: false)
    case .wordLeft: index = wordStart(before: index)
    case .wordRight: index = wordEnd(after: index)
    case .backspace:
      guard index > text.startIndex else { return false }
      remove(text.index(before: index)..<index)
      return true
    case .delete:
      guard index < text.endIndex else { return false }
      remove(index..<text.index(after: index))
      return true
    case .deleteWord:
      let start = wordStart(before: index)
      guard start < index else { return false }
      remove(start..<index)
      return true
    }
    return false
  }

  /// Removes `range`, the caret going to where it started.
  private mutating func remove(_ range: Range<String.Index>) {
    let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    text.removeSubrange(range)
    index = Self.index(atOffset: start, in: text)
  }

  /// Moves the caret to the line above or below, at the goal column or the nearest column
  /// before it; on the first line ↑ goes to its start, on the last ↓ to its end.
  private mutating func moveLine(up: Bool) {
    let start = lineStart(of: index)
    let column = goalColumn ?? TextLines.width(of: text[start..<index])
    goalColumn = column
    if up {
      guard start > text.startIndex else {
        index = start
        return
      }
      let above = lineStart(of: text.index(before: start))
      index = TextLines.index(atColumn: column, from: above, in: text)
    } else {
      let end = lineEnd(of: index)
      guard end < text.endIndex else {
        index = end
        return
      }
      index = TextLines.index(atColumn: column, from: text.index(after: end), in: text)
    }
  }

  private func lineStart(of index: String.Index) -> String.Index {
    TextLines.lineStart(of: index, in: text)
  }

  private func lineEnd(of index: String.Index) -> String.Index {
    TextLines.lineEnd(of: index, in: text)
  }

  private func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The start of the word before `index`, skipping what separates them.
  private func wordStart(before index: String.Index) -> String.Index {
    var index = index
    while index > text.startIndex, !isWordCharacter(text[text.index(before: index)]) {
      index = text.index(before: index)
    }
    while index > text.startIndex, isWordCharacter(text[text.index(before: index)]) {
      index = text.index(before: index)
    }
    return index
  }

  /// The end of the word after `index`, skipping what separates them.
  private func wordEnd(after index: String.Index) -> String.Index {
    var index = index
    while index < text.endIndex, !isWordCharacter(text[index]) { index = text.index(after: index) }
    while index < text.endIndex, isWordCharacter(text[index]) { index = text.index(after: index) }
    return index
  }
}

/// A key's edit of a text with a caret.
enum TextEdit: Hashable, Sendable {
  case insert, left, right, home, end, lineUp, lineDown, wordLeft, wordRight, backspace, delete
  case deleteWord
}

/// The lines of a text as a terminal shows them: a line ends at a line feed (alone, or in a CR
/// LF pair, which is one character), and each walk looks at the bytes of one line only.
enum TextLines {
  /// The start of the line `index` is on: just after the line feed before it, or the start.
  static func lineStart(of index: String.Index, in text: String) -> String.Index {
    let utf8 = text.utf8
    var position = index
    while position > utf8.startIndex {
      let before = utf8.index(before: position)
      if utf8[before] == 0x0A { break }
      position = before
    }
    return position
  }

  /// The end of the line `index` is on: the start of the line break after it, or the end.
  static func lineEnd(of index: String.Index, in text: String) -> String.Index {
    let utf8 = text.utf8
    guard let feed = utf8[index...].firstIndex(of: 0x0A) else { return text.endIndex }
    if feed > index, utf8[utf8.index(before: feed)] == 0x0D { return utf8.index(before: feed) }
    return feed
  }

  /// The start of the line after the one `index` is on, or `nil` on the last line.
  static func nextLineStart(after index: String.Index, in text: String) -> String.Index? {
    let utf8 = text.utf8
    guard let feed = utf8[index...].firstIndex(of: 0x0A) else { return nil }
    return utf8.index(after: feed)
  }

  /// The columns `text` takes as a terminal draws it (control characters as their one-column
  /// stand-ins).
  static func width(of text: Substring) -> Int {
    var total = 0
    for character in text { total += TerminalText.width(of: TerminalText.displayable(character)) }
    return total
  }

  /// The caret position on the line starting at `start` nearest before `column`: the end of the
  /// line when it is shorter.
  static func index(atColumn column: Int, from start: String.Index, in text: String)
    -> String.Index
  {
    let end = lineEnd(of: start, in: text)
    var index = start
    var used = 0
    while index < end {
      let width = TerminalText.width(of: TerminalText.displayable(text[index]))
      guard used + width <= column else { break }
      used += width
      index = text.index(after: index)
    }
    return index
  }
}
