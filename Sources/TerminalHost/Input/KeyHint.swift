/// One entry of the footer a terminal host shows: the keys and what they do on the focused
/// widget, such as `Enter` and `tap`.
public struct KeyHint: Hashable, Sendable, CustomStringConvertible {
  /// The keys, as the footer names them: `Enter/Space`, `←→`, `Tab`.
  public let keys: String
  /// What they do, in a word or two: `tap`, `move`, `next`.
  public let action: String

  /// Creates a hint.
  ///
  /// - Parameters:
  ///   - keys: The keys, as the footer names them.
  ///   - action: What they do.
  public init(keys: String, action: String) {
    self.keys = keys
    self.action = action
  }

  /// The hint as the footer writes it: `Enter tap`.
  public var description: String { keys + " " + action }
}
