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
/// `source` is an autoclosure so that a key-path literal stays a literal where the declaration
/// is written: there the compiler turns each read of the value into a direct call of the
/// property's getter, instead of a projection through the key path object at every change and
/// mount. A key path held in a variable or a parameter works the same and is read through the
/// key path. The expression is evaluated twice when the declaration is made (a debug build
/// evaluates it a third time and stops if the key paths differ): pass a key path, not a call
/// that makes a different one each time. In generic code, a key path taken from a static
/// property of a generic type (`let path = T.path; bind(path, …)`) is diagnosed as "sending
/// 'path' risks causing data races" when the autoclosure captures it; write the property in the
/// call instead, `bind(T.path, …)`.
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
@inlinable
@inline(__always)
public func bind<Model: AnyObject, Target: ValueTarget>(
  _ source: @autoclosure () -> KeyPath<Model, Target.Value>,
  to target: Target,
  mode: BindingMode = .automatic,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let (source, read) = keyPathAndReader(source, fileID: fileID, line: line)
  return makeBinding(
    source, reading: read, to: target, mode: mode, forward: { $0 },
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
///   - source: The view-model value (an autoclosure, as in `bind(_:to:mode:fileID:line:)`).
///   - target: The widget property that shows the transformed value.
///   - mode: How values flow; a transform without `back:` allows one-way only, which
///     `.automatic` chooses.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
///   - transform: Turns a view-model value into a widget value.
/// - Returns: The declaration, for a bindings body.
@MainActor
@inlinable
@inline(__always)
public func bind<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: @autoclosure () -> KeyPath<Model, Value>,
  to target: Target,
  mode: BindingMode = .automatic,
  fileID: String = #fileID,
  line: Int = #line,
  transform: @escaping (Value) -> Target.Value
) -> BindingDeclaration<Model> {
  let (source, read) = keyPathAndReader(source, fileID: fileID, line: line)
  return makeBinding(
    source, reading: read, to: target, mode: mode, forward: transform,
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
///   - source: The view-model value; a writable key path for the edits to reach it (an
///     autoclosure, as in `bind(_:to:mode:fileID:line:)`).
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
@inlinable
@inline(__always)
public func bind<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: @autoclosure () -> KeyPath<Model, Value>,
  to target: Target,
  mode: BindingMode = .automatic,
  fileID: String = #fileID,
  line: Int = #line,
  transform: @escaping (Value) -> Target.Value,
  back: @escaping (Target.Value) -> Value?,
  rejected: (@MainActor (Target.Value) -> Void)? = nil
) -> BindingDeclaration<Model> {
  let (source, read) = keyPathAndReader(source, fileID: fileID, line: line)
  return makeBinding(
    source, reading: read, to: target, mode: mode, forward: transform,
    isTransformed: true, back: back,
    rejected: rejected, site: DeclarationSite(fileID: fileID, line: line))
}

/// The key path `source` gives, and the function that reads it, made from a second evaluation
/// of `source`: where the key path is a literal, that evaluation has no other use, which lets
/// the compiler turn the function into a direct call of the property's getter (see
/// Docs/Decisions/0015-a-source-reads-through-a-function.md). Debug builds evaluate `source` a
/// third time and stop when the key paths differ.
///
/// - Parameters:
///   - source: The autoclosure a `bind` overload was given.
///   - fileID: Where the declaration is written.
///   - line: The line it is written on.
/// - Returns: The key path and its reader.
@MainActor
@inlinable
@inline(__always)
func keyPathAndReader<Model, Value>(
  _ source: () -> KeyPath<Model, Value>, fileID: String, line: Int
) -> (KeyPath<Model, Value>, (Model) -> Value) {
  let keyPath = source()
  let read = reader(source())
  assert(
    source() == keyPath,
    "bind at \(fileID):\(line): the key path expression gave two different key paths when "
      + "evaluated twice (\(keyPath), then another); pass a key path, not an expression that "
      + "makes a different one each time")
  return (keyPath, read)
}

/// `bind(_:to:mode:fileID:line:transform:)`, one-way, for a key path that is never a literal
/// where the declaration is made: a row template's height, which comes from the template type.
/// (Captured by `bind`'s autoclosure, that key path is diagnosed as sent to the main actor.)
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
///   - first: The first view-model value (an autoclosure, as in `bind(_:to:mode:fileID:line:)`).
///   - second: The second view-model value (likewise).
///   - target: The widget property that shows the combination.
///   - fileID: Where the declaration is written, for graph errors and the dump; leave the default.
///   - line: The line it is written on, for graph errors and the dump; leave the default.
///   - transform: Combines the two values into a widget value.
/// - Returns: The declaration, for a bindings body.
@MainActor
@inlinable
@inline(__always)
public func bind<Model: AnyObject, First, Second, Target: ValueTarget>(
  _ first: @autoclosure () -> KeyPath<Model, First>,
  _ second: @autoclosure () -> KeyPath<Model, Second>,
  to target: Target,
  fileID: String = #fileID,
  line: Int = #line,
  transform: @escaping (First, Second) -> Target.Value
) -> BindingDeclaration<Model> {
  combination(
    keyPathAndReader(first, fileID: fileID, line: line),
    keyPathAndReader(second, fileID: fileID, line: line), to: target,
    site: DeclarationSite(fileID: fileID, line: line), transform: transform)
}

/// The declaration of `bind(_:_:to:fileID:line:transform:)`, given each key path with the
/// function that reads it.
@MainActor
@usableFromInline
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
        isTransformed: true,
        running: { object, _ in
          let context = MountContext<Model>.of(object)
          let a = context.source(first, reading: readFirst)
          let b = context.source(second, reading: readSecond)
          let node = context.derived(reading: [a, b]) { transform(a.value, b.value) }
          node.add(.target(target))
        }),
    ])
}

// NB: `bind` and `makeBinding` are inlinable, and so is what the install step calls first: the
// install closure is then specialized for the view model, value and widget types in the module
// of the bindings body, where making a row's nodes costs no run-time type lookups. The text of
// the declaration is made out of line, by `bindingDeclaration`.
@MainActor
@inlinable
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
  // NB: the two most common bindings (a widget showing a value as it is, a field editing it)
  // get functions of their own, which read only what they use. Each function captures nothing:
  // what it reads is in the declaration's body, so that a binding is one allocation.
  let run: EdgeFunction
  let sink: Sink<Value>? =
    mode == .oneWay ? directSink(to: target, isTransformed: isTransformed) : nil
  if sink != nil {
    run = { object, body in
      let parts = BindingParts<Model, Value, Target>.of(body)
      MountContext<Model>.of(object).source(
        parts.source, reading: parts.read, isEqual: { parts.isEqual }
      ).add(parts.sink.unsafelyUnwrapped)
    }
  } else if mode == .twoWay, !isTransformed, Value.self == Target.Value.self, writable != nil,
    back != nil
  {
    run = { object, body in
      let parts = BindingParts<Model, Value, Target>.of(body)
      _ = linkBothWays(
        MountContext<Model>.of(object).source(
          parts.source, reading: parts.read, isEqual: { parts.isEqual }),
        parts.writable.unsafelyUnwrapped, parts.target)
    }
  } else {
    run = { object, body in
      BindingParts<Model, Value, Target>.of(body).install(in: MountContext<Model>.of(object))
    }
  }
  let sourceEnd = BindingEndpoint(source)
  let targetEnd = BindingEndpoint(target)
  let reversed = mode == .oneWayToSource
  let edge = EdgeRecord(
    from: reversed ? targetEnd : sourceEnd, to: reversed ? sourceEnd : targetEnd, role: .value,
    mode: mode, isTransformed: isTransformed, run: run)
  let problems =
    mode.writesSource
    ? bindingProblems(
      source, to: target, mode: mode, isWritable: writable != nil, hasBack: back != nil) : []
  return BindingDeclaration(
    site: site,
    body: BindingParts(
      edge: edge, problems: problems, source: source, read: read, isEqual: isEqual,
      target: target, sink: sink, writable: writable, convert: convert, back: back,
      rejected: rejected))
}

/// What a binding's function reads when it runs, kept in the binding's declaration body (see
/// ``EdgeFunction``).
@MainActor
@usableFromInline
final class BindingParts<Model: AnyObject, Value, Target: ValueTarget>: DeclarationBody {
  @usableFromInline let source: KeyPath<Model, Value>
  @usableFromInline let read: (Model) -> Value
  /// The equality test of the source, looked up when the declaration was made.
  @usableFromInline let isEqual: Equality<Value>?
  @usableFromInline let target: Target
  /// The widget property as the source's sink, for a one-way binding of the widget's own type.
  @usableFromInline let sink: Sink<Value>?
  @usableFromInline let writable: ReferenceWritableKeyPath<Model, Value>?
  @usableFromInline let convert: (Value) -> Target.Value
  @usableFromInline let back: ((Target.Value) -> Value?)?
  @usableFromInline let rejected: (@MainActor (Target.Value) -> Void)?

  @usableFromInline
  init(
    edge: EdgeRecord, problems: [String], source: KeyPath<Model, Value>,
    read: @escaping (Model) -> Value, isEqual: Equality<Value>?, target: Target,
    sink: Sink<Value>?, writable: ReferenceWritableKeyPath<Model, Value>?,
    convert: @escaping (Value) -> Target.Value, back: ((Target.Value) -> Value?)?,
    rejected: (@MainActor (Target.Value) -> Void)?
  ) {
    self.source = source
    self.read = read
    self.isEqual = isEqual
    self.target = target
    self.sink = sink
    self.writable = writable
    self.convert = convert
    self.back = back
    self.rejected = rejected
    super.init(.bind, edge, problems: problems)
  }

  /// The parts `body` is: the body of a binding's declaration, given to its edge's function.
  @inlinable
  static func of(_ body: DeclarationBody) -> BindingParts {
    unsafeDowncast(body, to: BindingParts.self)
  }

  /// Installs a binding of any mode other than the two common ones (see `makeBinding`).
  @inlinable
  func install(in context: MountContext<Model>) {
    let model = context.model
    switch first.mode ?? .oneWay {
    case .oneTime:
      // NB: read once and never observed; counted, so that a mount observing its first reads
      // does not take this one (see `Engine.noteInstallEffect()`).
      context.engine.noteInstallEffect()
      target.receive(convert(read(model)))
    case .oneWay, .automatic:
      context.source(source, reading: read, isEqual: { self.isEqual }).add(
        .object(ConvertingSink(target: target, convert: convert)))
    case .twoWay:
      guard let writable, let back else {
        context.source(source, reading: read, isEqual: { self.isEqual }).add(
          .object(ConvertingSink(target: target, convert: convert)))
        return
      }
      // NB: a value edited as it is took the second common path. Only a two-way binding can
      // echo, so only its link guards against it.
      let node = context.source(source, reading: read, isEqual: { self.isEqual })
      let link = EditLink(
        model: model, keyPath: writable, target: target, convert: convert, back: back,
        rejected: rejected, isEqual: isEqual)
      link.source = node
      node.add(.object(link))
      link.listen(in: context)
    case .oneWayToSource:
      guard let writable, let back else { return }
      if let value = back(target.currentValue) {
        context.engine.noteInstallEffect()
        model[keyPath: writable] = value
      }
      EditLink(
        model: model, keyPath: writable, target: target, convert: convert, back: back,
        rejected: rejected, isEqual: nil
      ).listen(in: context)
    }
  }
}

/// What is wrong with a binding of `source` to `target` in `mode`.
@MainActor
@usableFromInline
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
@inlinable
func directSink<Value, Target: ValueTarget>(
  to target: Target, isTransformed: Bool
) -> Sink<Value>? {
  guard !isTransformed, Value.self == Target.Value.self else { return nil }
  // NB: the types were just found equal; the cast only renames the generic parameter.
  return Sink<Target.Value>.target(target) as? Sink<Value>
}

/// What a binding that writes edits into the view model keeps while mounted: its edit handler on
/// the widget and, for a two-way binding, the sink that writes the view model's value into the
/// widget. One object per binding, removed from the widget at unmount.
///
/// A two-way binding must not write an edit back into the widget it came from: when the view
/// model's value at the next flush is the value the edit produced, the widget already shows it
/// (perhaps spelled differently, as in "007" for 7), so nothing is written.
@MainActor
@usableFromInline
final class EditLink<Model: AnyObject, Value, Target: ValueTarget>: EchoGuardedSink<Value>,
  MountCleanup
{
  // NB: unowned, not weak: a weak reference gives the view model (and the source) a side
  // table, and every later retain and release of an object with one takes a slower path; a
  // list's rows paid it for each cell view model. The link acts only while it listens
  // (`isListening`), and the mount holds the view model and its sources until it stops.
  private unowned let model: Model
  private let keyPath: ReferenceWritableKeyPath<Model, Value>
  private let target: Target
  private let convert: (Value) -> Target.Value
  private let back: (Target.Value) -> Value?
  /// What the view model asked to hear of an edit `back` rejected.
  private let rejected: (@MainActor (Target.Value) -> Void)?
  /// The equality test of an echo guard; `nil` when the binding cannot echo (one-way to
  /// source) or `Value` is not `Equatable`.
  private let isEqual: Equality<Value>?
  /// The source a two-way binding shows, told of each edit the view model takes.
  @usableFromInline unowned var source: SourceNode<Value>?

  override var receivingMayWrite: Bool { !target.receivesWithoutSideEffects }

  @usableFromInline
  init(
    model: Model, keyPath: ReferenceWritableKeyPath<Model, Value>, target: Target,
    convert: @escaping (Value) -> Target.Value, back: @escaping (Target.Value) -> Value?,
    rejected: (@MainActor (Target.Value) -> Void)?, isEqual: Equality<Value>?
  ) {
    self.model = model
    self.keyPath = keyPath
    self.target = target
    self.convert = convert
    self.back = back
    self.rejected = rejected
    self.isEqual = isEqual
  }

  /// Starts listening for edits, until the graph unmounts.
  @usableFromInline
  func listen(in context: MountContext<Model>) {
    listening(under: target.addEditHandler { edited in self.edited(edited) })
    context.onUnmount(self)
  }

  /// A value of the view model for the widget: written unless it is the edit's echo.
  override func receive(_ value: Value) {
    if isEcho(value, isEqual) { return }
    target.receive(convert(value))
  }

  private func edited(_ edited: Target.Value) {
    // NB: a widget calls the handlers it had when the edit began; one of them may have
    // unmounted this link's screen.
    guard isListening else { return }
    let model = model
    guard let value = back(edited) else {
      // The widget keeps the edit, marked, until the view model's value changes or an edit is
      // taken. An earlier edit's expectation stays: its echo at the next flush is not a new
      // value of the view model, and does not replace the rejected text.
      target.editRejected(edited)
      rejected?(edited)
      return
    }
    if let stored = writeEdit(value, into: model, at: keyPath, isEqual: isEqual, expect: expect) {
      target.receive(convert(stored))
    }
    // NB: the write may have unmounted the screen (a view model that navigates away), tearing
    // its sources down.
    guard isListening else { return }
    source?.editArrived()
  }

  func unmount() {
    guard let token = stopListening() else { return }
    target.removeEditHandler(token)
  }
}

/// Links `source` and `target` both ways with a ``TwoWayLink``.
///
/// Called for bindings without a transform, which only the `bind` overload taking a key path to
/// the widget's own value type makes: the types are equal, and `false` (the caller then makes an
/// ``EditLink``) only guards a future overload that would break that.
@MainActor
@inlinable
func linkBothWays<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: KeyPathSourceNode<Model, Value>, _ keyPath: ReferenceWritableKeyPath<Model, Value>,
  _ target: Target
) -> Bool {
  // NB: the casts only rename the generic parameter when the types are equal; specialized,
  // they cost nothing.
  guard let source = source as? KeyPathSourceNode<Model, Target.Value>,
    let keyPath = keyPath as? ReferenceWritableKeyPath<Model, Target.Value>
  else { return false }
  let link = TwoWayLink(source, keyPath, target)
  source.add(.object(link))
  link.listen()
  return true
}

/// The link of a two-way binding without converters, the most common one (a text field bound to
/// a `String`): ``EditLink``'s work with fewer fields, since the value needs no conversion and
/// the view model, its equality test and the place to report edits are the source's. Its source
/// node detaches it when the graph unmounts.
@MainActor
@usableFromInline
final class TwoWayLink<Model: AnyObject, Target: ValueTarget>: EchoGuardedSink<Target.Value> {
  @usableFromInline typealias Value = Target.Value

  private let target: Target
  // NB: unowned: the node holds its sinks, and detaches this one when it is torn down; the link
  // acts only while it listens.
  private unowned let source: KeyPathSourceNode<Model, Value>
  private let keyPath: ReferenceWritableKeyPath<Model, Value>

  @usableFromInline
  init(
    _ source: KeyPathSourceNode<Model, Value>,
    _ keyPath: ReferenceWritableKeyPath<Model, Value>, _ target: Target
  ) {
    self.source = source
    self.keyPath = keyPath
    self.target = target
  }

  override var receivingMayWrite: Bool { !target.receivesWithoutSideEffects }

  /// Starts listening for edits, until the source detaches the link.
  @usableFromInline
  func listen() {
    listening(under: target.addEditHandler { edited in self.edited(edited) })
  }

  /// A value of the view model for the widget: written unless it is the edit's echo.
  override func receive(_ value: Value) {
    if isEcho(value, source.isEqual) { return }
    target.receive(value)
  }

  private func edited(_ value: Value) {
    // NB: a widget calls the handlers it had when the edit began; one of them may have
    // unmounted this link's screen.
    guard isListening else { return }
    // NB: held for the whole edit: the write may unmount the screen and release both.
    let source = source
    let model = source.model
    if let stored = writeEdit(
      value, into: model, at: keyPath, isEqual: source.isEqual, expect: expect)
    {
      target.receive(stored)
    }
    // NB: the write may have unmounted the screen, tearing its sources down.
    guard isListening else { return }
    source.editArrived()
  }

  override func detach() {
    guard let token = stopListening() else { return }
    target.removeEditHandler(token)
  }
}

/// What the links of bindings that write edits keep in common: whether their edit handler is on
/// the widget, and the edit they wrote into the view model, whose echo at the next flush must
/// not be written back into the widget.
@MainActor
@usableFromInline
class EchoGuardedSink<Value>: NodeSink<Value> {
  private final var expected: Value?
  /// Whether `expected` holds a value; checked first, so the common case (no edit waiting)
  /// does not touch the generic optional.
  private final var isExpecting = false
  /// Whether the link's edit handler is on its widget; a link acts only while it is.
  private(set) final var isListening = false
  // NB: a flag and a plain number, not an optional token: a token may have any value, and the
  // optional would take a word more (and the smaller link a larger allocation).
  private final var handlerToken = 0

  /// The link's edit handler is on its widget under `token`.
  final func listening(under token: HandlerToken) {
    handlerToken = token.rawValue
    isListening = true
  }

  /// Stops listening: the token to remove the edit handler with, or `nil` when not listening.
  final func stopListening() -> HandlerToken? {
    guard isListening else { return nil }
    isListening = false
    return HandlerToken(rawValue: handlerToken)
  }

  /// Expects `value` to come back from the view model at the next flush.
  final func expect(_ value: Value) {
    expected = value
    isExpecting = true
  }

  /// Whether `value`, from the view model, is the echo of the value expected, which the widget
  /// already shows. Either way the expectation is over.
  final func isEcho(_ value: Value, _ isEqual: Equality<Value>?) -> Bool {
    guard isExpecting, let isEqual, let expected else { return false }
    self.expected = nil
    isExpecting = false
    return isEqual(expected, value)
  }

  /// The view model's value did not change since the last flush, though an edit arrived: the
  /// widget shows the edit, so it is written only if the view model no longer holds what the
  /// edit produced (it was set back before the flush).
  override final func settle(_ value: Value) {
    guard isExpecting else { return }
    receive(value)
  }
}

/// Writes `edit` into the view model for a two-way link, and returns the value the view model
/// stored instead, if it stored another: the widget must show that one now.
///
/// A view model may correct an edit (trim it, refuse it). When what it stored is the value it
/// held before, no flush would see a change, so the link writes it into the widget at once. The
/// link expects the echo of what it wrote (`expect`), so that the next flush does not write it
/// back. A value that cannot be compared (`isEqual` is `nil`) has no echo guard: each flush that
/// re-reads it delivers it.
@MainActor
private func writeEdit<Model: AnyObject, Value>(
  _ edit: Value, into model: Model, at keyPath: ReferenceWritableKeyPath<Model, Value>,
  isEqual: Equality<Value>?, expect: (Value) -> Void
) -> Value? {
  if isEqual != nil { expect(edit) }
  model[keyPath: keyPath] = edit
  guard let isEqual else { return nil }
  let stored = model[keyPath: keyPath]
  if isEqual(stored, edit) { return nil }
  expect(stored)
  return stored
}
