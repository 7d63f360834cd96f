/// One rule a view-model value must keep, and the message shown when it does not: the rule, not
/// the screen, decides the text.
///
/// Rules are checked in the order they are given; a field shows the message of the first rule
/// it breaks. A rule that needs time (asking a server whether a user name is taken) is
/// ``async(debounce:_:)``: it runs on the clock the screen is mounted with, once the value has
/// stopped changing, and only while every other rule holds.
///
/// ```swift
/// .field(
///   \.userName, named: "userName", .required("Choose a user name"),
///   .length(3...20, "3 to 20 characters"),
///   .async(debounce: .milliseconds(300)) { [directory] name in
///     try await directory.isTaken(name) ? "\(name) is taken" : nil
///   }
/// )
/// ```
@MainActor
public struct ValidationRule<Model: AnyObject, Value> {
  enum Kind {
    case check(@MainActor (Model, Value) -> String?)
    case async(debounce: Duration, check: @Sendable (Value) async throws -> String?)
  }

  let kind: Kind

  init(_ kind: Kind) {
    self.kind = kind
  }

  /// A rule written as a closure that returns the message when the value breaks it.
  ///
  /// - Parameter check: Returns the message, or `nil` when the value keeps the rule.
  /// - Returns: The rule.
  public static func custom(_ check: @escaping @MainActor (Value) -> String?) -> Self {
    Self(.check { _, value in check(value) })
  }

  /// A rule that reads other view-model values too, written as a closure.
  ///
  /// - Parameter check: Given the view model and the value, returns the message, or `nil`.
  /// - Returns: The rule.
  public static func custom(_ check: @escaping @MainActor (Model, Value) -> String?) -> Self {
    Self(.check(check))
  }

  /// A rule checked away from the main actor (a server call), once the value has stopped
  /// changing for `debounce` on the clock the screen is mounted with. It runs only while every
  /// other rule of the field holds; until it has answered for the value the field holds, the
  /// form is not valid.
  ///
  /// - Parameters:
  ///   - debounce: How long the value must stay unchanged before the check runs.
  ///   - check: Returns the message, or `nil` when the value keeps the rule. An error it throws
  ///     is shown as the message (its description).
  /// - Returns: The rule.
  public static func async(
    debounce: Duration, _ check: @escaping @Sendable (Value) async throws -> String?
  ) -> Self where Value: Equatable & Sendable {
    Self(.async(debounce: debounce, check: check))
  }
}

extension ValidationRule where Value: Equatable {
  /// The value must equal another view-model value, as a password and its confirmation.
  ///
  /// - Parameters:
  ///   - other: The value it must equal.
  ///   - message: The message when it does not.
  /// - Returns: The rule.
  public static func equal(to other: KeyPath<Model, Value>, _ message: String) -> Self {
    Self(.check { model, value in model[keyPath: other] == value ? nil : message })
  }
}

extension ValidationRule where Value: Comparable {
  /// The value must lie in `range`.
  ///
  /// - Parameters:
  ///   - range: The values allowed.
  ///   - message: The message when the value is outside.
  /// - Returns: The rule.
  public static func range(_ range: ClosedRange<Value>, _ message: String) -> Self {
    Self(.check { _, value in range.contains(value) ? nil : message })
  }
}

extension ValidationRule where Value == String {
  /// The text must not be empty or only white space.
  ///
  /// - Parameter message: The message when it is.
  /// - Returns: The rule.
  public static func required(_ message: String) -> Self {
    Self(.check { _, value in value.allSatisfy(\.isWhitespace) ? message : nil })
  }

  /// The text's length, in characters, must lie in `range`.
  ///
  /// - Parameters:
  ///   - range: The lengths allowed.
  ///   - message: The message when the length is outside.
  /// - Returns: The rule.
  public static func length(_ range: ClosedRange<Int>, _ message: String) -> Self {
    Self(.check { _, value in range.contains(value.count) ? nil : message })
  }

  /// The length must be at least `minimum` characters.
  ///
  /// - Parameters:
  ///   - minimum: The fewest characters allowed.
  ///   - message: The message when there are fewer.
  /// - Returns: The rule.
  public static func length(atLeast minimum: Int, _ message: String) -> Self {
    Self(.check { _, value in value.count >= minimum ? nil : message })
  }

  /// The whole text must match `pattern`.
  ///
  /// - Parameters:
  ///   - pattern: The pattern, such as `#/\d{6}/#`.
  ///   - message: The message when the text does not match.
  /// - Returns: The rule.
  public static func pattern(_ pattern: Regex<Substring>, _ message: String) -> Self {
    Self(.check { _, value in (try? pattern.wholeMatch(in: value)) != nil ? nil : message })
  }
}

extension ValidationRule {
  /// An optional value must be set.
  ///
  /// - Parameter message: The message when it is `nil`.
  /// - Returns: The rule.
  public static func required<Wrapped>(_ message: String) -> Self where Value == Wrapped? {
    Self(.check { _, value in value == nil ? message : nil })
  }
}
