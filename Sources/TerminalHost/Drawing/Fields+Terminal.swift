public import Headless

extension TextField: TerminalDrawable {
  /// Draws the text (a secure field's as `•`) on an underlined strip, `⋯ checking` under it
  /// while an asynchronous rule runs, then the validation message.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for each line under the field.
  public func draw(in region: inout TerminalRegion) -> Int {
    let shown = isSecure ? String(repeating: "•", count: text.value.count) : text.value
    region.drawField(text: shown, placeholder: placeholder.value, prefix: "")
    var height = 1
    if isChecking.value {
      region.write("⋯ checking", row: height, style: TerminalRegion.dimStyle)
      height += 1
    }
    return height + region.writeValidationMessage(message.value, row: height)
  }

  /// The width of the text or the placeholder, at least 12, and the caret's cell.
  public var naturalTerminalWidth: Int {
    max(TerminalText.width(of: placeholder.value), text.value.count, 12) + 1
  }
}

extension SearchField: TerminalDrawable {
  /// Draws `⌕ ` and the text on an underlined strip.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.drawField(text: text.value, placeholder: placeholder.value, prefix: "⌕ ")
    return 1
  }

  /// The width of the text or the placeholder, at least 12, after `⌕ `.
  public var naturalTerminalWidth: Int {
    max(TerminalText.width(of: placeholder.value), text.value.count, 12) + 3
  }
}

extension TextView: TerminalDrawable {
  /// Draws the lines, each on a strip the width of the view, the placeholder dim while empty,
  /// the caret while focused, and the validation message under them.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: The number of lines (at least 1), and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    let base = region.isFocused ? TerminalRegion.focusStyle : Palette.field
    let content = text.value
    let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      region.fill(row: index, style: base)
      region.write(String(line), row: index, style: base)
    }
    if content.isEmpty {
      var dim = base
      dim.attributes.insert(.dim)
      region.write(placeholder.value, style: dim)
    }
    if region.isFocused {
      let before = content.prefix(region.caret ?? content.count)
      let caretRow = before.filter { $0 == "\n" }.count
      let lineStart =
        before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
      let caretColumn = TerminalText.width(of: before[lineStart...])
      if caretColumn < region.width { region.placeCursor(column: caretColumn, row: caretRow) }
    }
    let height = max(lines.count, 1)
    return height + region.writeValidationMessage(message.value, row: height)
  }
}

extension TerminalRegion {
  /// Draws a one-line text field: `prefix`, then its text (or dim placeholder) on an
  /// underlined strip to the region's right edge, reversed while focused with the cursor at
  /// the caret; the text scrolls sideways to keep the caret in view.
  mutating func drawField(text: String, placeholder: String, prefix: String) {
    var base = isFocused ? Palette.focus : Palette.field
    if !isEnabled { base.attributes.insert(.dim) }
    let start = write(prefix, style: base)
    let room = width - start
    fill(column: start, style: base)
    guard room > 0 else { return }
    if text.isEmpty {
      var dim = base
      dim.attributes.insert(.dim)
      write(placeholder, column: start, style: dim)
      if isFocused { placeCursor(column: start) }
      return
    }
    let characters = Array(text)
    let slice = FieldSlice(characters, caret: caret ?? characters.count, width: room)
    write(slice.text, column: start, style: base)
    if isFocused { placeCursor(column: start + slice.caretColumn) }
  }
}
