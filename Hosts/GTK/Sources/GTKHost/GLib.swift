public import CGTK

/// A native GTK widget, as the host keeps it.
public typealias GTKWidgetPointer = UnsafeMutablePointer<GtkWidget>

/// Swift closures behind GTK signals: the closure is retained by the connection and released
/// when the connection goes (the widget is destroyed or the handler disconnected).
@MainActor
final class SignalHandler {
  let zero: (@MainActor (UnsafeMutableRawPointer) -> Void)?
  let one: (@MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void)?
  let answer: (@MainActor (UnsafeMutableRawPointer) -> Bool)?
  let number: (@MainActor (UnsafeMutableRawPointer, Int32) -> Void)?

  init(
    zero: (@MainActor (UnsafeMutableRawPointer) -> Void)? = nil,
    one: (@MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void)? = nil,
    answer: (@MainActor (UnsafeMutableRawPointer) -> Bool)? = nil,
    number: (@MainActor (UnsafeMutableRawPointer, Int32) -> Void)? = nil
  ) {
    self.zero = zero
    self.one = one
    self.answer = answer
    self.number = number
  }
}

private let releaseHandler: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<SignalHandler>.fromOpaque(data).release()
}

/// GTK calls signal handlers on the thread that runs its main loop, the main thread.
private func handler(_ data: UnsafeMutableRawPointer?) -> SignalHandler {
  Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue()
}

extension SignalHandler {
  /// Connects `action` to `signal` of `instance`, a signal whose handler takes no argument.
  @discardableResult
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ action: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
  ) -> gulong {
    let box = Unmanaged.passRetained(SignalHandler(zero: action)).toOpaque()
    return cgtk_connect0(
      instance, signal,
      { instance, data in
        MainActor.assumeIsolated { handler(data).zero?(instance!) }
      }, box, releaseHandler)
  }

  /// Connects `action` to `signal` of `instance`, a signal whose handler takes one pointer
  /// argument (a list item, a parameter spec).
  @discardableResult
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    argument action:
      @escaping @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) ->
      Void
  ) -> gulong {
    let box = Unmanaged.passRetained(SignalHandler(one: action)).toOpaque()
    return cgtk_connect1(
      instance, signal,
      { instance, argument, data in
        MainActor.assumeIsolated { handler(data).one?(instance!, argument) }
      }, box, releaseHandler)
  }

  /// Connects `action` to `signal` of `instance`, a signal whose handler takes one enum or
  /// integer argument (a scrolled window's `edge-overshot`, with the edge).
  @discardableResult
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    number action: @escaping @MainActor (UnsafeMutableRawPointer, Int32) -> Void
  ) -> gulong {
    let box = Unmanaged.passRetained(SignalHandler(number: action)).toOpaque()
    return cgtk_connect_int(
      instance, signal,
      { instance, argument, data in
        MainActor.assumeIsolated { handler(data).number?(instance!, argument) }
      }, box, releaseHandler)
  }

  /// Connects `action` to `signal` of `instance`, a signal whose handler answers a boolean
  /// (`close-request`: `true` stops the default handler).
  @discardableResult
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    answering action: @escaping @MainActor (UnsafeMutableRawPointer) -> Bool
  ) -> gulong {
    let box = Unmanaged.passRetained(SignalHandler(answer: action)).toOpaque()
    return cgtk_connect_bool(
      instance, signal,
      { instance, data in
        MainActor.assumeIsolated { handler(data).answer?(instance!) == true ? 1 : 0 }
      }, box, releaseHandler)
  }
}

extension GTKWidgetPointer {
  /// The widget as a raw GObject instance pointer, for signals and casts.
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// A GTK object pointer of any widget type (a `gtk_*_new` result), as a `GtkWidget` pointer.
func gtk(_ pointer: UnsafeMutablePointer<some Any>?) -> GTKWidgetPointer {
  cgtk_widget(UnsafeMutableRawPointer(pointer!))
}

/// Shows or hides a native widget.
func setShown(_ view: GTKWidgetPointer, _ shown: Bool) {
  gtk_widget_set_visible(view, shown ? 1 : 0)
}

/// Removes every child of a box.
func removeAllChildren(of box: GTKWidgetPointer) {
  while let child = gtk_widget_get_first_child(box) {
    gtk_box_remove(cgtk_box(box.raw), child)
  }
}

/// The text of an editable.
func editableText(_ widget: GTKWidgetPointer) -> String {
  String(cString: gtk_editable_get_text(cgtk_editable(widget.raw)))
}

/// A GTK widget as the struct type of its class, for the functions that take one.
func cast<T>(_ widget: GTKWidgetPointer, to type: T.Type) -> UnsafeMutablePointer<T> {
  widget.raw.assumingMemoryBound(to: T.self)
}

/// Whether `widget` or a widget inside it (a `GtkEntry`'s text) has its window's focus.
func containsFocus(_ widget: GTKWidgetPointer) -> Bool {
  guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else {
    return false
  }
  return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
}
