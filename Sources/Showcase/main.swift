import Foundation
import Headless
import HeadlessTesting
import TerminalHost

let usage = """
  Usage:
    swift run Showcase                          scripted walkthroughs of every screen, as text
    swift run Showcase --interactive [SCREEN]   drive one screen, or the whole app (app), by hand
                                                (default: registration)
    swift run Showcase --terminal [SCREEN]      the same, full screen in a terminal, by keyboard
                                                (Tab moves, Ctrl-C quits)
    swift run Showcase --pictures FOLDER        the walkthroughs as pictures: an SVG file of
                                                every step, such as registration-01.svg
    swift run Showcase --help                   this text

  An interactive session exits with status 1 when one of its commands failed (answered with
  error:), and 2 when its screen cannot be shown.

  Screens: \(Demos.names.joined(separator: ", "))
  """

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case nil:
    print(Introduction.text)
    print("")
    try await printWalkthroughs()
  case "--interactive", "-i":
    guard arguments.count <= 2 else {
      throw ShowcaseError("--interactive takes one screen name at most\n\n\(usage)")
    }
    let interactive = isatty(STDIN_FILENO) == 1
    let failures = try await Interactive.run(
      screen: arguments.count == 2 ? arguments[1] : "registration", echo: !interactive,
      readLine: { readLine() },
      prompt: {
        print("> ", terminator: "")
        fflush(nil)
      },
      write: { print($0) })
    // NB: a script piped in fails as a whole when one of its commands failed.
    if failures > 0 { exit(1) }
  case "--terminal", "-t":
    guard arguments.count <= 2 else {
      throw ShowcaseError("--terminal takes one screen name at most\n\n\(usage)")
    }
    let environment = ProcessInfo.processInfo.environment
    let input = TerminalSession.terminalInput()
    if let message = TerminalMode.unavailableMessage(input: input, environment: environment) {
      throw ShowcaseError(message)
    }
    try await TerminalMode.run(
      screen: arguments.count == 2 ? arguments[1] : "registration", input: input ?? STDIN_FILENO)
  case "--pictures":
    guard arguments.count == 2 else {
      throw ShowcaseError("--pictures takes the folder to write the pictures to\n\n\(usage)")
    }
    let written = try await writeWalkthroughPictures(
      to: URL(fileURLWithPath: arguments[1], isDirectory: true))
    print("wrote \(written.count) pictures to \(arguments[1])")
  case "--help", "-h":
    print(usage)
  case let argument?:
    throw ShowcaseError("unknown argument '\(argument)'\n\n\(usage)")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
}

@MainActor
func printWalkthroughs() async throws {
  for app in [try await Walkthroughs.appRegistration(), try await Walkthroughs.appHome()] {
    print(app.text)
    print("")
    app.driver.shutDown()
  }

  let registration = try await Walkthroughs.registration()
  print(registration.text)
  print("")
  print("== Registration bindings ==")
  print(registration.driver.mounted.bindingGraph.dump())
  registration.driver.unmount()

  printAndUnmount(try await Walkthroughs.search())
  printAndUnmount(try await Walkthroughs.roles())
  printAndUnmount(try await Walkthroughs.waybills())
  printAndUnmount(try await Walkthroughs.depotWaybills())
  printAndUnmount(try await Walkthroughs.noWaybills())
  printAndUnmount(try await Walkthroughs.settings())
}

/// Prints `walkthrough` after a blank line, then unmounts its screen.
@MainActor
func printAndUnmount<S: Screen>(_ walkthrough: Walkthrough<S>) {
  print("")
  print(walkthrough.text)
  walkthrough.driver.unmount()
}
