/// An equality test for values of one `Equatable` type, known only at run time: it holds the
/// type's conformance, so it costs no allocation (a closure built per value type would allocate
/// its context for every node and widget property).
@usableFromInline
package struct Equality<Value> {
  private let type: any Equatable.Type

  @usableFromInline
  init(_ type: any Equatable.Type) {
    // NB: `callAsFunction` casts values to the type it holds; it must be `Value` itself.
    assert(
      ObjectIdentifier(type) == ObjectIdentifier(Value.self), "an equality test of another type")
    self.type = type
  }

  package func callAsFunction(_ lhs: Value, _ rhs: Value) -> Bool {
    // NB: this runs unspecialized, in the nodes' and widget properties' generic code; the
    // common value types are compared directly, without opening the conformance and calling
    // its generic `==` (a fifth of the cost of a change through a derived value).
    let type = ObjectIdentifier(self.type)
    if type == ObjectIdentifier(Int.self) {
      return unsafeBitCast(lhs, to: Int.self) == unsafeBitCast(rhs, to: Int.self)
    }
    if type == ObjectIdentifier(String.self) {
      return unsafeBitCast(lhs, to: String.self) == unsafeBitCast(rhs, to: String.self)
    }
    if type == ObjectIdentifier(Bool.self) {
      return unsafeBitCast(lhs, to: Bool.self) == unsafeBitCast(rhs, to: Bool.self)
    }
    return self.type.isEqual(lhs, rhs)
  }
}

/// Returns an equality test for `Value` when it is `Equatable`, so the engine can skip
/// unchanged values without constraining every binding to equatable types.
@inlinable
package func equality<Value>(for type: Value.Type) -> Equality<Value>? {
  // NB: inlined and specialized, these comparisons are decided at compile time: the common
  // value types of widgets need no lookup at all (a row's declarations ask for theirs per row).
  if Value.self == String.self { return Equality(String.self) }
  if Value.self == Bool.self { return Equality(Bool.self) }
  if Value.self == Int.self { return Equality(Int.self) }
  if Value.self == Double.self { return Equality(Double.self) }
  return lookedUpEquality(for: type)
}

/// ``equality(for:)`` for a type that is not one of the common ones.
@usableFromInline
func lookedUpEquality<Value>(for type: Value.Type) -> Equality<Value>? {
  // NB: the conformance is looked up once per type: a list mounting rows asks for the same
  // few types for every node and widget property, and the runtime's lookup cost more than
  // this table's.
  let key = ObjectIdentifier(type)
  if let known = equatableTypes.withLock({ $0[key] }) { return known.type.map(Equality.init) }
  let equatable = type as? any Equatable.Type
  equatableTypes.withLock { $0[key] = EquatableConformance(type: equatable) }
  return equatable.map(Equality.init)
}

/// An equality test for an `Equatable` type known at compile time: no lookup at all.
package func equality<Value: Equatable>(forEquatable type: Value.Type) -> Equality<Value> {
  Equality(type)
}

/// A type's `Equatable` conformance, or `nil` when it has none.
private struct EquatableConformance: @unchecked Sendable {
  // NB: a metatype never changes; only the checker does not know it may cross isolation.
  let type: (any Equatable.Type)?
}

/// Per type: its `Equatable` conformance, once looked up.
private let equatableTypes = Lock<[ObjectIdentifier: EquatableConformance]>([:])

extension Equatable {
  fileprivate static func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    // NB: `Value` is `Self` here (checked when the `Equality` was made), so the casts cannot
    // fail.
    unsafeBitCast(lhs, to: Self.self) == unsafeBitCast(rhs, to: Self.self)
  }
}

/// The name a graph shows for a Swift type.
///
/// Names are kept once made: a list mounting rows makes the same declarations, with the same
/// names, for every row, and describing a type costs far more than looking it up.
package func typeName(_ type: Any.Type) -> String {
  let key = ObjectIdentifier(type)
  if let known = typeNames.withLock({ $0[key] }) { return known }
  let name = String(describing: type)
  typeNames.withLock { $0[key] = name }
  return name
}

/// The name kept for `type`, made by `describe` the first time.
package func typeName(_ type: Any.Type, describedAs describe: () -> String) -> String {
  let key = ObjectIdentifier(type)
  if let known = describedTypes.withLock({ $0[key] }) { return known }
  let name = describe()
  describedTypes.withLock { $0[key] = name }
  return name
}

private let typeNames = Lock<[ObjectIdentifier: String]>([:])
private let describedTypes = Lock<[ObjectIdentifier: String]>([:])
