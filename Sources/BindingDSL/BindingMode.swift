/// The direction in which a binding carries values between a view model and a widget.
///
/// The default, ``automatic``, resolves when the declaration is made: an editable widget value
/// (a text field's text, a toggle's value) bound to a writable key path becomes ``twoWay``;
/// anything else becomes ``oneWay``.
public enum BindingMode: Sendable, Hashable, CustomStringConvertible {
  /// Two-way for an editable target and a writable key path, one-way otherwise.
  case automatic
  /// View model to widget, on every change.
  case oneWay
  /// View model to widget and widget edits back to the view model, without echo.
  case twoWay
  /// Widget edits to the view model only; the widget's value is written once when mounted.
  case oneWayToSource
  /// View model to widget once, when mounted; later changes are not tracked.
  case oneTime

  /// The mode as a declaration writes it: `one-way`, `two-way`.
  public var description: String {
    switch self {
    case .automatic: "automatic"
    case .oneWay: "one-way"
    case .twoWay: "two-way"
    case .oneWayToSource: "one-way-to-source"
    case .oneTime: "one-time"
    }
  }

  /// Whether widget edits flow back into the view model.
  var writesSource: Bool { self == .twoWay || self == .oneWayToSource }
}
