/// How a declaration is spelled in its summary (`bind(\.name, to: field.text)`), made from its
/// edges when it is asked for: the summary names the same ends the graph numbers, so it cannot
/// disagree with them.
enum DeclarationSpelling: Sendable {
  /// `bind(source, to: target, mode: .m)`, from the first edge.
  case bind
  /// `bind(first, second, to: target)`: two inputs, then the edge out of the combination.
  case combination
  /// `command(c, on: widget)`: a trigger edge from a control's event to the command.
  case commandOnControl
  /// `command(c, on: list.event)` and `command(c, on: .moment)`: a trigger edge from an event.
  case commandOnEvent
  /// `command(c, onChangeOf: source)`: an input of a timer, then the timer's trigger.
  case commandOnChange
  /// `on(event)` and `on(.moment)`: a trigger edge to an action.
  case on
  /// `feedback(of: c, on: widget)`.
  case feedback
  /// `focus(source, order: a, b)`: value edges to each field's focus state.
  case focus
  /// `endEditing(source, when: c)`: an edge from the command to the focus property.
  case endEditing
  /// `show(source, in: list)`.
  case show
  /// `embed(source, in: container)`.
  case embed
  /// `validate(field, on: widget)`, with ` pending` for the check's indicator.
  case validate(pending: Bool)
  /// A group of declarations.
  case group
  /// A kind of the user's: `name(` the ends of its edges `)`.
  case named(String)

  /// The summary of a declaration of this form with `edges`.
  func summary(of edges: [AnyBindingEdge]) -> String {
    guard let first = edges.first else { return "\(functionName)()" }
    let last = edges[edges.count - 1]
    switch self {
    case .bind:
      let reversed = first.mode == .oneWayToSource
      let source = reversed ? first.to : first.from
      let target = reversed ? first.from : first.to
      return "bind(\(source.name), to: \(target.name), mode: .\(modeName(first.mode ?? .oneWay)))"
    case .combination:
      let inputs = edges.filter { $0.role == .input }.map(\.from.name)
      return "bind(\(inputs.joined(separator: ", ")), to: \(last.to.name))"
    case .commandOnControl:
      return "command(\(first.to.name), on: \(first.from.widgetID ?? first.from.name))"
    case .commandOnEvent:
      return "command(\(first.to.name), on: \(first.from.eventName))"
    case .commandOnChange:
      return "command(\(last.to.name), onChangeOf: \(first.from.name))"
    case .on:
      return "on(\(first.from.eventName))"
    case .feedback:
      return "feedback(of: \(first.from.name), on: \(first.to.widgetID ?? first.to.name))"
    case .focus:
      let fields = edges.filter { $0.role == .value }.compactMap(\.to.widgetID)
      return "focus(\(first.from.name), order: \(fields.joined(separator: ", ")))"
    case .endEditing:
      return "endEditing(\(first.to.name), when: \(first.from.name))"
    case .show, .embed:
      return "\(functionName)(\(first.from.name), in: \(last.to.widgetID ?? last.to.name))"
    case .validate(let pending):
      return "validate(\(first.from.name), on: \(last.to.widgetID ?? last.to.name))"
        + (pending ? " pending" : "")
    case .group:
      return "group"
    case .named(let name):
      // NB: by identity, not by name: two key paths of one type share a name until the graph
      // numbers them (`\Model.<String>`), and each is an end of its own.
      var seen: Set<BindingEndpoint.Identity> = []
      var ends: [String] = []
      for edge in edges {
        for end in [edge.from, edge.to] where seen.insert(end.identity).inserted {
          ends.append(end.name)
        }
      }
      return "\(name)(\(ends.joined(separator: ", ")))"
    }
  }

  /// The name of the function that makes declarations of this form.
  var functionName: String {
    switch self {
    case .bind, .combination: "bind"
    case .commandOnControl, .commandOnEvent, .commandOnChange: "command"
    case .on: "on"
    case .feedback: "feedback"
    case .focus: "focus"
    case .endEditing: "endEditing"
    case .show: "show"
    case .embed: "embed"
    case .validate: "validate"
    case .group: "group"
    case .named(let name): name
    }
  }
}

extension BindingEndpoint {
  /// The id of the widget a widget endpoint belongs to.
  var widgetID: String? {
    switch identity {
    case .widget(let key), .event(let key): key.widgetID
    default: nil
    }
  }

  /// How a declaration names an event it reacts to: `list.selection`, or `.didAppear` for a
  /// moment of the screen's life.
  var eventName: String {
    if case .lifecycle(let event) = identity { return ".\(event.rawValue)" }
    return name
  }
}

/// How a summary spells a binding mode.
func modeName(_ mode: BindingMode) -> String {
  switch mode {
  case .automatic: "automatic"
  case .oneWay: "oneWay"
  case .twoWay: "twoWay"
  case .oneWayToSource: "oneWayToSource"
  case .oneTime: "oneTime"
  }
}
