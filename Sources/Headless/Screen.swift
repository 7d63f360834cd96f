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
  /// - Parameters:
  ///   - model: The view model; the mounted screen holds it until unmounted.
  ///   - scheduler: What decides when changes flush: the main actor's next turn by default.
  ///   - clock: The clock debounce and throttle timers sleep on.
  /// - Returns: The mounted screen; unmount it (or release it) when the screen goes away.
  /// - Throws: ``ScreenError`` when widget ids repeat, when a binding reaches a widget that is
  ///   not in the tree, or when the bindings do not form a valid graph.
  public func mount(
    on model: Model, scheduler: any FlushScheduler = MainActorScheduler.shared,
    clock: any Clock<Duration> = ContinuousClock()
  ) throws(ScreenError) -> MountedScreen<Self> {
    try MountedScreen(self, on: model, scheduler: scheduler, clock: clock)
  }
}

/// A screen mounted on a view model. It holds the view model and the widgets until
/// ``unmount()``, which releases both.
@MainActor
public final class MountedScreen<S: Screen> {
  /// The screen, until unmounted.
  public private(set) var screen: S?
  /// The root of the widget tree, until unmounted.
  public private(set) var root: Widget?
  /// The running bindings.
  public let graph: MountedGraph<S.Model>

  private var widgetsByID: [String: Widget]

  init(
    _ screen: S, on model: S.Model, scheduler: any FlushScheduler, clock: any Clock<Duration>
  ) throws(ScreenError) {
    let prepared = try PreparedScreen(screen, on: model)
    self.screen = screen
    self.root = prepared.root
    self.widgetsByID = prepared.widgetsByID
    self.graph = MountedGraph(
      prepared.graph, installing: prepared.declarations, on: model, scheduler: scheduler,
      clock: clock)
  }

  /// Whether the screen has appeared and not disappeared since.
  public private(set) var isVisible = false
  /// Whether the screen has disappeared since it last appeared: it then appears again, and its
  /// lists clear their selection (see ``ListView/clearsSelectionOnReappear``).
  private var hasDisappeared = false

  /// Tells the screen it is being shown: `willAppear`, then `didAppear`. Does nothing if it is
  /// already visible. Shown again after ``disappear()``, its lists first deselect their selected
  /// rows (see ``ListView/clearsSelectionOnReappear``).
  public func appear() {
    guard isMounted, !isVisible else { return }
    if hasDisappeared {
      hasDisappeared = false
      root?.listsReappear()
    }
    graph.send(.willAppear)
    isVisible = true
    graph.send(.didAppear)
  }

  /// Tells the screen it is being hidden: `willDisappear`, then `didDisappear`. Does nothing if
  /// it is not visible.
  public func disappear() {
    guard isMounted, isVisible else { return }
    graph.send(.willDisappear)
    isVisible = false
    hasDisappeared = true
    graph.send(.didDisappear)
  }

  /// Whether the screen is still mounted.
  public var isMounted: Bool { root != nil }

  /// The view model, until unmounted.
  public var model: S.Model? { graph.model }

  /// The widget with `id`, if the tree has one.
  ///
  /// Widgets a container makes from its data (the rows of a `TextList`) are found in the tree as
  /// it is now, so they are never stale.
  ///
  /// - Parameter id: The widget's id, as `#id` in a render shows it.
  /// - Returns: The widget, or `nil` when no widget of the tree has that id (``widgetIDs`` lists
  ///   those that exist).
  public func widget(_ id: String) -> Widget? {
    if let fixed = widgetsByID[id] { return fixed }
    return root?.allWidgets.first { $0.id == id }
  }

  /// The ids of every widget in the tree, sorted.
  public var widgetIDs: [String] {
    Set(widgetsByID.keys).union(root?.allWidgets.map(\.id) ?? []).sorted()
  }

  /// The tree as text, in the documented format.
  ///
  /// - Returns: One widget a line, or `(unmounted)` once the screen is unmounted.
  public func render() -> String {
    root.map(TextRenderer.render) ?? "(unmounted)"
  }

  /// Uninstalls the bindings and releases the view model and the widgets.
  /// A visible screen disappears first.
  public func unmount() {
    disappear()
    graph.unmount()
    widgetsByID = [:]
    root = nil
    screen = nil
  }
}

/// A screen's tree and checked bindings for one view model, before anything is installed: what
/// mounting a screen alone and mounting it under a parent (a pushed screen) both check.
@MainActor
package struct PreparedScreen<S: Screen> {
  package let root: Widget
  package let widgetsByID: [String: Widget]
  /// The declarations to install, groups opened.
  package let declarations: [BindingDeclaration<S.Model>]
  /// The checked graph, description only (see ``BindingGraph/descriptionOnly()``): shared by
  /// every mount of the screen type with the same shape.
  package let graph: BindingGraph<S.Model>

  /// Builds the tree and the bindings of `screen` for `model` and checks them.
  ///
  /// A screen type's mounts share their checked graph: once a mount of a given shape (the
  /// widget ids of the tree and the sites of the declarations, in order) has been checked, the
  /// next mounts of that shape reuse the graph (see ``CheckedScreenShapes``).
  ///
  /// - Throws: ``ScreenError`` naming every problem found.
  package init(_ screen: S, on model: S.Model) throws(ScreenError) {
    let root = screen.body
    let widgets = root.allWidgets
    var byID: [String: Widget] = [:]
    byID.reserveCapacity(widgets.count)
    var repeated: [String] = []
    // NB: a tree with a repeated id is never mounted (see below), so which of the widgets the
    // table keeps does not matter.
    for widget in widgets where byID.updateValue(widget, forKey: widget.id) != nil {
      repeated.append(widget.id)
    }
    self.root = root
    self.widgetsByID = byID
    let declarations = BindingDeclaration.opened(screen.bindings(model))
    if let graph = CheckedScreenShapes.graph(
      of: S.self, widgets: widgets, declarations: declarations)
    {
      self.declarations = declarations
      self.graph = graph
      return
    }
    var problems: [String] = []
    let malformed = byID.keys.filter(Self.isMalformed)
    if !malformed.isEmpty {
      problems.append(
        "widget ids must be non-empty, without spaces, control characters, '#', quotes, '[' or "
          + "']', so that renders and driver calls (orders[2].title) can name them; malformed: "
          + malformed.sorted().map { "'\(escapedForMessage($0))'" }.joined(separator: ", "))
    }
    var seen: Set<String> = []
    let repeatedIDs = repeated.filter { seen.insert($0).inserted }
    if !repeatedIDs.isEmpty {
      let kinds = { (id: String) in
        widgets.filter { $0.id == id }.map(\.kind).joined(separator: ", ")
      }
      problems.append(
        "widget ids must be unique in a screen; repeated: "
          + repeatedIDs.map { "'\($0)' (\(kinds($0)))" }.joined(separator: ", "))
    }
    // NB: a binding to a repeated id reaches one of its widgets, not the one the table kept: it
    // is not reported again as a binding to another object.
    problems += Self.treeProblems(of: declarations, widgets: byID, ignoring: seen)
    let compiled: BindingGraph<S.Model>
    do {
      compiled = try BindingGraph(declarations: declarations)
    } catch {
      problems += error.problems.map(\.description)
      throw ScreenError(screen: "\(S.self)", problems: problems, graphProblems: error.problems)
    }
    if !problems.isEmpty { throw ScreenError(screen: "\(S.self)", problems: problems) }
    self.declarations = declarations
    self.graph = CheckedScreenShapes.remember(
      compiled, of: S.self, widgets: widgets, declarations: declarations)
  }

  /// Whether `id` cannot name a widget: empty, or holding whitespace, a control character, '#',
  /// a quote, or a bracket, which a driver path gives a meaning (a dot does not stop a path from
  /// finding an id whole).
  private static func isMalformed(_ id: String) -> Bool {
    if id.isEmpty { return true }
    // NB: ids are ASCII nearly always; their bytes are checked without the Unicode property
    // lookup `Character.isWhitespace` makes, which was a twentieth of a screen's mount.
    if id.utf8.allSatisfy({ $0 < 0x80 }) {
      return id.utf8.contains { byte in
        byte <= 0x20 || byte == 0x7F || byte == 0x23 || byte == 0x22 || byte == 0x5B
          || byte == 0x5D
      }
    }
    return id.unicodeScalars.contains {
      $0.properties.isWhitespace || $0.properties.generalCategory == .control
        || "#\"[]".unicodeScalars.contains($0)
    }
  }

  /// Bindings that reach a widget the tree does not hold: an id that is not in the tree, or
  /// another object with an id that is.
  private static func treeProblems(
    of declarations: [BindingDeclaration<S.Model>], widgets byID: [String: Widget],
    ignoring repeatedIDs: Set<String>
  ) -> [String] {
    // NB: the list of ids is made for a problem only; sorting every id cost every mount.
    let known = { byID.keys.sorted().joined(separator: ", ") }
    var problems: [String] = []
    var reported: Set<TargetKey> = []
    for declaration in declarations {
      for reference in declaration.widgetReferences where !reported.contains(reference.key) {
        let id = reference.key.widgetID
        if repeatedIDs.contains(id) { continue }
        guard let widget = byID[id] else {
          reported.insert(reference.key)
          if let misnamed = misnamedMember(reference, at: declaration.site, widgets: byID) {
            problems.append(misnamed)
            continue
          }
          problems.append(
            "a binding at \(declaration.site) uses \(reference.key), but no widget '\(id)' is "
              + "in the tree; widgets in the tree: \(known())")
          continue
        }
        if let problem = memberProblem(
          reference, of: widget, at: declaration.site, widgets: byID)
        {
          reported.insert(reference.key)
          problems.append(problem)
        }
      }
    }
    return problems
  }

  /// Why `reference` is not a member of `widget`, the widget with its id, or `nil` when it is
  /// (or is the widget itself, as a list's rows are).
  private static func memberProblem(
    _ reference: WidgetReference, of widget: Widget, at site: DeclarationSite,
    widgets byID: [String: Widget]
  ) -> String? {
    if reference.object == ObjectIdentifier(widget) { return nil }
    let members = widget.members
    if members.contains(where: { ObjectIdentifier($0) == reference.object }) { return nil }
    let key = reference.key
    if let misnamed = misnamedMember(reference, at: site, widgets: byID) { return misnamed }
    if members.contains(where: { $0.memberName == key.property }) {
      return "a binding at \(site) uses \(key) of another object than the widget "
        + "'\(key.widgetID)' in the tree; a widget made in a computed property or a function is a "
        + "new object each time: keep widgets in `let` properties of the screen"
    }
    let names = members.map(\.memberName)
    return "a binding at \(site) uses \(key), but the widget '\(key.widgetID)' (a \(widget.kind)) "
      + "has no property or event '\(key.property)' among its stored properties; its members: "
      + names.joined(separator: ", ")
      + ". Declare widget properties and events as stored properties of the widget"
  }

  /// The problem of a member that another widget of the tree holds but that was made with
  /// another id than that widget's, if `reference` is one.
  private static func misnamedMember(
    _ reference: WidgetReference, at site: DeclarationSite, widgets byID: [String: Widget]
  ) -> String? {
    let owner = byID.keys.sorted().lazy.compactMap { byID[$0] }.first { other in
      other.members.contains { ObjectIdentifier($0) == reference.object }
    }
    guard let owner else { return nil }
    return "a binding at \(site) uses \(reference.key), which belongs to the widget "
      + "'\(owner.id)' (a \(owner.kind)) but was made with the id '\(reference.key.widgetID)'; "
      + "make a widget's properties and events with the widget's own id"
  }

}
