public import BindingDSL

/// A value picked along a range by dragging a thumb, perhaps in steps: a volume, a distance.
///
/// Its ``value`` is editable, so `bind(\.volume, to: slider.value)` is two-way. The driver's
/// `slide(_:to:)` moves it; a value outside the range or off the steps is refused.
///
/// ```text
/// Slider #volume value=0.5 range=0...1 step=0.25
/// ```
@MainActor
public final class Slider: Widget, Adjustable, ValidationDisplay {
  override public var kind: String { "Slider" }

  /// The value, editable.
  public let value: WidgetProperty<Double>
  /// The values the slider can take.
  public let range: ClosedRange<Double>
  /// The distance between two values it can take, from the start of the range; `nil` when
  /// it moves freely.
  public let step: Double?
  /// The validation message shown on the widget's line; `nil` for none.
  public let message: WidgetProperty<String?>
  /// The range as the render writes it, made once.
  private let rangeText: String

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
    self.range = range
    self.step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    self.rangeText = "\(formatted(range.lowerBound))...\(formatted(range.upperBound))"
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    let fields: [RenderedField] = [
      .init("value", .number(value.value)),
      .init("range", .word(rangeText)),
    ]
    var all = fields
    if let step { all.append(.init("step", .number(step))) }
    if let message = message.value { all.append(.init("message", .text(message))) }
    return all
  }

  /// The value, as a number.
  public var adjustableValue: Double { value.value }
  /// The range, as numbers.
  public var adjustableRange: ClosedRange<Double> { range }
  /// The step, as a number.
  public var adjustableStep: Double? { step }

  /// Sets the value as a person would.
  ///
  /// - Parameter newValue: The value, in the range and on a step.
  public func adjust(to newValue: Double) { value.edit(newValue) }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The value a person changes: changing it marks the field edited.
  public var validatedInput: any ValueTarget { value }
}
