public import BindingDSL

/// A field for search terms, with a return key that submits them.
///
/// Its ``text`` is editable, so `bind(\.query, to: search.text)` is two-way; search as you type
/// follows the text, and `on(search.submit) { vm.searchNow() }` follows the return key. The
/// driver's `type(_:into:)` edits it and `submit(_:)` presses return.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// SearchField #query text="pen" placeholder="Search"
/// ```
@MainActor
public final class SearchField: Widget, TextEditable, Submittable, Focusable, FocusTarget {
  override public var kind: String { "SearchField" }

  /// The search terms, editable.
  public let text: WidgetProperty<String>
  /// What the field shows while empty.
  public let placeholder: WidgetProperty<String>
  /// The return key: sent when a person submits the terms.
  public let submit: WidgetEvent
  /// Whether the field has the focus, editable.
  public let isFocused: WidgetProperty<Bool>

  package override var listedMembers: [any WidgetMember]? {
    [text, placeholder, submit, isFocused]
  }

  /// Creates a search field.
  ///
  /// - Parameters:
  ///   - id: The field's identity.
  ///   - text: The terms it starts with.
  ///   - placeholder: What it shows while empty.
  public init(_ id: String, text: String = "", placeholder: String = "Search") {
    self.text = WidgetProperty(widgetID: id, name: "text", value: text, isEditable: true)
    self.placeholder = WidgetProperty(widgetID: id, name: "placeholder", value: placeholder)
    self.submit = WidgetEvent(widgetID: id, name: "submit")
    self.isFocused = WidgetProperty(widgetID: id, name: "isFocused", value: false, isEditable: true)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    let text = RenderedField("text", .text(text.value))
    return placeholder.value.isEmpty
      ? [text] : [text, .init("placeholder", .text(placeholder.value))]
  }

  /// `rejected` while the text is an edit the view model did not take; `focused` while the
  /// field has the focus.
  override public var renderedFlags: [String] {
    (text.isRejected ? ["rejected"] : []) + (isFocused.value ? ["focused"] : [])
  }

  /// The return key.
  public var returnKey: (any EventSource)? { submit }
}
