/// The stacks of an app as plain values: enough to save where a person is and to bring them
/// back, or to open a deep link. Each screen is its registered name and an argument its route
/// writes (an id, say); the main stack comes first, then each presented stack.
///
/// ```swift
/// let path = try driver.host.path()
/// // page:home/page:list/page:item | page:share
/// let saved = try RoutePath(parsing: path.description)
/// // later:
/// try await driver.navigate { (host) throws(NavigationError) in try host.restore(saved) }
/// ```
///
/// > Important: The text of a path (``description``, ``init(parsing:)``) escapes nothing. An
/// > argument may hold `:` (only an entry's first `:` ends its name) and `|` (stacks are
/// > separated by a `|` between two spaces), and reads back as it was written; an argument that
/// > holds `/` (which starts another screen), ` | ` (which starts another stack), or ends with
/// > ` |` before another stack does not. A route whose arguments may hold them encodes them
/// > itself (percent-encoding, say), or the path is saved with `Codable`, which keeps every
/// > argument as it is. A screen registered under a name holding `/` or `:` does not read back
/// > either.
public struct RoutePath: Hashable, Codable, Sendable, CustomStringConvertible {
  /// One screen of a stack: its registered name and its route's argument.
  public struct Entry: Hashable, Codable, Sendable {
    /// The name the screen was registered under.
    public var name: String
    /// What the screen's route wrote of its view model; empty when it needs nothing. Written
    /// as it is in the text of a path: see ``RoutePath`` for the characters that read back.
    public var argument: String

    /// Makes an entry.
    ///
    /// - Parameters:
    ///   - name: The registered name.
    ///   - argument: What the route reads back to make the view model.
    public init(_ name: String, argument: String = "") {
      self.name = name
      self.argument = argument
    }
  }

  /// The main stack, then each presented stack, each root first.
  public var stacks: [[Entry]]

  /// Makes a path.
  ///
  /// - Parameter stacks: The main stack, then each presented stack, each root first.
  public init(stacks: [[Entry]]) {
    self.stacks = stacks
  }

  /// Reads a path written as ``description`` writes it: screens separated by `/`, an argument
  /// after `:`, presented stacks after ` | `: `login/search/detail:42 | settings`.
  ///
  /// The text is split at every ` | `, then at every `/`, then each entry at its first `:`;
  /// nothing is unescaped, so an argument holding `/` or ` | ` reads back as more screens or
  /// stacks (see ``RoutePath``).
  ///
  /// - Parameter text: The path as text.
  /// - Throws: ``/BindingDSL/NavigationError`` when the text has an empty stack or an empty name.
  public init(parsing text: String) throws(NavigationError) {
    var stacks: [[Entry]] = []
    for part in text.split(separator: " | ", omittingEmptySubsequences: false) {
      var stack: [Entry] = []
      for screen in part.split(separator: "/", omittingEmptySubsequences: false) {
        let pieces = screen.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(pieces[0])
        guard !name.isEmpty else {
          throw NavigationError(
            .invalidPath,
            "cannot read the path '\(text)': a screen has no name; write name/name:argument")
        }
        stack.append(Entry(name, argument: pieces.count > 1 ? String(pieces[1]) : ""))
      }
      stacks.append(stack)
    }
    self.stacks = stacks
  }

  /// The path as text: `login/search/detail:42 | settings`; names and arguments are written as
  /// they are, without escaping (see ``RoutePath``).
  public var description: String {
    stacks.map { stack in
      stack.map { $0.argument.isEmpty ? $0.name : "\($0.name):\($0.argument)" }
        .joined(separator: "/")
    }.joined(separator: " | ")
  }
}

/// How a registered screen's view model is written into a ``RoutePath`` and made again from
/// it.
///
/// ```swift
/// try registry.register(
///   "page", title: \PageViewModel.title,
///   route: RouteCoding(encode: { $0.name }) { name, host in
///     name.isEmpty ? nil : PageViewModel(name, navigator: host, log: log, clock: clock)
///   }
/// ) { PageScreen() }
/// ```
@MainActor
public struct RouteCoding<Model: AnyObject> {
  let encode: @MainActor (Model) -> String
  let decode: @MainActor (String, AppHost) -> Model?

  /// Makes a route.
  ///
  /// - Parameters:
  ///   - encode: What to write of the view model, such as its id. The text of a path keeps
  ///     `:` and `|` in it but not `/` or ` | ` (see ``RoutePath``): encode those if it may
  ///     hold them.
  ///   - decode: Makes the view model from what `encode` wrote, given the host (its navigator
  ///     and dialogs); `nil` when the argument is not one it accepts.
  public init(
    encode: @escaping @MainActor (Model) -> String,
    decode: @escaping @MainActor (String, AppHost) -> Model?
  ) {
    self.encode = encode
    self.decode = decode
  }

  /// A route for a screen whose view model needs no argument.
  ///
  /// - Parameter make: Makes the view model, given the host.
  /// - Returns: The route.
  public static func plain(_ make: @escaping @MainActor (AppHost) -> Model) -> Self {
    Self(encode: { _ in "" }, decode: { argument, host in argument.isEmpty ? make(host) : nil })
  }
}
