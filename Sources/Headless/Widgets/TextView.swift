public import BindingDSL

/// Editable text of several lines: notes, a message, an address.
///
/// Its ``text`` is editable, so `bind(\.notes, to: view.text)` is two-way. The driver's
/// `type(_:into:)` and `replaceText(in:with:)` edit it; a newline in what is typed starts a new
/// line. The render keeps it on one line, with `\n` escaped, and counts its lines.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// TextView #notes text="Leave at the door.\nRing twice." lines=2 placeholder="Notes for the courier"
/// ```
@MainActor
public final class TextView: Widget, TextEditable, Focusable, ValidationDisplay, FocusTarget {
  override public var kind: String { "TextView" }

  /// The text, editable; ``WidgetProperty/isRejected`` while it is an edit the view model did
  /// not take.
  public let text: WidgetProperty<String>
  /// What the view shows while its text is empty.
  public let placeholder: WidgetProperty<String>
  /// The validation message shown on the view's line; `nil` for none.
  public let message: WidgetProperty<String?>
  /// Whether the view has the focus, editable.
  public let isFocused: WidgetProperty<Bool>

  package override var listedMembers: [any WidgetMember]? {
    [text, placeholder, message, isFocused]
  }

  /// Creates a text view.
  ///
  /// - Parameters:
  ///   - id: The view's identity.
  ///   - text: The text it starts with.
  ///   - placeholder: What it shows while empty.
  public init(_ id: String, text: String = "", placeholder: String = "") {
    self.text = WidgetProperty(widgetID: id, name: "text", value: text, isEditable: true)
    self.placeholder = WidgetProperty(widgetID: id, name: "placeholder", value: placeholder)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    self.isFocused = WidgetProperty(widgetID: id, name: "isFocused", value: false, isEditable: true)
    super.init(id: id)
  }

  /// How many lines the text has: none when empty, one more for each line feed (`\n`, alone or
  /// in `\r\n`).
  public var lineCount: Int {
    var text = text.value
    guard !text.isEmpty else { return 0 }
    // NB: a loop over the bytes in place: a `reduce` closure made in this main-actor class
    // checked the executor once per byte.
    return text.withUTF8 { bytes in
      var lines = 1
      for byte in bytes where byte == 0x0A { lines += 1 }
      return lines
    }
  }

  override public var renderedFields: [RenderedField] {
    var fields: [RenderedField] = [
      .init("text", .text(text.value)), .init("lines", .number(Double(lineCount))),
    ]
    if !placeholder.value.isEmpty { fields.append(.init("placeholder", .text(placeholder.value))) }
    fields.appendText("message", message.value)
    return fields
  }

  /// `rejected` while the text is an edit the view model did not take; `focused` while the
  /// view has the focus.
  override public var renderedFlags: [String] {
    (text.isRejected ? ["rejected"] : []) + (isFocused.value ? ["focused"] : [])
  }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The text: editing it marks the field edited.
  public var validatedInput: any ValueTarget { text }
  /// None: return starts a new line in a text view.
  public var returnKey: (any EventSource)? { nil }
}
