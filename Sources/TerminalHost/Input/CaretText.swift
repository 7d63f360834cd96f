/// A text being edited with a caret, as a text field in a terminal keeps it: the caret is a
/// count of characters (grapheme clusters) from the start, and every edit returns the whole
/// new text, which the host hands to the widget as one edit.
struct CaretText: Equatable {
  private(set) var characters: [Character]
  private(set) var caret: Int

  init(_ text: String, caret: Int? = nil) {
    characters = Array(text)
    self.caret = min(max(caret ?? characters.count, 0), characters.count)
  }

  var text: String { String(characters) }

  /// Applies `edit`, with `typed` the text an insertion puts in.
  mutating func apply(_ edit: TextEdit, typed: String = "") {
    switch edit {
    case .insert:
      let new = Array(typed)
      characters.insert(contentsOf: new, at: caret)
      caret += new.count
    case .left: caret = max(caret - 1, 0)
    case .right: caret = min(caret + 1, characters.count)
    case .home: caret = lineStart
    case .end: caret = lineEnd
    case .wordLeft: caret = wordStart(before: caret)
    case .wordRight: caret = wordEnd(after: caret)
    case .backspace:
      guard caret > 0 else { return }
      characters.remove(at: caret - 1)
      caret -= 1
    case .delete:
      guard caret < characters.count else { return }
      characters.remove(at: caret)
    case .deleteWord:
      let start = wordStart(before: caret)
      characters.removeSubrange(start..<caret)
      caret = start
    }
  }

  /// Whether `edit` changes the text, not only the caret.
  static func changesText(_ edit: TextEdit) -> Bool {
    switch edit {
    case .insert, .backspace, .delete, .deleteWord: true
    case .left, .right, .home, .end, .wordLeft, .wordRight: false
    }
  }

  private var lineStart: Int {
    var index = caret
    while index > 0, characters[index - 1] != "\n" { index -= 1 }
    return index
  }

  private var lineEnd: Int {
    var index = caret
    while index < characters.count, characters[index] != "\n" { index += 1 }
    return index
  }

  private func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The start of the word before `index`, skipping what separates them.
  private func wordStart(before index: Int) -> Int {
    var index = index
    while index > 0, !isWordCharacter(characters[index - 1]) { index -= 1 }
    while index > 0, isWordCharacter(characters[index - 1]) { index -= 1 }
    return index
  }

  /// The end of the word after `index`, skipping what separates them.
  private func wordEnd(after index: Int) -> Int {
    var index = index
    while index < characters.count, !isWordCharacter(characters[index]) { index += 1 }
    while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
    return index
  }
}

/// A key's edit of a text with a caret.
enum TextEdit: Hashable, Sendable {
  case insert, left, right, home, end, wordLeft, wordRight, backspace, delete, deleteWord
}
