import Headless

/// The interactive mode: one showcase screen driven by commands read line by line.
@MainActor
enum Interactive {
  /// Runs a session on the screen `name` until `readLine` returns `nil` or reads `quit`.
  ///
  /// - Parameter echo: Whether to print each line read after a `> ` prompt, as a transcript
  ///   needs when the lines come from a file rather than a person.
  static func run(
    screen name: String, echo: Bool, readLine: () -> String?, write: (String) -> Void
  ) async throws {
    switch name {
    case "registration":
      await loop(InteractiveSession(driver: try Demos.registration()), echo, readLine, write)
    case "search":
      await loop(InteractiveSession(driver: try Demos.search()), echo, readLine, write)
    case "roles":
      await loop(InteractiveSession(driver: try Demos.roles()), echo, readLine, write)
    case "waybills":
      await loop(InteractiveSession(driver: try Demos.waybills()), echo, readLine, write)
    case "settings":
      await loop(InteractiveSession(driver: try Demos.settings()), echo, readLine, write)
    case "app":
      await loop(InteractiveSession(app: try await ShowcaseApp.driver()), echo, readLine, write)
    default:
      throw ShowcaseError(
        "no showcase screen '\(name)'; screens: \(Demos.names.joined(separator: ", "))")
    }
  }

  private static func loop(
    _ session: InteractiveSession, _ echo: Bool, _ readLine: () -> String?,
    _ write: (String) -> Void
  ) async {
    write(session.greeting)
    defer { session.close() }
    while true {
      if !echo { write("> ") }
      guard let line = readLine() else { return }
      if echo { write("> \(line)") }
      guard let output = await session.run(line) else { return }
      if !output.isEmpty { write(output) }
    }
  }
}

/// Why the showcase could not do what its command line asked.
struct ShowcaseError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
