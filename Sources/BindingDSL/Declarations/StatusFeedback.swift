/// What a status widget (a HUD, a toast) shows: nothing, loading, an outcome, or a message.
public enum Feedback: Hashable, Sendable, CustomStringConvertible {
  /// Nothing is shown.
  case none
  /// Something loads, with an optional text such as `Loading…`.
  case loading(String?)
  /// Success, with an optional text.
  case success(String?)
  /// A failure, with the text to show.
  case failure(String)
  /// A message that is not a command's outcome.
  case message(String)

  /// The state's name, as a HUD's `state` field prints it.
  public var description: String {
    switch self {
    case .none: "none"
    case .loading(let text): text.map { "loading: \($0)" } ?? "loading"
    case .success(let text): text.map { "success: \($0)" } ?? "success"
    case .failure(let text): "failure: \(text)"
    case .message(let text): "message: \(text)"
    }
  }
}

/// A widget that shows ``Feedback``, such as a HUD or a toast.
@MainActor
public protocol FeedbackDisplay: AnyObject {
  /// Receives the feedback to show.
  var feedbackTarget: any ValueTarget<Feedback> { get }
}

/// The texts a status widget shows for each state of a command.
public struct FeedbackMessages: Sendable {
  /// Shown while the command executes.
  public var loading: String?
  /// Shown after success; `nil` hides the widget.
  public var success: String?
  /// Shown after a failure, made from the error.
  public var failure: @Sendable (any Error) -> String
  /// Shown after cancellation; `nil` hides the widget.
  public var cancelled: String?

  /// Creates the texts.
  ///
  /// - Parameters:
  ///   - loading: Shown while the command executes; `nil` shows the widget without text.
  ///   - success: Shown after success; `nil` hides the widget.
  ///   - failure: Makes the text shown after a failure from the error; by default, its
  ///     description.
  ///   - cancelled: Shown after cancellation; `nil` hides the widget.
  public init(
    loading: String? = nil,
    success: String? = nil,
    failure: @escaping @Sendable (any Error) -> String = { "\($0)" },
    cancelled: String? = "Cancelled"
  ) {
    self.loading = loading
    self.success = success
    self.failure = failure
    self.cancelled = cancelled
  }

  func feedback(for status: CommandStatus, error: (any Error)?) -> Feedback {
    switch status {
    case .idle: .none
    case .executing: .loading(loading)
    case .succeeded: success.map { .success($0) } ?? .none
    case .failed: .failure(error.map(failure) ?? "Failed")
    case .cancelled: cancelled.map { .message($0) } ?? .none
    }
  }
}

/// Shows a command's status on a status widget in one declaration: loading while it executes,
/// the error's message when it fails, a message when it is cancelled.
///
/// ```swift
/// feedback(of: vm.load, on: hud, messages: FeedbackMessages(loading: "Loading roles"))
/// ```
///
/// - Parameters:
///   - command: The command whose status is shown.
///   - display: The status widget, such as a HUD or a toast.
///   - messages: The texts shown while loading, on success and on cancellation, and how an
///     error becomes a message.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func feedback<Model: AnyObject, Input, Output>(
  of command: Command<Input, Output>,
  on display: some FeedbackDisplay,
  messages: FeedbackMessages = FeedbackMessages(),
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let target = display.feedbackTarget
  // NB: each declaration has its own messages, so its source is its own too.
  let key = CommandFeedbackKey(
    command: ObjectIdentifier(command), declaration: LocalIdentity())
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(command), to: BindingEndpoint(target), role: .status,
    isTransformed: true
  ) { mount in
    mount.register(command)
    mount.value(key: key) { messages.feedback(for: command.status, error: command.lastError) }
      .show(in: target)
  }
  return BindingDeclaration(
    .feedback, site: DeclarationSite(fileID: fileID, line: line), edge: edge)
}

private struct CommandFeedbackKey: Hashable {
  let command: ObjectIdentifier
  let declaration: LocalIdentity
}
