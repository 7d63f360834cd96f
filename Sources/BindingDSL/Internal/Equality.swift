/// An equality test for values of one `Equatable` type, known only at run time: it holds the
/// type's conformance.
package struct Equality<Value> {
  private let type: any Equatable.Type

  init(_ type: any Equatable.Type) {
    // NB: `callAsFunction` casts values to the type it holds; it must be `Value` itself.
    assert(
      ObjectIdentifier(type) == ObjectIdentifier(Value.self), "an equality test of another type")
    self.type = type
  }

  package func callAsFunction(_ lhs: Value, _ rhs: Value) -> Bool {
    type.isEqual(lhs, rhs)
  }
}

/// Returns an equality test for `Value` when it is `Equatable`, so the engine can skip
/// unchanged values without constraining every binding to equatable types.
package func equality<Value>(for type: Value.Type) -> Equality<Value>? {
  (type as? any Equatable.Type).map { Equality($0) }
}

/// An equality test for an `Equatable` type known at compile time: no lookup at all.
package func equality<Value: Equatable>(forEquatable type: Value.Type) -> Equality<Value> {
  Equality(type)
}

extension Equatable {
  fileprivate static func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    // `Value` is `Self` here (checked when the `Equality` was made).
    lhs as! Self == rhs as! Self
  }
}

/// The name a graph shows for a Swift type.
package func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
