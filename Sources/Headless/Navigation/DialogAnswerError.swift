/// Why the front dialog could not be answered as asked: the test kit's driver reports it as a
/// failure of its own kind.
package struct DialogAnswerError: Error {
  /// What went wrong.
  package enum Kind: Sendable {
    /// No dialog is shown, or it has no such button.
    case missing
    /// The dialog in front takes no text.
    case wrongKind
  }

  /// What failed and what the dialog offers instead.
  package let message: String
  /// What went wrong.
  package let kind: Kind

  init(_ message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }
}
