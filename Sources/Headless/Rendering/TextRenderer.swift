/// Renders widget trees as text: one widget a line, two spaces of indentation per level of
/// nesting, identities and state visible, nothing that changes from run to run.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/profile.txt -->
/// ```text
/// VStack #profile
///   Label #title text="Profile"
///   TextField #name text="Ada" placeholder="Name"
///   Toggle #notify title="Notify me" isOn=false
///   Button #save title="Save"
///   VStack #advanced [hidden]
///     Button #delete title="Delete account"
/// ```
///
/// A line is `Kind #id`, then the kind's fields as `name=value` in a fixed order, then
/// `label="…"` when an accessibility label is set, then flags in brackets: `disabled`, `hidden`,
/// and the kind's own, such as `busy` or `rejected`. Strings are quoted with `\"`, `\\`,
/// `\n`, `\t` and `\r` escaped, and every other control character written `\u{1B}`.
/// Numbers print without a fractional part when they have none.
/// The format is documented in `Docs/TextFormat.md`; changing it is a breaking change, and
/// raises ``formatVersion``.
public enum TextRenderer {
  /// The version of the text format this renderer writes.
  ///
  /// It goes up by one whenever a tree that rendered one way renders another way (a line, a
  /// field, a flag, an escape or an order changes), so that a stored snapshot no longer
  /// matches; a new widget kind, field or flag that older trees cannot show leaves it as it
  /// is. `Docs/TextFormat.md` states the version it describes and what each version changed.
  /// ``RenderOptions/formatVersionHeader`` prints it as the first line of a render.
  public static let formatVersion = 2

  /// The header line ``RenderOptions/formatVersionHeader`` adds: `# text-format 2`.
  public static var formatVersionHeader: String { "# text-format \(formatVersion)" }

  /// Renders `root` and everything nested in it, ending without a newline.
  ///
  /// - Parameter root: The widget to render, with everything nested in it.
  /// - Returns: The text, one widget a line, ending without a newline.
  @MainActor
  public static func render(_ root: Widget) -> String {
    var output = RenderOutput(capacity: 4_096)
    if RenderOptions.current.contains(.formatVersionHeader) {
      output.append(formatVersionHeader)
      output.append(.newline)
    }
    append(root, depth: 0, to: &output)
    return output.text
  }

  /// Renders `root` with extra detail that `options` asks for, such as the last batch of changes
  /// of every list.
  ///
  /// - Parameters:
  ///   - root: The widget to render, with everything nested in it.
  ///   - options: What to show beyond the default format.
  /// - Returns: The text, ending without a newline.
  @MainActor
  public static func render(_ root: Widget, options: RenderOptions) -> String {
    RenderOptions.$current.withValue(options) { render(root) }
  }

  /// Renders one widget's line, without indentation or children.
  ///
  /// - Parameter widget: The widget whose line to render.
  /// - Returns: The line, without a newline.
  @MainActor
  public static func line(for widget: Widget) -> String {
    var output = RenderOutput()
    output.appendLine(for: widget)
    return output.text
  }

  @MainActor
  private static func append(_ widget: Widget, depth: Int, to output: inout RenderOutput) {
    if depth > 0 {
      output.append(.newline)
      output.append(.space, count: 2 * depth)
    }
    output.appendLine(for: widget)
    widget.visitChildren { append($0, depth: depth + 1, to: &output) }
  }

  /// Quotes `text`, escaping what would break the one-line-per-widget layout.
  static func quoted(_ text: String) -> String {
    var output = RenderOutput()
    output.appendQuoted(text)
    return output.text
  }
}

/// What a render shows beyond the default format.
public struct RenderOptions: OptionSet, Hashable, Sendable {
  /// The options' bits.
  public let rawValue: Int

  /// Creates options from their raw bits.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Every list's last batch of changes and its animation, as `changes="insert 4; delete 1"
  /// animation=fade` on the list's line: a snapshot then shows an insert as an insert, not a
  /// reload.
  public static let listChanges = RenderOptions(rawValue: 1)

  /// A first line naming the version of the text format, `# text-format 2`
  /// (``TextRenderer/formatVersionHeader``), so that a stored render says which format it is
  /// in. No widget line starts with `#`.
  public static let formatVersionHeader = RenderOptions(rawValue: 2)

  /// The options of the render under way in this task: what a widget's rendered fields show
  /// beyond the default format.
  @TaskLocal static var current: RenderOptions = []
}

/// The rendered text as UTF-8 bytes, written in one growing array without intermediate
/// strings, arrays of parts or joins, and made a `String` once at the end.
struct RenderOutput {
  private var bytes: [UInt8] = []

  /// How many bytes are written.
  var count: Int { bytes.count }

  /// An empty text with room for `capacity` bytes before it grows.
  init(capacity: Int = 128) { bytes.reserveCapacity(capacity) }

  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  mutating func append(_ byte: UInt8, _ other: UInt8) {
    bytes.append(byte)
    bytes.append(other)
  }

  mutating func append(_ source: some Collection<UInt8>) {
    bytes.append(contentsOf: source)
  }

  mutating func append(_ byte: UInt8, count repeats: Int) {
    bytes.append(contentsOf: repeatElement(byte, count: repeats))
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Writes one widget's line: `Kind #id`, fields, label, flags.
  @MainActor
  mutating func appendLine(for widget: Widget) {
    append(widget.kind)
    append(" #")
    appendID(widget.id)
    if !widget.appendFields(to: &self) {
      for field in widget.renderedFields { appendField(field.name, field.value) }
    }
    if let label = widget.accessibilityLabelNow {
      append(" label=")
      appendQuoted(label)
    }
    var hasFlags = false
    if !widget.isEnabledNow { appendFlag("disabled", hasFlags: &hasFlags) }
    if widget.isHiddenNow { appendFlag("hidden", hasFlags: &hasFlags) }
    for flag in widget.renderedFlags { appendFlag(flag, hasFlags: &hasFlags) }
    if hasFlags { append(.closingBracket) }
  }

  private mutating func appendFlag(_ flag: String, hasFlags: inout Bool) {
    append(hasFlags ? ", " : " [")
    append(flag)
    hasFlags = true
  }

  /// Writes ` name=value`, as a line shows a field.
  mutating func appendField(_ name: String, _ value: RenderedField.Value) {
    append(.space)
    append(name)
    append(.equals)
    append(value)
  }

  /// Writes ` name="text"`, as a line shows a text field: ``appendField(_:_:)`` without making a
  /// ``RenderedField/Value``.
  mutating func appendTextField(_ name: StaticString, _ text: String) {
    append(.space)
    append(name)
    append(.equals)
    appendQuoted(text)
  }

  mutating func append(_ value: RenderedField.Value) {
    switch value {
    case .text(let text): appendQuoted(text)
    case .bool(let flag): append(flag ? "true" : "false")
    case .word(let word): append(word)
    case .list(let items):
      append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { append(", ") }
        appendQuoted(item)
      }
      append(.closingBracket)
    case .number(let number):
      append(formattedNumber(number))
    }
  }

  /// Appends `text` quoted, escaping every `"` and `\` and every control character (Unicode's
  /// general category Cc: U+0000 to U+001F, U+007F, U+0080 to U+009F) whatever characters they
  /// are part of: tab, line feed and carriage return as `\t`, `\n` and `\r`, the others as
  /// `\u{1B}` (uppercase hexadecimal, no leading zeros). A `\r\n` pair is written `\r\n`,
  /// and a quote that a combining mark follows is still escaped, so a line never breaks, a
  /// string never ends early, and no escape sequence reaches a terminal. The bytes are
  /// scanned, and runs with nothing to escape are copied whole.
  mutating func appendQuoted(_ text: String) {
    append(.quote)
    var text = text
    text.withUTF8 { appendEscaped($0) }
    append(.quote)
  }

  /// Appends a widget's id as it is, but for its control characters, escaped as
  /// ``appendQuoted(_:)`` escapes them: a mount refuses such an id, but a tree rendered without
  /// a mount may hold one, and its line must not break either.
  mutating func appendID(_ id: String) {
    var id = id
    id.withUTF8 { appendEscaped($0, quotes: false) }
  }

  /// Appends `source` with its control characters escaped, and its `"` and `\` too when
  /// `quotes` is true (inside a quoted text).
  private mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, quotes: Bool = true) {
    var runStart = 0
    var index = 0
    while index < source.count {
      let byte = source[index]
      var length = 1
      switch byte {
      case .quote where quotes, .backslash where quotes:
        flush(source, from: runStart, to: index)
        append(.backslash, byte)
      case .tab:
        flush(source, from: runStart, to: index)
        append(.backslash, UInt8(ascii: "t"))
      case .newline:
        flush(source, from: runStart, to: index)
        append(.backslash, UInt8(ascii: "n"))
      case .carriageReturn:
        flush(source, from: runStart, to: index)
        append(.backslash, UInt8(ascii: "r"))
      case 0x00..<0x20, 0x7F:
        flush(source, from: runStart, to: index)
        appendScalarEscape(UInt32(byte))
      case 0xC2 where index + 1 < source.count && (0x80...0x9F).contains(source[index + 1]):
        // NB: U+0080 to U+009F, the C1 controls, are the two bytes C2 80 to C2 9F in UTF-8.
        flush(source, from: runStart, to: index)
        appendScalarEscape(UInt32(source[index + 1]))
        length = 2
      default:
        index += 1
        continue
      }
      index += length
      runStart = index
    }
    flush(source, from: runStart, to: source.count)
  }

  private mutating func flush(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
    append(source[start..<end])
  }

  /// Appends `\u{1B}` for the scalar `value`.
  private mutating func appendScalarEscape(_ value: UInt32) {
    append("\\u{")
    append(String(value, radix: 16, uppercase: true))
    append(.closingBrace)
  }
}

extension UInt8 {
  fileprivate static let tab = UInt8(ascii: "\t")
  fileprivate static let newline = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let equals = UInt8(ascii: "=")
  fileprivate static let backslash = UInt8(ascii: "\\")
  fileprivate static let closingBracket = UInt8(ascii: "]")
  fileprivate static let closingBrace = UInt8(ascii: "}")
}
