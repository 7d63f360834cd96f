import BindingDSL
import Headless

/// What a driver's verbs act on: the widgets of one screen, whoever shows it.
@MainActor
protocol DriverSurface: AnyObject {
  /// Whether anything is mounted to act on.
  var isMounted: Bool { get }
  /// What messages call the place widgets are looked for in, such as `LoginScreen`.
  var name: String { get }
  /// Why nothing can be reached, such as `the screen is unmounted`.
  var unmountedText: String { get }
  /// The widget with `id` in the screen's id space.
  func widget(_ id: String) -> Widget?
  /// The ids of the screen's widgets, sorted.
  var widgetIDs: [String] { get }
  /// The screen's tree.
  var root: Widget? { get }
  /// A message for an id the screen lacks that is known elsewhere (on a covered screen).
  func note(onMissing id: String) -> String?
  /// What the enabled state at `key` follows.
  func enabledCause(of key: TargetKey) -> String?
  /// Whose work settling waits for.
  var workOwners: Set<WorkToken> { get }
  /// Why the last flush stopped early.
  var unsettledReport: String? { get }
  /// The text a render shows.
  func render() -> String
  /// Why `action` cannot reach the screen now (a dialog covers it), or `nil`.
  func blocker(for action: String) -> String?
}

extension DriverSurface {
  func blocker(for action: String) -> String? { nil }
}
