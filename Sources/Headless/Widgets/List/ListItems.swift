import BindingDSL

/// Where each section's items and rows start, across sections, and which item each mounted row,
/// header and footer is: what finds an item by its index in ``ListView/itemIDs`` without
/// walking the sections.
///
/// Made when first asked for after the list's sections changed (their rows, headers, footers,
/// or which rows are mounted), in time proportional to the sections and the mounted rows; each
/// lookup then searches the sections' starts.
@MainActor
struct ItemLayout {
  /// Per section, the index of its first item (its header, or its first row), and the number
  /// of items after the last section last.
  let itemStarts: [Int]
  /// Per section, the position of its first row counted across sections, and the number of
  /// rows last.
  let rowStarts: [Int]
  /// The item index of each mounted row, header and footer, by the widget's identity.
  let mountedItems: [ObjectIdentifier: Int]

  init(_ sections: [SectionState]) {
    var itemStarts: [Int] = []
    var rowStarts: [Int] = []
    itemStarts.reserveCapacity(sections.count + 1)
    rowStarts.reserveCapacity(sections.count + 1)
    var mounted: [ObjectIdentifier: Int] = [:]
    var item = 0
    var row = 0
    for section in sections {
      itemStarts.append(item)
      rowStarts.append(row)
      if let header = section.header {
        mounted[ObjectIdentifier(header)] = item
        item += 1
      }
      for (index, state) in section.rows.enumerated() {
        if let widget = state.widget { mounted[ObjectIdentifier(widget)] = item + index }
      }
      item += section.rows.count
      row += section.rows.count
      if let footer = section.footer {
        mounted[ObjectIdentifier(footer)] = item
        item += 1
      }
    }
    itemStarts.append(item)
    rowStarts.append(row)
    self.itemStarts = itemStarts
    self.rowStarts = rowStarts
    mountedItems = mounted
  }

  /// The last section whose start in `starts` is at most `value`: the section that holds it,
  /// since an empty section starts where the next one does.
  static func section(holding value: Int, in starts: [Int]) -> Int {
    // NB: `starts` ends with the total, past which no value is asked for.
    var low = 0
    var high = starts.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= value { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

/// One item of a list as a toolkit counts them: a section's header or footer, or a row.
public enum ListItem: Hashable, Sendable {
  /// The header of the section at this index.
  case header(section: Int)
  /// The row at this position, counted across sections (as ``ListView/row(atPosition:)``
  /// takes it).
  case row(position: Int)
  /// The footer of the section at this index.
  case footer(section: Int)
}

extension ListView {
  /// The list's ``ItemLayout``, made again when the sections changed since it was made.
  var currentItemLayout: ItemLayout {
    if let itemLayout { return itemLayout }
    let made = ItemLayout(sections)
    itemLayout = made
    return made
  }

  /// How many items the list has: its rows, and its sections' headers and footers, in the
  /// window or not; as many as ``itemIDs`` names.
  public var itemCount: Int { currentItemLayout.itemStarts.last ?? 0 }

  /// What the item at `index` of ``itemIDs`` is: a header, a row (with its position across
  /// sections) or a footer, in the window or not. The index counts items as a toolkit's list
  /// does (`GtkListView`, a `UICollectionView` with its supplementary views flattened): each
  /// section's header, its rows, then its footer.
  ///
  /// It takes time logarithmic in the number of sections, and builds no array (after a change
  /// to the sections, the first call reads them once).
  ///
  /// - Parameter index: The item's index in ``itemIDs``, from 0.
  /// - Returns: The item, or `nil` when `index` is not below ``itemCount``.
  public func item(at index: Int) -> ListItem? {
    switch place(ofItem: index) {
    case .header(let section): .header(section: section)
    case .row(let section, let row): .row(position: currentItemLayout.rowStarts[section] + row)
    case .footer(let section): .footer(section: section)
    case nil: nil
    }
  }

  /// The index in ``itemIDs`` of `item`, the inverse of ``item(at:)``.
  ///
  /// - Parameter item: A header, a row or a footer of the list.
  /// - Returns: Its index, from 0, or `nil` when the list has no such item (no section at that
  ///   index, a section without a header or footer, a row position not below ``rowCount``).
  public func itemIndex(of item: ListItem) -> Int? {
    let layout = currentItemLayout
    switch item {
    case .header(let section):
      guard sections.indices.contains(section), sections[section].header != nil else { return nil }
      return layout.itemStarts[section]
    case .footer(let section):
      guard sections.indices.contains(section), sections[section].footer != nil else { return nil }
      return layout.itemStarts[section + 1] - 1
    case .row(let position):
      guard position >= 0, position < (layout.rowStarts.last ?? 0) else { return nil }
      let section = ItemLayout.section(holding: position, in: layout.rowStarts)
      let header = sections[section].header == nil ? 0 : 1
      return layout.itemStarts[section] + header + position - layout.rowStarts[section]
    }
  }

  /// The id of the item at `index`, as ``itemIDs`` spells it (`42`, `header:open`), without
  /// making the array of them all.
  ///
  /// - Parameter index: The item's index in ``itemIDs``, from 0.
  /// - Returns: The id, or `nil` when `index` is not below ``itemCount``.
  public func itemID(at index: Int) -> String? {
    switch place(ofItem: index) {
    case .header(let section): sections[section].header?.itemID
    case .row(let section, let row): sections[section].describedID(at: row)
    case .footer(let section): sections[section].footer?.itemID
    case nil: nil
    }
  }

  /// The widgets of the item at `index` of ``itemIDs``: a section's header or footer, or a row
  /// while it is mounted. What a toolkit's list binds to the item at that index.
  ///
  /// It takes time logarithmic in the number of sections, and builds no array.
  ///
  /// - Parameter index: The item's index in ``itemIDs``, from 0.
  /// - Returns: The header, footer or row; `nil` when `index` is not below ``itemCount``, or
  ///   the item is a row outside the window (``windowRange``; ``item(at:)`` then gives its
  ///   position, to scroll to) or one that could not be mounted (see ``problem``).
  public func itemWidget(at index: Int) -> RowWidget? {
    switch place(ofItem: index) {
    case .header(let section): sections[section].header
    case .row(let section, let row): sections[section].rows[row].widget
    case .footer(let section): sections[section].footer
    case nil: nil
    }
  }

  /// The index in ``itemIDs`` of `row`, a header, footer or mounted row of this list: the
  /// inverse of ``itemWidget(at:)``. It takes constant time.
  ///
  /// - Parameter row: A header, footer or row of the list.
  /// - Returns: Its index, from 0, or `nil` when it is not one of the list's items now (a row
  ///   that left the window or the list, a header of a section that went, another list's row).
  public func itemIndex(of row: RowWidget) -> Int? {
    currentItemLayout.mountedItems[ObjectIdentifier(row)]
  }

  /// Where the item at `index` of ``itemIDs`` is: a section's header or footer, or a row by
  /// its section and its index there; `nil` when `index` is not below ``itemCount``.
  private func place(ofItem index: Int) -> ItemPlace? {
    let layout = currentItemLayout
    guard index >= 0, index < (layout.itemStarts.last ?? 0) else { return nil }
    let section = ItemLayout.section(holding: index, in: layout.itemStarts)
    var offset = index - layout.itemStarts[section]
    if sections[section].header != nil {
      if offset == 0 { return .header(section: section) }
      offset -= 1
    }
    return offset < sections[section].rows.count
      ? .row(section: section, index: offset) : .footer(section: section)
  }
}

/// Where an item of a list is, by section: what `item(at:)`, `itemID(at:)` and
/// `itemWidget(at:)` of a `ListView` read, each in its own way.
private enum ItemPlace {
  case header(section: Int)
  case row(section: Int, index: Int)
  case footer(section: Int)
}
