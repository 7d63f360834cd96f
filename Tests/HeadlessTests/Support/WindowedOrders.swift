import Headless
import HeadlessTesting

/// A screen of `count` orders whose list shows 5 rows and mounts 2 more on each side, driven.
@MainActor
func windowedOrders(count: Int = 30) throws -> (
  OrdersViewModel, OrdersScreen, ScreenDriver<OrdersScreen>
) {
  let model = OrdersViewModel(count: count)
  let screen = OrdersScreen()
  screen.list.visibleRowCount = 5
  screen.list.windowMargin = 2
  return (model, screen, try ScreenDriver(screen, model: model))
}
