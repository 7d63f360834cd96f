import Headless

/// The leaf kinds of the kit tree, one per index modulo their count.
private let leafKinds = 19

/// A tree of about 10,000 widgets mixing every kind of the kit: 100 sections (vertical and
/// horizontal stacks and scroll views in turn) of 99 widgets cycling through 19 leaf kinds, some
/// disabled, focused, with validation messages or hidden.
@MainActor
func kitTree() throws -> (root: Widget, count: Int) {
  let day = try CalendarDate(parsing: "2026-11-23")
  var sections: [Widget] = []
  for section in 0..<100 {
    let children: [Widget] = (0..<99).map { index in
      let widget = kitWidget(id: "k\(section)-\(index)", index: index, day: day)
      if index % 17 == 0 { widget.isEnabled.value = false }
      if index % 23 == 0 { widget.accessibilityLabel.value = "Item \(index)" }
      return widget
    }
    let id = "section\(section)"
    switch section % 3 {
    case 0: sections.append(VStack(id) { children })
    case 1: sections.append(HStack(id) { children })
    default: sections.append(ScrollView(id, offset: Double(section)) { children })
    }
  }
  let root = VStack("root") { sections }
  return (root, root.allWidgets.count)
}

@MainActor
private func kitWidget(id: String, index: Int, day: CalendarDate) -> Widget {
  switch index % leafKinds {
  case 0: return Label(id, text: "Row \(index)")
  case 1:
    let field = TextField(id, text: "value \(index)", placeholder: "Field")
    if index % 3 == 0 { field.message.value = "Too short" }
    if index == 1 { field.isFocused.value = true }
    return field
  case 2: return TextField(id, text: "secret", placeholder: "Password", isSecure: true)
  case 3: return Button(id, title: "Action \(index)")
  case 4: return Toggle(id, title: "Option \(index)", isOn: index % 2 == 0)
  case 5: return Slider(id, value: 0.25, range: 0...1, step: 0.25)
  case 6: return Stepper(id, value: index % 8, range: 0...10)
  case 7: return SegmentedControl(id, options: ["km", "mi"], selection: "km")
  case 8: return Picker(id, title: "Theme", options: ["Light", "Dark", "System"])
  case 9:
    return DatePicker(
      id, title: "Day", date: day.adding(days: index), range: day...day.adding(days: 365))
  case 10: return TextView(id, text: "Line one\nLine two \"quoted\"", placeholder: "Notes")
  case 11: return Image(id, name: "photo-\(index)", description: "Photo \(index)")
  case 12: return Image(id, decorative: "rule")
  case 13: return SearchField(id, text: "pen")
  case 14: return ActivityIndicator(id, isAnimating: index % 2 == 0)
  case 15: return ProgressBar(id, value: 0.5)
  case 16: return HUD(id, feedback: .loading("Loading"))
  case 17: return Toast(id, message: index % 2 == 0 ? nil : "Saved")
  default: return TextList(id, items: ["one", "two"])
  }
}

/// The same text written by hand for every kind of the kit: the lower bound for the renderer's
/// generality.
@MainActor
private func renderKitByHand(_ widget: Widget, depth: Int, into text: inout String) {
  if depth > 0 { text += "\n" }
  text += String(repeating: "  ", count: depth)
  text += widget.kind
  text += " #"
  text += widget.id
  var flags: [String] = []
  switch widget {
  case let label as Label:
    text += " text=" + kitQuote(label.text.value)
  case let field as TextField:
    let shown =
      field.isSecure ? String(repeating: "•", count: field.text.value.count) : field.text.value
    text += " text=" + kitQuote(shown)
    if !field.placeholder.value.isEmpty {
      text += " placeholder=" + kitQuote(field.placeholder.value)
    }
    if let message = field.message.value { text += " message=" + kitQuote(message) }
    if field.isFocused.value { flags.append("focused") }
  case let button as Button:
    text += " title=" + kitQuote(button.title.value)
  case let toggle as Toggle:
    text += " title=" + kitQuote(toggle.title.value) + " isOn=\(toggle.isOn.value)"
  case let slider as Slider:
    text += " value=\(kitNumber(slider.value.value)) range="
    let range = slider.range.value
    text += "\(kitNumber(range.lowerBound))...\(kitNumber(range.upperBound))"
    if let step = slider.adjustableStep { text += " step=\(kitNumber(step))" }
  case let stepper as Stepper:
    text += " value=\(stepper.value.value) range=\(stepper.range.value.lowerBound)..."
    text += "\(stepper.range.value.upperBound) step=\(stepper.stepSize)"
  case let control as SegmentedControl:
    text += " options=" + kitList(control.options.value) + " selection="
    text += control.selection.value.map(kitQuote) ?? "none"
  case let picker as Picker:
    if !picker.title.value.isEmpty { text += " title=" + kitQuote(picker.title.value) }
    text += " options=" + kitList(picker.options.value) + " selection="
    text += picker.selection.value.map(kitQuote) ?? "none"
  case let picker as DatePicker:
    if !picker.title.value.isEmpty { text += " title=" + kitQuote(picker.title.value) }
    text += " date=\(picker.date.value)"
    if let range = picker.range.value { text += " range=\(range.lowerBound)...\(range.upperBound)" }
  case let view as TextView:
    text += " text=" + kitQuote(view.text.value) + " lines=\(view.lineCount)"
    if !view.placeholder.value.isEmpty {
      text += " placeholder=" + kitQuote(view.placeholder.value)
    }
  case let image as Image:
    if let said = image.spokenText { text += " says=" + kitQuote(said) }
    if image.isDecorative { flags.append("decorative") }
  case let field as SearchField:
    text += " text=" + kitQuote(field.text.value)
    if !field.placeholder.value.isEmpty {
      text += " placeholder=" + kitQuote(field.placeholder.value)
    }
  case let scroll as ScrollView:
    text += " offset=\(kitNumber(scroll.offset.value))"
  case let indicator as ActivityIndicator:
    if indicator.isAnimating.value { flags.append("animating") }
  case let bar as ProgressBar:
    text += " value=\(kitNumber(min(max(bar.value.value, 0), 1)))"
  case let hud as HUD:
    if case .loading(let message) = hud.feedback.value {
      text += " state=loading"
      if let message { text += " message=" + kitQuote(message) }
    }
  case let toast as Toast:
    if let message = toast.message.value {
      text += " message=" + kitQuote(message)
    } else {
      flags.append("empty")
    }
  case let list as TextList:
    text += " count=\(list.items.value.count)"
  default:
    break
  }
  if let label = widget.accessibilityLabel.value { text += " label=" + kitQuote(label) }
  if !widget.isEnabled.value { flags.insert("disabled", at: 0) }
  if !flags.isEmpty { text += " [" + flags.joined(separator: ", ") + "]" }
  for child in widget.children { renderKitByHand(child, depth: depth + 1, into: &text) }
}

private func kitNumber(_ number: Double) -> String {
  number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
}

private func kitList(_ items: [String]) -> String {
  "[" + items.map(kitQuote).joined(separator: ", ") + "]"
}

private func kitQuote(_ text: String) -> String {
  guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
    return "\"" + text + "\""
  }
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

/// Rendering a tree of about 10,000 widgets of every kind of the kit to text.
@MainActor
func kitRenderRows(_ settings: Settings) throws -> [Row] {
  let (root, count) = try kitTree()
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
        renderKitByHand(root, depth: 0, into: &text)
        byHand = text
      }
    }
  }

  return [
    Row(
      scenario: "render: \(format(Double(count)))-widget tree of every kind to text",
      unit: "ms/tree", engine: engine / 1e6, closures: closures / 1e6, target: .atMost(5),
      note: "\(format(engine / Double(count))) ns/widget, \(leafKinds) leaf kinds and 3 "
        + "containers; closures column: by hand"),
    Row(
      scenario: "render: hand-written text of every kind equals the renderer's", unit: "equal",
      target: .count(expected: 1, what: ""), count: rendered == byHand ? 1 : 0),
  ]
}
