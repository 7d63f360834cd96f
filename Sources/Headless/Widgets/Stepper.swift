public import BindingDSL

/// A whole number a person moves up and down by a step, as a count of guests.
///
/// Its ``value`` is editable, so `bind(\.guests, to: stepper.value)` is two-way. The driver's
/// `step(_:by:)` moves it; stepping past either end of the range is refused.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// Stepper #guests value=2 range=1...8 step=1
/// ```
@MainActor
public final class Stepper: Widget, Adjustable, ValidationDisplay, Focusable, FocusTarget {
  override public var kind: String { "Stepper" }

  /// The value, editable.
  public let value: WidgetProperty<Int>
  /// The values the stepper can take, bindable.
  public let range: WidgetProperty<ClosedRange<Int>>
  /// How much one step moves the value, bindable; a step below 1 counts as 1.
  public let step: WidgetProperty<Int>
  /// The validation message shown on the widget's line; `nil` for none.
  public let message: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? { [value, range, step, message] }
  /// The range as the render last wrote it.
  private var rangeText = RangeText<Int>()

  /// Creates a stepper.
  ///
  /// - Parameters:
  ///   - id: The stepper's identity.
  ///   - value: The value it starts at.
  ///   - range: The values it can take.
  ///   - step: How much one step moves the value; at least 1.
  public init(_ id: String, value: Int = 0, range: ClosedRange<Int> = 0...100, step: Int = 1) {
    self.value = WidgetProperty(widgetID: id, name: "value", value: value, isEditable: true)
    self.range = WidgetProperty(widgetID: id, name: "range", value: range)
    self.step = WidgetProperty(widgetID: id, name: "step", value: step)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  /// How much one step moves the value: the bound step, at least 1.
  public var stepSize: Int { max(step.value, 1) }

  override public var renderedFields: [RenderedField] {
    // NB: integers written as such: a `Double` is not exact past 2^53.
    let range = rangeText.text(of: range.value) { String($0) }
    var fields: [RenderedField] = [
      .init("value", .word(String(value.value))), .init("range", .word(range)),
      .init("step", .word(String(stepSize))),
    ]
    fields.appendText("message", message.value)
    return fields
  }

  /// `out-of-range` while the view model's value is outside the range; `focused` while the
  /// stepper has the focus.
  override public var renderedFlags: [String] {
    (range.value.contains(value.value) ? [] : ["out-of-range"]) + focusedFlag
  }

  /// The value, as a number.
  public var adjustableValue: Double { Double(value.value) }
  /// The range, as numbers.
  public var adjustableRange: ClosedRange<Double> {
    Double(range.value.lowerBound)...Double(range.value.upperBound)
  }
  /// The step, as a number.
  public var adjustableStep: Double? { Double(stepSize) }

  /// Sets the value as a person would; a value past an end of the range sets that end, and
  /// `nan` changes nothing.
  ///
  /// - Parameter newValue: The value, in the range and on a step.
  public func adjust(to newValue: Double) {
    guard !newValue.isNaN else { return }
    // NB: the range's ends as `Double`s may round past `Int`'s (`Double(Int.max)` is 2^63):
    // such a value is the end itself.
    let rounded = newValue.rounded()
    let range = range.value
    let int =
      rounded >= Double(range.upperBound)
      ? range.upperBound : rounded <= Double(range.lowerBound) ? range.lowerBound : Int(rounded)
    value.edit(int)
  }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The value a person changes: changing it marks the field edited.
  public var validatedInput: any ValueTarget { value }

  /// None: the arrow keys step a stepper, and return does nothing.
  public var returnKey: (any EventSource)? { nil }
}

/// A widget's range as the render last wrote it (`0...1`): made again only when the range
/// changes.
struct RangeText<Bound: Comparable> {
  private var last: (range: ClosedRange<Bound>, text: String)?

  /// `range` as the text format writes it, its ends written by `write`.
  mutating func text(of range: ClosedRange<Bound>, writing write: (Bound) -> String) -> String {
    if let last, last.range == range { return last.text }
    let text = "\(write(range.lowerBound))...\(write(range.upperBound))"
    last = (range, text)
    return text
  }
}
