public import Headless

// The built-in controls, each drawn as a person would recognise it.

extension Label: PictureDrawable {
  /// Draws the label's text, each of its lines wrapped at spaces to the region's width.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let room = max(region.width / PictureCanvas.characterWidth, 1)
    let lines = text.value.split(separator: "\n", omittingEmptySubsequences: false)
      .flatMap { PictureCanvas.wrapped(String($0), columns: room) }
    for (index, line) in lines.enumerated() {
      canvas.text(
        String(line), x: region.x, y: region.y + index * PictureCanvas.lineHeight,
        width: region.width)
    }
    return lines.count * PictureCanvas.lineHeight
  }
}

extension TextField: PictureDrawable {
  /// Draws the field as a box with its text (dots when secure) or its placeholder, outlined
  /// in the accent while focused and in red while invalid, with `checking…` and its message
  /// under it.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let message = message.value
    canvas.drawFieldBox(
      region, text: text.value, placeholder: placeholder.value, isSecure: isSecure,
      isFocused: isFocused.value, isInvalid: message != nil)
    var height = PictureCanvas.controlHeight
    if isChecking.value {
      canvas.spinner(cx: region.x + 8, cy: region.y + height + 12)
      canvas.text(
        "checking…", x: region.x + 20, y: region.y + height + 2, width: region.width - 20,
        color: PictureColor.muted)
      height += 4 + PictureCanvas.lineHeight
    }
    return height + canvas.drawMessage(message, in: region.down(height))
  }
}

extension SearchField: PictureDrawable {
  /// Draws the search field as a rounded box with a magnifier and its text or placeholder.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let height = PictureCanvas.controlHeight
    let focused = isFocused.value
    canvas.rect(
      x: region.x, y: region.y, width: region.width, height: height, fill: PictureColor.fill,
      stroke: focused ? PictureColor.accent : nil, strokeWidth: focused ? 2 : 1, radius: 16)
    canvas.circle(
      cx: region.x + 17, cy: region.y + 15, r: 5, fill: nil, stroke: PictureColor.muted,
      strokeWidth: 2)
    canvas.line(
      x1: region.x + 21, y1: region.y + 19, x2: region.x + 25, y2: region.y + 23,
      stroke: PictureColor.muted, strokeWidth: 2)
    let shown = text.value.isEmpty ? placeholder.value : text.value
    canvas.text(
      shown, x: region.x + 34, y: region.y + 8, width: region.width - 44,
      color: text.value.isEmpty ? PictureColor.muted : PictureColor.ink)
    return height
  }
}

extension TextView: PictureDrawable {
  /// Draws the text view as a box of at least three lines with its text or placeholder,
  /// outlined like a field, and its message under it.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let value = text.value
    let lines =
      value.isEmpty
      ? [placeholder.value[...]] : value.split(separator: "\n", omittingEmptySubsequences: false)
    let height = max(lines.count, 3) * PictureCanvas.lineHeight + 12
    let message = message.value
    let focused = isFocused.value
    canvas.rect(
      x: region.x, y: region.y, width: region.width, height: height, fill: PictureColor.paper,
      stroke: message != nil
        ? PictureColor.error : focused ? PictureColor.accent : PictureColor.line,
      strokeWidth: focused ? 2 : 1, radius: 4)
    for (index, line) in lines.enumerated() {
      canvas.text(
        String(line), x: region.x + 10, y: region.y + 6 + index * PictureCanvas.lineHeight,
        width: region.width - 20, color: value.isEmpty ? PictureColor.muted : PictureColor.ink)
    }
    return height + canvas.drawMessage(message, in: region.down(height))
  }
}

extension Button: PictureDrawable {
  /// Draws the button as a filled rounded box with its title: grey while disabled, with a
  /// spinner before the title while busy, ringed in the accent while focused.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let busy = isBusy.value
    let title = title.value
    let width = min(PictureCanvas.width(of: title) + (busy ? 52 : 32), region.width)
    let enabled = !canvas.isInsideDisabled
    canvas.rect(
      x: region.x, y: region.y, width: width, height: PictureCanvas.controlHeight,
      fill: enabled ? PictureColor.accent : PictureColor.disabled, radius: 6)
    let ink = enabled ? PictureColor.paper : PictureColor.muted
    var left = region.x + 16
    if busy {
      canvas.spinner(cx: left + 6, cy: region.y + 16, color: ink)
      left += 20
    }
    canvas.text(title, x: left, y: region.y + 8, width: region.x + width - left - 8, color: ink)
    if isFocused.value {
      canvas.focusRing(
        x: region.x, y: region.y, width: width, height: PictureCanvas.controlHeight, radius: 6)
    }
    return PictureCanvas.controlHeight
  }
}

extension Toggle: PictureDrawable {
  /// Draws the toggle as its title with a switch at the right, on (filled, knob right) or off,
  /// the switch ringed in the accent while focused.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let on = isOn.value
    let right = region.x + region.width
    canvas.text(title.value, x: region.x, y: region.y + 6, width: region.width - 52)
    canvas.rect(
      x: right - 44, y: region.y + 4, width: 44, height: 24,
      fill: on ? PictureColor.accent : PictureColor.disabled, radius: 12)
    canvas.circle(
      cx: on ? right - 16 : right - 32, cy: region.y + 16, r: 10, fill: PictureColor.paper,
      stroke: PictureColor.line)
    if isFocused.value {
      canvas.focusRing(x: right - 44, y: region.y + 4, width: 44, height: 24, radius: 12)
    }
    return PictureCanvas.controlHeight + canvas.drawMessage(message.value, in: region.down(32))
  }
}

extension Slider: PictureDrawable {
  /// Draws the slider as a track filled up to its thumb, with its value at the right, the thumb
  /// ringed in the accent while focused.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let valueText = adjustableValueText
    let textWidth = PictureCanvas.width(of: valueText)
    let track = max(region.width - textWidth - 28, 20)
    let range = range.value
    let span = range.upperBound - range.lowerBound
    let value = value.value
    let fraction =
      span > 0 && value.isFinite ? min(max((value - range.lowerBound) / span, 0), 1) : 0
    let left = region.x + 8
    let thumb = left + Int((fraction * Double(track)).rounded())
    let middle = region.y + 16
    canvas.line(
      x1: left, y1: middle, x2: left + track, y2: middle, stroke: PictureColor.disabled,
      strokeWidth: 4)
    canvas.line(
      x1: left, y1: middle, x2: thumb, y2: middle, stroke: PictureColor.accent, strokeWidth: 4)
    canvas.circle(cx: thumb, cy: middle, r: 9, fill: PictureColor.paper, stroke: PictureColor.line)
    if isFocused.value {
      canvas.focusRing(x: thumb - 9, y: middle - 9, width: 18, height: 18, radius: 9)
    }
    canvas.text(
      valueText, x: region.x + region.width, y: region.y + 6, width: textWidth,
      anchor: .end)
    return PictureCanvas.controlHeight + canvas.drawMessage(message.value, in: region.down(32))
  }
}

extension Stepper: PictureDrawable {
  /// Draws the stepper as its value with a − and + pair of buttons at the right, outlined in
  /// the accent while focused.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let right = region.x + region.width
    canvas.text(adjustableValueText, x: region.x, y: region.y + 8, width: region.width - 100)
    let focused = isFocused.value
    canvas.rect(
      x: right - 88, y: region.y, width: 88, height: 32, fill: PictureColor.fill,
      stroke: focused ? PictureColor.accent : PictureColor.line, strokeWidth: focused ? 2 : 1,
      radius: 6)
    canvas.line(
      x1: right - 44, y1: region.y + 6, x2: right - 44, y2: region.y + 26,
      stroke: PictureColor.line)
    let range = range.value
    let atLow = value.value <= range.lowerBound
    let atHigh = value.value >= range.upperBound
    let minus = atLow ? PictureColor.line : PictureColor.ink
    let plus = atHigh ? PictureColor.line : PictureColor.ink
    canvas.line(
      x1: right - 72, y1: region.y + 16, x2: right - 60, y2: region.y + 16, stroke: minus,
      strokeWidth: 2)
    canvas.line(
      x1: right - 28, y1: region.y + 16, x2: right - 16, y2: region.y + 16, stroke: plus,
      strokeWidth: 2)
    canvas.line(
      x1: right - 22, y1: region.y + 10, x2: right - 22, y2: region.y + 22, stroke: plus,
      strokeWidth: 2)
    return PictureCanvas.controlHeight + canvas.drawMessage(message.value, in: region.down(32))
  }
}

extension SegmentedControl: PictureDrawable {
  /// Draws the control as a row of equal segments, the selected one filled, outlined in the
  /// accent while focused.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let options = options.value
    let focused = isFocused.value
    canvas.rect(
      x: region.x, y: region.y, width: region.width, height: 32, fill: PictureColor.fill,
      stroke: focused ? PictureColor.accent : PictureColor.line, strokeWidth: focused ? 2 : 1,
      radius: 6)
    guard !options.isEmpty else { return 32 }
    let segment = region.width / options.count
    for (index, option) in options.enumerated() {
      let left = region.x + index * segment
      let selected = option == selection.value
      if selected {
        canvas.rect(
          x: left + 2, y: region.y + 2, width: segment - 4, height: 28, fill: PictureColor.accent,
          radius: 5)
      } else if index > 0 {
        canvas.line(
          x1: left, y1: region.y + 6, x2: left, y2: region.y + 26, stroke: PictureColor.line)
      }
      canvas.text(
        option, x: left + segment / 2, y: region.y + 8, width: segment - 8,
        color: selected ? PictureColor.paper : PictureColor.ink, anchor: .middle)
    }
    return PictureCanvas.controlHeight + canvas.drawMessage(message.value, in: region.down(32))
  }
}

extension Picker: PictureDrawable {
  /// Draws the picker as its title with a menu box holding the selection and a chevron, the box
  /// outlined in the accent while focused.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    canvas.drawMenu(
      title: title.value, value: selection.value ?? "None", isPlaceholder: selection.value == nil,
      isFocused: isFocused.value, in: region)
    return PictureCanvas.controlHeight + canvas.drawMessage(message.value, in: region.down(32))
  }
}

extension DatePicker: PictureDrawable {
  /// Draws the date picker as its title with a box holding the date and a calendar, the box
  /// outlined in the accent while focused.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    canvas.drawMenu(
      title: title.value, value: date.value.description, isPlaceholder: false,
      isFocused: isFocused.value, in: region, calendar: true)
    return PictureCanvas.controlHeight + canvas.drawMessage(message.value, in: region.down(32))
  }
}

extension Image: PictureDrawable {
  /// Draws the image as a crossed frame, with what it says beside it unless it is decorative.
  ///
  /// - Parameters:
  ///   - region: Where to draw, and how wide.
  ///   - canvas: What to draw on.
  /// - Returns: The height it took.
  public func drawPicture(in region: PictureRegion, on canvas: PictureCanvas) -> Int {
    let size = 40
    canvas.rect(
      x: region.x, y: region.y, width: size, height: size, fill: PictureColor.fill,
      stroke: PictureColor.line, radius: 4)
    canvas.line(
      x1: region.x, y1: region.y, x2: region.x + size, y2: region.y + size,
      stroke: PictureColor.line)
    canvas.line(
      x1: region.x + size, y1: region.y, x2: region.x, y2: region.y + size,
      stroke: PictureColor.line)
    if let said = spokenText {
      canvas.text(
        said, x: region.x + size + 8, y: region.y + 10, width: region.width - size - 8,
        color: PictureColor.muted)
    }
    return size
  }
}

extension PictureCanvas {
  /// `text` broken at spaces into lines of at most `columns` characters; a word longer than a
  /// line is left whole (and cut when drawn).
  static func wrapped(_ text: String, columns: Int) -> [String] {
    guard text.count > columns else { return [text] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= columns {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
  }

  /// Draws a one-line field: a box with its text, dots for a secure text, or its placeholder.
  func drawFieldBox(
    _ region: PictureRegion, text: String, placeholder: String, isSecure: Bool, isFocused: Bool,
    isInvalid: Bool
  ) {
    let height = PictureCanvas.controlHeight
    let stroke =
      isInvalid ? PictureColor.error : isFocused ? PictureColor.accent : PictureColor.line
    rect(
      x: region.x, y: region.y, width: region.width, height: height,
      fill: isInsideDisabled ? PictureColor.fill : PictureColor.paper, stroke: stroke,
      strokeWidth: isFocused || isInvalid ? 2 : 1, radius: 4)
    let room = region.width - 20
    if text.isEmpty {
      self.text(
        placeholder, x: region.x + 10, y: region.y + 8, width: room, color: PictureColor.muted)
    } else if isSecure {
      let dots = min(text.count, max(room / 10, 0))
      for index in 0..<dots {
        circle(cx: region.x + 14 + index * 10, cy: region.y + 16, r: 3, fill: PictureColor.ink)
      }
    } else {
      self.text(text, x: region.x + 10, y: region.y + 8, width: room)
    }
    if isFocused {
      let caret =
        region.x + 10
        + min(isSecure ? text.count * 10 : PictureCanvas.width(of: text), max(room, 0))
      line(
        x1: caret + 1, y1: region.y + 8, x2: caret + 1, y2: region.y + 24,
        stroke: PictureColor.accent, strokeWidth: 2)
    }
  }

  /// Draws a validation message in red under a control; returns its height (0 for none).
  func drawMessage(_ message: String?, in region: PictureRegion) -> Int {
    guard let message else { return 0 }
    text(message, x: region.x, y: region.y + 4, width: region.width, color: PictureColor.error)
    return 4 + PictureCanvas.lineHeight
  }

  /// Draws a title at the left and a menu box at the right holding `value` and a chevron (or a
  /// calendar).
  func drawMenu(
    title: String, value: String, isPlaceholder: Bool, isFocused: Bool, in region: PictureRegion,
    calendar: Bool = false
  ) {
    let boxWidth = min(max(PictureCanvas.width(of: value) + 44, 96), region.width)
    let right = region.x + region.width
    if !title.isEmpty {
      text(title, x: region.x, y: region.y + 8, width: region.width - boxWidth - 8)
    }
    let left = title.isEmpty ? region.x : right - boxWidth
    let width = title.isEmpty ? region.width : boxWidth
    rect(
      x: left, y: region.y, width: width, height: 32, fill: PictureColor.fill,
      stroke: isFocused ? PictureColor.accent : PictureColor.line, strokeWidth: isFocused ? 2 : 1,
      radius: 6)
    text(
      value, x: left + 10, y: region.y + 8, width: width - 40,
      color: isPlaceholder ? PictureColor.muted : PictureColor.ink)
    let mark = left + width - 20
    if calendar {
      rect(
        x: mark - 6, y: region.y + 9, width: 14, height: 14, fill: nil, stroke: PictureColor.muted)
      line(
        x1: mark - 6, y1: region.y + 13, x2: mark + 8, y2: region.y + 13, stroke: PictureColor.muted
      )
    } else {
      polyline(
        points: [(mark - 4, region.y + 13), (mark, region.y + 18), (mark + 4, region.y + 13)],
        stroke: PictureColor.muted)
    }
  }
}
