/// A widget that shows a field's validation message: a text field shows it on its line.
@MainActor
public protocol ValidationDisplay: AnyObject {
  /// Receives the message to show, `nil` for none.
  var validationMessage: any ValueTarget<String?> { get }
  /// The value a person edits in the widget: each edit marks the field edited.
  var validatedInput: any ValueTarget { get }
  /// Receives whether an asynchronous check of the field is due or running while its message
  /// would show; `nil` when the widget does not show it.
  var validationPending: (any ValueTarget<Bool>)? { get }
}

extension ValidationDisplay {
  /// `nil`: a widget that does not show pending checks need not implement it.
  public var validationPending: (any ValueTarget<Bool>)? { nil }
}

/// Shows the validation message of a view-model field on a widget, and marks the field edited
/// when a person edits the widget; when the field has an asynchronous rule, runs its check on
/// the screen's clock once the value stops changing.
///
/// ```swift
/// validate(\.code, with: vm.form, on: code)
/// ```
///
/// - Parameters:
///   - field: The view-model value, as its ``FormValidation`` knows it.
///   - form: The view model's validation.
///   - display: The widget that edits the value and shows its message.
///   - fileID: Where the declaration is written, for errors and the graph dump.
///   - line: The line the declaration is written on.
/// - Returns: The declarations, as one group: the message binding, and the check of an
///   asynchronous rule.
@MainActor
public func validate<Model: AnyObject, Value>(
  _ field: KeyPath<Model, Value>,
  with form: FormValidation<Model>,
  on display: some ValidationDisplay,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let site = DeclarationSite(fileID: fileID, line: line)
  let target = display.validationMessage
  let input = display.validatedInput
  let validation = BindingEndpoint(
    local: .derived, .about("validation of", field), valueType: String?.self)
  var problems: [String] = []
  if form.index(of: field) == nil {
    let known = form.fieldNames
    problems.append(
      "\(keyPathName(field)) is not a field of the form; its fields: "
        + (known.isEmpty ? "none (add them with form.field(...))" : known.joined(separator: ", ")))
  }
  let check = form.check(for: field) as? AsyncFieldCheck<Value>
  let show = BindingEdge<Model>(
    from: validation, to: BindingEndpoint(target), role: .value, mode: .oneWay,
    isTransformed: true
  ) { mount in
    // The message follows the form's rules for the field, shown once the field was edited.
    mount.value(key: ValidationKey(form: ObjectIdentifier(form), field: field)) {
      form.message(for: field)
    }
    .show(in: target)
    let token = addEditHandler(to: input) { [weak form] in form?.markEdited(field) }
    mount.onUnmount { removeEditHandler(token, from: input) }
    // NB: a value the view model starts with is checked at once: the debounced check runs
    // only on changes, and until it answers the form is not valid.
    if let check, form.isChecking(field) {
      mount.execute(check.command, mount.model[keyPath: field])
    }
  }
  let message = BindingDeclaration<Model>(
    .validate(pending: false), site: site,
    edges: [
      .input(from: BindingEndpoint(field), to: validation),
      .input(from: BindingEndpoint(input), to: validation), show,
    ],
    problems: problems)
  guard let check else { return message }
  var declarations = [
    message,
    command(
      check.command, onChangeOf: field, timing: .debounce(check.debounce), fileID: fileID,
      line: line),
  ]
  if let pending = display.validationPending {
    declarations.append(showPending(of: field, in: form, on: pending, site: site))
  }
  return .group(declarations)
}

/// Binds whether the field's asynchronous check is pending, as shown, to `target`.
@MainActor
private func showPending<Model: AnyObject, Value>(
  of field: KeyPath<Model, Value>, in form: FormValidation<Model>,
  on target: any ValueTarget<Bool>, site: DeclarationSite
) -> BindingDeclaration<Model> {
  let pending = BindingEndpoint(local: .derived, .about("check of", field), valueType: Bool.self)
  let show = BindingEdge<Model>(
    from: pending, to: BindingEndpoint(target), role: .value, mode: .oneWay, isTransformed: true
  ) { mount in
    mount.value(key: ValidationKey(form: ObjectIdentifier(form), field: field, part: 1)) {
      form.showsChecking(field)
    }
    .show(in: target)
  }
  return BindingDeclaration<Model>(
    .validate(pending: true), site: site,
    edges: [.input(from: BindingEndpoint(field), to: pending), show])
}

private struct ValidationKey: Hashable {
  let form: ObjectIdentifier
  let field: AnyKeyPath
  var part = 0
}

@MainActor
private func addEditHandler<Target: ValueTarget>(
  to target: Target, _ handler: @escaping @MainActor () -> Void
) -> HandlerToken {
  target.addEditHandler { _ in handler() }
}

@MainActor
private func removeEditHandler<Target: ValueTarget>(_ token: HandlerToken, from target: Target) {
  target.removeEditHandler(token)
}
