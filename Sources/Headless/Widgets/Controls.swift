public import BindingDSL

/// Read-only text.
@MainActor
public final class Label: Widget {
  override public var kind: String { "Label" }

  public let text: WidgetProperty<String>

  public init(_ id: String, text: String = "") {
    self.text = WidgetProperty(widgetID: id, name: "text", value: text)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] { [.init("text", .text(text.value))] }
}

/// An editable line of text; a secure field shows dots instead of its text.
@MainActor
public final class TextField: Widget, TextEditable {
  /// The text a person types; ``WidgetProperty/isRejected`` while it is an edit the view model
  /// did not take.
  public let text: WidgetProperty<String>
  public let placeholder: WidgetProperty<String>
  /// Whether the field hides what is typed, as for passwords.
  public let isSecure: Bool

  public init(_ id: String, text: String = "", placeholder: String = "", isSecure: Bool = false) {
    self.text = WidgetProperty(widgetID: id, name: "text", value: text, isEditable: true)
    self.placeholder = WidgetProperty(widgetID: id, name: "placeholder", value: placeholder)
    self.isSecure = isSecure
    super.init(id: id)
  }

  override public var kind: String { isSecure ? "SecureField" : "TextField" }

  override public var renderedFields: [RenderedField] {
    let shown = isSecure ? String(repeating: "•", count: text.value.count) : text.value
    let text = RenderedField("text", .text(shown))
    let placeholder = placeholder.value
    return placeholder.isEmpty ? [text] : [text, .init("placeholder", .text(placeholder))]
  }

  /// `rejected` while the text is an edit the view model did not take.
  override public var renderedFlags: [String] { text.isRejected ? ["rejected"] : [] }

}

/// A tappable button with a title and a busy state shown while its command runs.
@MainActor
public final class Button: Widget, CommandControl, Tappable {
  override public var kind: String { "Button" }

  public let title: WidgetProperty<String>
  /// Whether the button's action is running.
  public let isBusy: WidgetProperty<Bool>
  /// A person's tap.
  public let tap: WidgetEvent

  public init(_ id: String, title: String = "") {
    self.title = WidgetProperty(widgetID: id, name: "title", value: title)
    self.isBusy = WidgetProperty(widgetID: id, name: "isBusy", value: false)
    self.tap = WidgetEvent(widgetID: id, name: "tap")
    super.init(id: id)
  }

  public var commandTrigger: any EventSource { tap }
  public var commandEnabled: any ValueTarget<Bool> { isEnabled }
  public var commandBusy: (any ValueTarget<Bool>)? { isBusy }

  override public var renderedFields: [RenderedField] { [.init("title", .text(title.value))] }
  override public var renderedFlags: [String] { isBusy.value ? ["busy"] : [] }
}

/// An on/off switch.
@MainActor
public final class Toggle: Widget, Toggleable {
  override public var kind: String { "Toggle" }

  public let title: WidgetProperty<String>
  public let isOn: WidgetProperty<Bool>

  public init(_ id: String, title: String = "", isOn: Bool = false) {
    self.title = WidgetProperty(widgetID: id, name: "title", value: title)
    self.isOn = WidgetProperty(widgetID: id, name: "isOn", value: isOn, isEditable: true)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    [.init("title", .text(title.value)), .init("isOn", .bool(isOn.value))]
  }

}

/// A spinner shown while something loads.
@MainActor
public final class ActivityIndicator: Widget {
  override public var kind: String { "ActivityIndicator" }

  public let isAnimating: WidgetProperty<Bool>

  public init(_ id: String, isAnimating: Bool = false) {
    self.isAnimating = WidgetProperty(widgetID: id, name: "isAnimating", value: isAnimating)
    super.init(id: id)
  }

  override public var renderedFlags: [String] { isAnimating.value ? ["animating"] : [] }
}

/// A short message over the screen, such as the outcome of a command; empty shows nothing.
@MainActor
public final class Toast: Widget {
  override public var kind: String { "Toast" }

  public let message: WidgetProperty<String?>

  public init(_ id: String, message: String? = nil) {
    self.message = WidgetProperty(widgetID: id, name: "message", value: message)
    super.init(id: id)
  }

  override public var renderedFields: [RenderedField] {
    message.value.map { [.init("message", .text($0))] } ?? []
  }

  override public var renderedFlags: [String] { message.value == nil ? ["empty"] : [] }
}
