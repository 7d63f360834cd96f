/// The control sequences the host writes outside frames, and the parts frames are made of.
///
/// Every one is a VT100 or xterm sequence that terminal emulators share; `VirtualTerminal`
/// understands them all.
package enum TerminalSequences {
  /// CSI ? 25 l: hide the text cursor (DECTCEM reset).
  package static let hideCursor = bytes("\u{1B}[?25l")
  /// CSI ? 25 h: show the text cursor (DECTCEM set).
  package static let showCursor = bytes("\u{1B}[?25h")
  /// CSI ? 1049 h: save the cursor and switch to the cleared alternate screen.
  package static let enterAlternateScreen = bytes("\u{1B}[?1049h")
  /// CSI ? 1049 l: switch back to the normal screen and restore the cursor.
  package static let leaveAlternateScreen = bytes("\u{1B}[?1049l")
  /// CSI ? 2004 h: ask the terminal to bracket pasted text with CSI 200 ~ and CSI 201 ~.
  package static let enableBracketedPaste = bytes("\u{1B}[?2004h")
  /// CSI ? 2004 l: stop bracketing pasted text.
  package static let disableBracketedPaste = bytes("\u{1B}[?2004l")
  /// CSI ? 1000 h, CSI ? 1006 h: ask the terminal to report mouse presses, releases and the
  /// wheel (mode 1000), in the SGR form that has no limit on coordinates (mode 1006). A
  /// terminal without mode 1006 reports in the X10 form, which ``KeyDecoder`` reads too; one
  /// without mouse reporting ignores both.
  package static let enableMouse = bytes("\u{1B}[?1000h\u{1B}[?1006h")
  /// CSI ? 1006 l, CSI ? 1000 l: stop reporting the mouse.
  package static let disableMouse = bytes("\u{1B}[?1006l\u{1B}[?1000l")
  /// CSI m: the plain style (SGR 0).
  package static let resetStyle = bytes("\u{1B}[m")
  /// CSI H, CSI 2 J: the cursor to the top left, then every cell erased.
  package static let clearScreen = bytes("\u{1B}[H\u{1B}[2J")

  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
