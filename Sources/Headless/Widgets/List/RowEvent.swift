public import BindingDSL

/// Something that happens to a row of a list, carrying its view model: a selection, a swipe
/// action. Bind it with `command(vm.open, on: list.selection)`.
@MainActor
public final class RowEvent: RowEventSource, WidgetMember {
  /// The list's id and the event's name, as the graph names the node.
  public let eventKey: TargetKey
  /// The title a swipe action shows; `nil` for other events.
  public let title: String?
  private var handlers = HandlerList<ArgumentHandler<any RowModel>>()
  /// The view-model types of the list's rows, set by the list once its templates are known.
  public internal(set) var rowModelTypes: [AnyObject.Type]?
  /// Whether one change sends the event for several rows in turn (`willDisplay`,
  /// `didEndDisplaying`).
  public let isSentForSeveralRowsAtOnce: Bool

  init(
    widgetID: String, name: String, title: String? = nil, sentForSeveralRowsAtOnce: Bool = false
  ) {
    self.eventKey = TargetKey(widgetID: widgetID, property: name)
    self.title = title
    self.isSentForSeveralRowsAtOnce = sentForSeveralRowsAtOnce
  }

  /// The event's name on its list, such as `selection`.
  public var memberName: String { eventKey.property }

  /// Makes the event happen to the row whose view model is `row`.
  ///
  /// - Parameter row: The row's view model.
  public func send(_ row: any RowModel) {
    guard handlers.count > 0 else { return }
    for handler in handlers.handlers { handler.call(row) }
  }

  /// Calls `handler` with the row's view model each time the event happens, until removed.
  ///
  /// - Parameter handler: Called on the main actor with the row's view model.
  /// - Returns: The token that removes the handler.
  public func addHandler(_ handler: @escaping @MainActor (any RowModel) -> Void) -> HandlerToken {
    handlers.add(ArgumentHandler(call: handler))
  }

  /// Removes the handler `token` stands for; an unknown token does nothing.
  ///
  /// - Parameter token: The token ``addHandler(_:)`` returned.
  public func removeHandler(_ token: HandlerToken) {
    handlers.remove(token)
  }

  /// How many handlers are installed: zero once every screen using the list unmounted.
  public var handlerCount: Int { handlers.count }
}

/// A list's pull-to-refresh or load-more control: a trigger, an enabled state, and a busy state
/// that the list shows as `refreshing` or `loading-more`. Bind a command to it with
/// `command(vm.refresh, on: list.refresh)`.
@MainActor
public final class ListControl: CommandControl {
  /// The pull, or the scroll to the end.
  public let trigger: WidgetEvent
  /// Whether the command can run.
  public let isEnabled: WidgetProperty<Bool>
  /// Whether the command runs.
  public let isBusy: WidgetProperty<Bool>

  init(widgetID: String, name: String) {
    trigger = WidgetEvent(widgetID: widgetID, name: name)
    isEnabled = WidgetProperty(widgetID: widgetID, name: "\(name)Enabled", value: false)
    isBusy = WidgetProperty(widgetID: widgetID, name: "\(name)Busy", value: false)
  }

  /// Whether a command is bound: a list without one cannot be refreshed or load more.
  public var isBound: Bool { trigger.handlerCount > 0 }

  /// The pull or the scroll to the end, which executes the bound command.
  public var commandTrigger: any EventSource { trigger }
  /// Follows whether the bound command can execute.
  public var commandEnabled: any ValueTarget<Bool> { isEnabled }
  /// Follows whether the bound command is executing.
  public var commandBusy: (any ValueTarget<Bool>)? { isBusy }
}
