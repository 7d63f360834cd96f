/// What changed in one widget since a host last took the changes: the widget and the names of
/// the properties that changed, in the order they first changed.
///
/// A property is named as the graph and the text format name it (`text`, `isEnabled`); a change
/// of what a widget shows that no ``WidgetProperty`` holds is named by the widget kind (a
/// screen's `isCovered`, see ``Widget/reportChange(_:)``), and `children` means the widget's
/// nested widgets changed: a host builds the views of the new ones and drops those of the ones
/// that left.
@MainActor
public struct WidgetChange {
  /// The widget that changed.
  public let widget: Widget
  /// The names of its properties that changed, each once, in the order they first changed.
  public internal(set) var properties: [String]
}

/// The signal a retained-mode host (UIKit, GTK, a DOM) needs: which widgets of a tree changed,
/// and which of their properties, since the host last looked, without reading any widget that
/// did not change.
///
/// A feed follows a widget tree from its root: every widget in it, and those that enter it
/// later (a pushed screen, a dialog, the rows entering a list's window), until they leave it. A
/// host makes one when it builds its views, updates the views of ``takeChanges()`` after each
/// flush, and schedules that update from ``onChange``, which runs once when the first change
/// after a take arrives:
///
/// ```swift
/// let feed = WidgetChangeFeed(root: root)
/// feed.onChange = { updateIsDue = true }
/// // after each flush:
/// for change in feed.takeChanges() {
///   update(change.widget, change.properties)
/// }
/// ```
///
/// A flush that changed nothing leaves nothing to take and calls nothing. A widget reports to
/// one feed at a time: a second feed made over the same widgets takes them over.
///
/// The children a feed follows are a widget's ``Widget/children``, except for a ``ListView``,
/// whose mounted rows (``ListView/rows``, with its sections' headers and footers) are followed
/// instead: a host shows a list through its rows (``ListView/row(atPosition:)``), and its
/// `children` are the lines of the text format. A kind of widget added outside the library
/// returns the same child objects while they stay, and reports the changes of what it shows
/// outside its properties with ``Widget/reportChange(_:)``.
@MainActor
public final class WidgetChangeFeed {
  /// Runs once when a change arrives after the last ``takeChanges()``, in the middle of the
  /// change (a flush writing a widget, a navigation under way): record that an update is due
  /// and make it later, after the flush.
  public var onChange: (@MainActor () -> Void)?

  private weak var root: Widget?
  private var changes: [WidgetChange] = []
  /// Where each widget's entry is in `changes`.
  private var changeIndex: [ObjectIdentifier: Int] = [:]
  /// The children each followed widget had when the feed last looked.
  private var followedChildren: [ObjectIdentifier: [WeakWidget]] = [:]

  /// Starts following `root` and every widget nested in it.
  ///
  /// - Parameter root: The root of the tree a host shows: a mounted screen's
  ///   ``MountedScreen/root`` (unwrapped: it is `nil` once the screen is unmounted), or an app's
  ///   ``AppHost/view``.
  public init(root: Widget) {
    self.root = root
    follow(root)
  }

  /// Whether changes are waiting for ``takeChanges()``.
  public var hasChanges: Bool { !changes.isEmpty }

  /// The changes since the last call, one entry per widget in the order each first changed,
  /// and starts collecting anew. The widgets that entered the tree since are followed from
  /// now on (their container's change names `children`), and those that left it are no longer
  /// followed; changes of widgets that left are not reported.
  ///
  /// - Returns: What changed; empty when nothing did.
  public func takeChanges() -> [WidgetChange] {
    var index = 0
    // NB: following a container's new children may report more changes (a list mounting
    // rows), which are appended and looked at in turn.
    while index < changes.count {
      let widget = changes[index].widget
      if followedChildren[ObjectIdentifier(widget)] != nil, refollowChildren(of: widget) {
        record("children", of: widget)
      }
      index += 1
    }
    let taken = changes.filter { $0.widget.changeSink?.feed === self }
    changes = []
    changeIndex = [:]
    return taken
  }

  /// Stops following the tree: its widgets report to no feed until another one is made.
  public func stop() {
    if let root { unfollow(root) }
    followedChildren = [:]
    changes = []
    changeIndex = [:]
  }

  // MARK: - Following

  func record(_ property: String, of widget: Widget) {
    let key = ObjectIdentifier(widget)
    if let index = changeIndex[key] {
      if !changes[index].properties.contains(property) {
        changes[index].properties.append(property)
      }
      return
    }
    changeIndex[key] = changes.count
    changes.append(WidgetChange(widget: widget, properties: [property]))
    if changes.count == 1 { onChange?() }
  }

  private func follow(_ widget: Widget) {
    widget.changeSink = WidgetChangeSink(feed: self, widget: widget)
    let children = Self.followedChildren(of: widget)
    followedChildren[ObjectIdentifier(widget)] = children.map(WeakWidget.init)
    for child in children { follow(child) }
  }

  private func unfollow(_ widget: Widget) {
    let key = ObjectIdentifier(widget)
    if widget.changeSink?.feed === self { widget.changeSink = nil }
    let children = followedChildren.removeValue(forKey: key) ?? []
    for child in children { if let child = child.widget { unfollow(child) } }
  }

  /// Follows the children `widget` has now and leaves those it no longer has; answers whether
  /// they changed.
  private func refollowChildren(of widget: Widget) -> Bool {
    let key = ObjectIdentifier(widget)
    let old = followedChildren[key] ?? []
    let new = Self.followedChildren(of: widget)
    let unchanged =
      old.count == new.count && zip(old, new).allSatisfy { $0.widget === $1 }
    guard !unchanged else { return false }
    let kept = Set(new.map(ObjectIdentifier.init))
    for child in old {
      guard let child = child.widget, !kept.contains(ObjectIdentifier(child)) else { continue }
      unfollow(child)
    }
    let had = Set(old.compactMap { $0.widget.map(ObjectIdentifier.init) })
    followedChildren[key] = new.map(WeakWidget.init)
    for child in new where !had.contains(ObjectIdentifier(child)) { follow(child) }
    return true
  }

  private static func followedChildren(of widget: Widget) -> [Widget] {
    guard let list = widget as? ListView else { return widget.children }
    return list.mountedRowWidgets
  }
}

/// Where a followed widget and its properties report their changes.
@MainActor
package final class WidgetChangeSink {
  weak var feed: WidgetChangeFeed?
  private weak var widget: Widget?

  init(feed: WidgetChangeFeed, widget: Widget) {
    self.feed = feed
    self.widget = widget
  }

  /// Records that `property` of the widget changed.
  func changed(_ property: String) {
    guard let feed, let widget else { return }
    feed.record(property, of: widget)
  }
}

/// A member that reports its changes to its widget's feed.
@MainActor
protocol ChangeReporting: AnyObject {
  var changeSink: WidgetChangeSink? { get set }
}

private struct WeakWidget {
  weak var widget: Widget?

  init(_ widget: Widget) { self.widget = widget }
}
