/// A view model that decides what the back button does on its screen, such as asking whether to
/// leave a form half filled in.
///
/// ```swift
/// func handleBack() -> Bool {
///   guard hasChanges else { return false }
///   confirmLeaving.execute()
///   return true
/// }
/// ```
@MainActor
public protocol BackHandling: AnyObject {
  /// Called when the person taps back on this view model's screen.
  ///
  /// - Returns: Whether the view model took care of it (and pops itself when it wants to);
  ///   `false` lets the navigator pop the screen.
  func handleBack() -> Bool
}
