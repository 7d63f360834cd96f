public import Headless

extension TextField: TerminalDrawable {
  /// Draws the text (a secure field's as `•`) on an underlined strip, `⋯ checking` under it
  /// while an asynchronous rule runs, then the validation message.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: 1, and 1 more for each line under the field.
  public func draw(in region: inout TerminalRegion) -> Int {
    region.drawField(
      text: text.value, placeholder: placeholder.value, prefix: "", secure: isSecure)
    var height = 1
    if isChecking.value {
      region.write("⋯ checking", row: height, style: TerminalRegion.dimStyle)
      height += 1
    }
    return height + region.writeValidationMessage(message.value, row: height)
  }

  /// The width of the text (counted up to 512 characters) or the placeholder, at least 12,
  /// and the caret's cell.
  public var naturalTerminalWidth: Int {
    TerminalRegion.fieldWidth(text: text.value, placeholder: placeholder.value) + 1
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

  /// The width of the text (counted up to 512 characters) or the placeholder, at least 12,
  /// after `⌕ `.
  public var naturalTerminalWidth: Int {
    TerminalRegion.fieldWidth(text: text.value, placeholder: placeholder.value) + 3
  }
}

extension TextView: TerminalDrawable {
  /// Draws the lines, each on a strip the width of the view, the placeholder dim while empty,
  /// the caret while focused, and the validation message under them. The view shows at most as
  /// many lines as the screen has rows; while focused, its lines scroll up and down and
  /// sideways to keep the caret in view, moving only as far as the caret needs.
  ///
  /// - Parameter region: Where to draw.
  /// - Returns: The number of lines shown (at least 1), and 1 more for a message.
  public func draw(in region: inout TerminalRegion) -> Int {
    let base = region.isFocused ? TerminalRegion.focusStyle : Palette.field
    let content = text.value
    var height = 1
    if content.isEmpty {
      region.fill(style: base)
      var dim = base
      dim.attributes.insert(.dim)
      region.write(placeholder.value, style: dim)
      if region.isFocused {
        region.placeCursor(column: 0)
        region.focusRows = 0..<1
        region.textScroll = TextScroll()
      }
    } else {
      height = region.drawLines(of: content, style: base)
    }
    return height + region.writeValidationMessage(message.value, row: height)
  }
}

extension TerminalRegion {
  /// The columns a one-line text field wants for its text (counted up to 512 characters) or its
  /// placeholder, at least 12; its prefix and the caret's cell come on top.
  ///
  /// - Parameters:
  ///   - text: The field's text.
  ///   - placeholder: What the field shows while empty.
  /// - Returns: The width, in columns.
  static func fieldWidth(text: String, placeholder: String) -> Int {
    max(TerminalText.width(of: placeholder), text.prefix(512).count, 12)
  }

  /// Draws a one-line text field: `prefix`, then its text (or dim placeholder) on an
  /// underlined strip to the region's right edge, reversed while focused with the cursor at
  /// the caret; the text scrolls sideways to keep the caret in view.
  mutating func drawField(text: String, placeholder: String, prefix: String, secure: Bool = false) {
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
    let caret = caretIndex(in: text) ?? text.endIndex
    let first = isFocused ? CaretText.index(atOffset: textScroll.top, in: text) : nil
    let slice = FieldSlice(text, caret: caret, start: first, width: room, secure: secure)
    write(slice.text, column: start, style: base)
    // NB: `…` marks text hidden at an edge, except in the caret's cell.
    var mark = base
    mark.attributes.insert(.dim)
    if slice.hidesBefore, slice.caretColumn != 0 { write("…", column: start, style: mark) }
    if slice.hidesAfter, slice.caretColumn != room - 1 {
      write("…", column: start + room - 1, style: mark)
    }
    if isFocused {
      placeCursor(column: start + slice.caretColumn)
      textScroll = TextScroll(top: text.utf8.distance(from: text.startIndex, to: slice.start))
    }
  }

  /// Draws the lines of a text view's `text` from the line the last frame started at, at most
  /// ``viewportHeight`` of them, scrolled up, down and sideways the least that shows the caret
  /// while focused; notes where they start in ``textScroll`` and the caret's row in
  /// ``focusRows``. Only the lines shown, and the caret's line up to the caret, are read.
  ///
  /// - Returns: The number of lines drawn.
  mutating func drawLines(of text: String, style: TerminalStyle) -> Int {
    let limit = max(viewportHeight, 1)
    let caret = isFocused ? caretIndex(in: text) ?? text.endIndex : nil
    var top =
      isFocused
      ? TextLines.lineStart(of: CaretText.index(atOffset: textScroll.top, in: text), in: text)
      : text.startIndex
    var scrolled = isFocused ? textScroll.column : 0
    var caretLine = text.startIndex
    var caretCellShown: TerminalPosition?
    if let caret {
      caretLine = TextLines.lineStart(of: caret, in: text)
      if caretLine < top {
        top = caretLine
      } else {
        var line = top
        var steps = 0
        while line < caretLine, steps < limit - 1,
          let next = TextLines.nextLineStart(after: line, in: text)
        {
          line = next
          steps += 1
        }
        if line < caretLine {
          top = Self.lineStart(linesAbove: limit - 1, from: caretLine, in: text)
        }
      }
    }
    var starts = [top]
    while starts.count < limit,
      let next = TextLines.nextLineStart(after: starts[starts.count - 1], in: text)
    {
      starts.append(next)
    }
    var above: [String.Index] = []
    var first = top
    while starts.count + above.count < limit, first > text.startIndex {
      first = TextLines.lineStart(of: text.index(before: first), in: text)
      above.append(first)
    }
    starts = above.reversed() + starts
    if let caret {
      let caretColumn = TextLines.width(of: text[caretLine..<caret])
      if caretColumn < scrolled { scrolled = caretColumn }
      if caretColumn >= scrolled + width { scrolled = caretColumn - width + 1 }
      if let row = starts.firstIndex(of: caretLine) {
        placeCursor(column: caretColumn - scrolled, row: row)
        caretCellShown = TerminalPosition(column: caretColumn - scrolled, row: row)
        focusRows = row..<(row + 1)
      }
      textScroll = TextScroll(
        top: text.utf8.distance(from: text.startIndex, to: starts[0]), column: scrolled)
    }
    var mark = style
    mark.attributes.insert(.dim)
    let caretCell = caretCellShown
    for (row, start) in starts.enumerated() where shows(row: row) {
      fill(row: row, style: style)
      let hidden = drawLine(of: text, from: start, skipping: scrolled, row: row, style: style)
      // NB: `…` marks a line's characters hidden at an edge, except in the caret's cell; `▲`
      // and `▼` at the right edge, lines hidden above and below.
      if hidden.before, caretCell != TerminalPosition(column: 0, row: row) {
        write("…", column: 0, row: row, style: mark)
      }
      if hidden.after, caretCell != TerminalPosition(column: width - 1, row: row) {
        write("…", column: width - 1, row: row, style: mark)
      }
    }
    if starts[0] > text.startIndex { write("▲", column: width - 1, row: 0, style: mark) }
    if TextLines.nextLineStart(after: starts[starts.count - 1], in: text) != nil {
      write("▼", column: width - 1, row: starts.count - 1, style: mark)
    }
    return starts.count
  }

  /// The start of the line `count` lines above the one starting at `start`, or the first line.
  private static func lineStart(linesAbove count: Int, from start: String.Index, in text: String)
    -> String.Index
  {
    var line = start
    for _ in 0..<max(count, 0) {
      guard line > text.startIndex else { break }
      line = TextLines.lineStart(of: text.index(before: line), in: text)
    }
    return line
  }

  /// Writes the line of `text` starting at `start` on `row`, its first `skipping` columns left
  /// out (a wide character cut by the left edge shows as a space): only the characters shown
  /// and those skipped are read.
  ///
  /// - Returns: Whether characters of the line are hidden before the left edge, and after the
  ///   right edge.
  @discardableResult
  private mutating func drawLine(
    of text: String, from start: String.Index, skipping: Int, row: Int, style: TerminalStyle
  ) -> (before: Bool, after: Bool) {
    let end = TextLines.lineEnd(of: start, in: text)
    var index = start
    var column = 0
    while index < end, column < skipping {
      column += TerminalText.width(of: TerminalText.displayable(text[index]))
      index = text.index(after: index)
    }
    let lead = column - skipping
    var last = index
    var used = lead
    while last < end, used < width {
      used += TerminalText.width(of: TerminalText.displayable(text[last]))
      last = text.index(after: last)
    }
    write(String(text[index..<last]), column: lead, row: row, style: style)
    var after = last < end
    if used > width, last > index {
      // NB: the last character read did not fit whole.
      after = true
    }
    return (index > start, after)
  }
}
