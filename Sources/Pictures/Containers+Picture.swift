public import Headless

// Stacks, scroll views, status widgets and the lists of a screen.

extension VStack: PictureDrawable {
  /// Draws the children one under another.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    canvas.drawDown(children, in: region)
  }
}

extension HStack: PictureDrawable {
  /// Draws the children side by side.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    canvas.drawAcross(children, in: region)
  }
}

extension ScrollView: PictureDrawable {
  /// Draws the content one under another, with a scroll bar at the right.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let height = canvas.drawDown(
      children, in: PictureRegion(x: region.x, y: region.y, width: region.width - 10))
    if height > 0 {
      let right = region.x + region.width - 2
      canvas.line(
        x1: right, y1: region.y + 2, x2: right, y2: region.y + max(height / 3, 8),
        stroke: PictureColor.line, strokeWidth: 3)
    }
    return height
  }
}

extension TextList: PictureDrawable {
  /// Draws the items one a line, each after a bullet.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let items = items.value
    for (index, item) in items.enumerated() {
      let top = region.y + index * PictureCanvas.lineHeight
      canvas.circle(cx: region.x + 4, cy: top + 10, r: 2, fill: PictureColor.ink)
      canvas.text(item, x: region.x + 14, y: top, width: region.width - 14)
    }
    return items.count * PictureCanvas.lineHeight
  }
}

extension ActivityIndicator: PictureDrawable {
  /// Draws a spinner while animating, and nothing at rest.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    guard isAnimating.value else { return 0 }
    canvas.spinner(cx: region.x + 10, cy: region.y + 10)
    return PictureCanvas.lineHeight
  }
}

extension ProgressBar: PictureDrawable {
  /// Draws a track filled as far as the progress, with the percentage at the right.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let value = value.value.isNaN ? 0 : min(max(value.value, 0), 1)
    let percent = "\(Int((value * 100).rounded()))%"
    let track = max(region.width - 48, 10)
    canvas.rect(
      x: region.x, y: region.y + 6, width: track, height: 8, fill: PictureColor.disabled, radius: 4
    )
    canvas.rect(
      x: region.x, y: region.y + 6, width: Int((value * Double(track)).rounded()), height: 8,
      fill: PictureColor.accent, radius: 4)
    canvas.text(
      percent, x: region.x + region.width, y: region.y, width: 48, color: PictureColor.muted,
      anchor: .end)
    return PictureCanvas.lineHeight
  }
}

extension HUD: PictureDrawable {
  /// Draws what the HUD shows as a dark rounded box (a spinner while loading), and nothing when
  /// it shows nothing.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    guard let line = Self.pictureLine(of: feedback.value) else { return 0 }
    let loading = if case .loading = feedback.value { true } else { false }
    let width = min(PictureCanvas.width(of: line.text) + (loading ? 52 : 32), region.width)
    let left = region.x + (region.width - width) / 2
    canvas.rect(
      x: left, y: region.y, width: width, height: 36, fill: PictureColor.notice, radius: 8)
    var textLeft = left + 16
    if loading {
      canvas.spinner(cx: textLeft + 6, cy: region.y + 18, color: PictureColor.paper)
      textLeft += 20
    }
    canvas.text(
      line.text, x: textLeft, y: region.y + 10, width: left + width - textLeft - 8,
      color: line.color)
    return 36
  }

  /// What a HUD says for `feedback`, and in what color; `nil` for nothing.
  static func pictureLine(of feedback: Feedback) -> (text: String, color: String)? {
    switch feedback {
    case .none: nil
    case .loading(let text): (text ?? "Loading", PictureColor.paper)
    case .success(let text): ("✓ " + (text ?? "Done"), PictureColor.paper)
    case .failure(let text): ("✗ " + text, "#fca5a5")
    case .message(let text): (text, PictureColor.paper)
    }
  }
}

extension Toast: PictureDrawable {
  /// Draws the toast's message in a dark pill, and nothing without a message.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    guard let message = message.value else { return 0 }
    let width = min(PictureCanvas.width(of: message) + 32, region.width)
    let left = region.x + (region.width - width) / 2
    canvas.rect(
      x: left, y: region.y, width: width, height: 32, fill: PictureColor.notice, radius: 16)
    canvas.text(
      message, x: left + width / 2, y: region.y + 8, width: width - 24, color: PictureColor.paper,
      anchor: .middle)
    return 32
  }
}

extension ListView: PictureDrawable {
  /// Draws the list as a framed table: its failure text, a spinner while refreshing, how many
  /// rows are above and below the window, each section's header as a grey band, its rows
  /// (the selected one tinted) with separators, its footers in grey, and its empty text when
  /// there are no rows.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    var used = 0
    let inner = region.inset(by: 12)
    func note(_ text: String, color: String = PictureColor.muted, busy: Bool = false) {
      var left = inner.x
      if busy {
        canvas.spinner(cx: left + 6, cy: region.y + used + 14, color: color)
        left += 20
      }
      canvas.text(
        text, x: left, y: region.y + used + 4, width: inner.width - (left - inner.x), color: color)
      used += 28
    }
    if let failure = failureText.value { note("✗ " + failure, color: PictureColor.error) }
    if refresh.isBusy.value { note("Refreshing…", busy: true) }
    let count = rowCount
    let window = windowRange
    if window.lowerBound > 0 { note("\(window.lowerBound) rows above") }
    let items = children.flatMap { $0 is RowWidget ? [$0] : $0.children }
      .compactMap { $0 as? RowWidget }
    if count == 0, let empty = emptyText.value {
      note(empty)
    }
    for item in items where !item.isHidden.value {
      let top = region.y + used
      if used > 0 && item.role == .row {
        canvas.line(
          x1: inner.x, y1: top, x2: region.x + region.width, y2: top, stroke: PictureColor.disabled)
      }
      let content = PictureRegion(
        x: inner.x, y: top + (item.role == .row ? 10 : 6),
        width: inner.width - (item.role == .row ? 16 : 0))
      let mark = canvas.position
      let height =
        max(canvas.drawDown(item.children, in: content), PictureCanvas.lineHeight)
        + (item.role == .row ? 20 : 12)
      switch item.role {
      case .header:
        canvas.drawBehind(from: mark) {
          canvas.rect(
            x: region.x + 1, y: top + 1, width: region.width - 2, height: height - 1,
            fill: PictureColor.fill)
        }
      case .footer:
        break
      case .row:
        if item.isSelected.value {
          canvas.drawBehind(from: mark) {
            canvas.rect(
              x: region.x + 1, y: top + 1, width: region.width - 2, height: height - 1,
              fill: PictureColor.tint)
            canvas.rect(
              x: region.x + 1, y: top + 1, width: 4, height: height - 1, fill: PictureColor.accent)
          }
        }
        let right = region.x + region.width
        canvas.polyline(
          points: [
            (right - 14, top + height / 2 - 4), (right - 10, top + height / 2),
            (right - 14, top + height / 2 + 4),
          ],
          stroke: PictureColor.line)
      }
      used += height
    }
    if window.upperBound < count { note("\(count - window.upperBound) rows below") }
    if loadMore.isBusy.value { note("Loading more…", busy: true) }
    used = max(used, 28)
    canvas.rect(
      x: region.x, y: region.y, width: region.width, height: used, fill: nil,
      stroke: PictureColor.line, radius: 6)
    return used
  }
}

extension RowWidget: PictureDrawable {
  /// Draws the row's content one under another (a list draws its rows itself).
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    canvas.drawDown(children, in: region)
  }
}
