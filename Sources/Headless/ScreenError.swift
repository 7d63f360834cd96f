public import BindingDSL

/// Why a screen could not be mounted; lists every problem found.
public struct ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The screen's type name.
  public let screen: String
  /// Every problem, as text.
  public let problems: [String]
  /// The problems the binding graph found, for tests that check their kind.
  public let graphProblems: [BindingGraphError.Problem]

  init(screen: String, problems: [String], graphProblems: [BindingGraphError.Problem] = []) {
    self.screen = screen
    self.problems = problems
    self.graphProblems = graphProblems
  }

  /// The screen's name, then every problem, one a line.
  public var description: String {
    "\(screen) cannot be mounted:\n" + problems.map { "• \($0)" }.joined(separator: "\n")
  }
}

/// `id` with its control characters written as escapes (`\u{1B}`), for a message.
func escapedForMessage(_ id: String) -> String {
  var text = ""
  for scalar in id.unicodeScalars {
    if scalar.properties.generalCategory == .control {
      text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      text.unicodeScalars.append(scalar)
    }
  }
  return text
}
