import BindingDSL
import Headless
import HeadlessTesting
import Testing

// The examples of the documentation comments of `CalendarDate`, `HandlerList`,
// `BindingDeclaration.group(_:)`, `RowList` and the snapshot assertions, as written there, with
// what they name around them.

@MainActor
private func calendarDateExample(clock: VirtualClock) throws -> CalendarDate {
  let firstDay = try CalendarDate(parsing: "2026-11-23")
  let today = firstDay.adding(days: Int(clock.now.offset / .seconds(86_400)))
  return today
}

@MainActor
private func handlerListExample() -> [String] {
  var received: [String] = []
  var editHandlers = HandlerList<@MainActor (String) -> Void>()
  let token = editHandlers.add { print($0) }
  for handler in editHandlers.handlers { handler("edited") }
  editHandlers.remove(token)
  let kept = editHandlers.add { received.append($0) }
  for handler in editHandlers.handlers { handler("again") }
  editHandlers.remove(kept)
  return received + (editHandlers.handlers.isEmpty ? ["empty"] : [])
}

@MainActor
private func groupExample(
  _ declarations: [BindingDeclaration<OrdersViewModel>]
) -> BindingDeclaration<OrdersViewModel> {
  let group = BindingDeclaration.group(declarations)
  return group
}

@MainActor
private func rowListExample(
  _ first: OrderCell, _ second: OrderCell, _ third: OrderCell
) throws -> RowList {
  let orders = RowList(rows: [first, second])
  try orders.insert([third], at: RowPosition(row: 1), animation: .fade)
  try orders.remove(at: RowPosition(row: 0), animation: .left)
  return orders
}

@MainActor
@Suite struct DocCommentValueExampleTests {
  @Test func theCalendarDateExampleCountsDaysOfVirtualTime() async throws {
    let clock = VirtualClock()
    try await clock.advance(by: .seconds(2 * 86_400))
    #expect(try calendarDateExample(clock: clock) == CalendarDate(parsing: "2026-11-25"))
  }

  @Test func theHandlerListExampleCallsAndRemovesHandlers() {
    #expect(handlerListExample() == ["again", "empty"])
  }

  @Test func theGroupExampleKeepsItsDeclarationsInOrder() {
    let screen = OrdersScreen()
    let group = groupExample([
      bind(\.summary, to: screen.summary.text), .group([]),
    ])
    #expect(group.isGroup)
    #expect(group.summary == "group of 2")
  }

  @Test func theRowListExampleInsertsThenRemoves() throws {
    let orders = try rowListExample(OrderCell(1), OrderCell(2), OrderCell(3))
    #expect(orders.rows.compactMap { ($0 as? OrderCell)?.id } == [3, 2])
  }
}
