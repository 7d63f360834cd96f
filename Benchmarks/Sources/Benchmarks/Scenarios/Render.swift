import Headless

/// A tree of 10,001 widgets: a root, 100 sections, and 99 widgets of four kinds in each.
@MainActor
func renderTree() -> (root: Widget, count: Int) {
  var sections: [Widget] = []
  for section in 0..<100 {
    let children: [Widget] = (0..<99).map { index in
      let id = "w\(section)-\(index)"
      switch index % 4 {
      case 0: return Label(id, text: "Row \(index) of section \(section)")
      case 1: return TextField(id, text: "value \(index)", placeholder: "Field")
      case 2: return Toggle(id, title: "Option \(index)", isOn: index % 3 == 0)
      default: return Button(id, title: "Action \(index)")
      }
    }
    sections.append(VStack("section\(section)") { children })
  }
  let root = VStack("root") { sections }
  return (root, root.allWidgets.count)
}

/// The same text, written by hand for exactly these four kinds (and the plain lists of the list
/// scenarios, whose rows and stacks have no fields): the lower bound for the renderer's
/// generality (fields, labels and flags looked up per widget).
@MainActor
func renderByHand(_ widget: Widget, depth: Int, into text: inout String) {
  if depth > 0 { text += "\n" }
  text += String(repeating: "  ", count: depth)
  switch widget {
  case let label as Label:
    text += "Label #\(label.id) text=\(quote(label.text.value))"
  case let field as TextField:
    text += "TextField #\(field.id) text=\(quote(field.text.value))"
    if !field.placeholder.value.isEmpty { text += " placeholder=\(quote(field.placeholder.value))" }
  case let toggle as Toggle:
    text += "Toggle #\(toggle.id) title=\(quote(toggle.title.value)) isOn=\(toggle.isOn.value)"
  case let button as Button:
    text += "Button #\(button.id) title=\(quote(button.title.value))"
  case let list as ListView:
    // A list as the list scenarios show it: one section, no empty text, failure or problem.
    text += "List #\(list.id) count=\(list.rows.count)"
  default:
    text += "\(widget.kind) #\(widget.id)"
  }
  for child in widget.children { renderByHand(child, depth: depth + 1, into: &text) }
}

private func quote(_ text: String) -> String {
  guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
    return "\"" + text + "\""
  }
  var result = "\""
  for character in text {
    switch character {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default: result.append(character)
    }
  }
  return result + "\""
}

/// Rendering a 10,001-widget tree to text.
@MainActor
func renderRows(_ settings: Settings) -> [Row] {
  let (root, count) = renderTree()
  let renders = settings.isQuick ? 1 : 5
  var rendered = ""
  var byHand = ""

  let engine = median(settings, units: renders) {
    time {
      for _ in 0..<renders { rendered = TextRenderer.render(root) }
    }
  }

  let closures = median(settings, units: renders) {
    time {
      for _ in 0..<renders {
        var text = ""
        renderByHand(root, depth: 0, into: &text)
        byHand = text
      }
    }
  }

  return [
    Row(
      scenario: "render: \(format(Double(count)))-widget tree to text", unit: "ms/tree",
      engine: engine / 1e6, closures: closures / 1e6, target: .atMost(5),
      note: "\(format(engine / Double(count))) ns/widget; closures column: by hand"),
    Row(
      scenario: "render: hand-written text equals the renderer's", unit: "equal",
      target: .count(expected: 1, what: ""), count: rendered == byHand ? 1 : 0),
  ]
}
