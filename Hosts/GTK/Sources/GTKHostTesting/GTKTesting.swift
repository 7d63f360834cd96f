public import BindingDSL
import CGTK
import Foundation
public import GTKHost
public import Headless

/// Why a step of a test that drives a GTK window could not be taken, and where the test took
/// it.
public struct GTKTestError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, and what to do about it.
  public let message: String
  /// The file of the step, as `#fileID` names it.
  public let fileID: String
  /// The line of the step.
  public let line: Int

  /// The step's place, then what went wrong: a test runner that reports the error at the test
  /// function still shows the line of the step.
  public var description: String { "\(fileID):\(line): \(message)" }
}

/// Drives GTK windows from a test as a person would: starts GTK for the test process, runs its
/// loop until the window shows or the screen settles, types into entries, activates buttons,
/// flips toggles, and reads what the native controls show.
///
/// Every step that cannot be taken throws a ``GTKTestError`` naming what did not happen and the
/// step's line. The loop is bounded by a count of GTK's iterations; with nothing happening, a
/// blocking iteration ends after a tenth of a second, so a wait that fails ends in `limit`
/// tenths of a second. Tests that show windows run one at a time, on a display:
/// `xvfb-run -a swift test` gives a virtual one.
@MainActor
public enum GTKTesting {
  private static var started = false

  /// Starts GTK for the test process, once: it draws without OpenGL (a virtual X server has
  /// it only in software, far slower), shows no animations, and leaves main-actor work to the
  /// test's awaits (the test runner drains the main queue).
  ///
  /// - Parameters:
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Throws: ``GTKTestError`` when there is no display to open.
  public static func start(fileID: String = #fileID, line: Int = #line) throws {
    if started { return }
    let environment = ProcessInfo.processInfo.environment
    if environment["GSK_RENDERER"] == nil { setenv("GSK_RENDERER", "cairo", 1) }
    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
      GTKMainLoop.start(watchingMainQueue: false)
    else {
      throw GTKTestError(
        message: "GTK could not open a display: run the tests under a virtual X server, "
          + "xvfb-run -a swift test", fileID: fileID, line: line)
    }
    cgtk_disable_animations()
    started = true
  }

  /// Runs GTK's loop until `condition` holds, each iteration waiting for GTK's next event (or a
  /// tenth of a second).
  ///
  /// - Parameters:
  ///   - what: What is waited for, as the error names it (`"the window to show"`).
  ///   - limit: The most iterations to run.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  ///   - condition: What to wait for.
  /// - Throws: ``GTKTestError`` when `condition` still does not hold after `limit` iterations.
  public static func wait(
    for what: String, limit: Int = 300, fileID: String = #fileID, line: Int = #line,
    until condition: () -> Bool
  ) throws {
    guard GTKMainLoop.iterate(limit: limit, blocking: true, until: condition) else {
      throw GTKTestError(
        message: "GTK's loop ran \(limit) iterations and \(what) still did not hold",
        fileID: fileID, line: line)
    }
  }

  /// Lets everything waiting run: GTK's pending events and the scheduler's turn (the flush and
  /// the controls it updates), then the main-actor tasks of `clock` (run until they sleep on
  /// the clock or end), until no turn is asked for after them.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler the screen was mounted on and the host made with.
  ///   - clock: The clock of the screen's commands and timers.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Throws: ``GTKTestError`` when turns are still asked for after 100 rounds (a screen that
  ///   keeps changing itself).
  public static func settle(
    _ scheduler: GTKScheduler, clock: VirtualClock, fileID: String = #fileID, line: Int = #line
  ) async throws {
    for _ in 0..<100 {
      GTKMainLoop.drain(limit: 200)
      try await clock.advance(by: .zero)
      GTKMainLoop.drain(limit: 200)
      if !scheduler.hasPendingTurn { return }
    }
    throw GTKTestError(
      message: "GTK and the screen's tasks did not settle in 100 rounds: something changes the "
        + "screen whenever it is shown", fileID: fileID, line: line)
  }

  /// The native control that shows `widget` in `host`: for GTK's own functions, where no step
  /// here does what a test needs.
  ///
  /// - Parameters:
  ///   - widget: A widget of the host's tree.
  ///   - host: The host that shows it.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Returns: The control.
  /// - Throws: ``GTKTestError`` when the host shows no control for it (hidden, or not in its
  ///   tree).
  public static func control(
    for widget: Widget, in host: GTKScreenHost, fileID: String = #fileID, line: Int = #line
  ) throws -> GTKWidgetPointer {
    guard let control = host.nativeControl(for: widget) else {
      throw GTKTestError(
        message: "the window shows no control for '\(widget.id)': it is hidden, or not in the "
          + "host's tree", fileID: fileID, line: line)
    }
    return control
  }

  /// Replaces the text of `field`'s entry with `text`, as a person typing or pasting does:
  /// the host hands the edit to the field, and the next ``settle(_:clock:fileID:line:)``
  /// flushes it.
  ///
  /// - Parameters:
  ///   - text: The text the entry holds afterwards.
  ///   - field: A text field, secure field or search field of the host's tree.
  ///   - host: The host that shows it.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Throws: ``GTKTestError`` when the field has no entry in the window, or its entry is
  ///   insensitive (the field is disabled), where the host would put the text back.
  public static func type(
    _ text: String, into field: Widget, in host: GTKScreenHost, fileID: String = #fileID,
    line: Int = #line
  ) throws {
    let entry = try object(for: field, in: host, fileID: fileID, line: line)
    let type = String(cString: cgtk_type_name(entry))
    guard type.contains("Entry") else {
      throw GTKTestError(
        message: "'\(field.id)' is shown by a \(type), not an entry: type into a text field, a "
          + "secure field or a search field", fileID: fileID, line: line)
    }
    guard try isEnabled(field, in: host, fileID: fileID, line: line) else {
      throw GTKTestError(
        message: "cannot type into '\(field.id)': its entry is insensitive (the field is "
          + "disabled)", fileID: fileID, line: line)
    }
    gtk_editable_set_text(cgtk_editable(entry), text)
  }

  /// Activates `button`'s control as Enter does on it, and runs GTK's loop until the button's
  /// tap arrives (GTK clicks once the press has shown). With `clock`, inside its tracking, so
  /// that a command the tap starts is work of the clock that ``settle(_:clock:fileID:line:)``
  /// waits for.
  ///
  /// - Parameters:
  ///   - button: A button of the host's tree.
  ///   - host: The host that shows it.
  ///   - clock: The clock of the screen's commands, if the tap starts one.
  ///   - limit: The most iterations of GTK's loop to wait for the tap.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Throws: ``GTKTestError`` when the button has no control, is busy (its command runs),
  ///   its control is insensitive (the button is disabled), or the tap does not arrive.
  public static func activate(
    _ button: Button, in host: GTKScreenHost, clock: VirtualClock? = nil, limit: Int = 300,
    fileID: String = #fileID, line: Int = #line
  ) throws {
    let control = try control(for: button, in: host, fileID: fileID, line: line)
    guard !button.isBusy.value else {
      throw GTKTestError(
        message: "'\(button.id)' is busy: its command is still running (advance the clock it "
          + "sleeps on, then settle)", fileID: fileID, line: line)
    }
    guard gtk_widget_is_sensitive(control) != 0 else {
      throw GTKTestError(
        message: "'\(button.id)' cannot be activated: its button is insensitive (the button is "
          + "disabled)", fileID: fileID, line: line)
    }
    var tapped = false
    let token = button.tap.addHandler { tapped = true }
    defer { button.tap.removeHandler(token) }
    let wait = {
      guard gtk_widget_activate(control) != 0 else {
        throw GTKTestError(
          message: "GTK did not activate '\(button.id)'", fileID: fileID, line: line)
      }
      try Self.wait(
        for: "the tap of '\(button.id)'", limit: limit, fileID: fileID, line: line
      ) { tapped }
    }
    if let clock { try clock.withTracking(wait) } else { try wait() }
  }

  /// Flips `toggle`'s check button as a click does: the host hands the new value to the
  /// toggle, and the next ``settle(_:clock:fileID:line:)`` flushes it.
  ///
  /// - Parameters:
  ///   - toggle: A toggle of the host's tree.
  ///   - host: The host that shows it.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Throws: ``GTKTestError`` when the toggle has no control, or its control is insensitive
  ///   (the toggle is disabled).
  public static func toggle(
    _ toggle: Toggle, in host: GTKScreenHost, fileID: String = #fileID, line: Int = #line
  ) throws {
    let check = try checkButton(of: toggle, in: host, fileID: fileID, line: line)
    guard try isEnabled(toggle, in: host, fileID: fileID, line: line) else {
      throw GTKTestError(
        message: "'\(toggle.id)' cannot be flipped: its check button is insensitive (the toggle "
          + "is disabled)", fileID: fileID, line: line)
    }
    gtk_check_button_set_active(check, gtk_check_button_get_active(check) == 0 ? 1 : 0)
  }

  /// Whether `toggle`'s check button shows it on.
  ///
  /// - Parameters:
  ///   - toggle: A toggle of the host's tree.
  ///   - host: The host that shows it.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Returns: `true` when the check button is checked.
  /// - Throws: ``GTKTestError`` when the toggle has no control.
  public static func isOn(
    _ toggle: Toggle, in host: GTKScreenHost, fileID: String = #fileID, line: Int = #line
  ) throws -> Bool {
    gtk_check_button_get_active(try checkButton(of: toggle, in: host, fileID: fileID, line: line))
      != 0
  }

  /// Whether `widget`'s control takes input: GTK's sensitivity, which the host turns off for a
  /// disabled widget (a busy button stays sensitive; read its `isBusy`).
  ///
  /// - Parameters:
  ///   - widget: A widget of the host's tree.
  ///   - host: The host that shows it.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Returns: `true` when a person can use the control.
  /// - Throws: ``GTKTestError`` when the widget has no control.
  public static func isEnabled(
    _ widget: Widget, in host: GTKScreenHost, fileID: String = #fileID, line: Int = #line
  ) throws -> Bool {
    gtk_widget_is_sensitive(try control(for: widget, in: host, fileID: fileID, line: line)) != 0
  }

  /// The text `widget`'s control shows: a label's, an entry's, a button's title (also while a
  /// spinner shows beside it), or a check button's label.
  ///
  /// - Parameters:
  ///   - widget: A label, field, button or toggle of the host's tree.
  ///   - host: The host that shows it.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Returns: The text.
  /// - Throws: ``GTKTestError`` when the widget has no control, or one that shows no text.
  public static func text(
    of widget: Widget, in host: GTKScreenHost, fileID: String = #fileID, line: Int = #line
  ) throws -> String {
    let control = try control(for: widget, in: host, fileID: fileID, line: line)
    guard let text = readText(of: control) else {
      throw GTKTestError(
        message: "'\(widget.id)' is shown by a \(typeName(of: control)), whose text this does "
          + "not read: it reads a label, a field's entry, a button or a toggle", fileID: fileID,
        line: line)
    }
    return text
  }

  /// The text a native label, entry, button or check button shows, for a control no widget
  /// stands for (a window's title, a sheet's).
  ///
  /// - Parameters:
  ///   - control: A GTK control.
  ///   - fileID: The step's file; leave the default.
  ///   - line: The step's line; leave the default.
  /// - Returns: The text.
  /// - Throws: ``GTKTestError`` when the control is of another kind.
  public static func text(
    shownBy control: GTKWidgetPointer, fileID: String = #fileID, line: Int = #line
  ) throws -> String {
    guard let text = readText(of: control) else {
      throw GTKTestError(
        message: "a \(typeName(of: control)) shows no text this reads: it reads a label, an "
          + "entry, a button or a check button", fileID: fileID, line: line)
    }
    return text
  }

  /// The text `control` shows, or `nil` for a kind of control whose text is not read here.
  private static func readText(of widget: GTKWidgetPointer) -> String? {
    let control = UnsafeMutableRawPointer(widget)
    let type = typeName(of: widget)
    switch type {
    case "GtkLabel":
      return String(cString: gtk_label_get_text(cgtk_label(control)))
    case "GtkCheckButton":
      return gtk_check_button_get_label(cgtk_check_button(control)).map { String(cString: $0) }
        ?? ""
    case "GtkButton":
      if let label = gtk_button_get_label(cgtk_button(control)) { return String(cString: label) }
      // NB: a busy button shows a box of a spinner and a label in place of its label.
      guard let label = firstLabel(in: gtk_button_get_child(cgtk_button(control))) else {
        return ""
      }
      return String(cString: gtk_label_get_text(cgtk_label(UnsafeMutableRawPointer(label))))
    case _ where type.contains("Entry") || type == "GtkText":
      return String(cString: gtk_editable_get_text(cgtk_editable(control)))
    default:
      return nil
    }
  }

  /// The name of `control`'s GTK class: `GtkLabel`.
  private static func typeName(of control: GTKWidgetPointer) -> String {
    String(cString: cgtk_type_name(UnsafeMutableRawPointer(control)))
  }

  /// The first `GtkLabel` in `widget` and the widgets inside it, depth first.
  private static func firstLabel(in widget: GTKWidgetPointer?) -> GTKWidgetPointer? {
    guard let widget else { return nil }
    if String(cString: cgtk_type_name(UnsafeMutableRawPointer(widget))) == "GtkLabel" {
      return widget
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let label = firstLabel(in: current) { return label }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }

  /// `widget`'s control as the GObject instance GTK's functions take.
  private static func object(
    for widget: Widget, in host: GTKScreenHost, fileID: String, line: Int
  ) throws -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(try control(for: widget, in: host, fileID: fileID, line: line))
  }

  /// `toggle`'s check button.
  private static func checkButton(
    of toggle: Toggle, in host: GTKScreenHost, fileID: String, line: Int
  ) throws -> UnsafeMutablePointer<GtkCheckButton> {
    let control = try object(for: toggle, in: host, fileID: fileID, line: line)
    let type = String(cString: cgtk_type_name(control))
    guard type == "GtkCheckButton" else {
      throw GTKTestError(
        message: "'\(toggle.id)' is shown by a \(type), not a check button", fileID: fileID,
        line: line)
    }
    return cgtk_check_button(control)
  }
}
