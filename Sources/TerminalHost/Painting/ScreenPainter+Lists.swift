import Headless

extension ScreenPainter {
  /// Draws a list: its rows (each section's header in bold and footer dim), the selected row
  /// marked `▸`, the cursor row reversed while the list has the focus, scrolled so that the
  /// cursor row shows, `▲` at the right of the first row shown while rows are hidden above it
  /// and `▼` at the right of the last while rows are hidden below; then the failure text, or
  /// the empty text when there are no rows.
  /// `⋯ refreshing` shows above the rows while a refresh runs, `⋯ loading more` under them
  /// while more load.
  func drawList(
    _ list: ListView, column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int {
    var used = 0
    if let failure = list.failureText.value {
      canvas.write("✗ " + failure, column: column, row: row, width: width, style: Palette.error)
      used += 1
    }
    if list.refresh.isBusy.value {
      canvas.write(
        "⋯ refreshing", column: column, row: row + used, width: width, style: Palette.dim)
      used += 1
    }
    let items = list.children.flatMap { $0 is RowWidget ? [$0] : $0.children }
      .compactMap { $0 as? RowWidget }
    let rows = list.rows
    if rows.isEmpty, let empty = list.emptyText.value {
      canvas.write(empty, column: column, row: row + used, width: width, style: Palette.dim)
      return used + 1
    }
    let focus = isFocused(list)
    let cursorRow = focus ? listCursor.flatMap { rows.indices.contains($0) ? rows[$0] : nil } : nil
    // NB: rows are taken as one line each to scroll: the cursor row is the last that shows
    // once it is past the rows the canvas has left.
    let room = min(canvas.rows.upperBound - (row + used), viewportHeight - used)
    let cursorItem = cursorRow.flatMap { target in items.firstIndex { $0 === target } } ?? 0
    let first = room > 0 && cursorItem >= room ? cursorItem - room + 1 : 0
    let end = row + min(canvas.rows.upperBound - row, viewportHeight)
    let firstTop = row + used
    var drawn = first
    var painter = self
    painter.rowColumns = Self.columnWidths(of: items.filter { $0.role == .row }, painter: self)
    for item in items[first...] {
      guard row + used < end else { break }
      drawn += 1
      let top = row + used
      let marker = item.role == .row && item.isSelected.value ? "▸ " : "  "
      canvas.write(marker, column: column, row: top, width: width)
      let height = max(
        painter.drawDown(
          item.children, column: column + 2, row: top, width: width - 2, on: &canvas), 1)
      let emphasis: TerminalAttributes =
        item === cursorRow
        ? .reverse : item.role == .header ? .bold : item.role == .footer ? .dim : []
      if item === cursorRow, let focusPlacement { focusPlacement.focusRows = top..<(top + height) }
      if let hits, canvas.frame.height > 0, item.role == .row {
        hits.record(
          item, columns: column..<(column + width),
          rows: (top..<(top + height)).clamped(to: canvas.rows), list: list)
      }
      if !emphasis.isEmpty {
        canvas.emphasize(columns: column..<(column + width), rows: top..<(top + height), emphasis)
      }
      used += height
    }
    // NB: the marks sit at the right edge of the first and last rows shown, where rows are
    // hidden above or below: those the list scrolled past and those its window has not mounted.
    let window = list.windowRange
    if first > 0 || window.lowerBound > 0, row + used > firstTop {
      canvas.write("▲", column: column + width - 1, row: firstTop, width: 1, style: Palette.dim)
    }
    if drawn < items.count || window.upperBound < list.rowCount, row + used > firstTop {
      canvas.write(
        "▼", column: column + width - 1, row: row + used - 1, width: 1, style: Palette.dim)
    }
    if list.loadMore.isBusy.value, row + used < end {
      canvas.write(
        "⋯ loading more", column: column, row: row + used, width: width, style: Palette.dim)
      used += 1
    }
    return used
  }

  /// The widths of the columns of `rows` whose content is one horizontal stack with the same
  /// number of children in each: the widest each child is in any of them; `nil` otherwise.
  private static func columnWidths(of rows: [RowWidget], painter: ScreenPainter) -> [Int]? {
    var widths: [Int]?
    for row in rows {
      guard row.children.count == 1, let stack = row.children[0] as? HStack else { return nil }
      let naturals = stack.children.map { painter.naturalWidth(of: $0) }
      guard let known = widths else {
        widths = naturals
        continue
      }
      guard known.count == naturals.count else { return nil }
      widths = zip(known, naturals).map { max($0, $1) }
    }
    return widths
  }

  /// Draws a tab view: a bar of the tabs' titles, the selected one in brackets (reversed while
  /// the tab view has the focus), then the selected tab.
  func drawTabs(
    _ tabs: TabView, column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) -> Int {
    var left = column
    let focus = isFocused(tabs)
    for tab in tabs.tabs {
      let selected = tab.id == tabs.selection.value
      let title = tab.title ?? tab.id
      let text = selected ? "[" + title + "]" : " " + title + " "
      let style = selected ? (focus ? Palette.focus : Palette.selected) : Palette.dim
      left = canvas.write(text, column: left, row: row, width: column + width - left, style: style)
    }
    guard let selected = tabs.tabs.first(where: { $0.id == tabs.selection.value }) else { return 1 }
    return 1 + drawDown(selected.children, column: column, row: row + 1, width: width, on: &canvas)
  }
}

extension Canvas {
  /// Adds `attributes` to the cells of `columns` × `rows`.
  mutating func emphasize(columns: Range<Int>, rows: Range<Int>, _ attributes: TerminalAttributes) {
    for row in rows.clamped(to: self.rows).clamped(to: 0..<frame.height) {
      for column in columns.clamped(to: 0..<frame.width) {
        var cell = frame[column, row]
        guard !cell.isContinuation else { continue }
        cell.style.attributes.formUnion(attributes)
        frame.put(cell, column: column, row: row)
      }
    }
  }
}
