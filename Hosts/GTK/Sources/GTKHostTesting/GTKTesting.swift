public import BindingDSL
import CGTK
import Foundation
public import GTKHost
public import Headless

/// Why a step of a test that drives a GTK window could not be taken.
public struct GTKTestError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, and what to do about it.
  public let description: String
}

/// Drives GTK windows from a test as a person would: starts GTK for the test process, runs its
/// loop until the window shows or the screen settles, types into entries, activates buttons,
/// and reads what the native controls show.
///
/// Every step that cannot be taken throws a ``GTKTestError`` naming what did not happen, so a
/// test fails at that line under Swift Testing and XCTest alike. The loop is bounded by a
/// count of GTK's iterations, never by time. Tests that show windows run one at a time
/// (`@Suite(.serialized)`), on a display: `xvfb-run -a swift test` gives a virtual one.
@MainActor
public enum GTKTesting {
  private static var started = false

  /// Starts GTK for the test process, once: it draws without OpenGL (a virtual X server has
  /// it only in software, far slower), shows no animations, and leaves main-actor work to the
  /// test's awaits (the test runner drains the main queue).
  ///
  /// - Throws: ``GTKTestError`` when there is no display to open.
  public static func start() throws {
    if started { return }
    let environment = ProcessInfo.processInfo.environment
    if environment["GSK_RENDERER"] == nil { setenv("GSK_RENDERER", "cairo", 1) }
    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
      GTKMainLoop.start(watchingMainQueue: false)
    else {
      throw GTKTestError(
        description: "GTK could not open a display: run the tests under a virtual X server, "
          + "xvfb-run -a swift test")
    }
    cgtk_disable_animations()
    started = true
  }

  /// Runs GTK's loop until `condition` holds, each iteration waiting for GTK's next event.
  ///
  /// - Parameters:
  ///   - what: What is waited for, as the error names it (`"the window to show"`).
  ///   - limit: The most iterations to run.
  ///   - condition: What to wait for.
  /// - Throws: ``GTKTestError`` when `condition` still does not hold after `limit` iterations.
  public static func wait(
    for what: String, limit: Int = 300, until condition: () -> Bool
  ) throws {
    guard GTKMainLoop.iterate(limit: limit, blocking: true, until: condition) else {
      throw GTKTestError(
        description: "GTK's loop ran \(limit) iterations and \(what) still did not hold")
    }
  }

  /// Lets everything waiting run: GTK's pending events and the scheduler's turn (the flush and
  /// the controls it updates), then the main-actor tasks of `clock` (run until they sleep on
  /// the clock or end), until no turn is asked for after them.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler the screen was mounted on and the host made with.
  ///   - clock: The clock of the screen's commands and timers.
  /// - Throws: ``GTKTestError`` when turns are still asked for after 100 rounds (a screen that
  ///   keeps changing itself).
  public static func settle(_ scheduler: GTKScheduler, clock: VirtualClock) async throws {
    for _ in 0..<100 {
      GTKMainLoop.drain(limit: 200)
      try await clock.advance(by: .zero)
      GTKMainLoop.drain(limit: 200)
      if !scheduler.hasPendingTurn { return }
    }
    throw GTKTestError(
      description: "GTK and the screen's tasks did not settle in 100 rounds: something "
        + "changes the screen whenever it is shown")
  }

  /// The native control that shows `widget` in `host`.
  ///
  /// - Parameters:
  ///   - widget: A widget of the host's tree.
  ///   - host: The host that shows it.
  /// - Returns: The control.
  /// - Throws: ``GTKTestError`` when the host shows no control for it (hidden, or not in its
  ///   tree).
  public static func control(
    for widget: Widget, in host: GTKScreenHost
  ) throws -> GTKWidgetPointer {
    guard let control = host.nativeControl(for: widget) else {
      throw GTKTestError(
        description: "the window shows no control for '\(widget.id)': it is hidden, or not "
          + "in the host's tree")
    }
    return control
  }

  /// Replaces the text of `field`'s entry with `text`, as a person typing or pasting does:
  /// the host hands the edit to the field, and the next ``settle(_:clock:)`` flushes it.
  ///
  /// - Parameters:
  ///   - text: The text the entry holds afterwards.
  ///   - field: A text field, secure field or search field of the host's tree.
  ///   - host: The host that shows it.
  /// - Throws: ``GTKTestError`` when the field has no entry in the window.
  public static func type(_ text: String, into field: Widget, in host: GTKScreenHost) throws {
    let entry = UnsafeMutableRawPointer(try control(for: field, in: host))
    let type = String(cString: cgtk_type_name(entry))
    guard type.contains("Entry") else {
      throw GTKTestError(
        description: "'\(field.id)' is shown by a \(type), not an entry: type into a text "
          + "field, a secure field or a search field")
    }
    gtk_editable_set_text(cgtk_editable(entry), text)
  }

  /// Activates `button`'s control as Enter does on it, and runs GTK's loop until the button's
  /// tap arrives (GTK clicks once the press has shown). With `clock`, inside its tracking, so
  /// that a command the tap starts is work of the clock that ``settle(_:clock:)`` waits for.
  ///
  /// - Parameters:
  ///   - button: A button of the host's tree.
  ///   - host: The host that shows it.
  ///   - clock: The clock of the screen's commands, if the tap starts one.
  /// - Throws: ``GTKTestError`` when the button has no control, GTK does not activate it (it is
  ///   insensitive: disabled or busy), or the tap does not arrive.
  public static func activate(
    _ button: Button, in host: GTKScreenHost, clock: VirtualClock? = nil
  ) throws {
    let control = try control(for: button, in: host)
    var tapped = false
    let token = button.tap.addHandler { tapped = true }
    defer { button.tap.removeHandler(token) }
    guard gtk_widget_activate(control) != 0 else {
      throw GTKTestError(
        description: "GTK did not activate '\(button.id)': its button is insensitive (disabled "
          + "or busy)")
    }
    let wait = { try Self.wait(for: "the tap of '\(button.id)'") { tapped } }
    if let clock { try clock.withTracking(wait) } else { try wait() }
  }

  /// The text `widget`'s control shows: a label's, an entry's, or a check button's label.
  ///
  /// - Parameters:
  ///   - widget: A label, field or toggle of the host's tree.
  ///   - host: The host that shows it.
  /// - Returns: The text.
  /// - Throws: ``GTKTestError`` when the widget has no control, or one that shows no text.
  public static func text(of widget: Widget, in host: GTKScreenHost) throws -> String {
    let control = UnsafeMutableRawPointer(try control(for: widget, in: host))
    let type = String(cString: cgtk_type_name(control))
    switch type {
    case "GtkLabel":
      return String(cString: gtk_label_get_text(cgtk_label(control)))
    case "GtkCheckButton":
      return gtk_check_button_get_label(cgtk_check_button(control)).map { String(cString: $0) }
        ?? ""
    case _ where type.contains("Entry") || type == "GtkText":
      return String(cString: gtk_editable_get_text(cgtk_editable(control)))
    default:
      throw GTKTestError(
        description: "'\(widget.id)' is shown by a \(type), which shows no text of its own")
    }
  }
}
