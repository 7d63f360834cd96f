/// Binds a view-model value to a widget property.
///
/// The mode defaults to two-way for an editable widget value (a text field's text) and a
/// writable key path, and to one-way otherwise. A key path to a computed property tracks
/// whatever the property reads; reading it must not write into the view model (as with
/// `withObservationTracking`, a write made while a value is read to be observed is not
/// reported).
///
/// ```swift
/// bind(\.password, to: passwordField.text)      // two-way
/// bind(\.canRegister, to: hint.isHidden)       // one-way
/// ```
///
/// - Parameters:
///   - source: The view-model value; a writable key path for two-way.
///   - target: The widget property that shows it.
///   - mode: How values flow; `.automatic` is two-way for an editable widget property and a
///     writable key path, one-way otherwise.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func bind<Model: AnyObject, Target: ValueTarget>(
  _ source: KeyPath<Model, Target.Value>,
  to target: Target,
  mode: BindingMode = .automatic,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeBinding(
    source, reading: reader(source), to: target, mode: mode, forward: { $0 },
    isTransformed: false, back: { $0 },
    site: DeclarationSite(fileID: fileID, line: line))
}

/// Binds a view-model value to a widget property through a transform, one-way.
///
/// ```swift
/// bind(\.count, to: summary.text) { "\($0) items" }
/// ```
///
/// - Parameters:
///   - source: The view-model value.
///   - target: The widget property that shows the transformed value.
///   - mode: How values flow; a transform without `back:` allows one-way only, which
///     `.automatic` chooses.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
///   - transform: Turns a view-model value into a widget value.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func bind<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: KeyPath<Model, Value>,
  to target: Target,
  mode: BindingMode = .automatic,
  fileID: String = #fileID,
  line: Int = #line,
  transform: @escaping (Value) -> Target.Value
) -> BindingDeclaration<Model> {
  makeBinding(
    source, reading: reader(source), to: target, mode: mode, forward: transform,
    isTransformed: true, back: nil,
    site: DeclarationSite(fileID: fileID, line: line))
}

/// Binds a view-model value to an editable widget property through a converter both ways.
///
/// `back` turns an edit into a view-model value; returning `nil` rejects the edit, which leaves
/// the view model unchanged. The widget keeps a rejected edit, so that typing `-` on the way to
/// `-5` works, and is told of it through ``ValueTarget/editRejected(_:)`` (a headless text
/// field renders it `rejected`); the next value a flush delivers to the widget, or the next
/// edit the view model takes, replaces it.
///
/// ```swift
/// bind(\.age, to: ageField.text, transform: { String($0) }, back: { Int($0) })
/// ```
///
/// - Parameters:
///   - source: The view-model value; a writable key path for the edits to reach it.
///   - target: The widget property that shows it and is edited.
///   - mode: How values flow; `.automatic` is two-way for an editable widget property and a
///     writable key path, one-way otherwise.
///   - fileID: Where the declaration is written, for errors and the graph dump.
///   - line: The line the declaration is written on.
///   - transform: Turns a view-model value into a widget value.
///   - back: Turns an edit into a view-model value, or returns `nil` to reject it.
///   - rejected: Called on the main actor with each edit `back` rejected, after the widget was
///     told; `nil` (the default) when the view model need not know.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func bind<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: KeyPath<Model, Value>,
  to target: Target,
  mode: BindingMode = .automatic,
  fileID: String = #fileID,
  line: Int = #line,
  transform: @escaping (Value) -> Target.Value,
  back: @escaping (Target.Value) -> Value?,
  rejected: (@MainActor (Target.Value) -> Void)? = nil
) -> BindingDeclaration<Model> {
  makeBinding(
    source, reading: reader(source), to: target, mode: mode, forward: transform,
    isTransformed: true, back: back,
    rejected: rejected, site: DeclarationSite(fileID: fileID, line: line))
}

/// `bind(_:to:mode:fileID:line:transform:)` with the mode `.oneWay`, for the widget kit: a row
/// template's height, which comes from the template type.
///
/// - Parameters:
///   - source: The view-model value.
///   - target: The widget property that shows the transformed value.
///   - fileID: Where the declaration is written.
///   - line: The line it is written on.
///   - transform: Turns a view-model value into a widget value.
/// - Returns: The one-way declaration.
@MainActor
package func bindOneWay<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: KeyPath<Model, Value>, to target: Target, fileID: String = #fileID,
  line: Int = #line, transform: @escaping (Value) -> Target.Value
) -> BindingDeclaration<Model> {
  makeBinding(
    source, reading: reader(source), to: target, mode: .oneWay, forward: transform,
    isTransformed: true, back: nil, site: DeclarationSite(fileID: fileID, line: line))
}

/// Binds two view-model values, combined by `transform`, to a widget property, one-way.
///
/// The combination is a derived node of the graph: when both inputs change before a flush, it
/// is computed once, from both new values.
///
/// ```swift
/// bind(\.first, \.last, to: fullName.text) { "\($0) \($1)" }
/// ```
///
/// - Parameters:
///   - first: The first view-model value.
///   - second: The second view-model value.
///   - target: The widget property that shows the combination.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
///   - transform: Combines the two values into a widget value.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func bind<Model: AnyObject, First, Second, Target: ValueTarget>(
  _ first: KeyPath<Model, First>,
  _ second: KeyPath<Model, Second>,
  to target: Target,
  fileID: String = #fileID,
  line: Int = #line,
  transform: @escaping (First, Second) -> Target.Value
) -> BindingDeclaration<Model> {
  combination(
    (first, reader(first)), (second, reader(second)), to: target,
    site: DeclarationSite(fileID: fileID, line: line), transform: transform)
}

/// The declaration of `bind(_:_:to:fileID:line:transform:)`, given each key path with the
/// function that reads it.
@MainActor
func combination<Model: AnyObject, First, Second, Target: ValueTarget>(
  _ first: (KeyPath<Model, First>, (Model) -> First),
  _ second: (KeyPath<Model, Second>, (Model) -> Second),
  to target: Target,
  site: DeclarationSite,
  transform: @escaping (First, Second) -> Target.Value
) -> BindingDeclaration<Model> {
  let (first, readFirst) = first
  let (second, readSecond) = second
  let combined = BindingEndpoint(local: .derived, .text("derived"), valueType: Target.Value.self)
  return BindingDeclaration(
    .combination, site: site,
    edges: [
      .input(from: BindingEndpoint(first), to: combined),
      .input(from: BindingEndpoint(second), to: combined),
      BindingEdge(
        from: combined, to: BindingEndpoint(target), role: .value, mode: .oneWay,
        isTransformed: true
      ) { mount in
        mount.combine(
          mount.value(first, reading: readFirst), mount.value(second, reading: readSecond),
          transform
        ).show(in: target)
      },
    ])
}

/// The declaration of a `bind` overload, given its key path and the function that reads it.
@MainActor
func makeBinding<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: KeyPath<Model, Value>,
  reading read: @escaping (Model) -> Value,
  to target: Target,
  mode requested: BindingMode,
  forward convert: @escaping (Value) -> Target.Value,
  isTransformed: Bool,
  back: ((Target.Value) -> Value?)?,
  rejected: (@MainActor (Target.Value) -> Void)? = nil,
  site: DeclarationSite
) -> BindingDeclaration<Model> {
  let writable = source as? ReferenceWritableKeyPath<Model, Value>
  let canWriteBack = target.isEditable && writable != nil && back != nil
  let mode: BindingMode =
    requested == .automatic ? (canWriteBack ? .twoWay : .oneWay) : requested
  // NB: looked up when the declaration is made, not at each of its mounts.
  let isEqual = mode == .oneTime || mode == .oneWayToSource ? nil : equality(for: Value.self)
  let binding = ValueBinding(
    mode: mode, isTransformed: isTransformed, source: source, read: read, isEqual: isEqual,
    target: target,
    // NB: made only for the binding that uses it; a two-way binding links both ways instead.
    sink: mode == .oneWay ? directSink(to: target, isTransformed: isTransformed) : nil,
    writable: writable, convert: convert, back: back, rejected: rejected)
  let problems =
    mode.writesSource
    ? bindingProblems(
      source, to: target, mode: mode, isWritable: writable != nil, hasBack: back != nil) : []
  // A binding that only writes edits runs from the widget to the view model.
  let (sourceEnd, targetEnd) = (BindingEndpoint(source), BindingEndpoint(target))
  let isReversed = mode == .oneWayToSource
  return BindingDeclaration(
    .bind, site: site,
    edge: BindingEdge(
      from: isReversed ? targetEnd : sourceEnd, to: isReversed ? sourceEnd : targetEnd,
      role: .value, mode: mode, isTransformed: isTransformed
    ) { mount in binding.install(on: mount) },
    problems: problems)
}

/// What is wrong with a binding of `source` to `target` in `mode`.
@MainActor
func bindingProblems<Model, Value, Target: ValueTarget>(
  _ source: KeyPath<Model, Value>, to target: Target, mode: BindingMode, isWritable: Bool,
  hasBack: Bool
) -> [String] {
  guard mode.writesSource else { return [] }
  var problems: [String] = []
  if !isWritable {
    problems.append(
      "\(mode) needs a writable key path, but \(keyPathName(source)) is read-only (a "
        + "computed property or a let); use mode: .oneWay or .oneTime")
  }
  if !target.isEditable {
    problems.append(
      "\(mode) needs a widget value a person can edit, but \(target.targetKey) is "
        + "read-only; use mode: .oneWay or .oneTime")
  }
  if !hasBack {
    problems.append(
      "\(mode) with a transform needs back: to turn edits into view-model values; "
        + "add back:, or use mode: .oneWay")
  }
  return problems
}

/// Without a transform, the widget property itself is a node's sink: no closure.
@MainActor
func directSink<Value, Target: ValueTarget>(
  to target: Target, isTransformed: Bool
) -> Sink<Value>? {
  guard !isTransformed, Value.self == Target.Value.self else { return nil }
  // NB: the types were just found equal; the cast only renames the generic parameter.
  return Sink<Target.Value>.target(target) as? Sink<Value>
}
