public import BindingDSL

extension ListView: CollectionTarget {
  /// Shows `content`: rows that stay keep their widgets and bindings, new rows are mounted
  /// with `mounter`, removed rows are unmounted. What a `show(_:in:)` binding calls.
  ///
  /// - Parameters:
  ///   - content: The sections and rows to show, and the animation.
  ///   - mounter: Mounts the bindings of new rows under the screen's graph.
  public func receive(_ content: ListContent, mounter: any ChildMounter) {
    self.mounter = mounter
    anchoredFirstRow = anchoredPosition(in: content)
    defer {
      anchoredFirstRow = nil
      reportChange("children")
      // NB: a host that holds every item (a toolkit's list) rereads them only for a content;
      // a window that moves names `children` alone.
      reportChange("items")
    }
    var content = content
    // NB: whether to show a row list's reload is decided from its revisions alone (its
    // `reloadsAll` stays set until its next edit), each compared with the last one shown of the
    // same row list. A row list new to the list has its pending reload shown, unless the list
    // showed nothing yet (every row is new then).
    if let rowList = content.rowList {
      let shown = appliedRevisions[rowList] ?? (hasReceivedContent ? 0 : .max)
      content.reloadsAll = content.reloadedAt > shown
      appliedRevisions[rowList] = content.revision
    }
    hasReceivedContent = true
    if let rows = content.typedRows,
      applyTyped(
        rows, animation: content.animation, reloadsAll: content.reloadsAll, mounter: mounter)
    {
      return
    }
    let incoming = IncomingRows(sections: content.sections)
    // Rows whose ids are all numbers go through the list's index by `Int`, as a flat list of
    // them does, when the rows shown have `Int` ids too.
    if let numbered = incoming.withIntIDs(), let index = index(of: Int.self) {
      apply(
        numbered, through: index, animation: content.animation,
        reloadsAll: content.reloadsAll, mounter: mounter)
      return
    }
    // NB: the index by `AnyHashable` reads the ids of any rows shown.
    guard let index = index(of: AnyHashable.self) else { return }
    apply(
      incoming, through: index, animation: content.animation, reloadsAll: content.reloadsAll,
      mounter: mounter)
  }

  /// Unmounts every row, releasing their view models and widgets: what unmounting the binding
  /// does.
  public func unmountRows() {
    rowIndex = nil
    for section in sections {
      section.header?.unmount()
      for row in section.rows { row.widget?.unmount() }
      section.footer?.unmount()
    }
    sections = []
    // NB: as in the default, unmounting the binding sends no `didEndDisplaying`.
    displayedRows = []
    selectedModel = nil
    selectedWidget = nil
    mounter = nil
    reportChange("children")
  }
}

/// The rows of one section as a list shows them.
@MainActor
struct SectionState {
  let id: AnyHashable
  var header: RowWidget?
  var footer: RowWidget?
  var rows: [ListRow] = []
  /// Reads the view models of the content the section is part of, by position across its
  /// sections: the list keeps the content's rows as they were given, and no reference per row
  /// of its own, so that showing a million rows reaches no view model but those it mounts.
  var content: (Int) -> any RowModel = { _ in preconditionFailure("a section of no content") }
  /// The position in ``content`` of each row, when the rows are not those from ``start`` on
  /// (a row that could not be mounted was left out).
  var positions: [Int]?
  /// The position in ``content`` of the section's first row.
  var start = 0

  /// The view model of the row at `index`.
  func model(at index: Int) -> any RowModel {
    content(positions?[index] ?? start + index)
  }

  /// The id of the row at `index` as the driver spells it (`42` for `orders[42]`).
  func describedID(at index: Int) -> String {
    describeRowID(rowIdentity(of: model(at: index)).base)
  }

  /// The ids of the rows, in order, as the driver spells them.
  var describedIDs: [String] { rows.indices.map(describedID(at:)) }

  /// The header, the rows of the window and the footer, in the order they show.
  var all: [RowWidget] {
    var all: [RowWidget] = []
    if let header { all.append(header) }
    for row in rows { if let widget = row.widget { all.append(widget) } }
    if let footer { all.append(footer) }
    return all
  }
}

extension [SectionState] {
  /// The section and index in it of the row at `position`, counted across sections.
  func place(ofRow position: Int) -> (section: Int, index: Int) {
    var rest = position
    for (section, state) in enumerated() {
      if rest < state.rows.count { return (section, rest) }
      rest -= state.rows.count
    }
    return (count - 1, rest)
  }
}

/// A section as the render shows it: its header, rows and footer, one level deeper.
@MainActor
final class SectionWidget: Widget {
  private let state: SectionState

  package override var listedMembers: [any WidgetMember]? { [] }

  init(list: String, state: SectionState) {
    self.state = state
    super.init(id: "\(list).\(state.id.base)")
  }

  override var kind: String { "Section" }

  override var children: [Widget] { state.all }

  override var renderedFields: [RenderedField] {
    [.init("count", .number(Double(state.rows.count)))]
  }
}
