public import BindingDSL

/// A whole number a person moves up and down by a step, as a count of guests.
///
/// Its ``value`` is editable, so `bind(\.guests, to: stepper.value)` is two-way. The driver's
/// `step(_:by:)` moves it; stepping past either end of the range is refused.
///
/// ```text
/// Stepper #guests value=2 range=1...8 step=1
/// ```
@MainActor
public final class Stepper: Widget, Adjustable, ValidationDisplay {
  override public var kind: String { "Stepper" }

  /// The value, editable.
  public let value: WidgetProperty<Int>
  /// The values the stepper can take.
  public let range: ClosedRange<Int>
  /// How much one step moves the value.
  public let step: Int
  /// The validation message shown on the widget's line; `nil` for none.
  public let message: WidgetProperty<String?>
  /// The range as the render writes it, made once.
  private let rangeText: String

  /// Creates a stepper.
  ///
  /// - Parameters:
  ///   - id: The stepper's identity.
  ///   - value: The value it starts at.
  ///   - range: The values it can take.
  ///   - step: How much one step moves the value; at least 1.
  public init(_ id: String, value: Int = 0, range: ClosedRange<Int> = 0...100, step: Int = 1) {
    self.value = WidgetProperty(widgetID: id, name: "value", value: value, isEditable: true)
    self.range = range
    self.step = max(step, 1)
    self.rangeText = "\(range.lowerBound)...\(range.upperBound)"
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    [
      .init("value", .number(Double(value.value))),
      .init("range", .word(rangeText)),
      .init("step", .number(Double(step))),
    ] + (message.value.map { [.init("message", .text($0))] } ?? [])
  }

  /// The value, as a number.
  public var adjustableValue: Double { Double(value.value) }
  /// The range, as numbers.
  public var adjustableRange: ClosedRange<Double> {
    Double(range.lowerBound)...Double(range.upperBound)
  }
  /// The step, as a number.
  public var adjustableStep: Double? { Double(step) }

  /// Sets the value as a person would.
  ///
  /// - Parameter newValue: The value, in the range and on a step.
  public func adjust(to newValue: Double) { value.edit(Int(newValue.rounded())) }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The value a person changes: changing it marks the field edited.
  public var validatedInput: any ValueTarget { value }
}
