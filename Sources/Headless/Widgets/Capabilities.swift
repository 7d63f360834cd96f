public import BindingDSL

/// A widget a person can tap, such as a button: the driver's `tap(_:)` and the interactive
/// mode's `tap` reach every widget that adopts it.
///
/// A widget declares its `tap` event as a stored property; adopting the protocol is all it
/// takes for the driver to tap it, with the same checks (hidden, disabled) and messages as for
/// a button.
@MainActor
public protocol Tappable: Widget {
  /// The event a tap sends.
  var tap: WidgetEvent { get }
}

/// A widget whose text a person edits: a text field, a text view, a search field. The
/// driver's `type(_:into:)` and `replaceText(in:with:)` reach every widget that adopts it.
@MainActor
public protocol TextEditable: Widget {
  /// The text, editable.
  var text: WidgetProperty<String> { get }
}

/// A widget a person switches on and off: the driver's `toggle(_:)` flips it.
@MainActor
public protocol Toggleable: Widget {
  /// Whether it is on, editable.
  var isOn: WidgetProperty<Bool> { get }
}

/// A widget whose value moves along a range, perhaps in steps: a slider, a stepper, a rating.
/// The driver's `slide(_:to:)` sets its value, `step(_:by:)` moves it by steps; both check the
/// range and the steps first, with the same messages for every adjustable widget.
@MainActor
public protocol Adjustable: Widget {
  /// The value now, as a number.
  var adjustableValue: Double { get }
  /// The values the widget can take.
  var adjustableRange: ClosedRange<Double> { get }
  /// The distance between two values the widget can take, counted from the start of the range;
  /// `nil` when every value of the range will do.
  var adjustableStep: Double? { get }
  /// Changes the value as a person would (an edit, which a two-way binding takes to the view
  /// model). Called only with a value in the range and on a step.
  ///
  /// - Parameter value: The new value.
  func adjust(to value: Double)
}

/// A widget that offers options by title and selects one: a segmented control, a picker. The
/// driver's `select(_:in:)` selects an option by its title.
@MainActor
public protocol OptionSelectable: Widget {
  /// The titles of the options, in order.
  var options: WidgetProperty<[String]> { get }
  /// The title of the selected option, editable; `nil` when none is selected.
  var selection: WidgetProperty<String?> { get }
}

/// A widget a person picks a calendar day with: the driver's `pick(_:in:)` sets it.
@MainActor
public protocol DatePickable: Widget {
  /// The picked day, editable.
  var date: WidgetProperty<CalendarDate> { get }
  /// The days that can be picked; `nil` when any day can.
  var dateRange: ClosedRange<CalendarDate>? { get }
}

/// A widget whose content a person scrolls: the driver's `scroll(_:to:)` moves it.
@MainActor
public protocol Scrollable: Widget {
  /// How far the content is scrolled from its start, in points, editable.
  var offset: WidgetProperty<Double> { get }
}

/// A widget whose content a person submits, as with the return key of a search field: the
/// driver's `submit(_:)` sends it.
@MainActor
public protocol Submittable: Widget {
  /// The event submitting sends.
  var submit: WidgetEvent { get }
}

/// A widget that can hold the keyboard focus: a text field, a text view, and every control a
/// person can focus (a button, a toggle, a slider, a stepper, a segmented control, a picker, a
/// date picker). The driver's `focus(_:)` gives it the focus and takes it from every other
/// widget of the screen; a host edits `isFocused` when its toolkit's focus enters or leaves the
/// widget's control, and gives that control the focus when the view model sets it.
///
/// The text format flags a built-in control `focused` while it has the focus. A kind of your own
/// shows the same flag by adding it to its ``Widget/renderedFlags``:
/// `isFocused.value ? ["focused"] : []`.
@MainActor
public protocol Focusable: Widget {
  /// Whether the widget has the focus, editable.
  var isFocused: WidgetProperty<Bool> { get }
}

extension Focusable {
  /// Whether the widget has the focus, editable; false until something sets it (the property is
  /// made when first asked for). A kind that keeps its own `isFocused` (a text field) has that
  /// one instead.
  public var isFocused: WidgetProperty<Bool> { focusProperty }
}

extension FocusTarget where Self: Focusable {
  /// The focus target of a `focus` declaration: ``Focusable/isFocused``.
  public var focusState: any ValueTarget<Bool> { isFocused }
  /// Whether the widget can take the focus: enabled and not hidden.
  public var acceptsFocus: Bool { isEnabledNow && !isHiddenNow }
}

extension Adjustable {
  /// Why the widget cannot take `value`, or `nil` when it can: a value outside the range, off
  /// the steps, or not a number.
  ///
  /// - Parameter value: The value a person would set.
  /// - Returns: The reason, worded to follow "cannot set '<id>' to <value>: ".
  public func problem(adjustingTo value: Double) -> String? {
    let range = adjustableRange
    guard value.isFinite else { return "it is not a number" }
    guard range.contains(value) else {
      return
        "its range is \(formattedNumber(range.lowerBound))...\(formattedNumber(range.upperBound))"
    }
    guard let step = adjustableStep, step > 0 else { return nil }
    let steps = (value - range.lowerBound) / step
    let nearest = steps.rounded()
    if abs(steps - nearest) <= 1e-9 * max(1, abs(steps)) { return nil }
    // NB: the values on either side, written as the step and the start are (0.9, not
    // 0.8999999999999999), and only those in the range: the end of a range off the steps is
    // not a value the widget takes.
    let decimals = max(decimalPlaces(of: step), decimalPlaces(of: range.lowerBound))
    let below = rounded(range.lowerBound + steps.rounded(.down) * step, toDecimals: decimals)
    let above = rounded(range.lowerBound + steps.rounded(.up) * step, toDecimals: decimals)
    let start =
      "it moves in steps of \(formattedNumber(step)) from \(formattedNumber(range.lowerBound)); "
    guard above <= range.upperBound else {
      return start + "the nearest value is \(formattedNumber(below))"
    }
    return start + "the nearest values are \(formattedNumber(below)) and \(formattedNumber(above))"
  }
}

/// How many decimals `number` is written with (`0.25` has 2, `1e-05` 5, `2.5e-07` 8); 0 for a
/// whole number, and at most 17.
func decimalPlaces(of number: Double) -> Int {
  let text = formattedNumber(number)
  var mantissa = Substring(text)
  var exponent = 0
  if let e = text.firstIndex(of: "e") {
    mantissa = text[..<e]
    exponent = Int(text[text.index(after: e)...]) ?? 0
  }
  let fraction =
    mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
  return min(max(fraction - exponent, 0), 17)
}

/// `number` rounded to `decimals` decimals.
func rounded(_ number: Double, toDecimals decimals: Int) -> Double {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  return (number * scale).rounded() / scale
}
