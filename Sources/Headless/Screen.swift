public import BindingDSL
public import Observation

/// A screen: a widget tree and the bindings that connect it to one view-model type.
///
/// ```swift
/// struct GreetingScreen: Screen {
///   let name = TextField("name", placeholder: "Your name")
///   let greeting = Label("greeting")
///
///   var body: Widget {
///     VStack("root") {
///       name
///       greeting
///     }
///   }
///
///   func bindings(_ vm: GreetingViewModel) -> [BindingDeclaration<GreetingViewModel>] {
///     bind(\.name, to: name.text)
///     bind(\.greeting, to: greeting.text)
///   }
/// }
/// ```
@MainActor
public protocol Screen {
  /// The view model the screen binds to: a plain `@Observable` class.
  associatedtype Model: AnyObject & Observable

  /// The widget tree, built once each time the screen is mounted.
  var body: Widget { get }

  /// The bindings between `vm` and the widgets.
  ///
  /// - Parameter vm: The view model the screen is mounted on.
  /// - Returns: The declarations, one a line of a bindings body.
  @BindingsBuilder<Model>
  func bindings(_ vm: Model) -> [BindingDeclaration<Model>]
}

extension Screen {
  /// Mounts the screen on `model`: builds the tree, compiles and checks the bindings, and
  /// installs them.
  ///
  /// The screen is mounted but has not appeared: call ``MountedScreen/appear()`` when it is
  /// shown, to run what its declarations ask for at `willAppear` and `didAppear`.
  ///
  /// Each mount checks the screen's tree and graph, unless `cache` holds a checked mount of the
  /// same shape, and registers with Observation what it observes, unless `cache` holds the
  /// registration an earlier mount on `model` left: a caller that mounts the screen type, or
  /// the same view model, again and again keeps one ``ScreenMountCache`` for all its mounts, as
  /// an ``AppHost`` does for its screens. Without one, a view model mounted again and again
  /// keeps one registration per mount in its registrar until a value the screen observes
  /// changes (Observation cannot cancel one).
  ///
  /// - Parameters:
  ///   - model: The view model; the mounted screen holds it until unmounted.
  ///   - scheduler: What decides when changes flush; by default a `MainActorScheduler` of the
  ///     mount's own, which flushes on the main actor's next turn.
  ///   - clock: The clock debounce and throttle timers sleep on.
  ///   - cache: What this mount reuses and adds to: checked shapes, and the registrations
  ///     unmounts left; shared with the child screens of its embedded screens. `nil` checks the
  ///     screen and registers as a first mount does.
  /// - Returns: The mounted screen; unmount it (or release it) when the screen goes away.
  /// - Throws: ``ScreenError`` when widget ids repeat, when a binding reaches a widget that is
  ///   not in the tree, or when the bindings do not form a valid graph.
  public func mount(
    on model: Model, scheduler: any FlushScheduler = MainActorScheduler(),
    clock: any Clock<Duration> = ContinuousClock(), cache: ScreenMountCache? = nil
  ) throws(ScreenError) -> MountedScreen<Self> {
    try MountedScreen(self, on: model, scheduler: scheduler, clock: clock, cache: cache)
  }
}
