/// A widget that can hold the keyboard focus and has a return key: a text field.
@MainActor
public protocol FocusTarget: AnyObject {
  /// Whether the widget has the focus; editable: a person focuses it by tapping into it.
  var focusState: any ValueTarget<Bool> { get }
  /// The return key, which moves the focus on.
  var returnKey: any EventSource { get }
  /// Whether the widget can take the focus now: the return key of the field before it skips it
  /// when it cannot (a disabled or hidden field).
  var acceptsFocus: Bool { get }
}

extension FocusTarget {
  /// `true`: a widget that cannot refuse the focus need not implement it.
  public var acceptsFocus: Bool { true }
}

/// Binds which widget has the focus to a view-model property naming a field, both ways, and
/// moves the focus in `order` on the return key: from each widget to the next that accepts the
/// focus (disabled and hidden fields are skipped), and from the last one out of the form,
/// executing `submit` if given.
///
/// ```swift
/// focus(\.focusedField, order: [(.code, code), (.password, password)], submit: vm.register)
/// ```
///
/// Setting the property focuses its widget and unfocuses the others; `nil` ends editing.
/// Focusing a widget sets the property.
///
/// - Parameters:
///   - focused: The view-model property naming the focused field, `nil` when none is.
///   - order: The fields and their widgets, in the order the return key goes through them.
///   - submit: The command the return key of the last widget executes, if any.
///   - fileID: Where the declaration is written, for errors and the graph dump.
///   - line: The line the declaration is written on.
/// - Returns: The declaration.
@MainActor
public func focus<Model: AnyObject, Field: Hashable, Output>(
  _ focused: ReferenceWritableKeyPath<Model, Field?>,
  order: [(Field, any FocusTarget)],
  submit: Command<Void, Output>? = nil,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let site = DeclarationSite(fileID: fileID, line: line)
  let source = Endpoint(focused)
  var endpoints = [source]
  var edges: [EdgePlan] = []
  var problems: [String] = []
  var seen: Set<Field> = []
  for (field, widget) in order {
    let target = Endpoint(widget.focusState)
    let returnKey = Endpoint(event: widget.returnKey)
    endpoints += [target, returnKey]
    edges.append(
      EdgePlan(
        from: source.identity, to: target.identity, mode: .twoWay, role: .value,
        isTransformed: true))
    edges.append(
      EdgePlan(
        from: returnKey.identity, to: source.identity, mode: nil, role: .trigger,
        isTransformed: true))
    if !seen.insert(field).inserted {
      problems.append("the focus order names \(field) twice; each field takes one place")
    }
  }
  if order.isEmpty { problems.append("the focus order is empty; name the fields in order") }
  if let submit {
    let commandEndpoint = Endpoint(submit)
    endpoints.append(commandEndpoint)
    if let last = order.last {
      edges.append(
        EdgePlan(
          from: .event(last.1.returnKey.eventKey), to: commandEndpoint.identity, mode: nil,
          role: .trigger, isTransformed: false))
    }
  }
  // NB: made once per declaration, not at each mount.
  let readFocused = reader(focused)
  return BindingDeclaration(
    summary: "focus(\(keyPathName(focused)), order: "
      + order.map { "\($0.1.focusState.targetKey.widgetID)" }.joined(separator: ", ") + ")",
    site: site, endpoints: endpoints, edges: edges, problems: problems
  ) { context in
    weak let model = context.model
    if let submit { context.register(submit) }
    let node = context.source(focused, reading: readFocused)
    for (index, (field, widget)) in order.enumerated() {
      let state = widget.focusState
      node.add(.object(FocusSink(field: field, state: state)))
      let edit = state.addEditHandler { [weak node] isFocused in
        guard let model else { return }
        if isFocused {
          model[keyPath: focused] = field
        } else if model[keyPath: focused] == field {
          model[keyPath: focused] = nil
        }
        // NB: the next flush visits the source even if the view model set the value back
        // before it (Observation, having fired for the edit, stays silent): every field then
        // shows the focus the view model holds, not the edit.
        node?.editArrived()
      }
      let following = order[(index + 1)...]
      let key = widget.returnKey.addHandler { [weak context] in
        guard let model else { return }
        let next = following.first { $0.1.acceptsFocus }?.0
        model[keyPath: focused] = next
        if next == nil, let submit { context?.execute(submit, ()) }
      }
      context.onUnmount {
        state.removeEditHandler(edit)
        widget.returnKey.removeHandler(key)
      }
    }
  }
}

/// Ends editing when `command` starts executing, however it was triggered: the focus property
/// becomes `nil`, as a keyboard goes away when a form is sent.
///
/// ```swift
/// endEditing(\.focusedField, when: vm.register)
/// ```
///
/// - Parameters:
///   - focused: The view-model property naming the focused field.
///   - command: The command whose start ends editing.
///   - fileID: Where the declaration is written, for errors and the graph dump.
///   - line: The line the declaration is written on.
/// - Returns: The declaration.
@MainActor
public func endEditing<Model: AnyObject, Field, Input, Output>(
  _ focused: ReferenceWritableKeyPath<Model, Field?>,
  when command: Command<Input, Output>,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let commandEndpoint = Endpoint(command)
  let target = Endpoint(focused)
  return BindingDeclaration(
    summary: "endEditing(\(keyPathName(focused)), when: \(command.name ?? "(unnamed)"))",
    site: DeclarationSite(fileID: fileID, line: line),
    endpoints: [commandEndpoint, target],
    edges: [
      EdgePlan(
        from: commandEndpoint.identity, to: target.identity, mode: nil, role: .trigger,
        isTransformed: true)
    ]
  ) { context in
    weak let model = context.model
    context.register(command)
    // NB: the command's executing state is observed like any source, so a run started by a
    // button, a return key or the view model itself ends editing at the flush that sees it.
    context.source(key: EndEditingKey(command: ObjectIdentifier(command))) { command.isExecuting }
      .add(
        .closure { isExecuting in
          guard isExecuting, let model, model[keyPath: focused] != nil else { return }
          model[keyPath: focused] = nil
        })
  }
}

private struct EndEditingKey: Hashable {
  let command: ObjectIdentifier
}

/// Writes whether one field of a focus order has the focus, and writes it again when an edit
/// reached the focus property but left it unchanged (the view model refused the edit), so that
/// the field shows the view model's focus, not the edit.
@MainActor
private final class FocusSink<Field: Hashable>: NodeSink<Field?> {
  private let field: Field
  private let state: any ValueTarget<Bool>

  init(field: Field, state: any ValueTarget<Bool>) {
    self.field = field
    self.state = state
  }

  override func receive(_ value: Field?) { state.receive(value == field) }

  override func settle(_ value: Field?) { state.receive(value == field) }

  override func noteEffectsOfReceiving() {
    InstallEffects.noteReceiving(by: state)
  }
}
