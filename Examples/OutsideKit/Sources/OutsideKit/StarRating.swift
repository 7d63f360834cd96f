// A widget kind written outside the library, with its public API only.

import Headless

/// A rating of 0 to 5 stars that a person sets: a widget kind of this kit's own.
///
/// Its `value` is bound like any widget property (`bind(\.stars, to: rating.value)`); a value
/// edited from outside the range is clamped into it by ``rate(_:)``.
@MainActor
public final class StarRating: Widget {
  /// The most stars a rating has.
  public static let maximum = 5

  override public var kind: String { "StarRating" }

  /// The number of stars given, from 0 to ``maximum``.
  public let value: WidgetProperty<Int>

  /// Creates a rating.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - value: The stars given at first, clamped to 0...``maximum``.
  public init(_ id: String, value: Int = 0) {
    self.value = WidgetProperty(
      widgetID: id, name: "value", value: Self.clamped(value), isEditable: true)
    super.init(id: id)
  }

  /// Sets the rating as a person does: `stars` clamped to 0...``maximum``, then edited into
  /// ``value`` (and so into the view model it is bound to).
  ///
  /// - Parameter stars: The stars to give.
  public func rate(_ stars: Int) {
    value.edit(Self.clamped(stars))
  }

  /// The rating as text: `★★★☆☆` for 3.
  public var stars: String {
    let given = Self.clamped(value.value)
    return String(repeating: "★", count: given)
      + String(repeating: "☆", count: Self.maximum - given)
  }

  override public var renderedFields: [RenderedField] {
    [.init("value", .number(Double(value.value)))]
  }

  /// `stars` kept within 0...``maximum``.
  private static func clamped(_ stars: Int) -> Int { min(max(stars, 0), maximum) }
}
