import Headless
import HeadlessTesting

/// The interactive mode: one showcase screen driven by commands read line by line.
@MainActor
enum Interactive {
  /// Runs a session on the screen `name` until `readLine` returns `nil` (the end of the input)
  /// or reads `quit`.
  ///
  /// - Parameters:
  ///   - name: The screen's name on the command line, or `app`.
  ///   - echo: Whether to print each line read after a `> ` prompt, as a transcript needs when
  ///     the lines come from a file rather than a person.
  ///   - readLine: Reads the next line, or returns `nil` at the end of the input.
  ///   - prompt: Shows the `> ` prompt before a line is read from a person, without a line
  ///     break; never called when `echo` is set.
  ///   - write: Prints one answer, and a line break after it.
  /// - Returns: How many commands failed (answered with `error:`), which the showcase turns
  ///   into its exit status.
  /// - Throws: ``ShowcaseError`` when there is no screen `name`, naming those there are, or
  ///   the error that kept the screen from being mounted.
  @discardableResult
  static func run(
    screen name: String, echo: Bool, readLine: () -> String?, prompt: () -> Void = {},
    write: (String) -> Void
  ) async throws -> Int {
    let session: InteractiveSession
    switch name {
    case "registration": session = InteractiveSession(driver: try Demos.registration())
    case "search": session = InteractiveSession(driver: try Demos.search())
    case "roles": session = InteractiveSession(driver: try Demos.roles())
    case "waybills": session = InteractiveSession(driver: try Demos.waybills())
    case "settings": session = InteractiveSession(driver: try Demos.settings())
    case "app": session = InteractiveSession(app: try await ShowcaseApp.driver())
    default:
      throw ShowcaseError(
        "no showcase screen '\(name)'; screens: \(Demos.names.joined(separator: ", "))")
    }
    await loop(session, echo, readLine, prompt, write)
    return session.failures
  }

  private static func loop(
    _ session: InteractiveSession, _ echo: Bool, _ readLine: () -> String?,
    _ prompt: () -> Void, _ write: (String) -> Void
  ) async {
    write(session.greeting)
    defer { session.close() }
    while true {
      if !echo { prompt() }
      guard let line = readLine() else {
        // NB: at the end of the input (Ctrl-D) the cursor is still after the prompt.
        if !echo { write("") }
        return
      }
      if echo { write("> \(visible(line))") }
      guard let output = await session.run(line) else { return }
      if !output.isEmpty { write(visible(output)) }
    }
  }

  /// `text` with every control character but the line feeds between lines escaped as the text
  /// format writes it (`\t`, `\u{1B}`), so that nothing typed (an escape byte, a tab) reaches
  /// the terminal raw, in an error that repeats it or in the echo of a line.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where isControl(scalar):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

/// Why the showcase could not do what its command line asked.
struct ShowcaseError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
