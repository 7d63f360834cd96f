import BindingDSL
import Headless

/// A waybill's row: its number and recipient, its parcels and due time, and a button that
/// records the hand-over while it is in transit.
struct WaybillRow: RowTemplate {
  let title = Label("title")
  let summary = Label("summary")
  let deliver = Button("deliver", title: "Mark delivered")

  var body: Widget {
    HStack("waybill") {
      title
      summary
      deliver
    }
  }

  static var height: KeyPath<WaybillCell, Double>? { \.height }

  func bindings(_ vm: WaybillCell) -> [BindingDeclaration<WaybillCell>] {
    bind(\.title, to: title.text)
    bind(\.summary, to: summary.text)
    command(vm.deliver, on: deliver)
    bind(\.isDelivered, to: deliver.isHidden)
  }
}

/// A section's header: its title and count.
struct WaybillSectionRow: RowTemplate {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: WaybillSectionHeader) -> [BindingDeclaration<WaybillSectionHeader>] {
    bind(\.text, to: title.text)
  }
}

/// The waybill list: two sections loaded on appear, pull to refresh, more on scrolling to the
/// end, swipe to delete, and the selected waybill's details under the list.
struct WaybillListScreen: Screen {
  let heading = Label("heading", text: "Waybills")
  let list = ListView("waybills", rows: [WaybillRow.self, WaybillSectionRow.self])
  let detailTitle = Label("detailTitle")
  let detailAddress = Label("detailAddress")
  let detailStatus = Label("detailStatus")

  var body: Widget {
    VStack("waybillList") {
      heading
      list
      VStack("detail") {
        detailTitle
        detailAddress
        detailStatus
      }
    }
  }

  func bindings(_ vm: WaybillListViewModel) -> [BindingDeclaration<WaybillListViewModel>] {
    show(\.sections, in: list, animation: .fade)
    command(vm.refresh, on: .didAppear)
    command(vm.refresh, on: list.refresh)
    command(vm.loadMore, on: list.loadMore)
    bind(\.hasMore, to: list.hasMore)
    command(vm.select, on: list.selection)
    command(vm.deselect, on: list.deselection)
    command(vm.delete, on: list.deletion)
    bind(\.emptyText, to: list.emptyText)
    bind(\.failure, to: list.failureText)
    bind(\.detailTitle, to: detailTitle.text)
    bind(\.detailAddress, to: detailAddress.text)
    bind(\.detailStatus, to: detailStatus.text)
    bind(\.hasNoSelection, to: detailAddress.isHidden)
    bind(\.hasNoSelection, to: detailStatus.isHidden)
  }
}
