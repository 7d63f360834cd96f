/// Why a navigation operation was refused. Nothing changed: the stacks are as they were.
public struct NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of mistake it was, for tests that check it.
  public enum Kind: String, Hashable, Sendable {
    /// No screen is registered for the view model's type.
    case unregisteredModel
    /// Popping the root of a stack.
    case poppingRoot
    /// Dismissing with nothing presented.
    case nothingPresented
    /// An operation asked for while another one runs (from a lifecycle handler).
    case midTransition
    /// The view model is not on the active stack.
    case notOnStack
    /// The view model is already shown.
    case alreadyShown
    /// An empty stack.
    case emptyStack
    /// A deep-link path that cannot be restored.
    case invalidPath
    /// The screen of the view model could not be mounted.
    case screenFailed
    /// A screen registration that clashes with another or has a malformed name.
    case invalidRegistration
  }

  /// What kind of mistake it was.
  public let kind: Kind
  /// What went wrong and what exists instead.
  public let message: String

  /// Makes an error.
  ///
  /// - Parameters:
  ///   - kind: What kind of mistake it was.
  ///   - message: What went wrong and what exists instead.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
