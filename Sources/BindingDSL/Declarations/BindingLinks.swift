/// What a value binding (`bind` of a key path to a widget property) reads when it is mounted:
/// the key path and its reader, the widget property, the converters and the resolved mode. Its
/// declaration's one edge installs it on each mount (``install(on:)``).
@MainActor
struct ValueBinding<Model: AnyObject, Value, Target: ValueTarget> {
  /// The resolved mode: never `.automatic`.
  let mode: BindingMode
  /// Whether a transform or converter sits between the value and the widget property.
  let isTransformed: Bool
  let source: KeyPath<Model, Value>
  /// Reads `source`: made once per declaration, where the key path is written (0015).
  let read: (Model) -> Value
  /// The equality test of the source, looked up when the declaration was made.
  let isEqual: Equality<Value>?
  let target: Target
  /// The widget property as the source's sink, for a one-way binding without a transform: made
  /// once per declaration (``directSink(to:isTransformed:)``).
  let sink: Sink<Value>?
  let writable: ReferenceWritableKeyPath<Model, Value>?
  let convert: (Value) -> Target.Value
  let back: ((Target.Value) -> Value?)?
  let rejected: (@MainActor (Target.Value) -> Void)?

  /// Connects the view-model value and the widget property in `mount`, as the mode says.
  ///
  /// - Parameter mount: The mount of the binding's declaration.
  func install(on mount: BindingMount<Model>) {
    let context = mount.context
    let model = context.model
    switch mode {
    case .oneTime:
      // NB: read once and never observed; counted, so that a mount observing its first reads
      // does not take this one (see `Engine.noteInstallEffect()`).
      context.engine.noteInstallEffect()
      target.receive(convert(read(model)))
    case .oneWay, .automatic:
      showValue(in: context)
    case .twoWay:
      guard let writable, let back else {
        showValue(in: context)
        return
      }
      let node = context.source(source, reading: read, isEqual: { isEqual })
      // The most common binding, a field editing a value as it is, needs no converters.
      if !isTransformed, linkBothWays(node, writable, target) { return }
      // NB: only a two-way binding can echo, so only its link guards against it.
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

  /// Writes the value into the widget property now and at each flush that changes it: the
  /// property itself is the source's sink when the binding has no transform.
  private func showValue(in context: MountContext<Model>) {
    context.source(source, reading: read, isEqual: { isEqual }).add(
      sink ?? .object(ConvertingSink(target: target, convert: convert)))
  }
}

/// What a binding that writes edits into the view model keeps while mounted: its edit handler on
/// the widget and, for a two-way binding, the sink that writes the view model's value into the
/// widget. One object per binding, removed from the widget at unmount.
///
/// A two-way binding must not write an edit back into the widget it came from: when the view
/// model's value at the next flush is the value the edit produced, the widget already shows it
/// (perhaps spelled differently, as in "007" for 7), so nothing is written.
@MainActor
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
  unowned var source: SourceNode<Value>?

  override var receivingMayWrite: Bool { !target.receivesWithoutSideEffects }

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
func linkBothWays<Model: AnyObject, Value, Target: ValueTarget>(
  _ source: KeyPathSourceNode<Model, Value>, _ keyPath: ReferenceWritableKeyPath<Model, Value>,
  _ target: Target
) -> Bool {
  // The casts only rename the generic parameter when the types are equal.
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
final class TwoWayLink<Model: AnyObject, Target: ValueTarget>: EchoGuardedSink<Target.Value> {
  typealias Value = Target.Value

  private let target: Target
  // NB: unowned: the node holds its sinks, and detaches this one when it is torn down; the link
  // acts only while it listens.
  private unowned let source: KeyPathSourceNode<Model, Value>
  private let keyPath: ReferenceWritableKeyPath<Model, Value>

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
  override final func editLeftValueUnchanged(_ value: Value) {
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
