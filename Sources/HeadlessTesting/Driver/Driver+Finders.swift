public import Headless

/// The driver's verbs for a ``Finder``: each finds the one visible widget the query matches
/// (inside list rows too) and acts on it as the verb of the same name acts on an id, with the
/// same checks and messages. A query that matches nothing, or several widgets, fails like
/// ``Driver/find(_:fileID:filePath:line:column:)``.
///
/// ```swift
/// try await driver.type("Ada", into: .kind(TextField.self, labelled: "Name"))
/// ```
extension Driver {
  /// Taps the widget `finder` finds, as ``tap(_:fileID:filePath:line:column:)`` taps an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func tap(
    _ finder: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await tap(
        try resolve(finder).address, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Types `text` into the widget `finder` finds, as ``type(_:into:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - text: What to type.
  ///   - finder: The query for the widget.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func type(
    _ text: String, into finder: Finder, fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await type(
        text, into: try resolve(finder).address, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Replaces the text of the widget `finder` finds, as ``replaceText(in:with:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - text: The new text; empty clears it.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func replaceText(
    in finder: Finder, with text: String, fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await replaceText(
        in: try resolve(finder).address, with: text, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Flips the widget `finder` finds, as ``toggle(_:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func toggle(
    _ finder: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await toggle(
        try resolve(finder).address, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Slides the widget `finder` finds to `value`, as ``slide(_:to:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - value: The value to slide to: in the widget's range, and on one of its steps.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func slide(
    _ finder: Finder, to value: Double, fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await slide(
        try resolve(finder).address, to: value, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Moves the widget `finder` finds by `steps` steps, as ``step(_:by:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - steps: How many steps to move; `-1` moves one step down.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func step(
    _ finder: Finder, by steps: Int = 1, fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await step(
        try resolve(finder).address, by: steps, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Selects the option titled `option` in the widget `finder` finds, as ``select(_:in:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - option: The option's title, as the render shows it.
  ///   - finder: The query for the widget.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func select(
    _ option: String, in finder: Finder, fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await select(
        option, in: try resolve(finder).address, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Picks the day `date` in the widget `finder` finds, as ``pick(_:in:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - date: The day to pick.
  ///   - finder: The query for the widget.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func pick(
    _ date: CalendarDate, in finder: Finder, fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await pick(
        date, in: try resolve(finder).address, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Scrolls the widget `finder` finds to `offset`, as ``scroll(_:to:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - offset: How far to scroll; zero is the top.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func scroll(
    _ finder: Finder, to offset: Double, fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await scroll(
        try resolve(finder).address, to: offset, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Submits the widget `finder` finds, as ``submit(_:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func submit(
    _ finder: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await submit(
        try resolve(finder).address, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Gives the widget `finder` finds the focus, as ``focus(_:fileID:filePath:line:column:)`` does for an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or
  ///   when the verb fails on the widget found.
  public func focus(
    _ finder: Finder, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await located(site) {
      try await focus(
        try resolve(finder).address, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// The widget `finder` finds, as ``widget(_:as:fileID:filePath:line:column:)`` returns the
  /// widget of an id.
  ///
  /// - Parameters:
  ///   - finder: The query for the widget.
  ///   - type: The widget type expected.
  ///   - fileID: The caller's `#fileID`, named by a failure; leave the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The widget.
  /// - Throws: ``DriverError`` when the query matches no visible widget or several, or the
  ///   widget found is of another kind.
  public func widget<T: Widget>(
    _ finder: Finder, as type: T.Type, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> T {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return try located(site) { () throws(DriverError) -> T in
      let found = try resolve(finder)
      guard let typed = found.widget as? T else {
        throw DriverError(
          "widget '\(found.address)' found by \(finder) is \(found.widget.kindWithArticle), "
            + "not a \(T.self)", kind: .wrongKind)
      }
      return typed
    }
  }
}
