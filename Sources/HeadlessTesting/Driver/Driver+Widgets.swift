import BindingDSL
public import Headless

/// The driver's verbs for widgets, each generic over a capability (``/Headless/Tappable``,
/// ``/Headless/TextEditable``, ``/Headless/Adjustable``…): a widget defined outside the library that adopts one is
/// driven like a built-in one, with the same checks and the same messages.
extension Driver {
  /// Types `text` into the widget `id` (a text field, a text view, a search field: any
  /// ``/Headless/TextEditable``), one character at a time (each an edit, each flushed), after the text
  /// already there. A character that leaves the field disabled, hidden or covered stops the
  /// typing there, as it would stop a person.
  ///
  /// - Parameters:
  ///   - text: What to type.
  ///   - id: The widget's id.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot take
  ///   text, naming the widgets that can.
  public func type(
    _ text: String, into id: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      var field = try capable(id, to: "type", as: (any TextEditable).self)
      var typed = ""
      for character in text {
        // NB: a character may disable or hide the field (a code field full at six digits), or
        // cover it; a person could not type the next one.
        if !typed.isEmpty {
          do {
            field = try capable(id, to: "type", as: (any TextEditable).self)
          } catch let error as DriverError {
            throw DriverError(
              "\(error.message), after \"\(typed)\" was typed of \"\(text)\"", kind: error.kind)
          }
        }
        clock.withTracking { field.text.edit(field.text.value + String(character)) }
        typed.append(character)
        try flush()
      }
      try await settle()
    }
  }

  /// Replaces the whole text of the widget `id` (any ``/Headless/TextEditable``) with `text`, as one edit.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - text: The new text; empty clears it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot take
  ///   text, naming the widgets that can.
  public func replaceText(
    in id: String, with text: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let field = try capable(id, to: "type", as: (any TextEditable).self)
      clock.withTracking { field.text.edit(text) }
      try await settle()
    }
  }

  /// Taps the widget `id` (a button, or any ``/Headless/Tappable``).
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot be
  ///   tapped, naming the widgets that can.
  public func tap(
    _ id: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "tap", as: (any Tappable).self)
      clock.withTracking { widget.tap.send() }
      try await settle()
    }
  }

  /// Flips the widget `id` (a toggle, or any ``/Headless/Toggleable``).
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot be toggled,
  ///   naming the widgets that can.
  public func toggle(
    _ id: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "toggle", as: (any Toggleable).self)
      clock.withTracking { widget.isOn.edit(!widget.isOn.value) }
      try await settle()
    }
  }

  /// Slides the widget `id` (a slider, a stepper, any ``/Headless/Adjustable``) to `value`, as one edit.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - value: The value to slide to: in the widget's range, and on one of its steps.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the value is outside the range or off the steps, naming
  ///   what the widget takes.
  public func slide(
    _ id: String, to value: Double, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "slide", as: (any Adjustable).self)
      if let problem = widget.problem(adjustingTo: value) {
        throw DriverError("cannot slide '\(id)' to \(formatted(value)): \(problem)")
      }
      clock.withTracking { widget.adjust(to: value) }
      try await settle()
    }
  }

  /// Moves the widget `id` (a stepper, a slider with steps, any ``/Headless/Adjustable``) by `steps`
  /// steps: up when positive, down when negative. A widget that moves freely steps by a tenth of
  /// its range.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - steps: How many steps to move; `-1` moves one step down.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the move would leave the range, naming the end it reaches.
  public func step(
    _ id: String, by steps: Int = 1, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "step", as: (any Adjustable).self)
      let range = widget.adjustableRange
      let size = widget.stepSize
      let target = widget.value(steppedBy: steps)
      let direction = steps < 0 ? "down" : "up"
      // NB: the end named is the one the target is beyond, whichever way the steps go: a value
      // above the range stepped down may still be above it.
      let isAbove = target > range.upperBound + size * 1e-9
      if isAbove || target < range.lowerBound - size * 1e-9 {
        let current = widget.adjustableValue
        let end = isAbove ? range.upperBound : range.lowerBound
        let isBeyondAlready = isAbove ? current > range.upperBound : current < range.lowerBound
        let towards = (steps < 0) == isAbove
        throw DriverError(
          "cannot step '\(id)' \(direction) by \(abs(steps)) from \(formatted(current)): "
            + (!isBeyondAlready
              ? "it would pass its \(isAbove ? "maximum" : "minimum"), "
              : towards
                ? "it would still be \(isAbove ? "above its maximum" : "below its minimum"), "
                : "it is already \(isAbove ? "above its maximum" : "below its minimum"), ")
            + formatted(end))
      }
      let value = min(max(target, range.lowerBound), range.upperBound)
      clock.withTracking { widget.adjust(to: value) }
      try await settle()
    }
  }

  /// Selects the option titled `option` in the widget `id` (a segmented control, a picker, any
  /// ``/Headless/OptionSelectable``).
  ///
  /// - Parameters:
  ///   - option: The option's title, as the render shows it.
  ///   - id: The widget's id.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget has no such option, listing those it has.
  public func select(
    _ option: String, in id: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "select an option of", as: (any OptionSelectable).self)
      let options = widget.options.value
      guard options.contains(option) else {
        let listed = options.map { "'\($0)'" }.joined(separator: ", ")
        throw DriverError(
          "cannot select '\(option)' in '\(id)': it has no such option; its options: "
            + (options.isEmpty ? "none (bind its options to the view model)" : listed),
          kind: .missingWidget)
      }
      clock.withTracking { widget.selection.edit(option) }
      try await settle()
    }
  }

  /// Picks the day `date` in the widget `id` (a date picker, any ``/Headless/DatePickable``).
  ///
  /// - Parameters:
  ///   - date: The day to pick.
  ///   - id: The widget's id.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the day is outside the picker's range, naming the range.
  public func pick(
    _ date: CalendarDate, in id: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "pick a date in", as: (any DatePickable).self)
      if let range = widget.dateRange, !range.contains(date) {
        throw DriverError(
          "cannot pick \(date) in '\(id)': it takes days from \(range.lowerBound) to "
            + "\(range.upperBound)")
      }
      clock.withTracking { widget.date.edit(date) }
      try await settle()
    }
  }

  /// Scrolls the widget `id` (a scroll view, any ``/Headless/Scrollable``) to `offset` points from the
  /// start of its content.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - offset: How far to scroll; zero is the top.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the offset is negative or not a number.
  public func scroll(
    _ id: String, to offset: Double, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      if let list = surface.widget(id) as? ListView {
        throw DriverError(
          "cannot scroll '\(id)' to an offset of \(formatted(offset)): it is a list, which "
            + "scrolls by rows: scroll(\"\(list.id)\", by: rows), scroll(\"\(list.id)\", toRow: "
            + "position) or scroll(to: \"\(list.id)[<row id>]\")", kind: .wrongKind)
      }
      let widget = try capable(id, to: "scroll", as: (any Scrollable).self)
      guard offset.isFinite, offset >= 0 else {
        throw DriverError(
          "cannot scroll '\(id)' to \(formatted(offset)): offsets start at 0, the top of the "
            + "content")
      }
      clock.withTracking { widget.offset.edit(offset) }
      try await settle()
    }
  }

  /// Submits the widget `id` (a search field, any ``/Headless/Submittable``), as its return key does.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot be submitted,
  ///   naming the widgets that can.
  public func submit(
    _ id: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "submit", as: (any Submittable).self)
      clock.withTracking { widget.submit.send() }
      try await settle()
    }
  }

  /// Gives the widget `id` (a text field, any ``/Headless/Focusable``) the focus, as tapping into it
  /// does: every other widget of the screen loses it first, then the widget gains it, each an
  /// edit a focus binding takes to the view model.
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot take the focus,
  ///   naming the widgets that can.
  public func focus(
    _ id: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await located(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
      let widget = try capable(id, to: "focus", as: (any Focusable).self)
      let others = surface.widgetIDs.compactMap { surface.widget($0) as? any Focusable }
      clock.withTracking {
        for other in others where other !== widget && other.isFocused.value {
          other.isFocused.edit(false)
        }
        if !widget.isFocused.value { widget.isFocused.edit(true) }
      }
      try await settle()
    }
  }

  /// The widget `id` as a `Capability`, visible and enabled, or an error that names what it is
  /// and which widgets can do what was asked (`verb`).
  ///
  /// - Parameters:
  ///   - id: The widget's id.
  ///   - verb: What the caller does, as messages say it: `type`, `select an option of`.
  ///   - capability: The capability the verb needs, such as `(any Tappable).self`.
  /// - Returns: The widget.
  /// - Throws: ``DriverError`` naming what the widget is and which widgets can do `verb`.
  package func capable<Capability>(
    _ id: String, to verb: String, as capability: Capability.Type
  ) throws -> Capability {
    let found = try widget(id)
    if let blocker = surface.blocker(for: "\(verb) '\(id)'") {
      throw DriverError(blocker, kind: .covered)
    }
    guard let able = found as? Capability else {
      let others = surface.widgetIDs.filter { surface.widget($0) is Capability }
      throw DriverError(
        "cannot \(verb) '\(id)': it is \(found.kindWithArticle). Widgets that take \(verb): "
          + (others.isEmpty ? "none" : others.joined(separator: ", ")), kind: .wrongKind)
    }
    if let hidden = surface.root?.hiddenAncestor(of: found) {
      let how = hidden === found ? "it is hidden" : "its container '\(hidden.id)' is hidden"
      throw DriverError("cannot \(verb) '\(id)': \(how)", kind: .hidden)
    }
    if !found.isEnabledNow {
      var message = "cannot \(verb) '\(id)': it is disabled"
      if let cause = surface.enabledCause(of: found.isEnabled.targetKey) {
        message += " (\(cause))"
      }
      throw DriverError(message, kind: .disabled)
    }
    return able
  }
}
