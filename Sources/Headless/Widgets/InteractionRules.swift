// What one step, the next option and the next day mean, and how a value reads: the rules every
// host and the test driver share, so that a key in the terminal and a verb in a test do the same.

extension Adjustable {
  /// How far one step moves the widget: its ``adjustableStep``, or a tenth of its range when it
  /// moves freely.
  public var stepSize: Double {
    if let step = adjustableStep, step > 0 { return step }
    return (adjustableRange.upperBound - adjustableRange.lowerBound) / 10
  }

  /// The value `steps` steps from the current one, which may be outside the range: the caller
  /// checks it with ``problem(adjustingTo:)`` and refuses a step past an end (the driver throws,
  /// a host ignores the key).
  ///
  /// Steps count on the grid of ``stepSize`` from the start of the range: a value on the grid
  /// moves by `steps` steps, a value between two steps moves first to the one in the direction
  /// of the steps (one step up from 0.95 in steps of 0.1 is 1). The result is written as the
  /// step and the start are, so three steps of 0.1 make 0.3, not 0.30000000000000004.
  ///
  /// ```swift
  /// let volume = Slider("volume", value: 0.2, range: 0...1, step: 0.1)
  /// let up = volume.value(steppedBy: 1)
  /// // up is 0.3
  /// let past = volume.value(steppedBy: 9)
  /// // past is 1.1, outside the range: volume.problem(adjustingTo: past) says so
  /// ```
  ///
  /// - Parameter steps: How many steps to move; negative moves down.
  /// - Returns: The value reached.
  public func value(steppedBy steps: Int) -> Double {
    let range = adjustableRange
    let size = stepSize
    guard size > 0, size.isFinite, adjustableValue.isFinite else { return adjustableValue }
    let position = (adjustableValue - range.lowerBound) / size
    let nearest = position.rounded()
    let onGrid = abs(position - nearest) <= 1e-9 * max(1, abs(position))
    // NB: off the grid, the first step goes to the grid point in the direction of travel.
    let start: Double
    if onGrid {
      start = nearest
    } else if steps == 0 {
      start = position
    } else {
      start = steps > 0 ? position.rounded(.down) : position.rounded(.up)
    }
    let target = range.lowerBound + (start + Double(steps)) * size
    let decimals = max(decimalPlaces(of: size), decimalPlaces(of: range.lowerBound))
    return rounded(target, toDecimals: decimals)
  }

  /// The value as a person reads it: written as the steps are (`0.3` for a value of
  /// `0.30000000000000004` in steps of 0.1), without a fractional part when it has none, and
  /// with at most two decimals more than a hundredth of the range when the widget moves freely.
  public var adjustableValueText: String {
    let value = adjustableValue
    guard value.isFinite else { return String(value) }
    let range = adjustableRange
    let unit =
      adjustableStep.flatMap { $0 > 0 ? $0 : nil }
      ?? (range.upperBound - range.lowerBound) / 100
    guard unit > 0, unit.isFinite else { return formattedNumber(value) }
    return formattedNumber(rounded(value, toDecimals: decimalPlaces(of: unit)))
  }
}

extension OptionSelectable {
  /// The option `offset` places from the selected one, or `nil` past either end; with none
  /// selected, the first option going forward and the last going back.
  ///
  /// - Parameter offset: How many options to move; negative moves back.
  /// - Returns: The option's title, or `nil`.
  public func option(movedBy offset: Int) -> String? {
    let options = options.value
    guard !options.isEmpty else { return nil }
    let index =
      selection.value.flatMap(options.firstIndex(of:)).map { $0 + offset }
      ?? (offset > 0 ? offset - 1 : options.count + offset)
    return options.indices.contains(index) ? options[index] : nil
  }
}

extension DatePickable {
  /// The day `days` days from the picked one, or `nil` when it is outside ``dateRange``.
  ///
  /// - Parameter days: How many days to move; negative moves back.
  /// - Returns: The day, or `nil`.
  public func day(movedBy days: Int) -> CalendarDate? {
    let day = date.value.adding(days: days)
    return dateRange?.contains(day) ?? true ? day : nil
  }
}

/// A number as the text format and every host write it: without a fractional part when it has
/// none and a 64-bit integer holds it (`-2^63` included; `2^63` and more, in exponent form),
/// otherwise in its shortest exact form; `nan`, `inf` and `-inf` as Swift writes them.
///
/// ```swift
/// let three = formattedNumber(3)
/// // "3"
/// let quarter = formattedNumber(0.25)
/// // "0.25"
/// ```
///
/// - Parameter number: The number.
/// - Returns: Its text.
public func formattedNumber(_ number: Double) -> String {
  // NB: `Int64` holds -2^63 but not 2^63; nan and the infinities fail both comparisons.
  if number.rounded() == number && number >= -0x1p63 && number < 0x1p63 {
    return String(Int64(number))
  }
  return String(number)
}
