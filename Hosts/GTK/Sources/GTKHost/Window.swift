public import CGTK

/// A top-level GTK window showing a host: its control as the window's content, an app's
/// header bar as the title bar. Closing the window stops the host and runs ``onClose``, where
/// the owner unmounts the screen (or shuts the app down).
@MainActor
public final class GTKWindow {
  /// The native window.
  public let window: UnsafeMutablePointer<GtkWindow>
  /// The host shown.
  public let host: GTKScreenHost
  /// Runs once, when the window closes (the person closes it, or ``close()``).
  public var onClose: (@MainActor () -> Void)?
  /// Whether the window is closed.
  public private(set) var isClosed = false

  /// Makes a window for `host`; ``present()`` shows it.
  ///
  /// - Parameters:
  ///   - host: The host to show.
  ///   - title: The window's title, until an app's screen names its own.
  ///   - width: The window's width, in pixels.
  ///   - height: The window's height, in pixels.
  public init(host: GTKScreenHost, title: String, width: Int32 = 440, height: Int32 = 680) {
    self.host = host
    window = cgtk_window(UnsafeMutableRawPointer(gtk_window_new()))
    g_object_ref_sink(UnsafeMutableRawPointer(window))
    gtk_window_set_title(window, title)
    gtk_window_set_default_size(window, width, height)
    let scrolled = gtk(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(
      cgtk_scrolled_window(scrolled.raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    let content = host.control
    for margin in [
      gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
      gtk_widget_set_margin_end,
    ] {
      margin(content, host.app == nil ? 12 : 0)
    }
    if let header = host.headerBar {
      gtk_window_set_titlebar(window, header)
      gtk_window_set_child(window, content)
    } else {
      gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled.raw), content)
      gtk_window_set_child(window, scrolled)
    }
    host.window = window
    SignalHandler.connect(
      UnsafeMutableRawPointer(window), "close-request",
      answering: {
        [weak self] _ in
        self?.close()
        return true
      })
  }

  isolated deinit {
    if !isClosed { gtk_window_destroy(window) }
    g_object_unref(UnsafeMutableRawPointer(window))
  }

  /// Shows the window.
  public func present() {
    gtk_window_present(window)
  }

  /// Closes the window: the host stops and releases its controls, then ``onClose`` runs.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    host.stop()
    gtk_window_destroy(window)
    host.window = nil
    let onClose = self.onClose
    self.onClose = nil
    onClose?()
  }

  /// Whether the window is shown and has been laid out.
  public var isMapped: Bool { gtk_widget_get_mapped(gtk(window)) != 0 }

  /// Writes what the window shows as a PNG file, its title bar included, rendered by the
  /// window's own renderer.
  ///
  /// - Parameter path: The file to write.
  /// - Returns: Whether the file was written; `false` until GTK has shown and drawn the window
  ///   (`isMapped` can be true a turn before): iterate GTK's loop and try again.
  @discardableResult
  public func savePNG(to path: String) -> Bool {
    cgtk_save_png(gtk(window), path) != 0
  }
}
