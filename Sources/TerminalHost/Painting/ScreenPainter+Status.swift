import BindingDSL
import Headless

extension ScreenPainter {
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
    case let stack as HStack:
      let shown = stack.children.filter { !$0.isHidden.value }
      return shown.reduce(max(shown.count - 1, 0)) { $0 + naturalWidth(of: $1) }
    case is VStack, is RowWidget:
      return widget.children.map { naturalWidth(of: $0) }.max() ?? 0
    default:
      return (widget as? any TerminalDrawable)?.naturalTerminalWidth ?? 24
    }
  }
}
