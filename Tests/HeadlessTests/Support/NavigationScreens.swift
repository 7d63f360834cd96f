import BindingDSL
import Headless
import Observation

/// What the view models of a navigation test saw, in order.
@MainActor
final class EventLog {
  var events: [String] = []
  /// The host whose visible screen each event also records in ``visibleAtEvents``, if any.
  weak var host: AppHost?
  /// Each event with the name of the page the host reported visible as it was sent, and the
  /// page its render showed uncovered: `b willAppear (visible a, rendered a)`.
  var visibleAtEvents: [String] = []
}

/// A page of a navigation test: a title, a button that pushes the next page, and a slow command
/// whose run is still under way when the page leaves.
@MainActor
@Observable
final class PageViewModel {
  let name: String
  var title: String
  @ObservationIgnored let navigator: any Navigator
  @ObservationIgnored let log: EventLog
  @ObservationIgnored let clock: any Clock<Duration>
  /// Whether back asks first (see ``handleBack()``).
  @ObservationIgnored var confirmsBack = false
  /// What a lifecycle handler's navigation answered, when one was attempted.
  @ObservationIgnored var navigationFailure: NavigationError?
  /// A navigation to attempt at `didAppear`.
  @ObservationIgnored var onAppear: ((PageViewModel) throws(NavigationError) -> Void)?

  init(_ name: String, navigator: any Navigator, log: EventLog, clock: any Clock<Duration>) {
    self.name = name
    self.title = "Page \(name)"
    self.navigator = navigator
    self.log = log
    self.clock = clock
  }

  @ObservationIgnored private(set) lazy var next = Command<Void, Void>("next", owner: self) {
    vm, _ in
    try vm.navigator.push(
      PageViewModel(vm.name + "+", navigator: vm.navigator, log: vm.log, clock: vm.clock))
  }

  @ObservationIgnored private(set) lazy var slow = Command<Void, Void>("slow", owner: self) {
    vm, _ in
    try await vm.waitLong()
  }

  private func waitLong() async throws {
    try await clock.sleep(for: .seconds(3_600))
  }

  func record(_ event: LifecycleEvent) {
    log.events.append("\(name) \(event.rawValue)")
    if let host = log.host {
      let visible = (host.visibleModel as? PageViewModel)?.name ?? "nothing"
      // NB: the render's visible screen is the one line `Screen` not flagged `covered`.
      let rendered = host.render().split(separator: "\n")
        .map { $0.trimmingPrefix(while: { $0 == " " }) }
        .filter { $0.hasPrefix("Screen #page ") && !$0.hasSuffix("covered]") }
        .map { $0.split(separator: "\"")[1].dropFirst("Page ".count) }
      log.visibleAtEvents.append(
        "\(name) \(event.rawValue) (visible \(visible), rendered \(rendered.joined(separator: ", ")))"
      )
    }
    guard event == .didAppear, let onAppear else { return }
    do throws(NavigationError) {
      try onAppear(self)
    } catch {
      navigationFailure = error
    }
  }
}

extension PageViewModel: BackHandling {
  func handleBack() -> Bool {
    guard confirmsBack else { return false }
    log.events.append("\(name) asked to go back")
    return true
  }
}

struct PageScreen: Screen {
  let heading = Label("heading")
  let next = Button("next", title: "Next")
  let slow = Button("slow", title: "Slow")

  var body: Widget {
    VStack("page") {
      heading
      next
      slow
    }
  }

  func bindings(_ vm: PageViewModel) -> [BindingDeclaration<PageViewModel>] {
    bind(\.name, to: heading.text)
    command(vm.next, on: next)
    command(vm.slow, on: slow)
    for event in LifecycleEvent.allCases {
      on(event) { vm.record(event) }
    }
  }
}

/// A view model of a type no screen is registered for.
@MainActor
@Observable
final class UnregisteredViewModel {}

/// A second registered type, with a widget id the page has too and one of its own.
@MainActor
@Observable
final class NoteViewModel {
  var text = "note"
}

struct NoteScreen: Screen {
  let text = Label("text")
  let heading = Label("heading")

  var body: Widget {
    VStack("note") {
      heading
      text
    }
  }

  func bindings(_ vm: NoteViewModel) -> [BindingDeclaration<NoteViewModel>] {
    bind(\.text, to: text.text)
  }
}

/// A registry whose pages have a route (`page:<name>`), so that paths can name them; each page a
/// route makes logs to `log` and sleeps on `clock`.
@MainActor
func routedPageRegistry(log: EventLog, clock: VirtualClock) throws -> ScreenRegistry {
  let registry = ScreenRegistry()
  try registry.register(
    "page", title: \PageViewModel.title,
    route: RouteCoding(encode: { $0.name }) { name, host in
      name.isEmpty ? nil : PageViewModel(name, navigator: host, log: log, clock: clock)
    }
  ) { PageScreen() }
  return registry
}

/// A registry of pages (titled by their view model) and notes.
@MainActor
func navigationRegistry() throws -> ScreenRegistry {
  let registry = ScreenRegistry()
  try registry.register("page", title: \PageViewModel.title) { PageScreen() }
  try registry.register("note", title: "Note") { NoteScreen() }
  return registry
}
