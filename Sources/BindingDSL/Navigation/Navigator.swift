/// Navigation as a view model sees it: push, pop and present other view models, never screens or
/// widgets.
///
/// A view model is given a navigator (through its initializer, so that a test can pass its own)
/// and asks it to show the next view model; the app decides which screen shows it. Every
/// operation acts on the *active* stack: the stack of the topmost presented modal, or the main
/// stack when nothing is presented.
///
/// ```swift
/// @MainActor @Observable
/// final class InboxViewModel {
///   @ObservationIgnored let navigator: any Navigator
///   init(navigator: any Navigator) { self.navigator = navigator }
///   func open(_ message: Message) throws {
///     try navigator.push(MessageViewModel(message, navigator: navigator))
///   }
/// }
/// ```
///
/// Every operation checks everything before it changes anything: when it throws, the stacks are
/// as they were.
@MainActor
public protocol Navigator: AnyObject {
  /// Pushes `model` on the active stack; its screen covers the one on top.
  ///
  /// - Parameter model: The view model to show.
  /// - Throws: ``NavigationError`` when no screen is registered for its type, when it is
  ///   already shown, or when another operation is under way.
  func push(_ model: AnyObject) throws(NavigationError)

  /// Pushes `models` on the active stack in one step, the last on top: only the last screen
  /// appears (a deep link).
  ///
  /// - Parameter models: The view models to push, in order; never empty.
  /// - Throws: ``NavigationError`` when `models` is empty, repeats a view model, or holds one
  ///   whose type has no registered screen or that is shown already.
  func push(contentsOf models: [AnyObject]) throws(NavigationError)

  /// Pops the top of the active stack, uncovering the screen under it.
  ///
  /// - Throws: ``NavigationError`` when the active stack holds only its root.
  func pop() throws(NavigationError)

  /// Pops every screen of the active stack above its root.
  ///
  /// - Throws: ``NavigationError`` when another operation is under way.
  func popToRoot() throws(NavigationError)

  /// Pops the screens of the active stack above `model`.
  ///
  /// - Parameter model: A view model on the active stack.
  /// - Throws: ``NavigationError`` when `model` is not on the active stack.
  func pop(to model: AnyObject) throws(NavigationError)

  /// Replaces the active stack with `models`, the first at the root. Screens of view models
  /// that stay on the stack keep their state; the others are unmounted.
  ///
  /// - Parameter models: The new stack, root first; never empty.
  /// - Throws: ``NavigationError`` when `models` is empty, repeats a view model, or holds one
  ///   whose type has no registered screen.
  func setStack(_ models: [AnyObject]) throws(NavigationError)

  /// Presents `model` modally, at the root of a stack of its own that covers everything.
  ///
  /// - Parameter model: The view model to present.
  /// - Throws: ``NavigationError`` when no screen is registered for its type.
  func present(_ model: AnyObject) throws(NavigationError)

  /// Dismisses the topmost presented stack, unmounting its screens.
  ///
  /// - Throws: ``NavigationError`` when nothing is presented.
  func dismiss() throws(NavigationError)
}
