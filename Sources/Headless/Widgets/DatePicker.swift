public import BindingDSL

/// A calendar day a person picks: a birthday, a delivery day.
///
/// Its ``date`` is editable, so `bind(\.deliveryDay, to: picker.date)` is two-way. Days are
/// ``CalendarDate`` values, rendered `YYYY-MM-DD` whatever the locale or time zone. The driver's
/// `pick(_:in:)` picks a day; a day outside ``range`` is refused.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// DatePicker #delivery title="Deliver on" date=2026-11-24 range=2026-11-23...2027-02-21
/// ```
@MainActor
public final class DatePicker: Widget, DatePickable, ValidationDisplay, Focusable, FocusTarget {
  override public var kind: String { "DatePicker" }

  /// What the day is for, such as "Deliver on".
  public let title: WidgetProperty<String>
  /// The picked day, editable.
  public let date: WidgetProperty<CalendarDate>
  /// The days that can be picked, bindable (a view model counts them from its clock's today);
  /// `nil` when any day can.
  public let range: WidgetProperty<ClosedRange<CalendarDate>?>
  /// The validation message shown on the widget's line; `nil` for none.
  public let message: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? { [title, date, range, message] }

  /// Creates a date picker.
  ///
  /// - Parameters:
  ///   - id: The picker's identity.
  ///   - title: What the day is for.
  ///   - date: The day picked first.
  ///   - range: The days that can be picked, or `nil` for any day.
  public init(
    _ id: String, title: String = "", date: CalendarDate = .unixEpoch,
    range: ClosedRange<CalendarDate>? = nil
  ) {
    self.title = WidgetProperty(widgetID: id, name: "title", value: title)
    self.date = WidgetProperty(widgetID: id, name: "date", value: date, isEditable: true)
    self.range = WidgetProperty(widgetID: id, name: "range", value: range)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  /// The days that can be picked now.
  public var dateRange: ClosedRange<CalendarDate>? { range.value }

  /// The date and range as the render last wrote them, with the change counts they were
  /// written at: made again only when the date or the range changes.
  private var written: (date: Int, range: Int, fields: (String, String?))?

  override public var renderedFields: [RenderedField] {
    let texts: (String, String?)
    if let written, written.date == date.changeCount, written.range == range.changeCount {
      texts = written.fields
    } else {
      texts = (
        date.value.description,
        range.value.map { "\($0.lowerBound)...\($0.upperBound)" }
      )
      written = (date.changeCount, range.changeCount, texts)
    }
    var fields: [RenderedField] = []
    if !title.value.isEmpty { fields.append(.init("title", .text(title.value))) }
    fields.append(.init("date", .word(texts.0)))
    if let range = texts.1 { fields.append(.init("range", .word(range))) }
    fields.appendText("message", message.value)
    return fields
  }

  /// `out-of-range` while the view model's day is outside the range; `focused` while the
  /// picker has the focus.
  override public var renderedFlags: [String] {
    guard let range = range.value, !range.contains(date.value) else { return focusedFlag }
    return ["out-of-range"] + focusedFlag
  }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The value a person changes: changing it marks the field edited.
  public var validatedInput: any ValueTarget { date }

  /// None: return opens a focused picker's calendar, as a tap does.
  public var returnKey: (any EventSource)? { nil }
}
