/// A key the user pressed, or text they pasted, as ``KeyDecoder`` reads it from a terminal.
public enum KeyEvent: Hashable, Sendable {
  /// A printable character: a letter, a digit, a space, an emoji.
  case character(Character)
  /// Return or Enter (a carriage return or a line feed).
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (CSI Z).
  case backTab
  /// Backspace (DEL or BS).
  case backspace
  /// The Delete key (CSI 3 ~), which deletes forwards.
  case delete
  /// Escape, on its own: reported once the host's short wait for a sequence has passed.
  case escape
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// A letter with Control held, as its lowercase letter ("a" for Ctrl-A), or one of `@`, `\`,
  /// `]`, `^` and `_` for the other control codes a keyboard sends (Ctrl-Space sends `@`).
  ///
  /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M send the same codes as Backspace, Tab and Enter, and
  /// arrive as those.
  case control(Character)
  /// A character typed with Alt (or Option, or Meta) held, which a terminal sends as Escape
  /// followed by the character.
  case alt(Character)
  /// Text the user pasted, whole, when the terminal brackets pastes; line breaks are `\n`.
  case paste(String)
  /// A mouse button pressed or released, or the wheel turned, at a cell of the screen (from 0
  /// at the top left), as a terminal reports it once a session turned mouse reporting on.
  case mouse(MouseAction, at: TerminalPosition)
}

/// What the mouse did, as a terminal reports it in SGR mouse mode (1006).
public enum MouseAction: Hashable, Sendable {
  /// A button was pressed.
  case press(MouseButton)
  /// A button was released.
  case release(MouseButton)
  /// The wheel turned up, away from the person: the content moves down, showing what is above.
  case scrollUp
  /// The wheel turned down, towards the person.
  case scrollDown
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
  /// The left (primary) button.
  case left
  /// The middle button, or a press of the wheel.
  case middle
  /// The right (secondary) button.
  case right
}
