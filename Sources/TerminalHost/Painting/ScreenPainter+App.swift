import Headless

extension ScreenPainter {
  /// Paints an app: a title bar with the visible screen's title (and `‹ Back` when there is a
  /// screen to go back to), the visible screen under it, the HUD and the toast as lines at the
  /// bottom, and the dialog in front as a box over the screen.
  func paintApp(_ app: AppView, on canvas: inout Canvas) {
    let width = canvas.frame.width
    let top = canvas.rows.lowerBound
    let statusLines = app.overlays.compactMap(Self.statusLine(of:))
    let bottom = max(canvas.rows.upperBound - statusLines.count, top + 1)
    if let screen = Self.visibleScreen(of: app) {
      canvas.fill(column: 0, row: top, width: width, style: Palette.bar)
      let title = (screen.hasBack ? " ‹ Back │ " : " ") + screen.title.value
      canvas.write(title, column: 0, row: top, width: width, style: Palette.bar)
      if let content = screen.content {
        drawScrolled(content, rows: (top + 1)..<bottom, on: &canvas)
      }
    }
    for (index, line) in statusLines.enumerated() {
      canvas.fill(column: 0, row: bottom + index, width: width, style: Palette.notice)
      canvas.write(line, column: 0, row: bottom + index, width: width, style: Palette.notice)
    }
    if let dialog = Self.frontDialog(of: app) {
      drawDialog(dialog, rows: top..<bottom, on: &canvas)
    }
  }

  /// The screen on top of the topmost stack: the one a person sees.
  static func visibleScreen(of app: AppView) -> ScreenContainer? {
    app.stacks.last?.screens.last
  }

  /// The dialog a person answers first: the earliest shown that no other waits before.
  static func frontDialog(of app: AppView) -> DialogView? {
    app.overlays.lazy.compactMap { $0 as? DialogView }.first { !$0.isWaiting }
  }

  /// The line a HUD or a toast over the app shows, if it shows one.
  private static func statusLine(of overlay: Widget) -> String? {
    switch overlay {
    case let hud as HUD: line(of: hud.feedback.value)
    case let toast as Toast: toast.message.value
    default: nil
    }
  }

  /// Draws `dialog` as a framed box in the middle of `rows`: its title in bold, its message,
  /// a prompt's field, then its buttons side by side. On a terminal too narrow for them, the
  /// title and the message wrap at spaces and the buttons go one under another.
  private func drawDialog(_ dialog: DialogView, rows: Range<Int>, on canvas: inout Canvas) {
    let buttonTexts = dialog.buttons.map { "[ " + $0.title.value + " ]" }
    let buttons = buttonTexts.joined(separator: " ")
    let message = dialog.message ?? ""
    let wanted = max(
      TerminalText.width(of: dialog.title), TerminalText.width(of: message),
      TerminalText.width(of: buttons), dialog.field == nil ? 0 : 24)
    let width = min(wanted + 4, canvas.frame.width)
    let inner = max(width - 4, 1)
    let titleLines = Self.wrapped(dialog.title, width: inner)
    let messageLines = message.isEmpty ? [] : Self.wrapped(message, width: inner)
    let stacksButtons = TerminalText.width(of: buttons) > inner && dialog.buttons.count > 1
    let buttonRows = stacksButtons ? dialog.buttons.count : 1
    let innerRows =
      titleLines.count + messageLines.count + (dialog.field == nil ? 0 : 1) + buttonRows
    let height = innerRows + 2
    let left = max((canvas.frame.width - width) / 2, 0)
    let top = rows.lowerBound + max((rows.count - height) / 2, 0)
    let rule = String(repeating: "─", count: max(width - 2, 0))
    canvas.write("┌" + rule + "┐", column: left, row: top, width: width)
    for line in 1...innerRows {
      canvas.write("│", column: left, row: top + line, width: 1)
      canvas.fill(column: left + 1, row: top + line, width: width - 2, style: .plain)
      canvas.write("│", column: left + width - 1, row: top + line, width: 1)
    }
    canvas.write("└" + rule + "┘", column: left, row: top + height - 1, width: width)
    var line = top + 1
    for text in titleLines {
      canvas.write(text, column: left + 2, row: line, width: inner, style: Palette.bold)
      line += 1
    }
    for text in messageLines {
      canvas.write(text, column: left + 2, row: line, width: inner)
      line += 1
    }
    if let field = dialog.field {
      _ = draw(field, column: left + 2, row: line, width: inner, on: &canvas)
      line += 1
    }
    if stacksButtons {
      for button in dialog.buttons {
        _ = draw(button, column: left + 2, row: line, width: inner, on: &canvas)
        line += 1
      }
    } else {
      _ = drawAcross(dialog.buttons, column: left + 2, row: line, width: inner, on: &canvas)
    }
  }

  /// `text` in lines of at most `width` columns, broken at spaces; a word wider than a line is
  /// cut into pieces of that width.
  static func wrapped(_ text: String, width: Int) -> [String] {
    let width = max(width, 1)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      var wordWidth = TerminalText.width(of: word)
      if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 { lines.append(line) }
      line = ""
      lineWidth = 0
      while wordWidth > width {
        var piece = ""
        var pieceWidth = 0
        var index = word.startIndex
        while index < word.endIndex {
          let cells = TerminalText.width(of: word[index])
          guard pieceWidth + cells <= width || pieceWidth == 0 else { break }
          piece.append(word[index])
          pieceWidth += cells
          index = word.index(after: index)
        }
        lines.append(piece)
        word = word[index...]
        wordWidth = TerminalText.width(of: word)
      }
      line = String(word)
      lineWidth = wordWidth
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
