/// Returns an equality test for `Value` when it is `Equatable`, so the engine can skip
/// unchanged values without constraining every binding to equatable types.
package func equality<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equatable.makeEquality(as: type)
}

extension Equatable {
  fileprivate static func makeEquality<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
    // NB: `Value` is `Self` here (checked by the caller's cast), so the casts cannot fail.
    { lhs, rhs in
      unsafeBitCast(lhs, to: Self.self) == unsafeBitCast(rhs, to: Self.self)
    }
  }
}

/// The name a graph shows for a Swift type.
package func typeName<T>(_ type: T.Type) -> String {
  String(describing: type)
}
