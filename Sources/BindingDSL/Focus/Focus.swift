/// A widget that can hold the keyboard focus: a text field, whose return key moves the focus
/// on, or a control without one (a button, a toggle, a slider, a text view).
@MainActor
public protocol FocusTarget: AnyObject {
  /// Whether the widget has the focus; editable: a person focuses it by tapping into it.
  var focusState: any ValueTarget<Bool> { get }
  /// The return key, which moves the focus on; `nil` for a widget that has none (return taps a
  /// button and breaks a text view's line): the focus moves on from it only when the person
  /// or the view model moves it.
  var returnKey: (any EventSource)? { get }
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
/// executing `submit` if given. Any ``FocusTarget`` takes a place in the order; one without a
/// return key (a button, a toggle) is focused and left as the others are, but return moves
/// nothing from it, so it cannot be last when `submit` is given.
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
  let source = BindingEndpoint(focused)
  // NB: made once per declaration, not at each mount.
  let readFocused = reader(focused)
  var edges: [AnyBindingEdge] = []
  var problems: [String] = []
  var seen: Set<Field> = []
  for (index, (field, widget)) in order.enumerated() {
    let state = widget.focusState
    edges.append(
      BindingEdge<Model>(
        from: source, to: BindingEndpoint(state), role: .value, mode: .twoWay,
        isTransformed: true
      ) { mount in
        // The field shows whether the property names it; focusing it sets the property.
        weak let model = mount.model
        let node = mount.source(focused, reading: readFocused)
        node.add(.object(FocusSink(field: field, state: state)))
        let edit = state.addEditHandler { [weak node] isFocused in
          guard let model else { return }
          if isFocused {
            model[keyPath: focused] = field
          } else if model[keyPath: focused] == field {
            model[keyPath: focused] = nil
          }
          // NB: the next flush visits the source even if the view model set the value back
          // before it (Observation, having fired for the edit, stays silent): every field
          // then shows the focus the view model holds, not the edit.
          node?.editArrived()
        }
        mount.onUnmount { state.removeEditHandler(edit) }
      }.erased)
    let following = order[(index + 1)...]
    if let returnKey = widget.returnKey {
      edges.append(
        BindingEdge<Model>(
          from: BindingEndpoint(event: returnKey), to: source, role: .trigger,
          isTransformed: true
        ) { mount in
          // Return moves the focus to the next field that accepts it, or out of the form.
          weak let model = mount.model
          mount.handle(returnKey) {
            model?[keyPath: focused] = following.first { $0.1.acceptsFocus }?.0
          }
        }.erased)
    }
    if !seen.insert(field).inserted {
      problems.append("the focus order names \(field) twice; each field takes one place")
    }
  }
  if order.isEmpty { problems.append("the focus order is empty; name the fields in order") }
  if let submit, let last = order.last {
    if let returnKey = last.1.returnKey {
      edges.append(
        BindingEdge<Model>(
          from: BindingEndpoint(event: returnKey), to: BindingEndpoint(submit), role: .trigger
        ) { mount in
          // Return on the last field submits the form, once the focus has left it.
          mount.handle(returnKey) { mount.execute(submit, ()) }
        }.erased)
    } else {
      problems.append(
        "the focus order ends with \(last.0), which has no return key to submit with; "
          + "end it with a field that has one (a text field), or leave out submit")
    }
  }
  return BindingDeclaration(
    .focus, site: DeclarationSite(fileID: fileID, line: line), erasedEdges: edges,
    problems: problems)
}

/// Binds which widget has the focus to a view-model property naming a field, both ways, and
/// moves the focus in `order` on the return key, as `focus(_:order:submit:)` does with no
/// command to submit: the last field's return key takes the focus out of the form.
///
/// ```swift
/// focus(\.focusedControl, order: [(.name, name), (.express, express), (.send, send)])
/// ```
///
/// - Parameters:
///   - focused: The view-model property naming the focused field, `nil` when none is.
///   - order: The fields and their widgets, in the order the return key goes through them.
///   - fileID: Where the declaration is written, for errors and the graph dump.
///   - line: The line the declaration is written on.
/// - Returns: The declaration.
@MainActor
public func focus<Model: AnyObject, Field: Hashable>(
  _ focused: ReferenceWritableKeyPath<Model, Field?>,
  order: [(Field, any FocusTarget)],
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  focus(focused, order: order, submit: Command<Void, Void>?.none, fileID: fileID, line: line)
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
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(command), to: BindingEndpoint(focused), role: .trigger,
    isTransformed: true
  ) { mount in
    weak let model = mount.model
    mount.register(command)
    // NB: the command's executing state is observed like any source, so a run started by a
    // button, a return key or the view model itself ends editing at the flush that sees it.
    mount.value(key: EndEditingKey(command: ObjectIdentifier(command))) { command.isExecuting }
      .observe { isExecuting in
        guard isExecuting, let model, model[keyPath: focused] != nil else { return }
        model[keyPath: focused] = nil
      }
  }
  return BindingDeclaration(
    .endEditing, site: DeclarationSite(fileID: fileID, line: line), edge: edge)
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

  override func editLeftValueUnchanged(_ value: Field?) { state.receive(value == field) }

  override var receivingMayWrite: Bool { !state.receivesWithoutSideEffects }
}
