import BindingDSL

extension ListView {

  func mount(
    _ model: any RowModel, role: RowWidget.Role, rowID: AnyHashable,
    mounter: any ChildMounter, problems: inout [String]
  ) -> RowWidget? {
    finish(prepare(model, role: role, rowID: rowID), mounter: mounter, problems: &problems)
  }

  /// Makes the row of `model` and its widgets, without its bindings (``finish(_:mounter:problems:)``
  /// mounts them), or tells why it cannot be made.
  func prepare(
    _ model: any RowModel, role: RowWidget.Role, rowID: AnyHashable, described: String? = nil
  ) -> Result<PreparedRow, RowProblem> {
    let type = ObjectIdentifier(Swift.type(of: model as AnyObject))
    guard let template = templates[type] else {
      let known = templates.values.map { "\($0.name) (\($0.modelName))" }.sorted()
      return .failure(
        RowProblem(
          message: "no row template for \(Swift.type(of: model as AnyObject)) in list '\(id)'; "
            + "templates: \(known.isEmpty ? "none" : known.joined(separator: ", "))"))
    }
    let row = RowWidget(listID: id, role: role, rowID: rowID, model: model, described: described)
    // NB: a row's id is written in renders and driver paths (orders[42].title): a line break or
    // a closing bracket in it would break the line or the path.
    if let problem = unnameableRowProblem(row.id) { return .failure(problem) }
    do {
      return .success(PreparedRow(row: row, model: model, mount: try template.prepare(model, row)))
    } catch {
      return .failure(RowProblem(message: "\(error)"))
    }
  }

  /// Mounts the bindings of a prepared row and sends `willDisplay` for it; `nil` (with the
  /// problem added to `problems`) when the row could not be made or its bindings mounted.
  func finish(
    _ made: Result<PreparedRow, RowProblem>, mounter: any ChildMounter,
    takingOver observation: Subscription? = nil, problems: inout [String]
  ) -> RowWidget? {
    let prepared: PreparedRow
    switch made {
    case .success(let row): prepared = row
    case .failure(let problem):
      problems.append(problem.message)
      return nil
    }
    let row = prepared.row
    // NB: a row put back after it was taken out takes over what it left (see `retire`).
    let observation = observation ?? retiredRows?.take(of: prepared.model)
    do {
      row.mount = try prepared.mount(mounter, observation)
    } catch {
      problems.append("\(error)")
      return nil
    }
    row.list = self
    guard row.role == .row else { return row }
    if let selected = selectedModel, selected === prepared.model {
      // NB: a selected row that comes back into the window shows as selected.
      row.isSelected.value = true
      selectedWidget = row
    }
    if displaysMountedRows { willDisplay.send(prepared.model) }
    return row
  }

  func reuse(
    _ existing: RowWidget?, for model: (any RowModel)?, role: RowWidget.Role,
    sectionID: AnyHashable, reloading: Bool, mounter: any ChildMounter,
    problems: inout [String]
  ) -> RowWidget? {
    if let existing, let model, existing.model === model, !reloading { return existing }
    existing?.unmount()
    guard let model else { return nil }
    return mount(model, role: role, rowID: sectionID, mounter: mounter, problems: &problems)
  }

  /// Takes `row`, whose view model is `model`, out of the list: deselects it if it is
  /// selected, and if it is in the window sends ``didEndDisplaying`` and unmounts it.
  ///
  /// What the row's mount, or the row outside the window, leaves of its Observation
  /// registration is kept in the list (``retiredRows``) for the row put back on the same view
  /// model to take over (Decisions/0048, 0130): a list whose rows are filtered
  /// in and out does not leave one registration more in each row's view model every time.
  func retire(_ row: ListRow, of model: any RowModel) {
    if let selected = selectedModel, selected === model { deselectSelectedRow() }
    guard let widget = row.widget else {
      keepRetired(row.leftObservation, of: model)
      return
    }
    if selectedWidget === widget { selectedWidget = nil }
    if displaysMountedRows { didEndDisplaying.send(model) }
    keepRetired(widget.unmountRetiring(), of: model)
  }

  /// Keeps `left`, what a row taken out of the list left on `model`, in ``retiredRows``.
  private func keepRetired(_ left: Subscription?, of model: AnyObject) {
    guard let left else { return }
    let store = retiredRows ?? ParkedSubscriptions()
    retiredRows = store
    store.keep(left, of: model)
  }

  func describe(_ id: AnyHashable) -> String { describeRowID(id.base) }
}

/// A row whose widgets are made and whose bindings are not mounted yet.
@MainActor
struct PreparedRow {
  let row: RowWidget
  let model: any RowModel
  /// Mounts the row's bindings.
  let mount: RowMount
}

/// Why a row could not be made.
struct RowProblem: Error {
  let message: String
}

/// Why the row whose widget id is `rowWidgetID` (`orders[42]`, `orders[header:open]`) cannot be
/// named in renders and driver paths, or `nil` when it can: its id holds a control character or
/// a `]` before the one that closes it.
private func unnameableRowProblem(_ rowWidgetID: String) -> RowProblem? {
  var hasControl = false
  var closings = 0
  var previous: UInt8 = 0
  for byte in rowWidgetID.utf8 {
    // NB: C0 controls and DEL, and C1 controls (U+0080–U+009F, 0xC2 0x80–0x9F in UTF-8), as the
    // widget id check refuses them.
    if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
      hasControl = true
      break
    }
    if byte == 0x5D { closings += 1 }
    previous = byte
  }
  guard hasControl || closings > 1 else { return nil }
  let open = rowWidgetID.firstIndex(of: "[").map { rowWidgetID.index(after: $0) }
  let described = open.map { String(rowWidgetID[$0...].dropLast()) } ?? rowWidgetID
  return RowProblem(
    message: "row and section ids must be written without control characters or ']', so that "
      + "renders and driver paths can name them; '\(escapedForMessage(described))' is not shown")
}
