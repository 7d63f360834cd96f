import TerminalHost

/// Bytes as readable text for failure messages: the escape character as `⎋`.
func readable(_ bytes: [UInt8]) -> String {
  String(decoding: bytes, as: UTF8.self).replacing("\u{1B}", with: "⎋")
}

/// The bytes of `text` in UTF-8.
func utf8(_ text: String) -> [UInt8] {
  Array(text.utf8)
}

/// The first cells where two frames of the same size differ, and their cursors if they differ.
func differences(_ screen: Frame, _ expected: Frame) -> String {
  var lines: [String] = []
  if screen.cursor != expected.cursor {
    lines.append(
      "cursor \(String(describing: screen.cursor)), expected \(String(describing: expected.cursor))"
    )
  }
  for (offset, (shown, wanted)) in zip(screen.cells, expected.cells).enumerated()
  where shown != wanted && lines.count < 6 {
    lines.append(
      "column \(offset % expected.width), row \(offset / expected.width): \(shown), expected \(wanted)"
    )
  }
  return lines.joined(separator: "\n")
}
