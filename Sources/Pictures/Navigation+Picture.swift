public import Headless

// Apps, stacks, screens, tabs and dialogs.

extension AppView: PictureDrawable {
  /// Draws the app as a phone's screen: the visible screen with its navigation bar (its title,
  /// and a back chevron when there is a screen to go back to; a grabber over a presented
  /// stack), the HUD in the middle, the toast at the bottom, and the front dialog over the
  /// dimmed screen.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took: at least 560 pixels, as a phone's screen is tall.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    var height = 0
    if let stack = stacks.last {
      height = canvas.draw(stack, in: region)
    }
    let bottomNotes = overlays.filter { $0 is Toast }
    let middleNotes = overlays.filter { $0 is HUD }
    let dialog = overlays.lazy.compactMap { $0 as? DialogView }.first { !$0.isWaiting }
    height = max(height + 16, 560)
    if let dialog {
      let width = min(region.width - 48, 300)
      let dialogHeight = canvas.measure(dialog, width: width)
      height = max(height, dialogHeight + 120)
      canvas.shade(x: region.x, y: region.y, width: region.width, height: height)
      canvas.draw(
        dialog,
        in: PictureRegion(
          x: region.x + (region.width - width) / 2, y: region.y + (height - dialogHeight) / 2,
          width: width))
    }
    for note in middleNotes {
      let noteHeight = canvas.measure(note, width: region.width - 64)
      canvas.draw(
        note,
        in: PictureRegion(
          x: region.x + 32, y: region.y + (height - noteHeight) / 2, width: region.width - 64))
    }
    var bottom = region.y + height - 24
    for note in bottomNotes.reversed() {
      let noteHeight = canvas.measure(note, width: region.width - 32)
      guard noteHeight > 0 else { continue }
      bottom -= noteHeight
      canvas.draw(note, in: PictureRegion(x: region.x + 16, y: bottom, width: region.width - 32))
      bottom -= 8
    }
    return height
  }
}

extension NavigationStackView: PictureDrawable {
  /// Draws the stack's top screen, under a grabber when the stack is presented.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    guard let screen = screens.last else { return 0 }
    guard isPresented else { return canvas.draw(screen, in: region) }
    canvas.rect(
      x: region.x + region.width / 2 - 18, y: region.y + 6, width: 36, height: 5,
      fill: PictureColor.line, radius: 2)
    return 14 + canvas.draw(screen, in: region.down(14))
  }
}

extension ScreenContainer: PictureDrawable {
  /// Draws the screen's navigation bar (a back chevron when it has one, its title in bold in
  /// the middle) and its content under it.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let bar = 44
    canvas.rect(x: region.x, y: region.y, width: region.width, height: bar, fill: PictureColor.fill)
    canvas.line(
      x1: region.x, y1: region.y + bar, x2: region.x + region.width, y2: region.y + bar,
      stroke: PictureColor.disabled)
    var side = 16
    if hasBack {
      canvas.polyline(
        points: [
          (region.x + 18, region.y + 14), (region.x + 12, region.y + 22),
          (region.x + 18, region.y + 30),
        ],
        stroke: PictureColor.accent)
      canvas.text("Back", x: region.x + 24, y: region.y + 13, width: 48, color: PictureColor.accent)
      side = 72
    }
    canvas.text(
      title.value, x: region.x + region.width / 2, y: region.y + 13,
      width: region.width - 2 * side, bold: true, anchor: .middle)
    guard let content else { return bar }
    let height = canvas.draw(
      content, in: PictureRegion(x: region.x + 16, y: region.y + bar + 16, width: region.width - 32)
    )
    return bar + 16 + height
  }
}

extension TabView: PictureDrawable {
  /// Draws the selected tab, then the tab bar under it: each tab's title, the selected one in
  /// the accent with a bar over it.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    var used = 0
    if let selected = tabs.first(where: { $0.id == selection.value }) {
      used = canvas.draw(selected, in: region)
    }
    guard !tabs.isEmpty else { return used }
    let top = region.y + used + (used > 0 ? 12 : 0)
    canvas.rect(
      x: region.x, y: top, width: region.width, height: 44, fill: PictureColor.fill,
      stroke: PictureColor.disabled, radius: 6)
    let segment = region.width / tabs.count
    for (index, tab) in tabs.enumerated() {
      let left = region.x + index * segment
      let selected = tab.id == selection.value
      if selected {
        canvas.rect(
          x: left + 8, y: top + 1, width: segment - 16, height: 3, fill: PictureColor.accent)
      }
      canvas.text(
        tab.title ?? tab.id, x: left + segment / 2, y: top + 14, width: segment - 8,
        color: selected ? PictureColor.accent : PictureColor.muted, bold: selected, anchor: .middle)
    }
    return top - region.y + 44
  }
}

extension EmbeddedScreen: PictureDrawable {
  /// Draws the embedded screen's content.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    canvas.drawDown(children, in: region)
  }
}

extension DialogView: PictureDrawable {
  /// Draws the dialog as a card: its title in bold, its message, a prompt's field, and its
  /// buttons (side by side for two, else one under another).
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let inner = region.inset(by: 16)
    let mark = canvas.position
    var used = 16
    canvas.text(
      title, x: region.x + region.width / 2, y: region.y + used, width: inner.width, bold: true,
      anchor: .middle)
    used += PictureCanvas.lineHeight
    if let message {
      used += 4
      let columns = max(inner.width / PictureCanvas.characterWidth, 1)
      for line in message.split(separator: "\n").flatMap({
        PictureCanvas.wrapped(String($0), columns: columns)
      }) {
        canvas.text(
          line, x: region.x + region.width / 2, y: region.y + used, width: inner.width,
          color: PictureColor.muted, anchor: .middle)
        used += PictureCanvas.lineHeight
      }
    }
    if let field {
      used += 8
      used += canvas.draw(field, in: inner.down(used))
    }
    used += 12
    let shown = buttons.filter { !$0.isHidden.value }
    if shown.count == 2 {
      let half = (inner.width - PictureCanvas.spacing) / 2
      for (index, button) in shown.enumerated() {
        canvas.drawDialogButton(
          button,
          in: PictureRegion(
            x: inner.x + index * (half + PictureCanvas.spacing), y: region.y + used, width: half))
      }
      used += PictureCanvas.controlHeight
    } else {
      for (index, button) in shown.enumerated() {
        if index > 0 { used += PictureCanvas.spacing }
        canvas.drawDialogButton(button, in: inner.down(used))
        used += PictureCanvas.controlHeight
      }
    }
    used += 16
    canvas.drawBehind(from: mark) {
      canvas.rect(
        x: region.x, y: region.y, width: region.width, height: used, fill: PictureColor.paper,
        stroke: PictureColor.line, radius: 12)
    }
    return used
  }
}

extension PictureCanvas {
  /// Draws a dialog's button as an outlined box the width of `region`, its title centered.
  func drawDialogButton(_ button: Button, in region: PictureRegion) {
    guard !button.isHidden.value else { return }
    rect(
      x: region.x, y: region.y, width: region.width, height: PictureCanvas.controlHeight,
      fill: PictureColor.fill, stroke: PictureColor.line, radius: 6)
    text(
      button.title.value, x: region.x + region.width / 2, y: region.y + 8,
      width: region.width - 16,
      color: button.isEnabled.value ? PictureColor.accent : PictureColor.muted,
      anchor: .middle)
  }

  /// How tall `widget` is at `width`, found by drawing it on a canvas that is thrown away.
  func measure(_ widget: Widget, width: Int) -> Int {
    PictureCanvas().draw(widget, in: PictureRegion(x: 0, y: 0, width: width))
  }

  /// Darkens the rectangle: the screen behind a dialog.
  func shade(x: Int, y: Int, width: Int, height: Int) {
    rect(x: x, y: y, width: width, height: height, fill: "#000000", opacity: 30)
  }
}
