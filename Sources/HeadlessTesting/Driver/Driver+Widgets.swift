import BindingDSL
public import Headless

/// The driver's verbs for widgets, each generic over a capability (``/Headless/Tappable``,
/// ``/Headless/TextEditable``, ``/Headless/Adjustable``…): a widget defined outside the library
/// that adopts one is driven like a built-in one, with the same checks and the same messages.
///
/// Each verb takes the widget as a ``Finder``: its id or path as a string (`"submit"`,
/// `"orders[42].title"`), or a query (`.kind(Button.self, labelled: "Save")`).
extension Driver {
  /// Types `text` into `widget` (a text field, a text view, a search field: any
  /// ``/Headless/TextEditable``), one character at a time (each an edit, each flushed), after
  /// the text already there. A character that leaves the field disabled, hidden or covered stops
  /// the typing there, as it would stop a person.
  ///
  /// - Parameters:
  ///   - text: What to type.
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot take
  ///   text, naming the widgets that can.
  public func type(
    _ text: String, into widget: Finder, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("type", on: widget, as: (any TextEditable).self, at: site) { field, id in
      var field = field
      var typed = ""
      for character in text {
        // NB: a character may disable or hide the field (a code field full at six digits), or
        // cover it; a person could not type the next one.
        if !typed.isEmpty {
          do throws(DriverError) {
            field = try capable(id, to: "type", as: (any TextEditable).self)
          } catch {
            throw DriverError(
              "\(error.message), after \"\(typed)\" was typed of \"\(text)\"", kind: error.kind)
          }
        }
        field.text.edit(field.text.value + String(character))
        typed.append(character)
        try flush()
      }
    }
  }

  /// Replaces the whole text of `widget` (any ``/Headless/TextEditable``) with `text`, as one
  /// edit.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - text: The new text; empty clears it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot take
  ///   text, naming the widgets that can.
  public func replaceText(
    in widget: Finder, with text: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("type", on: widget, as: (any TextEditable).self, at: site) { field, _ in
      field.text.edit(text)
    }
  }

  /// Taps `widget` (a button, or any ``/Headless/Tappable``).
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot be
  ///   tapped, naming the widgets that can.
  public func tap(
    _ widget: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("tap", on: widget, as: (any Tappable).self, at: site) { widget, _ in
      widget.tap.send()
    }
  }

  /// Flips `widget` (a toggle, or any ``/Headless/Toggleable``).
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot be toggled,
  ///   naming the widgets that can.
  public func toggle(
    _ widget: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("toggle", on: widget, as: (any Toggleable).self, at: site) { widget, _ in
      widget.isOn.edit(!widget.isOn.value)
    }
  }

  /// Slides `widget` (a slider, a stepper, any ``/Headless/Adjustable``) to `value`, as one
  /// edit.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - value: The value to slide to: in the widget's range, and on one of its steps.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the value is outside the range or off the steps, naming
  ///   what the widget takes.
  public func slide(
    _ widget: Finder, to value: Double, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("slide", on: widget, as: (any Adjustable).self, at: site) { widget, id in
      if let problem = widget.problem(adjustingTo: value) {
        throw DriverError("cannot slide '\(id)' to \(formattedNumber(value)): \(problem)")
      }
      widget.adjust(to: value)
    }
  }

  /// Moves `widget` (a stepper, a slider with steps, any ``/Headless/Adjustable``) by `steps`
  /// steps: up when positive, down when negative. A widget that moves freely steps by a tenth
  /// of its range.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - steps: How many steps to move; `-1` moves one step down.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the move would leave the range, naming the end it reaches.
  public func step(
    _ widget: Finder, by steps: Int = 1, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("step", on: widget, as: (any Adjustable).self, at: site) { widget, id in
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
          "cannot step '\(id)' \(direction) by \(abs(steps)) from \(formattedNumber(current)): "
            + (!isBeyondAlready
              ? "it would pass its \(isAbove ? "maximum" : "minimum"), "
              : towards
                ? "it would still be \(isAbove ? "above its maximum" : "below its minimum"), "
                : "it is already \(isAbove ? "above its maximum" : "below its minimum"), ")
            + formattedNumber(end))
      }
      let value = min(max(target, range.lowerBound), range.upperBound)
      widget.adjust(to: value)
    }
  }

  /// Selects the option titled `option` in `widget` (a segmented control, a picker, any
  /// ``/Headless/OptionSelectable``).
  ///
  /// - Parameters:
  ///   - option: The option's title, as the render shows it.
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget has no such option, listing those it has.
  public func select(
    _ option: String, in widget: Finder, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let verb = "select an option of"
    try await perform(verb, on: widget, as: (any OptionSelectable).self, at: site) { widget, id in
      let options = widget.options.value
      guard options.contains(option) else {
        let listed = options.map { "'\($0)'" }.joined(separator: ", ")
        throw DriverError(
          "cannot select '\(option)' in '\(id)': it has no such option; its options: "
            + (options.isEmpty ? "none (bind its options to the view model)" : listed),
          kind: .missingWidget)
      }
      widget.selection.edit(option)
    }
  }

  /// Picks the day `date` in `widget` (a date picker, any ``/Headless/DatePickable``).
  ///
  /// - Parameters:
  ///   - date: The day to pick.
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the day is outside the picker's range, naming the range.
  public func pick(
    _ date: CalendarDate, in widget: Finder, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("pick a date in", on: widget, as: (any DatePickable).self, at: site) {
      widget, id in
      if let range = widget.dateRange, !range.contains(date) {
        throw DriverError(
          "cannot pick \(date) in '\(id)': it takes days from \(range.lowerBound) to "
            + "\(range.upperBound)")
      }
      widget.date.edit(date)
    }
  }

  /// Scrolls `widget` (a scroll view, any ``/Headless/Scrollable``) to `offset` points from
  /// the start of its content.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - offset: How far to scroll; zero is the top.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the offset is negative or not a number.
  public func scroll(
    _ widget: Finder, to offset: Double, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform(on: widget, at: site) { (id) throws(DriverError) in
      if let list = surface.widget(id) as? ListView {
        throw DriverError(
          "cannot scroll '\(id)' to an offset of \(formattedNumber(offset)): it is a list, which "
            + "scrolls by rows: scroll(\"\(list.id)\", by: rows), scroll(\"\(list.id)\", toRow: "
            + "position) or scroll(to: \"\(list.id)[<row id>]\")", kind: .wrongKind)
      }
      return try capable(id, to: "scroll", as: (any Scrollable).self)
    } act: { widget, id in
      guard offset.isFinite, offset >= 0 else {
        throw DriverError(
          "cannot scroll '\(id)' to \(formattedNumber(offset)): offsets start at 0, the top of the "
            + "content")
      }
      widget.offset.edit(offset)
    }
  }

  /// Submits `widget` (a search field, any ``/Headless/Submittable``), as its return key does.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot be
  ///   submitted, naming the widgets that can.
  public func submit(
    _ widget: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("submit", on: widget, as: (any Submittable).self, at: site) { widget, _ in
      widget.submit.send()
    }
  }

  /// Gives `widget` (a field or a control, any ``/Headless/Focusable``) the focus, as tapping
  /// into it does: every other widget of the screen loses it first, then the widget gains it, each an
  /// edit a focus binding takes to the view model.
  ///
  /// - Parameters:
  ///   - widget: The widget's id or path, or a query.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the widget is missing, hidden, disabled or cannot take the
  ///   focus, naming the widgets that can.
  public func focus(
    _ widget: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await perform("focus", on: widget, as: (any Focusable).self, at: site) { widget, _ in
      let others = surface.widgetIDs.compactMap { surface.widget($0) as? any Focusable }
      for other in others where other !== widget && other.isFocused.value {
        other.isFocused.edit(false)
      }
      if !widget.isFocused.value { widget.isFocused.edit(true) }
    }
  }
}
