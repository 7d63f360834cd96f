import BindingDSL
import Headless
import Observation

/// The signed-in home: fruit search and the waybill list in tabs, and signing out (confirmed).
@MainActor
@Observable
final class HomeViewModel: CommandOwner {
  let commands = CommandStore()

  let search: FruitSearchViewModel
  let waybills: WaybillListViewModel
  var selectedTab = HomeViewModel.tabs[0]

  @ObservationIgnored let services: AppServices

  init(services: AppServices) {
    self.services = services
    search = FruitSearchViewModel(services: services)
    waybills = WaybillListViewModel(service: services.waybills)
  }

  var signOut: Command<Void, Void> {
    .owned(by: self) { vm in
      try await vm.confirmSigningOut()
    }
  }

  /// The tabs, by id; the first is selected at first.
  static let tabs = ["searchTab", "waybillTab"]

  /// The home's route: its selected tab, written only when it is not the first
  /// (`home:waybillTab`), so that a deep link restores the tab too.
  static func route(
    services: @escaping @MainActor (AppHost) -> AppServices
  ) -> RouteCoding<HomeViewModel> {
    RouteCoding(encode: { $0.selectedTab == tabs[0] ? "" : $0.selectedTab }) { tab, host in
      guard tab.isEmpty || tabs.contains(tab) else { return nil }
      let home = HomeViewModel(services: services(host))
      if !tab.isEmpty { home.selectedTab = tab }
      return home
    }
  }

  private func confirmSigningOut() async throws {
    let answer = await services.dialogs.confirm(
      "Sign out?", message: nil, confirm: "Sign out", cancel: "Cancel")
    guard answer == .answered(true) else { return }
    try services.navigator.setStack([LoginViewModel(services: services)])
  }
}

struct HomeScreen: Screen {
  let search = EmbeddedScreen("searchTab", title: "Search") { FruitSearchScreen() }
  let waybills = EmbeddedScreen("waybillTab", title: "Waybills") { WaybillListScreen() }
  let tabs = TabView("tabs", selection: "searchTab")
  let signOut = Button("signOut", title: "Sign out")

  var body: Widget {
    VStack("home") {
      tabs.with {
        search
        waybills
      }
      signOut
    }
  }

  func bindings(_ vm: HomeViewModel) -> [BindingDeclaration<HomeViewModel>] {
    embed(\.search, in: search)
    embed(\.waybills, in: waybills)
    bind(\.selectedTab, to: tabs.selection)
    command(vm.signOut, on: signOut, showsBusy: false)
  }
}

/// A fruit found by the search, as a row.
@MainActor
@Observable
final class FruitCell: Identifiable {
  let id: String

  init(_ name: String) {
    id = name
  }
}

struct FruitRow: RowTemplate {
  let name = Label("name")

  var body: Widget { name }

  func bindings(_ vm: FruitCell) -> [BindingDeclaration<FruitCell>] {
    bind(\.id, to: name.text)
  }
}

/// The search screen of the catalog with its results as rows: selecting one pushes its detail.
@MainActor
@Observable
final class FruitSearchViewModel: CommandOwner {
  let commands = CommandStore()

  let search: SearchViewModel
  /// The rows, kept across searches for the fruit that stay.
  private(set) var rows: [FruitCell] = []

  @ObservationIgnored let services: AppServices

  init(services: AppServices) {
    self.services = services
    search = SearchViewModel(catalog: services.catalog)
  }

  /// Brings the rows in line with the newest results, keeping the cells of fruit that stay.
  var showResults: Command<[String], Void> {
    .owned(by: self) { vm, names in
      let kept = Dictionary(uniqueKeysWithValues: vm.rows.map { ($0.id, $0) })
      vm.rows = names.map { kept[$0] ?? FruitCell($0) }
    }
  }

  var open: Command<FruitCell, Void> {
    .owned(by: self) { vm, cell in
      try vm.services.navigator.push(FruitDetailViewModel(name: cell.id))
    }
  }
}

struct FruitSearchScreen: Screen {
  let query = TextField("query", placeholder: "Search fruit")
  let status = Label("status")
  let results = ListView("results", rows: [FruitRow.self])

  var body: Widget {
    VStack("fruitSearch") {
      query
      status
      results
    }
  }

  func bindings(_ vm: FruitSearchViewModel) -> [BindingDeclaration<FruitSearchViewModel>] {
    bind(\.search.query, to: query.text)
    command(vm.search.search, onChangeOf: \.search.query, timing: .debounce(SearchScreen.debounce))
    bind(\.search.statusText, to: status.text)
    command(vm.showResults, onChangeOf: \.search.results)
    show(\.rows, in: results)
    command(vm.open, on: results.selection)
  }
}

/// One fruit, pushed from the search results; its title is the fruit's name.
@MainActor
@Observable
final class FruitDetailViewModel {
  let name: String

  var title: String { name.prefix(1).uppercased() + name.dropFirst() }
  var summary: String { "\(title) is in season. \(name.count) letters, all of them delicious." }

  init(name: String) {
    self.name = name
  }
}

struct FruitDetailScreen: Screen {
  let summary = Label("summary")

  var body: Widget { VStack("fruitDetail") { summary } }

  func bindings(_ vm: FruitDetailViewModel) -> [BindingDeclaration<FruitDetailViewModel>] {
    bind(\.summary, to: summary.text)
  }
}
