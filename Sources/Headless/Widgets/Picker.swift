public import BindingDSL

/// A choice of one option from a list that opens on demand: a country, a theme.
///
/// The options come from the view model (`bind(\.themes, to: picker.options)`), and the
/// selection is editable, so `bind(\.theme, to: picker.selection)` is two-way. The driver's
/// `select(_:in:)` selects an option by its title.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// Picker #theme title="Theme" options=["Light", "Dark", "System"] selection="Dark"
/// ```
@MainActor
public final class Picker: Widget, OptionSelectable, ValidationDisplay, Focusable, FocusTarget {
  override public var kind: String { "Picker" }

  /// The options' titles, in order.
  public let options: WidgetProperty<[String]>
  /// The selected option's title, editable; `nil` when none is selected.
  public let selection: WidgetProperty<String?>
  /// What the picker shows before an option is selected.
  public let title: WidgetProperty<String>
  /// The validation message shown on the widget's line; `nil` for none.
  public let message: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? { [options, selection, title, message] }

  /// Creates a picker.
  ///
  /// - Parameters:
  ///   - id: The picker's identity.
  ///   - title: What the picker is for, such as "Theme".
  ///   - options: The options' titles, in order.
  ///   - selection: The title of the option selected first.
  public init(_ id: String, title: String = "", options: [String] = [], selection: String? = nil) {
    self.title = WidgetProperty(widgetID: id, name: "title", value: title)
    self.options = WidgetProperty(widgetID: id, name: "options", value: options)
    self.selection = WidgetProperty(
      widgetID: id, name: "selection", value: selection, isEditable: true)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    optionFields(title: title.value, message: message.value)
  }

  /// `unlisted` while the selection is not among the options; `focused` while the picker has
  /// the focus.
  override public var renderedFlags: [String] { optionFlags + focusedFlag }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The value a person changes: changing it marks the field edited.
  public var validatedInput: any ValueTarget { selection }

  /// None: return opens a focused picker's options, as a tap does.
  public var returnKey: (any EventSource)? { nil }
}
