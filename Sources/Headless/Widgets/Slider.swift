public import BindingDSL

/// A value picked along a range by dragging a thumb, perhaps in steps: a volume, a distance.
///
/// Its ``value`` is editable, so `bind(\.volume, to: slider.value)` is two-way. The driver's
/// `slide(_:to:)` moves it; a value outside the range or off the steps is refused.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// Slider #volume value=0.5 range=0...1 step=0.25
/// ```
@MainActor
public final class Slider: Widget, Adjustable, ValidationDisplay, Focusable, FocusTarget {
  override public var kind: String { "Slider" }

  /// The value, editable.
  public let value: WidgetProperty<Double>
  /// The values the slider can take, bindable.
  public let range: WidgetProperty<ClosedRange<Double>>
  /// The distance between two values it can take, from the start of the range, bindable; `nil`
  /// (or a distance that is not positive) when it moves freely.
  public let step: WidgetProperty<Double?>
  /// The validation message shown on the widget's line; `nil` for none.
  public let message: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? { [value, range, step, message] }
  /// The range as the render last wrote it.
  private var rangeText = RangeText<Double>()

  /// Creates a slider.
  ///
  /// - Parameters:
  ///   - id: The slider's identity.
  ///   - value: The value it starts at.
  ///   - range: The values it can take.
  ///   - step: The distance between two values it can take, or `nil` to move freely.
  public init(
    _ id: String, value: Double = 0, range: ClosedRange<Double> = 0...1, step: Double? = nil
  ) {
    self.value = WidgetProperty(widgetID: id, name: "value", value: value, isEditable: true)
    self.range = WidgetProperty(widgetID: id, name: "range", value: range)
    self.step = WidgetProperty(widgetID: id, name: "step", value: step)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    let range = rangeText.text(of: range.value, writing: formattedNumber)
    var fields: [RenderedField] = [
      .init("value", .number(value.value)), .init("range", .word(range)),
    ]
    if let step = adjustableStep { fields.append(.init("step", .number(step))) }
    fields.appendText("message", message.value)
    return fields
  }

  /// `out-of-range` while the view model's value is outside the range; `focused` while the
  /// slider has the focus.
  override public var renderedFlags: [String] {
    (range.value.contains(value.value) ? [] : ["out-of-range"]) + focusedFlag
  }

  /// The value, as a number.
  public var adjustableValue: Double { value.value }
  /// The range, as numbers.
  public var adjustableRange: ClosedRange<Double> { range.value }
  /// The step, as a number; `nil` when the slider moves freely.
  public var adjustableStep: Double? {
    step.value.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
  }

  /// Sets the value as a person would.
  ///
  /// - Parameter newValue: The value, in the range and on a step.
  public func adjust(to newValue: Double) { value.edit(newValue) }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The value a person changes: changing it marks the field edited.
  public var validatedInput: any ValueTarget { value }

  /// None: the arrow keys move a slider, and return does nothing.
  public var returnKey: (any EventSource)? { nil }
}
