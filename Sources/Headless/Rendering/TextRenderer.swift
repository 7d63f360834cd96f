/// Renders widget trees as text: one widget a line, two spaces of indentation per level of
/// nesting, identities and state visible, nothing that changes from run to run.
///
/// ```text
/// VStack #form
///   TextField #code text="12" placeholder="SMS code"
///   Button #register title="Register" [disabled]
/// ```
///
/// A line is `Kind #id`, then the kind's fields as `name=value` in a fixed order, then
/// `label="…"` when an accessibility label is set, then flags in brackets: `disabled`, `hidden`,
/// and the kind's own, such as `busy`. Strings are quoted with `\"`, `\\`, `\n`, `\t` and `\r`
/// escaped. Numbers print without a fractional part when they have none. The format is
/// documented in `Docs/TextFormat.md`; changing it is a breaking change.
public enum TextRenderer {
  /// Renders `root` and everything nested in it, ending without a newline.
  @MainActor
  public static func render(_ root: Widget) -> String {
    var lines: [String] = []
    append(root, depth: 0, to: &lines)
    return lines.joined(separator: "\n")
  }

  /// Renders one widget's line, without indentation or children.
  @MainActor
  public static func line(for widget: Widget) -> String {
    var parts = ["\(widget.kind) #\(widget.id)"]
    for field in widget.renderedFields {
      parts.append("\(field.name)=\(format(field.value))")
    }
    if let label = widget.accessibilityLabel.value {
      parts.append("label=\(quoted(label))")
    }
    var flags: [String] = []
    if !widget.isEnabled.value { flags.append("disabled") }
    if widget.isHidden.value { flags.append("hidden") }
    flags += widget.renderedFlags
    if !flags.isEmpty { parts.append("[\(flags.joined(separator: ", "))]") }
    return parts.joined(separator: " ")
  }

  @MainActor
  private static func append(_ widget: Widget, depth: Int, to lines: inout [String]) {
    lines.append(String(repeating: "  ", count: depth) + line(for: widget))
    for child in widget.children { append(child, depth: depth + 1, to: &lines) }
  }

  static func format(_ value: RenderedField.Value) -> String {
    switch value {
    case .text(let text): quoted(text)
    case .bool(let flag): flag ? "true" : "false"
    case .word(let word): word
    case .number(let number):
      number.rounded() == number && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    }
  }

  /// Quotes `text`, escaping what would break the one-line-per-widget layout.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
