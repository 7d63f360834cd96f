import Testing

/// A text argument of a parameterized test, named in the test log by its scalars: printable
/// ASCII as it is, a backslash doubled, everything else (control characters, combining marks,
/// emoji) as `\u{…}`, and a long text by its start and length. The text itself reaches the
/// test unchanged, but never the terminal: an escape sequence, a carriage return or a line
/// break in it would garble the log of `swift test`.
struct EscapedArgument: Sendable, CustomTestStringConvertible {
  /// The text the test gets.
  let text: String

  init(_ text: String) {
    self.text = text
  }

  /// The most scalars the description shows before it shortens the text.
  static let shownScalars = 24

  var testDescription: String {
    let scalars = Array(text.unicodeScalars)
    var shown = "\""
    for scalar in scalars.prefix(Self.shownScalars) {
      switch scalar {
      case "\\": shown += "\\\\"
      case "\"": shown += "\\\""
      case " "..."~": shown.unicodeScalars.append(scalar)
      default: shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    shown += "\""
    if scalars.count > Self.shownScalars { shown += "… (\(scalars.count) scalars)" }
    return shown
  }
}
