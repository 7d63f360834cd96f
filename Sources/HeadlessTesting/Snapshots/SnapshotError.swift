/// Why a snapshot assertion failed: a kind a test can match, and a message.
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Hashable, Sendable {
    /// The text differs from the stored snapshot.
    case mismatch
    /// No snapshot is stored and the mode in effect (`never`) records none.
    case missing
    /// A snapshot was recorded or re-recorded; read it, then run the test again.
    case recorded
    /// The snapshot's name is not a plain file name.
    case invalidName
    /// `SNAPSHOT_RECORDING` names no mode.
    case invalidRecordingMode
    /// The snapshot file could not be written or rewritten.
    case fileError
    /// There was nothing to render (the screen was unmounted).
    case nothingToRender
    /// An inline snapshot's call could not be rewritten safely (two calls on one line, an
    /// interpolated literal); nothing was written.
    case cannotRewrite
  }

  /// What went wrong.
  public let kind: Kind
  /// The message: what failed, where the snapshot is, and what to do.
  public let message: String

  /// An error of `kind` saying `message`.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - message: What failed, where, and what to do.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
