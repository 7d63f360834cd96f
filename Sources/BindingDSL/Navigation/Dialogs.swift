/// Dialogs as a view model sees them: it asks, awaits the person's answer, and goes on.
///
/// ```swift
/// func confirmLeaving() async throws {
///   let answer = await dialogs.confirm(
///     "Leave registration?", message: "The code you typed will be lost.",
///     confirm: "Leave", cancel: "Stay")
///   if answer == .answered(true) { try navigator.pop() }
/// }
/// ```
///
/// A view model is given a presenter through its initializer, as it is given a ``Navigator``,
/// so a test can pass its own. A dialog belongs to the screen visible when it is shown; when
/// that screen goes away (popped, dismissed, replaced) before the dialog is answered, the dialog
/// goes too and the view model receives ``DialogAnswer/dismissed``, which no button produces.
/// Await dialogs inside a command's work, so that the command stays running while the person
/// decides and the screen's work is cancelled with the screen.
@MainActor
public protocol DialogPresenter: AnyObject {
  /// Shows an alert and waits for a button.
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - message: The text under the title.
  ///   - buttons: The buttons, in order; never empty, titles distinct.
  /// - Returns: The title of the button tapped, or ``DialogAnswer/dismissed``.
  func alert(_ title: String, message: String?, buttons: [DialogButton]) async
    -> DialogAnswer<String>

  /// Asks a yes-or-no question.
  ///
  /// - Parameters:
  ///   - title: The question.
  ///   - message: The text under it.
  ///   - confirm: The title of the button that answers `true`.
  ///   - cancel: The title of the button that answers `false`.
  /// - Returns: `true` for `confirm`, `false` for `cancel`, or ``DialogAnswer/dismissed``.
  func confirm(_ title: String, message: String?, confirm: String, cancel: String) async
    -> DialogAnswer<Bool>

  /// Shows a list of actions to choose from, with a cancel button at its end.
  ///
  /// - Parameters:
  ///   - title: What the actions are for.
  ///   - actions: The actions' titles, in order.
  ///   - cancel: The title of the button that chooses none.
  /// - Returns: The action chosen, `nil` for `cancel`, or ``DialogAnswer/dismissed``.
  func actionSheet(_ title: String, actions: [String], cancel: String) async
    -> DialogAnswer<String?>

  /// Asks for a line of text.
  ///
  /// - Parameters:
  ///   - title: What to type.
  ///   - placeholder: The field's placeholder.
  ///   - text: The text the field starts with.
  /// - Returns: The text when the person taps OK, `nil` for Cancel, or
  ///   ``DialogAnswer/dismissed``.
  func prompt(_ title: String, placeholder: String, text: String) async
    -> DialogAnswer<String?>

  /// Shows a short message that goes away by itself after a few seconds.
  ///
  /// - Parameter message: The message.
  func toast(_ message: String)

  /// Shows a progress HUD with `message` whenever `isBusy` is true: a command running
  /// (`{ vm.load.isExecuting }`) or a flag of the view model (`{ vm.isSubmitting }`). What it
  /// reads is tracked like a derived value, so the HUD comes and goes in the flush that follows
  /// a change. It lasts until the token is ended or the screen visible when it was asked for
  /// goes away.
  ///
  /// - Parameters:
  ///   - message: What is under way, such as `Loading…`.
  ///   - isBusy: Whether the HUD shows now.
  /// - Returns: A token whose ``ProgressToken/end()`` takes the HUD away for good.
  @discardableResult
  func showProgress(_ message: String, while isBusy: @escaping @MainActor () -> Bool)
    -> ProgressToken

  /// Shows a progress HUD with `message` while `operation` runs, such as a command's request.
  ///
  /// - Parameters:
  ///   - message: What is under way, such as `Submitting…`.
  ///   - operation: The work the HUD stands for.
  /// - Returns: What `operation` returns.
  func withProgress<Result>(
    _ message: String, operation: () async throws -> Result
  ) async rethrows -> Result
}

/// A button of an alert.
public struct DialogButton: Hashable, Sendable {
  /// What a button does, as its look tells.
  public enum Role: String, Hashable, Sendable {
    /// An ordinary choice.
    case `default`
    /// Choosing nothing; an alert has one at most.
    case cancel
    /// A choice that destroys something.
    case destructive
  }

  /// The button's title, which is also the answer the view model receives.
  public let title: String
  /// What the button does.
  public let role: Role

  /// Makes a button.
  ///
  /// - Parameters:
  ///   - title: The title, which is also the answer.
  ///   - role: What the button does.
  public init(_ title: String, role: Role = .default) {
    self.title = title
    self.role = role
  }

  /// A cancel button titled `title`.
  ///
  /// - Parameter title: The title.
  /// - Returns: A button that cancels.
  public static func cancel(_ title: String) -> Self { Self(title, role: .cancel) }

  /// A destructive button titled `title`.
  ///
  /// - Parameter title: The title.
  /// - Returns: A button that destroys something.
  public static func destructive(_ title: String) -> Self { Self(title, role: .destructive) }
}

/// What a dialog's view model receives: the person's answer, or that the dialog went away
/// unanswered because its screen did.
public enum DialogAnswer<Value: Sendable>: Sendable {
  /// The person answered.
  case answered(Value)
  /// The dialog went away unanswered: its screen was popped, dismissed or replaced, or the
  /// awaiting task was cancelled.
  case dismissed

  /// The answer, or `nil` when dismissed.
  public var value: Value? {
    if case .answered(let value) = self { return value }
    return nil
  }
}

extension DialogAnswer: Equatable where Value: Equatable {}
extension DialogAnswer: Hashable where Value: Hashable {}

/// A progress HUD that follows a flag, as ``DialogPresenter/showProgress(_:while:)`` returns it.
@MainActor
public final class ProgressToken {
  private var onEnd: (@MainActor () -> Void)?

  /// Makes a token; `onEnd` runs once, at the first ``end()``.
  ///
  /// - Parameter onEnd: What takes the HUD away.
  public init(onEnd: @escaping @MainActor () -> Void) {
    self.onEnd = onEnd
  }

  /// Whether the HUD still follows its flag.
  public var isActive: Bool { onEnd != nil }

  /// Takes the HUD away for good. Ending twice does nothing.
  public func end() {
    let action = onEnd
    onEnd = nil
    action?()
  }
}
