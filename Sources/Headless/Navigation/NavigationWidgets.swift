import BindingDSL

/// The place of one screen on a navigation stack, as the render shows it: its title, whether
/// back is available, whether it is covered, and, when it is the visible screen, its tree.
///
/// A screen opens an id space of its own: its widgets are reached through the visible screen,
/// not through the app's tree.
@MainActor
public final class ScreenContainer: Widget {
  override public var kind: String { "Screen" }

  /// The title the navigation bar shows.
  public let title: WidgetProperty<String>

  package override var listedMembers: [any WidgetMember]? { [title] }
  /// Whether a back button leads to the screen under this one.
  public internal(set) var hasBack = false {
    didSet { if hasBack != oldValue { reportChange("hasBack") } }
  }
  /// Whether another screen or a presented stack covers this one.
  public internal(set) var isCovered = false {
    didSet { if isCovered != oldValue { reportChange("isCovered") } }
  }
  /// The screen's tree, while mounted.
  public internal(set) var content: Widget? { didSet { reportChange("children") } }

  init(_ id: String, title: String) {
    self.title = WidgetProperty(widgetID: id, name: "title", value: title)
    super.init(id: id)
    adopt(self.title)
  }

  override public var children: [Widget] {
    guard !isCovered, let content else { return [] }
    return [content]
  }

  override public var scopedChildren: [Widget] { [] }

  override public var renderedFields: [RenderedField] { [.init("title", .text(title.value))] }

  override public var renderedFlags: [String] {
    (hasBack ? ["back"] : []) + (isCovered ? ["covered"] : [])
  }
}

/// A navigation stack as the render shows it: its screens, root first.
@MainActor
public final class NavigationStackView: Widget {
  override public var kind: String { "NavigationStack" }

  /// The screens, root first.
  public internal(set) var screens: [ScreenContainer] = [] {
    didSet { reportChange("children") }
  }
  /// Whether the stack is presented modally over another.
  public let isPresented: Bool
  /// Whether a presented stack covers this one.
  public internal(set) var isCovered = false {
    didSet { if isCovered != oldValue { reportChange("isCovered") } }
  }

  package override var listedMembers: [any WidgetMember]? { [] }

  init(_ id: String, isPresented: Bool) {
    self.isPresented = isPresented
    super.init(id: id)
  }

  override public var children: [Widget] { screens }

  override public var scopedChildren: [Widget] { [] }

  override public var renderedFields: [RenderedField] {
    [.init("depth", .number(Double(screens.count)))]
  }

  override public var renderedFlags: [String] {
    (isPresented ? ["presented"] : []) + (isCovered ? ["covered"] : [])
  }
}

/// The whole app as the render shows it: the main stack, the presented stacks over it, then the
/// dialogs shown.
@MainActor
public final class AppView: Widget {
  override public var kind: String { "App" }

  /// The main stack, then each presented stack.
  public internal(set) var stacks: [NavigationStackView] = [] {
    didSet {
      reportChange("children")
      onChange?()
    }
  }
  /// The dialogs shown over everything, oldest first.
  public internal(set) var overlays: [Widget] = [] {
    didSet {
      reportChange("children")
      onChange?()
    }
  }

  /// Called after ``stacks`` or ``overlays`` change: a screen pushed, popped, presented or
  /// dismissed, a dialog shown or answered, a toast or a progress HUD coming or going. These
  /// change the app's tree without a flush of its bindings, so a host that draws after each
  /// flush sets this to draw after them too. One host sets it; setting it replaces the last.
  ///
  /// It runs in the middle of the change (a navigation may not have told the screens that
  /// appear yet): record that a frame is due and draw later, rather than drawing in it.
  public var onChange: (@MainActor () -> Void)?

  package override var listedMembers: [any WidgetMember]? { [] }

  init() {
    super.init(id: "app")
  }

  /// The stacks, then the overlays shown: a progress HUD whose flag is false is left out.
  override public var children: [Widget] {
    stacks
      + overlays.filter { overlay in
        guard let hud = overlay as? HUD else { return true }
        if case .none = hud.feedback.value { return false }
        return true
      }
  }

  override public var scopedChildren: [Widget] { [] }
}
