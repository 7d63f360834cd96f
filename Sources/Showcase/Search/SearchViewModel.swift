import BindingDSL
import Observation

/// The catalog a search screen queries.
protocol CatalogService: Sendable {
  func search(_ query: String) async throws -> [String]
}

enum CatalogError: Error, CustomStringConvertible {
  case unreachable

  var description: String { "The catalog could not be reached." }
}

/// A catalog of fruit on an injected clock: one-letter queries are slow (1 s), longer ones fast
/// (300 ms), and queries starting with "x" fail, so a walkthrough can show a race and an error.
struct FakeCatalog: CatalogService {
  static let fruit = [
    "apple", "apricot", "banana", "blackberry", "cherry", "grape", "grapefruit", "mango",
    "papaya", "peach", "pear", "pineapple",
  ]

  let clock: any Clock<Duration>

  func search(_ query: String) async throws -> [String] {
    try await clock.sleep(for: query.count <= 1 ? .seconds(1) : .milliseconds(300))
    if query.hasPrefix("x") { throw CatalogError.unreachable }
    return Self.fruit.filter { $0.contains(query.lowercased()) }
  }
}

/// What one search found, and for which query.
struct SearchResult: Hashable, Sendable {
  let query: String
  let items: [String]
}

/// Search as you type: the query is debounced into a cancel-previous search command, so only
/// the newest query's results are ever shown.
@MainActor
@Observable
final class SearchViewModel: CommandOwner {
  let commands = CommandStore()

  var query = ""

  @ObservationIgnored private let catalog: any CatalogService

  init(catalog: any CatalogService) {
    self.catalog = catalog
  }

  var search: Command<String, SearchResult> {
    .owned(by: self, policy: .cancelPrevious) { vm, query in
      if query.isEmpty { return SearchResult(query: query, items: []) }
      return SearchResult(query: query, items: try await vm.catalog.search(query))
    }
  }

  /// The newest results; none after a failed search, so stale results never sit under an error.
  var results: [String] { search.status == .failed ? [] : search.lastOutput?.items ?? [] }

  var statusText: String {
    switch search.status {
    case .idle:
      return "Type to search the catalog"
    case .executing:
      return "Searching…"
    case .succeeded:
      guard let result = search.lastOutput, !result.query.isEmpty else {
        return "Type to search the catalog"
      }
      let count = result.items.count
      return count == 0
        ? "No fruit matches \"\(result.query)\""
        : "\(count) \(count == 1 ? "match" : "matches") for \"\(result.query)\""
    case .failed:
      return "Search failed: \(search.lastError.map { "\($0)" } ?? "unknown error")"
    case .cancelled:
      return "Search cancelled"
    }
  }
}
