package import Headless

/// Why the driver could not do what a test asked: a kind a test can match, and a message
/// that says which widgets exist and why the action could not happen.
public struct DriverError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: String, Hashable, Sendable {
    /// No widget (or row, tab, option, dialog button) answers the query.
    case missingWidget
    /// The widget found is of a kind that does not take the action.
    case wrongKind
    /// The widget is disabled.
    case disabled
    /// The widget or one of its containers is hidden.
    case hidden
    /// Nothing is mounted any more.
    case unmounted
    /// The screen did not settle: work that never sleeps on the virtual clock or ends, or
    /// flushes that never stop.
    case notSettled
    /// A dialog (or another screen) covers the widget.
    case covered
    /// The request itself cannot be met: a malformed path, a value out of range, nothing bound
    /// to the control, a refused navigation.
    case invalidRequest
  }

  /// What kind of failure it is.
  public let kind: Kind
  /// What failed and why, naming what exists instead.
  public let message: String
  /// The driver call that failed, as the test wrote it.
  public package(set) var callSite: CallSite?

  /// An error of `kind` saying `message`.
  ///
  /// - Parameters:
  ///   - message: What failed and why.
  ///   - kind: What kind of failure it is.
  public init(_ message: String, kind: Kind = .invalidRequest) {
    self.message = message
    self.kind = kind
  }

  /// The message, after the call site of the driver call that failed when it is known
  /// (`SignUpTests.swift:12:5: cannot tap 'submit': it is disabled`): a thrown error is
  /// reported at the test function by the frameworks, so the description names the line.
  public var description: String { callSite.map { "\($0): \(message)" } ?? message }

  /// The driver's failure for a dialog that could not be answered as asked.
  ///
  /// - Parameter error: Why the dialog could not be answered.
  package init(_ error: DialogAnswerError) {
    self.init(error.message, kind: error.kind == .missing ? .missingWidget : .wrongKind)
  }

  /// This error, failed at `site`.
  package func at(_ site: CallSite) -> Self {
    var located = self
    located.callSite = site
    return located
  }
}
