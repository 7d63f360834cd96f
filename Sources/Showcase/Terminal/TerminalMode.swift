import Foundation
import Headless
import TerminalHost

/// The terminal mode: one showcase screen, or the whole app, full screen and driven by the
/// keyboard. The screens are mounted as an app mounts them, on the real clock and on a
/// scheduler that flushes on the main actor's next turn and then draws, so a countdown counts
/// down and a fake service answers after its latency, with no test driver involved.
@MainActor
enum TerminalMode {
  /// Why the terminal mode cannot run here, as the message the showcase prints, or `nil` when
  /// it can.
  ///
  /// - Parameters:
  ///   - input: The terminal keys would be read from, or `nil` when neither standard input
  ///     nor `/dev/tty` is one.
  ///   - environment: The process's environment.
  /// - Returns: The message, pointing at `--interactive`.
  static func unavailableMessage(input: Int32?, environment: [String: String]) -> String? {
    let reason =
      input.map { TerminalSession.unavailableReason(input: $0, environment: environment) }
      ?? "the input is not a terminal and the process has no controlling terminal (/dev/tty)"
    return reason.map {
      "--terminal needs a terminal, and \($0). To drive a screen from a script or a pipe, use "
        + "--interactive [SCREEN], which reads commands line by line."
    }
  }

  /// A host for the screen `name` (or the app), mounted on `scheduler` and `clock`, shown.
  ///
  /// - Parameters:
  ///   - name: The screen's name on the command line, or `app`.
  ///   - scheduler: The scheduler to mount on; the host flushes it after each key.
  ///   - clock: The clock the screens' timers and fake services sleep on.
  /// - Returns: The host.
  /// - Throws: ``ShowcaseError`` when there is no screen `name`, or the error that kept it from
  ///   being mounted.
  static func host(
    for name: String, scheduler: RedrawScheduler, clock: any Clock<Duration>
  ) throws -> TerminalScreenHost {
    func shown<S: Screen>(_ screen: S, _ model: S.Model) throws -> TerminalScreenHost {
      let mounted = try screen.mount(on: model, scheduler: scheduler, clock: clock)
      mounted.appear()
      return TerminalScreenHost(mounted, flush: { scheduler.flush() })
    }
    switch name {
    case "registration":
      return try shown(RegistrationScreen(), Demos.registrationModel(clock: clock))
    case "search": return try shown(SearchScreen(), Demos.searchModel(clock: clock))
    case "roles": return try shown(RoleListScreen(), Demos.rolesModel(clock: clock))
    case "waybills": return try shown(WaybillListScreen(), Demos.waybillsModel(clock: clock))
    case "settings": return try shown(SettingsScreen(), try Demos.settingsModel(clock: clock))
    case "app":
      let services = ShowcaseApp.services(clock: clock)
      let app = AppHost(
        registry: try ShowcaseApp.registry(services: services), scheduler: scheduler,
        clock: clock)
      try app.setStack([LoginViewModel(services: services(app))])
      return TerminalScreenHost(app, flush: { scheduler.flush() })
    default:
      throw ShowcaseError(
        "no showcase screen '\(name)'; screens: \(Demos.names.joined(separator: ", "))")
    }
  }

  /// Runs the screen `name` full screen until Ctrl-C or Ctrl-Q, and gives the terminal back.
  ///
  /// - Parameters:
  ///   - name: The screen's name on the command line, or `app`.
  ///   - input: The terminal to read keys from (``TerminalSession/terminalInput(standardInput:)``).
  /// - Throws: ``ShowcaseError`` for an unknown screen, or the error of a session that could
  ///   not start.
  static func run(screen name: String, input: Int32) async throws {
    let clock = ContinuousClock()
    let scheduler = RedrawScheduler(clock: clock)
    let host = try host(for: name, scheduler: scheduler, clock: clock)
    defer { host.app?.shutDown() }
    // NB: frames go to standard output when it is a terminal, else to the terminal keys come
    // from (/dev/tty, opened for reading and writing).
    let output = isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : input
    let session = try TerminalSession(input: input, output: output)
    defer { session.restore() }
    try await session.run(host, scheduler: scheduler, clock: clock)
  }
}
