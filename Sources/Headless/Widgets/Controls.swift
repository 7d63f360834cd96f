public import BindingDSL

/// Read-only text.
@MainActor
public final class Label: Widget {
  override public var kind: String { "Label" }

  /// The text shown.
  public let text: WidgetProperty<String>

  package override var listedMembers: [any WidgetMember]? { [text] }

  /// Creates a label.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - text: The text at first.
  public init(_ id: String, text: String = "") {
    self.text = WidgetProperty(widgetID: id, name: "text", value: text)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] { [.init("text", .text(text.value))] }

  override func appendFields(to output: inout RenderOutput) -> Bool {
    output.appendTextField("text", text.value)
    return true
  }
}

/// An editable line of text; a secure field shows dots instead of its text.
///
/// It shows a validation message on its line (`validate(\.code, with: vm.form, on: code)`),
/// can hold the focus (`focus(\.focusedField, order: ...)`), and has a return key.
@MainActor
public final class TextField: Widget, TextEditable, Focusable, Submittable, ValidationDisplay,
  FocusTarget
{
  /// The text a person types; ``WidgetProperty/isRejected`` while it is an edit the view model
  /// did not take.
  public let text: WidgetProperty<String>
  /// What the field shows while empty.
  public let placeholder: WidgetProperty<String>
  /// The validation message shown on the field's line; `nil` for none.
  public let message: WidgetProperty<String?>
  /// Whether the field has the focus, editable.
  public let isFocused: WidgetProperty<Bool>
  /// Whether an asynchronous check of the field's value is due or running.
  public let isChecking: WidgetProperty<Bool>
  /// The return key.
  public let submit: WidgetEvent
  /// Whether the field hides what is typed, as for passwords.
  public let isSecure: Bool

  package override var listedMembers: [any WidgetMember]? {
    [text, placeholder, message, isFocused, isChecking, submit]
  }

  /// Creates a text field.
  ///
  /// - Parameters:
  ///   - id: The field's identity.
  ///   - text: The text it starts with.
  ///   - placeholder: What it shows while empty.
  ///   - isSecure: Whether it hides what is typed.
  public init(_ id: String, text: String = "", placeholder: String = "", isSecure: Bool = false) {
    self.text = WidgetProperty(widgetID: id, name: "text", value: text, isEditable: true)
    self.placeholder = WidgetProperty(widgetID: id, name: "placeholder", value: placeholder)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    self.isFocused = WidgetProperty(widgetID: id, name: "isFocused", value: false, isEditable: true)
    self.isChecking = WidgetProperty(widgetID: id, name: "isChecking", value: false)
    self.submit = WidgetEvent(widgetID: id, name: "submit")
    self.isSecure = isSecure
    super.init(id: id)
  }

  override public var kind: String { isSecure ? "SecureField" : "TextField" }

  override public var renderedFields: [RenderedField] {
    let shown = isSecure ? String(repeating: "•", count: text.value.count) : text.value
    var fields: [RenderedField] = []
    fields.reserveCapacity(3)
    fields.append(RenderedField("text", .text(shown)))
    if !placeholder.value.isEmpty { fields.append(.init("placeholder", .text(placeholder.value))) }
    fields.appendText("message", message.value)
    return fields
  }

  /// `rejected` while the text is an edit the view model did not take; `checking` while an
  /// asynchronous check of it is pending; `focused` while the field has the focus.
  override public var renderedFlags: [String] {
    if !text.isRejected && !isChecking.value && !isFocused.value { return [] }
    var flags: [String] = []
    if text.isRejected { flags.append("rejected") }
    if isChecking.value { flags.append("checking") }
    if isFocused.value { flags.append("focused") }
    return flags
  }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The text: editing it marks the field edited.
  public var validatedInput: any ValueTarget { text }
  /// Shows a pending asynchronous check as the `checking` flag.
  public var validationPending: (any ValueTarget<Bool>)? { isChecking }
  /// The return key.
  public var returnKey: (any EventSource)? { submit }
}

/// A tappable button with a title and a busy state shown while its command runs.
@MainActor
public final class Button: Widget, CommandControl, Tappable, Focusable, FocusTarget {
  override public var kind: String { "Button" }

  /// The button's title.
  public let title: WidgetProperty<String>
  /// Whether the button's action is running.
  public let isBusy: WidgetProperty<Bool>
  /// A person's tap.
  public let tap: WidgetEvent

  package override var listedMembers: [any WidgetMember]? { [title, isBusy, tap] }

  /// Creates a button.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - title: The title at first.
  public init(_ id: String, title: String = "") {
    self.title = WidgetProperty(widgetID: id, name: "title", value: title)
    self.isBusy = WidgetProperty(widgetID: id, name: "isBusy", value: false)
    self.tap = WidgetEvent(widgetID: id, name: "tap")
    super.init(id: id)
  }

  /// The tap, which executes the bound command.
  public var commandTrigger: any EventSource { tap }
  /// The button's enabled state, which follows whether the bound command can execute.
  public var commandEnabled: any ValueTarget<Bool> { isEnabled }
  /// The button's busy state, which follows whether the bound command is executing.
  public var commandBusy: (any ValueTarget<Bool>)? { isBusy }

  override public var renderedFields: [RenderedField] { [.init("title", .text(title.value))] }

  override func appendFields(to output: inout RenderOutput) -> Bool {
    output.appendTextField("title", title.value)
    return true
  }

  /// `busy` while the button's command runs; `focused` while it has the focus.
  override public var renderedFlags: [String] {
    (isBusy.value ? ["busy"] : []) + focusedFlag
  }

  /// None: return taps a focused button, as a tap does.
  public var returnKey: (any EventSource)? { nil }
}

/// An on/off switch.
@MainActor
public final class Toggle: Widget, Toggleable, ValidationDisplay, Focusable, FocusTarget {
  override public var kind: String { "Toggle" }

  /// What the switch is for.
  public let title: WidgetProperty<String>
  /// Whether it is on, editable.
  public let isOn: WidgetProperty<Bool>
  /// The validation message shown on the toggle's line (terms not accepted); `nil` for none.
  public let message: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? { [title, isOn, message] }

  /// Creates a toggle.
  ///
  /// - Parameters:
  ///   - id: The toggle's identity.
  ///   - title: What the switch is for.
  ///   - isOn: Whether it starts on.
  public init(_ id: String, title: String = "", isOn: Bool = false) {
    self.title = WidgetProperty(widgetID: id, name: "title", value: title)
    self.isOn = WidgetProperty(widgetID: id, name: "isOn", value: isOn, isEditable: true)
    self.message = WidgetProperty(widgetID: id, name: "message", value: nil)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    let fields: [RenderedField] = [
      .init("title", .text(title.value)), .init("isOn", .bool(isOn.value)),
    ]
    guard let message = message.value else { return fields }
    return fields + [.init("message", .text(message))]
  }

  override func appendFields(to output: inout RenderOutput) -> Bool {
    output.appendTextField("title", title.value)
    output.appendField("isOn", .bool(isOn.value))
    if let message = message.value { output.appendTextField("message", message) }
    return true
  }

  /// The message target of a `validate` declaration.
  public var validationMessage: any ValueTarget<String?> { message }
  /// The switch: flipping it marks the field edited.
  public var validatedInput: any ValueTarget { isOn }

  /// `focused` while the toggle has the focus.
  override public var renderedFlags: [String] { focusedFlag }

  /// None: return flips a focused switch, or does nothing.
  public var returnKey: (any EventSource)? { nil }
}

/// A spinner shown while something loads.
@MainActor
public final class ActivityIndicator: Widget {
  override public var kind: String { "ActivityIndicator" }

  /// Whether the spinner spins.
  public let isAnimating: WidgetProperty<Bool>

  package override var listedMembers: [any WidgetMember]? { [isAnimating] }

  /// Creates a spinner.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - isAnimating: Whether it spins at first.
  public init(_ id: String, isAnimating: Bool = false) {
    self.isAnimating = WidgetProperty(widgetID: id, name: "isAnimating", value: isAnimating)
    super.init(id: id)
  }

  override public var renderedFlags: [String] { isAnimating.value ? ["animating"] : [] }
}

/// A short message over the screen, such as the outcome of a command; empty shows nothing.
///
/// Bind a view-model text to ``message``, or show a command's outcome in one declaration:
///
/// ```swift
/// feedback(of: vm.save, on: toast, messages: FeedbackMessages(success: "Saved"))
/// ```
///
/// As a `FeedbackDisplay`, the toast shows the text of the feedback (the success, failure or
/// cancellation message, or the loading text when one is given) and nothing for `.none` or a
/// state without text: it does not tell success from failure, which only the words do.
@MainActor
public final class Toast: Widget, FeedbackDisplay {
  override public var kind: String { "Toast" }

  /// The message; `nil` shows nothing.
  public let message: WidgetProperty<String?>
  /// Writes feedback into ``message``; the graph sees it as ``message`` itself, so a toast
  /// cannot show a command's feedback and a bound text at once.
  private let feedbackMessage: ToastFeedback

  package override var listedMembers: [any WidgetMember]? { [message, feedbackMessage] }

  /// Creates a toast.
  ///
  /// - Parameters:
  ///   - id: The widget's id, unique in its screen.
  ///   - message: The message at first.
  public init(_ id: String, message: String? = nil) {
    let message = WidgetProperty(widgetID: id, name: "message", value: message)
    self.message = message
    feedbackMessage = ToastFeedback(message)
    super.init(id: id)
  }

  /// The property a `feedback(of:on:)` binding writes: ``message``, given the feedback's text.
  public var feedbackTarget: any ValueTarget<Feedback> { feedbackMessage }

  override public var renderedFields: [RenderedField] {
    message.value.map { [.init("message", .text($0))] } ?? []
  }

  override public var renderedFlags: [String] { message.value == nil ? ["empty"] : [] }
}

/// A toast's ``Toast/message`` as a target of ``/BindingDSL/Feedback``: it writes the
/// feedback's text, under the message's own key.
@MainActor
private final class ToastFeedback: ValueTarget, WidgetMember {
  private let message: WidgetProperty<String?>

  init(_ message: WidgetProperty<String?>) {
    self.message = message
  }

  var targetKey: TargetKey { message.targetKey }
  var memberName: String { message.memberName }
  var isEditable: Bool { false }
  var receivesWithoutSideEffects: Bool { true }

  var currentValue: Feedback { message.value.map { .message($0) } ?? .none }

  func receive(_ value: Feedback) {
    switch value {
    case .none: message.receive(nil)
    case .loading(let text), .success(let text): message.receive(text)
    case .failure(let text), .message(let text): message.receive(text)
    }
  }

  /// A person cannot edit a toast: no handler is ever called.
  func addEditHandler(_ handler: @escaping @MainActor (Feedback) -> Void) -> HandlerToken {
    HandlerToken(rawValue: 0)
  }

  func removeEditHandler(_ token: HandlerToken) {}
}
