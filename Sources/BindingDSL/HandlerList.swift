/// A token that identifies one registered handler so it can be removed again.
///
/// Tokens are opaque: only the widget or list that made one gives its number a meaning. A number
/// may be zero or negative (a ``HandlerList`` counts up from 1; a widget property of the
/// headless kit gives its first edit handler negative numbers).
public struct HandlerToken: Hashable, Sendable {
  /// The token's number, unique among the handlers of the widget or list that made it.
  public let rawValue: Int
  /// Creates a token from its number.
  ///
  /// - Parameter rawValue: The number.
  public init(rawValue: Int) { self.rawValue = rawValue }
}

/// Handlers kept under the tokens that remove them, in the order they were added: how value
/// targets, event sources and commands keep their listeners.
///
/// ```swift
/// var editHandlers = HandlerList<@MainActor (String) -> Void>()
/// let token = editHandlers.add { print($0) }
/// for handler in editHandlers.handlers { handler("edited") }
/// editHandlers.remove(token)
/// ```
///
/// A closure kept in a generic collection is stored in its most general form, and Swift makes a
/// small object (a thunk) for each closure converted to it. A widget kit that adds a handler for
/// every binding can wrap its closures in a struct, `HandlerList<EditHandler>` with
/// `struct EditHandler { let call: @MainActor (String) -> Void }`, which stores them as they are.
public struct HandlerList<Handler> {
  var entries: [(token: Int, handler: Handler)] = []
  var lastToken = 0

  /// Creates an empty list.
  public init() {}

  /// Adds `handler` after the others; the token removes it again.
  ///
  /// - Parameter handler: The handler.
  /// - Returns: The token ``remove(_:)`` takes.
  public mutating func add(_ handler: Handler) -> HandlerToken {
    lastToken += 1
    entries.append((lastToken, handler))
    return HandlerToken(rawValue: lastToken)
  }

  /// Removes the handler added under `token`; a token already removed does nothing.
  ///
  /// - Parameter token: A token ``add(_:)`` returned.
  public mutating func remove(_ token: HandlerToken) {
    if let index = entries.firstIndex(where: { $0.token == token.rawValue }) {
      entries.remove(at: index)
    }
  }

  /// How many handlers there are.
  public var count: Int { entries.count }

  /// The handlers, in the order they were added. A handler that adds or removes handlers while
  /// these are being called changes the list, not this collection.
  public var handlers: Handlers { Handlers(entries: entries) }

  /// The handlers of a list at one moment, in the order they were added.
  public struct Handlers: RandomAccessCollection {
    let entries: [(token: Int, handler: Handler)]

    /// The position of the first handler: always 0.
    public var startIndex: Int { 0 }

    /// The position after the last handler: the number of handlers.
    public var endIndex: Int { entries.count }

    /// The handler at `position`.
    ///
    /// - Parameter position: A position from ``startIndex`` up to, not including,
    ///   ``endIndex``.
    public subscript(position: Int) -> Handler { entries[position].handler }
  }
}
