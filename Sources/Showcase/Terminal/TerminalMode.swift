import Foundation
import Headless
import HeadlessTesting
import TerminalHost

/// The terminal mode: one showcase screen, or the whole app, full screen and driven by the
/// keyboard, on the same drivers the interactive mode uses. Their virtual clock follows the
/// real one, so a countdown counts down and a fake service answers after its latency.
@MainActor
enum TerminalMode {
  /// Why the terminal mode cannot run here, as the message the showcase prints, or `nil` when
  /// it can.
  ///
  /// - Parameters:
  ///   - input: The file descriptor keys would be read from.
  ///   - environment: The process's environment.
  /// - Returns: The message, pointing at `--interactive`.
  static func unavailableMessage(input: Int32, environment: [String: String]) -> String? {
    TerminalSession.unavailableReason(input: input, environment: environment).map {
      "--terminal needs a terminal, and \($0). To drive a screen from a script or a pipe, use "
        + "--interactive [SCREEN], which reads commands line by line."
    }
  }

  /// A host for the screen `name` (or the app), and the tick that settles its driver and
  /// moves its clock on by the real time passed.
  ///
  /// - Parameter name: The screen's name on the command line, or `app`.
  /// - Returns: The host and its tick.
  /// - Throws: ``ShowcaseError`` when there is no screen `name`, or the error that kept it from
  ///   being mounted.
  static func host(
    for name: String
  ) async throws -> (host: TerminalScreenHost, tick: @MainActor () async -> Void) {
    switch name {
    case "registration": return try await screen(Demos.registration())
    case "search": return try await screen(Demos.search())
    case "roles": return try await screen(Demos.roles())
    case "waybills": return try await screen(Demos.waybills())
    case "settings": return try await screen(Demos.settings())
    case "app":
      let driver = try await ShowcaseApp.driver()
      return (TerminalScreenHost(driver.host, flush: {}), ticking(driver))
    default:
      throw ShowcaseError(
        "no showcase screen '\(name)'; screens: \(Demos.names.joined(separator: ", "))")
    }
  }

  /// Runs the screen `name` full screen until Ctrl-C or Ctrl-Q, and gives the terminal back.
  ///
  /// - Parameter name: The screen's name on the command line, or `app`.
  /// - Throws: ``ShowcaseError`` for an unknown screen, or the error of a session that could
  ///   not start.
  static func run(screen name: String) async throws {
    let (host, tick) = try await host(for: name)
    let session = try TerminalSession(input: STDIN_FILENO, output: STDOUT_FILENO)
    defer { session.restore() }
    await session.run(host, tick: tick)
  }

  private static func screen<S: Screen>(
    _ driver: ScreenDriver<S>
  ) async throws -> (host: TerminalScreenHost, tick: @MainActor () async -> Void) {
    try await driver.appear()
    return (TerminalScreenHost(driver.mounted, flush: {}), ticking(driver))
  }

  /// A tick that moves `driver`'s clock on by the real time since the last tick, settling the
  /// screen; a screen that does not settle is left for the next tick.
  private static func ticking(_ driver: Driver) -> @MainActor () async -> Void {
    let last = RealTime()
    return {
      let now = ContinuousClock.now
      try? await driver.advance(by: now - last.instant)
      last.instant = now
    }
  }
}

/// The real time of the last tick.
@MainActor
private final class RealTime {
  var instant = ContinuousClock.now
}
