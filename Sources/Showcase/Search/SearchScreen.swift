import BindingDSL
import Headless

/// A search field debounced into a cancel-previous search, a spinner while it runs, a status
/// line and the results.
struct SearchScreen: Screen {
  static let debounce = Duration.milliseconds(300)

  let query = TextField("query", placeholder: "Search fruit")
  let spinner = ActivityIndicator("spinner")
  let status = Label("status")
  let results = TextList("results")

  var body: Widget {
    VStack("search") {
      HStack("bar") {
        query
        spinner
      }
      status
      results
    }
  }

  func bindings(_ vm: SearchViewModel) -> [BindingDeclaration<SearchViewModel>] {
    bind(\.query, to: query.text)
    command(vm.search, onChangeOf: \.query, timing: .debounce(Self.debounce))
    bind(\.search.isExecuting, to: spinner.isAnimating)
    bind(\.statusText, to: status.text)
    bind(\.results, to: results.items)
  }
}
