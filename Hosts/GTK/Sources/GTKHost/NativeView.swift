import BindingDSL
import CGTK
import Headless

/// The native control of one widget.
@MainActor
class NativeView {
  weak var widget: Widget?
  unowned let host: GTKScreenHost
  /// The outermost GTK widget, what the parent view holds.
  let control: GTKWidgetPointer
  /// The GTK widget the person acts on (an entry in a field's box); `control` by default.
  var input: GTKWidgetPointer
  /// Set while the host writes a value into a control, so that its signal is not sent back.
  var isWriting = false
  /// The kind of widget the view was made for: it shows only widgets of that kind.
  let kind: Widget.Type
  /// The key the host files the view under.
  var registeredKey: ObjectIdentifier?

  init(widget: Widget, host: GTKScreenHost, control: GTKWidgetPointer) {
    self.widget = widget
    self.host = host
    self.control = control
    kind = type(of: widget)
    input = control
    g_object_ref_sink(control.raw)
  }

  isolated deinit {
    g_object_unref(control.raw)
  }

  /// The views nested in this one.
  var nestedViews: [NativeView] { [] }

  /// Fills the control with every value the widget has now; called once, after it is made.
  func fill() {}

  /// Updates the control for `properties` of the widget.
  func update(_ properties: [String]) {
    updateCommon(properties)
  }

  /// The GTK widget given GTK's focus when the view model focuses the widget: ``input`` by
  /// default; a date picker's menu button (its calendar is in a popover), a segmented
  /// control's selected segment.
  var focusInput: GTKWidgetPointer { input }

  /// The GTK widget whose focus is the widget's: GTK's focus entering it or any control in it
  /// focuses the widget, and leaving it unfocuses the widget. ``input`` by default; the row
  /// of a segmented control's segments or of a picker's drop-down, which are made again with
  /// the options, so the focus is followed on what holds them.
  var focusArea: GTKWidgetPointer { input }

  /// The properties every widget has, and the focus of every widget that can hold it.
  static let commonProperties = ["isHidden", "isEnabled", "accessibilityLabel", "isFocused"]

  /// Updates the control for those of `properties` every widget has (``commonProperties``):
  /// a focusable widget given the focus gives its input GTK's focus.
  func updateCommon(_ properties: [String]) {
    guard let widget else { return }
    for property in properties {
      switch property {
      case "isHidden": setShown(control, !widget.isHidden.value)
      case "isEnabled": gtk_widget_set_sensitive(control, widget.isEnabled.value ? 1 : 0)
      case "accessibilityLabel":
        if let label = widget.accessibilityLabel.value {
          cgtk_set_accessible_label(input, label)
        }
      case "isFocused":
        if let focusable = widget as? any Focusable, focusable.isFocused.value,
          !containsFocus(focusArea)
        {
          writing { gtk_widget_grab_focus(focusInput) }
        }
      default: break
      }
    }
  }

  /// Tells the widget, when it can hold the focus (``Focusable``), that GTK's focus entered or
  /// left its control (``focusArea``): its `isFocused` is edited as a person focusing it
  /// would. Called once, after the view is made; the controller follows whichever widget the
  /// view shows.
  func followFocus() {
    let focus = gtk_event_controller_focus_new()!
    gtk_widget_add_controller(focusArea, focus)
    SignalHandler.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] _ in
      self?.focusChanged(true)
    }
    SignalHandler.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] _ in
      self?.focusChanged(false)
    }
  }

  private func focusChanged(_ focused: Bool) {
    guard acceptsInput, let focusable = widget as? any Focusable,
      focusable.isFocused.value != focused
    else { return }
    focusable.isFocused.edit(focused)
  }

  /// Whether the controls of this view can show `other` instead of its widget: a widget of
  /// the same kind, of the same shape.
  func canShow(_ other: Widget) -> Bool {
    kind == type(of: other)
  }

  /// Shows `other` in this view's controls instead of its widget, as a list's recycled item
  /// shows the row bound to it; call it only when ``canShow(_:)`` answers `true`.
  func show(_ other: Widget) {
    widget = other
    host.register(self, for: other)
    fill()
    updateCommon(Self.commonProperties)
  }

  /// Releases what the view holds outside its control (a window of its own).
  func dismantle() {}

  /// Whether input may reach the widget: it is enabled and shown, as a driver checks.
  var acceptsInput: Bool {
    guard let widget, !isWriting else { return false }
    return widget.isEnabled.value && !widget.isHidden.value
  }

  /// Writes into the control with its signals' echoes ignored.
  func writing(_ write: () -> Void) {
    let was = isWriting
    isWriting = true
    defer { isWriting = was }
    write()
  }
}

/// A validation message under a control, red, shown while there is one.
@MainActor
struct MessageLabel {
  let label: GTKWidgetPointer = gtk(gtk_label_new(nil))

  init(in box: GTKWidgetPointer) {
    gtk_widget_add_css_class(label, "error")
    gtk_label_set_xalign(cgtk_label(label.raw), 0)
    gtk_box_append(cgtk_box(box.raw), label)
    setShown(label, false)
  }

  func show(_ message: String?, checking: Bool = false) {
    let text = checking ? "⋯ checking" : message.map { "✗ " + $0 }
    gtk_label_set_text(cgtk_label(label.raw), text ?? "")
    setShown(label, text != nil)
  }
}

/// A box of the views of a widget's children, rebuilt when the feed names `children`.
@MainActor
class ContainerView: NativeView {
  var childViews: [NativeView] = []
  /// Where the children go: the control, or a box inside it.
  var box: GTKWidgetPointer

  init(
    widget: Widget, host: GTKScreenHost, control: GTKWidgetPointer,
    box: GTKWidgetPointer? = nil
  ) {
    self.box = box ?? control
    super.init(widget: widget, host: host, control: control)
  }

  override var nestedViews: [NativeView] { childViews }

  /// The widgets this container shows.
  var shownChildren: [Widget] { widget?.children ?? [] }

  override func fill() { rebuildChildren() }

  override func update(_ properties: [String]) {
    super.update(properties)
    if properties.contains("children") { rebuildChildren() }
  }

  override func canShow(_ other: Widget) -> Bool {
    guard super.canShow(other) else { return false }
    let children = other.children
    guard children.count == childViews.count else { return false }
    return zip(childViews, children).allSatisfy { $0.canShow($1) }
  }

  override func show(_ other: Widget) {
    widget = other
    host.register(self, for: other)
    for (view, child) in zip(childViews, other.children) { view.show(child) }
    updateCommon(Self.commonProperties)
  }

  /// Keeps the views of the children that stay, makes those of the new ones, drops those of
  /// the ones that left, and puts them in order.
  func rebuildChildren() {
    let children = shownChildren
    var kept: [ObjectIdentifier: NativeView] = [:]
    for view in childViews {
      if let widget = view.widget { kept[ObjectIdentifier(widget)] = view }
    }
    var next: [NativeView] = []
    for child in children {
      if let view = kept.removeValue(forKey: ObjectIdentifier(child)), view.widget === child {
        next.append(view)
      } else {
        next.append(host.makeView(for: child))
      }
    }
    for view in childViews where !next.contains(where: { $0 === view }) { host.forget(view) }
    removeAllChildren(of: box)
    for view in next { gtk_box_append(cgtk_box(box.raw), view.control) }
    childViews = next
  }
}
