/// A widget that shows a collection of view models, each mounted as a child of the screen's
/// graph (a list of rows).
///
/// The DSL writes each new content into it with a mounter; the widget diffs it by identity,
/// mounts new rows, unmounts removed ones, and keeps the others as they are.
@MainActor
public protocol CollectionTarget: AnyObject {
  /// Which widget this is; the property is named `rows`.
  var targetKey: TargetKey { get }
  /// Shows `content`, mounting new rows with `mounter`.
  ///
  /// - Parameters:
  ///   - content: The sections and rows to show, and the animation of the change.
  ///   - mounter: Mounts rows into the screen's graph run.
  func receive(_ content: ListContent, mounter: any ChildMounter)
  /// Unmounts every row: the screen unmounts.
  func unmountRows()
}

/// Something that happens to a row, such as a selection, carrying the row's view model.
@MainActor
public protocol RowEventSource: AnyObject {
  /// Which widget and event this is, such as `orders.select`.
  var eventKey: TargetKey { get }
  /// Registers a handler called with the row's view model each time the event happens;
  /// registering it does not call it.
  ///
  /// - Parameter handler: Called on the main actor with the row's view model.
  /// - Returns: The token ``removeHandler(_:)`` takes.
  func addHandler(_ handler: @escaping @MainActor (any RowModel) -> Void) -> HandlerToken
  /// Removes a handler registered with ``addHandler(_:)``.
  ///
  /// - Parameter token: A token ``addHandler(_:)`` returned.
  func removeHandler(_ token: HandlerToken)
  /// The view-model types of the rows the event can be sent for; `nil` when the source does not
  /// say. A command bound to the event whose input none of them is (neither one of them nor a
  /// class or protocol they all share) is refused when the graph is built.
  var rowModelTypes: [AnyObject.Type]? { get }
  /// Whether one change can send the event for several rows in turn (rows shown, rows gone):
  /// a command bound to it must run once per row, so a policy that ignores or cancels runs
  /// (``ExecutionPolicy/ignoreWhileExecuting``, ``ExecutionPolicy/cancelPrevious``) is refused
  /// when the graph is built.
  var isSentForSeveralRowsAtOnce: Bool { get }
}

extension RowEventSource {
  /// `nil`: the source does not say which rows it is sent for.
  public var rowModelTypes: [AnyObject.Type]? { nil }

  /// `false`: the event is sent for one row at a time.
  public var isSentForSeveralRowsAtOnce: Bool { false }
}

/// Shows a view-model collection in a list: each element is a row mounted on its own view
/// model, matched across changes by its `id`. Rows that stay keep their widgets.
///
/// ```swift
/// show(\.orders, in: list, animation: .fade)
/// ```
///
/// - Parameters:
///   - source: The rows, in order.
///   - list: The list that shows them.
///   - animation: How the list animates the changes.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func show<Model: AnyObject, Row: RowModel>(
  _ source: KeyPath<Model, [Row]>,
  in list: some CollectionTarget,
  animation: RowAnimation = .automatic,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeCollectionBinding(
    source, in: list, site: DeclarationSite(fileID: fileID, line: line)
  ) { ListContent(typedRows: $0, animation: animation, readKeys: { readRowKeys($0) }) }
}

/// Shows sections of view models in a list, each section with optional header and footer view
/// models.
///
/// ```swift
/// show(\.sections, in: list)
/// ```
///
/// - Parameters:
///   - source: The sections, in order.
///   - list: The list that shows them.
///   - animation: How the list animates the changes.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func show<Model: AnyObject>(
  _ source: KeyPath<Model, [ListSection]>,
  in list: some CollectionTarget,
  animation: RowAnimation = .automatic,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeCollectionBinding(
    source, in: list, site: DeclarationSite(fileID: fileID, line: line)
  ) { ListContent(sections: $0, animation: animation) }
}

/// Shows the rows of a ``RowList`` the view model edits imperatively, with the animation of the
/// last edit. Edits made before one flush are applied together, with the animation of the last
/// of them; a reload among them still shows every row anew.
///
/// ```swift
/// show(\.rows, in: list)
/// ```
///
/// - Parameters:
///   - source: The row list.
///   - list: The list that shows it.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func show<Model: AnyObject>(
  _ source: KeyPath<Model, RowList>,
  in list: some CollectionTarget,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeCollectionBinding(
    source.appending(path: \RowList.content), in: list,
    site: DeclarationSite(fileID: fileID, line: line)
  ) { $0 }
}

// NB: disfavored for compile time only, as `on(_:perform:)` of a lifecycle event is
// (Declarations/LifecycleBinding.swift): no call matches both this and `command(_:on:)` of a
// control (a row event is not a control).
/// Executes `command` with a row's view model each time `event` happens to a row: a selection,
/// a swipe action. Rows of another view-model type than the command's input do not execute it
/// (a list may show rows of several types), but a command whose input none of the list's row
/// types is (nor a superclass or protocol of one) is refused when the graph is built, and so is a command that ignores or
/// cancels runs (``ExecutionPolicy/ignoreWhileExecuting``, ``ExecutionPolicy/cancelPrevious``)
/// bound to an event one change sends for several rows (`willDisplay`, `didEndDisplaying`).
///
/// ```swift
/// command(vm.open, on: list.selection)
/// ```
///
/// - Parameters:
///   - command: The command; its input is the row's view model.
///   - event: The row event.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@_disfavoredOverload
@MainActor
public func command<Model: AnyObject, Row: RowModel, Output>(
  _ command: Command<Row, Output>,
  on event: some RowEventSource,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(
      identity: .event(event.eventKey), kind: .event, label: .event,
      object: ObjectIdentifier(event)),
    to: BindingEndpoint(command), role: .trigger
  ) { mount in
    let token = event.addHandler { row in
      guard let row = row as? Row else { return }
      mount.execute(command, row)
    }
    mount.onUnmount { event.removeHandler(token) }
  }
  let problems = rowEventProblems(command, event)
  return BindingDeclaration(
    .commandOnEvent, site: DeclarationSite(fileID: fileID, line: line), edge: edge,
    problems: problems)
}

/// What is wrong with binding `command` to `event`: an input that no row of the list has, or a
/// policy that would drop all but one of the rows one change sends the event for.
@MainActor
private func rowEventProblems<Row: RowModel, Output>(
  _ command: Command<Row, Output>, _ event: some RowEventSource
) -> [String] {
  var problems: [String] = []
  let list = event.eventKey.widgetID
  // NB: a row of a subclass of the input, or of a type conforming to it, is passed as it is.
  if let types = event.rowModelTypes, !types.contains(where: { $0 is Row.Type }) {
    problems.append(
      "the command takes \(typeName(Row.self)), but list '\(list)' shows rows of "
        + (types.isEmpty
          ? "no type" : types.map { String(describing: $0) }.sorted().joined(separator: ", "))
        + ": a row event passes the row's view model, so the command's input must be one of "
        + "those types")
  }
  if event.isSentForSeveralRowsAtOnce,
    command.policy == .ignoreWhileExecuting || command.policy == .cancelPrevious
  {
    problems.append(
      "\(event.eventKey.property) is sent for every row one change adds or removes, several "
        + "in turn, and a command with policy .\(command.policy) would run for one of them "
        + "only; make the command .queue or .concurrent")
  }
  return problems
}

@MainActor
func makeCollectionBinding<Model: AnyObject, Value>(
  _ source: KeyPath<Model, Value>,
  in list: some CollectionTarget,
  site: DeclarationSite,
  content: @escaping (Value) -> ListContent
) -> BindingDeclaration<Model> {
  let key = TargetKey(widgetID: list.targetKey.widgetID, property: list.targetKey.property)
  let edge = childrenEdge(
    from: source, to: list,
    end: BindingEndpoint(content: list, key: key, valueType: ListContent.self),
    show: { list, value, mounter in list.receive(content(value), mounter: mounter) },
    unmount: { $0.unmountRows() })
  return BindingDeclaration(.show, site: site, edge: edge)
}
