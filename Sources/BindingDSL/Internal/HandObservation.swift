import Observation

/// Observation of a generic class, written by hand: its registrar, and the key paths of its
/// observed properties, made once per object.
///
/// The `@Observable` macro writes a key-path literal (`\.status`) in every accessor it makes. In
/// a generic class such a literal is instantiated at run time on every use, which cost about
/// 1.7 µs per read of a command's `status`. `FormValidation`, one per form, is observable by hand
/// instead: each accessor reads or changes its stored value between the calls this type makes,
/// naming the property by its position in the list of key paths the class gives once. (Making
/// that list still makes each key path once per object: a command, of which a list has one per
/// row, keeps its observed values in a `CommandState`, which is not generic.)
@MainActor
struct HandObservation<Subject: Observable & AnyObject> {
  private let registrar = ObservationRegistrar()
  private let keyPaths: [PartialKeyPath<Subject>]

  /// Observation for a subject whose observed properties `make` lists.
  ///
  /// - Parameter make: The key paths of the observed properties, in the order the accessors
  ///   name them.
  init(_ make: () -> [PartialKeyPath<Subject>]) {
    keyPaths = make()
  }

  /// Key path number `index`, as the type it was made as.
  private func keyPath<Value>(_ index: Int, _ value: Value.Type) -> KeyPath<Subject, Value> {
    keyPaths[index] as! KeyPath<Subject, Value>
  }

  /// Tells Observation that property number `index` of `subject` was read.
  ///
  /// - Parameters:
  ///   - subject: The object read.
  ///   - index: The property's position in the list of key paths.
  ///   - type: The property's type.
  func access<Value>(_ subject: Subject, _ index: Int, _ type: Value.Type) {
    registrar.access(subject, keyPath: keyPath(index, type))
  }

  /// Changes property number `index` of `subject` with `change`, telling Observation.
  ///
  /// - Parameters:
  ///   - subject: The object changed.
  ///   - index: The property's position in the list of key paths.
  ///   - type: The property's type.
  ///   - change: Stores the new value.
  func mutate<Value>(
    _ subject: Subject, _ index: Int, _ type: Value.Type, _ change: () -> Void
  ) {
    registrar.withMutation(
      of: subject, keyPath: keyPath(index, type), change)
  }

  /// Tells Observation that property number `index` of `subject` is about to be modified in
  /// place (a `_modify` accessor); ``didModify(_:_:_:)`` follows once it was.
  ///
  /// - Parameters:
  ///   - subject: The object changed.
  ///   - index: The property's position in the list of key paths.
  ///   - type: The property's type.
  func willModify<Value>(_ subject: Subject, _ index: Int, _ type: Value.Type) {
    let keyPath = keyPath(index, type)
    registrar.access(subject, keyPath: keyPath)
    registrar.willSet(subject, keyPath: keyPath)
  }

  /// Tells Observation that property number `index` of `subject` was modified in place.
  ///
  /// - Parameters:
  ///   - subject: The object changed.
  ///   - index: The property's position in the list of key paths.
  ///   - type: The property's type.
  func didModify<Value>(_ subject: Subject, _ index: Int, _ type: Value.Type) {
    registrar.didSet(subject, keyPath: keyPath(index, type))
  }
}
