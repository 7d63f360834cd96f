import BindingDSL

/// A dialog shown over an app, as the render shows it: an alert, an action sheet or a prompt,
/// with its title, message, buttons and, for a prompt, its text field.
@MainActor
public final class DialogView: Widget {
  /// What kind of dialog it is.
  public enum Style: String, Hashable, Sendable {
    /// Buttons under a title and a message.
    case alert = "Alert"
    /// A list of actions and a cancel button.
    case actionSheet = "ActionSheet"
    /// A text field with OK and Cancel.
    case prompt = "Prompt"
  }

  override public var kind: String { style.rawValue }

  /// What kind of dialog it is.
  public let style: Style
  /// The title.
  public let title: String
  /// The text under the title.
  public let message: String?
  /// The buttons, in order; their ids are `<dialog id>.<index>`, from 1.
  public let buttons: [Button]
  /// The roles of the buttons, in order.
  package let roles: [DialogButton.Role]
  /// The prompt's text field (`<dialog id>.text`).
  public let field: TextField?
  /// Whether another dialog is in front of this one.
  public internal(set) var isWaiting = false {
    didSet { if isWaiting != oldValue { reportChange("isWaiting") } }
  }

  package override var listedMembers: [any WidgetMember]? { [] }

  init(
    _ id: String, style: Style, title: String, message: String?, buttons: [DialogButton],
    field: TextField? = nil
  ) {
    self.style = style
    self.title = title
    self.message = message
    self.buttons = buttons.enumerated().map { index, button in
      Button("\(id).\(index + 1)", title: button.title)
    }
    roles = buttons.map(\.role)
    self.field = field
    super.init(id: id)
  }

  override public var children: [Widget] { (field.map { [$0] } ?? []) + buttons }

  override public var renderedFields: [RenderedField] {
    [.init("title", .text(title))] + (message.map { [.init("message", .text($0))] } ?? [])
  }

  override public var renderedFlags: [String] { isWaiting ? ["waiting"] : [] }

  /// The buttons' titles, quoted, for messages.
  var buttonList: String { buttons.map { "'\($0.title.value)'" }.joined(separator: ", ") }

  /// How messages name it: `the alert 'Leave?'`.
  var described: String {
    let noun =
      switch style {
      case .alert: "alert"
      case .actionSheet: "action sheet"
      case .prompt: "prompt"
      }
    return "the \(noun) '\(title)'"
  }
}
