import BindingDSL
import Headless
import Observation

/// A child view model with its own screen, which writes down its lifecycle.
@MainActor
@Observable
final class CounterViewModel {
  let name: String
  var count = 0
  @ObservationIgnored let log: EventLog

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
  }
}

struct CounterScreen: Screen {
  let count = Label("count")

  var body: Widget { VStack("counter") { count } }

  func bindings(_ vm: CounterViewModel) -> [BindingDeclaration<CounterViewModel>] {
    bind(\.count, to: count.text) { "\(vm.name): \($0)" }
    for event in LifecycleEvent.allCases {
      on(event) { vm.log.events.append("\(vm.name) \(event.rawValue)") }
    }
  }
}

/// A parent with an optional child, two tabs, and a header that binds the parent itself.
@MainActor
@Observable
final class DashboardViewModel {
  var title = "Dashboard"
  var detail: CounterViewModel?
  let left: CounterViewModel
  let right: CounterViewModel
  var selectedTab = "left"
  @ObservationIgnored let log: EventLog

  init(log: EventLog) {
    self.log = log
    left = CounterViewModel("left", log: log)
    right = CounterViewModel("right", log: log)
  }
}

/// A part of the dashboard written as a screen of its own, on the dashboard's view model.
struct DashboardHeader: Screen {
  let heading = Label("heading")

  var body: Widget { heading }

  func bindings(_ vm: DashboardViewModel) -> [BindingDeclaration<DashboardViewModel>] {
    bind(\.title, to: heading.text)
  }
}

struct DashboardScreen: Screen {
  let header = EmbeddedScreen("header") { DashboardHeader() }
  let detail = EmbeddedScreen("detail") { CounterScreen() }
  let left = EmbeddedScreen("left", title: "Left") { CounterScreen() }
  let right = EmbeddedScreen("right", title: "Right") { CounterScreen() }
  let tabs = TabView("tabs", selection: "left")

  var body: Widget {
    VStack("dashboard") {
      header
      detail
      tabs.with {
        left
        right
      }
    }
  }

  func bindings(_ vm: DashboardViewModel) -> [BindingDeclaration<DashboardViewModel>] {
    embed(in: header)
    embed(\.detail, in: detail)
    embed(\.left, in: left)
    embed(\.right, in: right)
    bind(\.selectedTab, to: tabs.selection)
    for event in LifecycleEvent.allCases {
      on(event) { vm.log.events.append("dashboard \(event.rawValue)") }
    }
  }
}
