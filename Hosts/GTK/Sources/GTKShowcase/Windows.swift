import BindingDSL
import CGTK
import GTKHost
import Headless

/// Why the showcase cannot open a window.
struct GTKShowcaseError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

/// The showcase's screens, or its whole app, in GTK windows.
@MainActor
enum ShowcaseWindows {
  /// The screens by the name the command line uses.
  static var names: [String] { Demos.names }

  /// What the showcase says, and exits with status 2 for, when there is no display.
  static let noDisplayMessage = """
    GTKShowcase needs a display, and none could be opened (DISPLAY and WAYLAND_DISPLAY are \
    not set, or the display refused GTK). Run it under a virtual X server:
      xvfb-run -a swift run --package-path Hosts/GTK GTKShowcase [SCREEN]
    or show the same screens in this terminal instead:
      swift run Showcase --terminal [SCREEN]
    """

  /// Whether the environment names a display for GTK to open.
  static func namesDisplay(_ environment: [String: String]) -> Bool {
    [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
  }

  /// Mounts `screen` on `model`, shows it in a window, and unmounts it when the window closes.
  ///
  /// - Returns: The window (presented) and the mounted screen.
  static func open<S: Screen>(
    _ screen: S, model: S.Model, title: String, scheduler: GTKScheduler, clock: any Clock<Duration>
  ) throws -> (window: GTKWindow, mounted: MountedScreen<S>) {
    let mounted = try screen.mount(on: model, scheduler: scheduler, clock: clock)
    mounted.appear()
    let host = GTKScreenHost(root: mounted.root!, scheduler: scheduler)
    let window = GTKWindow(host: host, title: title)
    window.onClose = {
      mounted.disappear()
      mounted.unmount()
    }
    window.present()
    return (window, mounted)
  }

  /// Opens the app at its sign-in screen in a window; closing the window shuts it down.
  static func openApp(
    scheduler: GTKScheduler, clock: any Clock<Duration>
  ) throws -> (window: GTKWindow, app: AppHost) {
    let services = ShowcaseApp.services(clock: clock)
    let app = AppHost(
      registry: try ShowcaseApp.registry(services: services), scheduler: scheduler, clock: clock)
    try app.setStack([LoginViewModel(services: services(app))])
    let host = GTKScreenHost(app: app, scheduler: scheduler)
    let window = GTKWindow(host: host, title: "Showcase")
    window.onClose = { app.shutDown() }
    window.present()
    return (window, app)
  }

  /// Opens the screen `name` (or the app) on `clock`, its fake services answering on it.
  static func open(
    _ name: String, scheduler: GTKScheduler, clock: any Clock<Duration>
  ) throws -> GTKWindow {
    switch name {
    case "registration":
      return try open(
        RegistrationScreen(), model: Demos.registrationModel(clock: clock),
        title: "Registration", scheduler: scheduler, clock: clock
      ).window
    case "search":
      return try open(
        SearchScreen(), model: Demos.searchModel(clock: clock), title: "Search",
        scheduler: scheduler, clock: clock
      ).window
    case "roles":
      return try open(
        RoleListScreen(), model: Demos.rolesModel(clock: clock), title: "Roles",
        scheduler: scheduler, clock: clock
      ).window
    case "waybills":
      return try open(
        WaybillListScreen(), model: Demos.waybillsModel(clock: clock), title: "Waybills",
        scheduler: scheduler, clock: clock
      ).window
    case "settings":
      return try open(
        SettingsScreen(), model: try Demos.settingsModel(clock: clock), title: "Settings",
        scheduler: scheduler, clock: clock
      ).window
    case "app":
      return try openApp(scheduler: scheduler, clock: clock).window
    default:
      throw GTKShowcaseError(
        "no showcase screen '\(name)'; screens: \(names.joined(separator: ", "))")
    }
  }
}
