/// Why a list of declarations does not make a valid graph. Every problem found is listed, each
/// naming the declarations involved and where they were written.
public struct BindingGraphError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One problem with the declarations.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem a ``BindingGraphError/Problem`` is.
    public enum Kind: String, Hashable, Sendable {
      /// Two declarations write the same widget property.
      case conflictingWriters
      /// One control is bound to two commands, or to one command twice.
      case commandBoundTwice
      /// Values would flow in a circle that is not a single two-way binding.
      case cycle
      /// A declaration cannot work as written (a mode its source or target does not allow).
      case invalidDeclaration
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// What is wrong and how to fix it, naming the nodes involved.
    public let message: String
    /// The declarations involved, each as `summary at File.swift:line`.
    public let declarations: [String]

    /// The message followed by the declarations involved, one a line.
    public var description: String {
      ([message] + declarations.map { "  - \($0)" }).joined(separator: "\n")
    }
  }

  /// Every problem found, in a stable order: declarations' own problems, conflicting writers,
  /// commands bound twice, then cycles.
  public let problems: [Problem]

  /// A count of the problems, then each problem with the declarations involved.
  public var description: String {
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    return "The bindings do not form a valid graph (\(count)):\n"
      + problems.map { "• \($0)" }.joined(separator: "\n")
  }
}
