import Headless

/// A record of driver actions, each with the tree diff it caused: a test runs its steps through
/// it, then snapshots ``text`` as one file or inline.
///
/// ```swift
/// let transcript = Transcript(title: "Profile", driver: driver)
/// try await transcript.step("type a name") { try await $0.type("Ada", into: "name") }
/// try await transcript.step("tap Save") { try await $0.tap("save") }
/// try assertSnapshot(of: transcript.text, named: "profile-transcript")
/// ```
///
/// The text shows the tree once, in full, then for each step its caption and the changed lines
/// with `context` unchanged lines around them (a unified diff), or `(no change)`.
@MainActor
public final class Transcript<D: Driver> {
  /// One recorded step.
  public struct Entry: Sendable {
    /// What the step did, as the test wrote it.
    public let caption: String
    /// The tree before the step.
    public let before: String
    /// The tree after the step.
    public let after: String

    /// The step's changes with `context` unchanged lines around each, or `(no change)`.
    ///
    /// - Parameter context: How many unchanged lines to show around each change.
    /// - Returns: The hunks.
    public func diff(context: Int = 1) -> String {
      before == after
        ? "(no change)"
        : unifiedDiff(from: before + "\n", to: after + "\n", context: context, limit: .max)
    }
  }

  /// The transcript's heading.
  public let title: String
  /// The driver the steps act on.
  public let driver: D
  /// How many unchanged lines ``text`` shows around each change.
  public let context: Int
  /// The tree when the transcript started.
  public let initial: String
  /// The steps so far, in order.
  public private(set) var entries: [Entry] = []

  /// Starts a transcript of `driver`'s screen as it is now.
  ///
  /// - Parameters:
  ///   - title: The heading.
  ///   - driver: The driver the steps act on.
  ///   - context: How many unchanged lines to show around each change (one by default).
  public init(title: String, driver: D, context: Int = 1) {
    self.title = title
    self.driver = driver
    self.context = context
    self.initial = driver.render()
  }

  /// Runs `action` on the driver and records `caption` with the change it caused. When the
  /// action throws, nothing is recorded and the error goes on to the test.
  ///
  /// - Parameters:
  ///   - caption: What the step does, as the transcript shows it.
  ///   - action: The driver calls of the step.
  /// - Throws: What `action` throws; nothing is recorded then.
  public func step(_ caption: String, _ action: (D) async throws -> Void) async throws {
    try await action(driver)
    note(caption)
  }

  /// Records `caption` with the change since the last step, for changes made outside
  /// ``step(_:_:)`` (a view model changed by the test, say).
  ///
  /// - Parameter caption: What happened, as the transcript shows it.
  public func note(_ caption: String) {
    entries.append(
      Entry(caption: caption, before: entries.last?.after ?? initial, after: driver.render()))
  }

  /// The heading, the initial tree in full, then each step's caption and diff.
  public var text: String {
    var lines = ["== \(title) ==", "", initial]
    for (number, entry) in entries.enumerated() {
      lines.append("")
      lines.append("-- \(number + 1). \(entry.caption)")
      lines.append(entry.diff(context: context))
    }
    return lines.joined(separator: "\n")
  }
}
