public import BindingDSL

/// A row of segments, one of which is selected: a unit, a filter, a tab of a form.
///
/// The segments' titles come from the view model (`bind(\.units, to: control.options)`), and the
/// selection is editable, so `bind(\.unit, to: control.selection)` is two-way. The driver's
/// `select(_:in:)` selects a segment by its title.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// SegmentedControl #unit options=["km", "mi"] selection="km"
/// ```
@MainActor
public final class SegmentedControl: Widget, OptionSelectable, ValidationDisplay, Focusable,
  FocusTarget
{
  override public var kind: String { "SegmentedControl" }

  /// The segments' titles, in order.
  public let options: WidgetProperty<[String]>
  /// The selected segment's title, editable; `nil` when none is selected.
  public let selection: WidgetProperty<String?>
  /// The validation message shown on the widget's line; `nil` for none.
  public let message: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? { [options, selection, message] }

  /// Creates a segmented control.
  ///
  /// - Parameters:
  ///   - id: The control's identity.
  ///   - options: The segments' titles, in order.
  ///   - selection: The title of the segment selected first.
  public init(_ id: String, options: [String] = [], selection: String? = nil) {
    self.options = WidgetProperty(widgetID: id, name: "options", value: options)
    self.selection = WidgetProperty(
      widgetID: id, name: "selection", value: selection, isEditable: true)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] { optionFields(message: message.value) }

  /// `unlisted` while the selection is not among the options; `focused` while the control has
  /// the focus.
  override public var renderedFlags: [String] { optionFlags + focusedFlag }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The value a person changes: changing it marks the field edited.
  public var validatedInput: any ValueTarget { selection }

  /// None: the arrow keys move among the segments, and return does nothing.
  public var returnKey: (any EventSource)? { nil }
}

extension OptionSelectable {
  /// The fields the text format shows for the widget: `title` unless it is empty, `options`,
  /// `selection`, then `message` when there is one.
  func optionFields(title: String = "", message: String?) -> [RenderedField] {
    var fields: [RenderedField] = []
    fields.reserveCapacity(4)
    if !title.isEmpty { fields.append(.init("title", .text(title))) }
    fields.append(.init("options", .list(options.value)))
    fields.append(.init("selection", selection.value.map { .text($0) } ?? .word("none")))
    fields.appendText("message", message)
    return fields
  }

  /// `unlisted` while the selection is not among the options.
  var optionFlags: [String] {
    guard let selected = selection.value, !options.value.contains(selected) else { return [] }
    return ["unlisted"]
  }
}
