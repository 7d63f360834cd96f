/// The key paths of the observed properties of one specialization of a generic class, made the
/// first time it asks for them.
///
/// The `@Observable` macro writes a key-path literal (`\.status`) in every accessor it makes. In
/// a generic class such a literal is instantiated at run time on every use, which cost about
/// 1.7 µs per read of a command's `status`. The library's generic observable classes
/// (`Command`, `FormValidation`) are observable by hand instead, with their key paths made once
/// per specialization here.
@MainActor
final class ObservedKeyPaths {
  private let paths: [AnyKeyPath]

  private init(_ paths: [AnyKeyPath]) {
    self.paths = paths
  }

  private static var byType: [ObjectIdentifier: ObservedKeyPaths] = [:]

  /// The key paths `make` makes for `type`, made once per type.
  ///
  /// - Parameters:
  ///   - type: The specialization, such as `Command<Void, Int>.self`.
  ///   - make: Makes the key paths, in the order ``subscript(_:as:)`` takes them.
  /// - Returns: The key paths.
  static func of(_ type: AnyObject.Type, _ make: () -> [AnyKeyPath]) -> ObservedKeyPaths {
    let key = ObjectIdentifier(type)
    if let known = byType[key] { return known }
    let made = ObservedKeyPaths(make())
    byType[key] = made
    return made
  }

  /// Key path number `index`, as the type it was made as.
  ///
  /// - Parameters:
  ///   - index: Its position in what `make` made.
  ///   - type: Its type; it must be the type it was made as.
  /// - Returns: The key path.
  subscript<Root, Value>(_ index: Int, as type: KeyPath<Root, Value>.Type) -> KeyPath<Root, Value> {
    // NB: made by `make` for this very type; the cast only names it.
    unsafeDowncast(paths[index], to: type)
  }
}
