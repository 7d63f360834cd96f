import BindingDSL
import Headless

extension ScreenPainter {
  /// Draws progress, HUDs and toasts; `nil` when `widget` is none of them. A HUD showing
  /// nothing, a toast without a message and an activity indicator at rest take no rows.
  func drawStatus(
    _ widget: Widget, column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int? {
    switch widget {
    case let bar as ProgressBar:
      let value = bar.value.value.isNaN ? 0 : min(max(bar.value.value, 0), 1)
      let percent = " \(Int((value * 100).rounded()))%"
      let cells = max(min(20, width - TerminalText.width(of: percent)), 1)
      let done = Int((value * Double(cells)).rounded())
      let text =
        String(repeating: "█", count: done) + String(repeating: "░", count: cells - done) + percent
      canvas.write(text, column: column, row: row, width: width)
      return 1
    case let indicator as ActivityIndicator:
      guard indicator.isAnimating.value else { return 0 }
      canvas.write("⋯", column: column, row: row, width: width, style: Palette.dim)
      return 1
    case let hud as HUD:
      guard let line = Self.line(of: hud.feedback.value) else { return 0 }
      canvas.fill(column: column, row: row, width: width, style: Palette.notice)
      canvas.write(line, column: column, row: row, width: width, style: Palette.notice)
      return 1
    case let toast as Toast:
      guard let message = toast.message.value else { return 0 }
      canvas.fill(column: column, row: row, width: width, style: Palette.notice)
      canvas.write(message, column: column, row: row, width: width, style: Palette.notice)
      return 1
    default:
      return nil
    }
  }

  /// What a HUD's line says for `feedback`; `nil` for nothing.
  static func line(of feedback: Feedback) -> String? {
    switch feedback {
    case .none: nil
    case .loading(let text): "⋯ " + (text ?? "Loading")
    case .success(let text): "✓ " + (text ?? "Done")
    case .failure(let text): "✗ " + text
    case .message(let text): text
    }
  }

  /// How many columns `widget` takes on one line when nothing constrains it: what a
  /// horizontal stack gives each child when they all fit.
  func naturalWidth(of widget: Widget) -> Int {
    guard !widget.isHidden.value else { return 0 }
    switch widget {
    case let label as Label: return TerminalText.width(of: label.text.value)
    case let button as Button:
      return TerminalText.width(of: button.title.value) + (button.isBusy.value ? 6 : 4)
    case let toggle as Toggle: return TerminalText.width(of: toggle.title.value) + 4
    case let field as TextField:
      return max(TerminalText.width(of: field.placeholder.value), field.text.value.count, 12) + 1
    case let field as SearchField:
      return max(TerminalText.width(of: field.placeholder.value), field.text.value.count, 12) + 3
    case let stepper as Stepper: return "\(stepper.value.value)".count + 8
    case let image as Image: return image.spokenText.map { TerminalText.width(of: $0) + 2 } ?? 0
    case let stack as HStack:
      let shown = stack.children.filter { !$0.isHidden.value }
      return shown.reduce(max(shown.count - 1, 0)) { $0 + naturalWidth(of: $1) }
    case is VStack, is RowWidget:
      return widget.children.map { naturalWidth(of: $0) }.max() ?? 0
    default:
      return 24
    }
  }
}
