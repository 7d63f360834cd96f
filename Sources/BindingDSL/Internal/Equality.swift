/// An equality test for values of one `Equatable` type, known only at run time: the type's
/// `==`, found once, when the test is made, and called directly after that.
package struct Equality<Value> {
  private let test: (Value, Value) -> Bool

  fileprivate init(test: @escaping (Value, Value) -> Bool) {
    self.test = test
  }

  package func callAsFunction(_ lhs: Value, _ rhs: Value) -> Bool {
    test(lhs, rhs)
  }
}

/// Returns an equality test for `Value` when it is `Equatable`, so the engine can skip
/// unchanged values without constraining every binding to equatable types.
package func equality<Value>(for type: Value.Type) -> Equality<Value>? {
  (type as? any Equatable.Type)?.equality(as: type)
}

/// An equality test for an `Equatable` type known at compile time: no lookup at all.
package func equality<Value: Equatable>(forEquatable type: Value.Type) -> Equality<Value> {
  Equality(test: ==)
}

extension Equatable {
  /// This type's `==` as a test of `Value`, which is this type. A function of one type cast to
  /// a function of the same type succeeds, once, here; comparing values by casting each of
  /// them to `Self` took two casts a comparison.
  fileprivate static func equality<Value>(as type: Value.Type) -> Equality<Value>? {
    let test: (Self, Self) -> Bool = (==)
    return (test as? (Value, Value) -> Bool).map { Equality(test: $0) }
  }
}

/// The name a graph shows for a Swift type.
package func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
