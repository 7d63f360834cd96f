import BindingDSL
import CGTK
import Headless
import HeadlessTesting
import Testing

@testable import GTKHost
@testable import GTKShowcase

extension GTKTests {
  /// The waybill list of a depot's 10,000 waybills in a `GtkListView`: GTK binds a few items,
  /// and only their rows are mounted; scrolling the native list mounts the rows it shows and
  /// unmounts those it left, and a row selected in GTK is the list's selection.
  @Suite
  @MainActor
  struct WaybillList {
    /// Opens `screen` on `model` in a window and lets its first page load on `clock` (the
    /// refresh the screen starts when it appears belongs to the clock): the window, the
    /// mounted screen and the list's native view. Close the window when done.
    private func open(
      _ screen: WaybillListScreen, model: WaybillListViewModel, scheduler: GTKScheduler,
      clock: VirtualClock
    ) async throws -> (GTKWindow, MountedScreen<WaybillListScreen>, ListNativeView) {
      let (window, mounted) = try clock.withTracking {
        try ShowcaseWindows.open(
          screen, model: model, title: "Waybills", scheduler: scheduler, clock: clock)
      }
      do {
        try await GTK.advance(scheduler, clock: clock, by: .seconds(1))
        let view = try #require(window.host.view(of: screen.list) as? ListNativeView)
        return (window, mounted, view)
      } catch {
        window.close()
        throw error
      }
    }

    @Test func scrollingTenThousandRowsBindsOnlyTheRowsShown() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let depot = Waybill.depot(count: 10_000)
      let service = FakeWaybillService(clock: clock, waybills: depot, pageSize: depot.count)
      let screen = WaybillListScreen()
      let (window, mounted, view) = try await open(
        screen, model: WaybillListViewModel(service: service), scheduler: scheduler, clock: clock)
      defer { window.close() }
      let list = screen.list
      #expect(list.rowCount == 10_000)
      GTK.pump("the list's first rows to be bound") { !view.boundRows.isEmpty }
      try await GTK.settle(scheduler, clock: clock)

      func checkBoundRowsAreMounted(_ step: String) {
        let mounted = list.rows
        let bound = view.boundRows.filter { $0.role == .row }
        #expect(!bound.isEmpty, "\(step): GTK bound no rows")
        // NB: GTK 4.8's list view keeps about 200 items bound around the ones it shows.
        #expect(bound.count < 300, "\(step): \(bound.count) items bound")
        #expect(
          mounted.count <= bound.count + 2 * list.windowMargin + 1,
          "\(step): \(mounted.count) rows mounted of 10,000 for \(bound.count) items bound")
        for row in bound {
          #expect(mounted.contains { $0 === row }, "\(step): bound row \(row.id) is not mounted")
        }
        // NB: the rows past the bound items are mounted ahead, as far as the list goes, so
        // that the next page's items find their rows.
        let positions = bound.compactMap { list.position(of: $0) }
        if let first = positions.min(), let last = positions.max() {
          let ahead = ListNativeView.rowsMountedAhead
          let expected = max(0, first - ahead)..<min(list.rowCount, last + 1 + ahead)
          #expect(list.windowRange == expected, "\(step): the window is \(list.windowRange)")
        }
        // NB: what a bound item shows is its row's title, as the headless render has it.
        for row in bound.prefix(3) {
          guard let title = row.find("title") as? Label,
            let control = window.host.nativeControl(for: title)
          else {
            Issue.record("\(step): no native title for \(row.id)")
            continue
          }
          #expect(nativeText(control) == title.text.value)
          #expect(TextRenderer.render(list).contains(title.text.value))
        }
      }

      checkBoundRowsAreMounted("at the top")
      #expect(list.windowRange.lowerBound == 0)
      let bindsAtTop = view.bindCount

      view.scrollTo(item: 5_000)
      GTK.pump("the rows around 5,000 to be bound") {
        view.boundRows.contains { (list.position(of: $0) ?? 0) > 4_000 }
      }
      try await GTK.settle(scheduler, clock: clock)
      checkBoundRowsAreMounted("scrolled to the middle")
      #expect(list.windowRange.lowerBound > 4_000)
      #expect(view.bindCount - bindsAtTop < 400, "scrolling bound \(view.bindCount) items")
      // NB: GTK recycles its items, and the host reuses an item's controls for the next row.
      let made = view.makeCount
      #expect(view.reuseCount > 0, "scrolling reused no row controls")
      #expect(made < 300, "controls were made for \(made) rows")

      let row = try #require(view.boundRows.first { $0.role == .row })
      let position = try #require(list.itemIndex(of: row))
      clock.withTracking {
        _ = gtk_selection_model_select_item(
          cgtk_selection_model(UnsafeMutableRawPointer(view.selectionModel)), guint(position), 1)
      }
      try await GTK.settle(scheduler, clock: clock)
      #expect(row.isSelected.value, "selecting the item in GTK selects \(row.id)")
      #expect(mounted.model?.selected != nil)
    }

    /// GTK keeps about 200 items bound around the dozen on screen: the host reports the rows
    /// on screen after each frame, and the view model is told `willDisplay` and
    /// `didEndDisplaying` for those as the person scrolls, not for every row bound.
    @Test func theDisplayEventsFollowTheRowsOnScreenAsTheListScrolls() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let depot = Waybill.depot(count: 10_000)
      let service = FakeWaybillService(clock: clock, waybills: depot, pageSize: depot.count)
      let screen = WaybillListScreen()
      let list = screen.list
      var displayed: Set<ObjectIdentifier> = []
      var ended = 0
      let will = list.willDisplay.addHandler { displayed.insert(ObjectIdentifier($0)) }
      let end = list.didEndDisplaying.addHandler {
        displayed.remove(ObjectIdentifier($0))
        ended += 1
      }
      defer {
        list.willDisplay.removeHandler(will)
        list.didEndDisplaying.removeHandler(end)
      }
      let (window, _, view) = try await open(
        screen, model: WaybillListViewModel(service: service), scheduler: scheduler, clock: clock)
      defer { window.close() }
      GTK.pump("the rows on screen to be reported") {
        list.reportsDisplayedRows && !list.displayedRange.isEmpty
      }
      try await GTK.settle(scheduler, clock: clock)

      /// The view models of the rows reported on screen.
      func onScreen() -> Set<ObjectIdentifier> {
        Set(
          list.displayedRange.compactMap {
            list.row(atPosition: $0)?.model.map(ObjectIdentifier.init)
          })
      }

      func checkTheEventsFollowTheScreen(_ step: String) {
        let bound = view.boundRows.filter { $0.role == .row }
        let shown = list.displayedRange
        #expect(!shown.isEmpty, "\(step): no rows reported on screen")
        // NB: a window 680 pixels high shows some 15 waybills, of about 200 items bound.
        #expect(shown.count < 20, "\(step): \(shown.count) rows reported on screen")
        #expect(bound.count > 2 * shown.count, "\(step): \(bound.count) items bound")
        #expect(displayed == onScreen(), "\(step): the view model was told of other rows")
        for position in shown {
          let row = list.row(atPosition: position)
          #expect(bound.contains { $0 === row }, "\(step): row \(position) is not bound")
        }
      }

      checkTheEventsFollowTheScreen("at the top")
      #expect(list.displayedRange.lowerBound == 0)
      let endedAtTop = ended
      let shownAtTop = displayed

      view.scrollTo(item: 5_000)
      GTK.pump("the rows around 5,000 to be reported on screen") {
        list.displayedRange.lowerBound > 4_000
      }
      try await GTK.settle(scheduler, clock: clock)
      checkTheEventsFollowTheScreen("scrolled to the middle")
      #expect(ended > endedAtTop, "the rows scrolled off were not told they ended")
      #expect(displayed.isDisjoint(with: shownAtTop), "rows of the top are still displayed")
    }

    /// Pulling the list past its top (a touchpad's or a touchscreen's overshoot) runs the
    /// view model's refresh; an overshoot at the bottom does not.
    @Test func pullingPastTheTopRefreshes() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let screen = WaybillListScreen()
      let model = Demos.waybillsModel(clock: clock)
      let (window, _, view) = try await open(
        screen, model: model, scheduler: scheduler, clock: clock)
      defer { window.close() }
      #expect(!model.refresh.isExecuting)
      var pulls = 0
      let token = screen.list.refresh.trigger.addHandler { pulls += 1 }
      defer { screen.list.refresh.trigger.removeHandler(token) }

      func overshoot(_ edge: GtkPositionType) async throws {
        clock.withTracking {
          cgtk_emit_int(view.scrolled.raw, "edge-overshot", Int32(edge.rawValue))
        }
        try await GTK.settle(scheduler, clock: clock)
      }

      try await overshoot(GTK_POS_BOTTOM)
      #expect(!model.refresh.isExecuting, "an overshoot at the bottom refreshed")
      try await overshoot(GTK_POS_TOP)
      #expect(model.refresh.isExecuting, "pulling past the top did not refresh")
      #expect(nativeText(view.status) == "Refreshing…")
      #expect(gtk_widget_get_visible(view.status) != 0)
      try await overshoot(GTK_POS_TOP)
      #expect(pulls == 1, "a second pull while refreshing was sent")
      try await GTK.advance(scheduler, clock: clock, by: .seconds(1))
      #expect(!model.refresh.isExecuting)
      #expect(model.refresh.status == .succeeded)
      #expect(gtk_widget_get_visible(view.status) == 0)
    }

    /// A row's swipe actions are buttons in its item, shown while the row is selected: one row
    /// shows its actions at a time, as a phone shows one swiped row's.
    @Test func aSwipeActionIsAButtonInTheSelectedRow() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let screen = WaybillListScreen()
      let (window, _, view) = try await open(
        screen, model: Demos.waybillsModel(clock: clock), scheduler: scheduler, clock: clock)
      defer { window.close() }
      let list = screen.list
      GTK.pump("the rows to be bound") { view.boundRows.contains { $0.role == .row } }
      let row = try #require(list.rows.first)
      let rowID = row.itemID
      #expect(list.rowIDs.contains(rowID))
      let item = try #require(gtk_widget_get_parent(window.host.nativeControl(for: row)))
      // NB: the item holds the row's content, then a button per swipe action, deletion first.
      var buttons: [GTKWidgetPointer] = []
      var child = gtk_widget_get_first_child(item)
      while let current = child {
        if String(cString: cgtk_type_name(current.raw)) == "GtkButton" { buttons.append(current) }
        child = gtk_widget_get_next_sibling(current)
      }
      let delete = try #require(buttons.first, "no swipe action buttons in \(row.id)")
      #expect(
        String(cString: gtk_button_get_label(cgtk_button(delete.raw))) == list.deletion.title)
      #expect(gtk_widget_get_visible(delete) == 0, "a row not selected shows its actions")
      let position = try #require(list.itemIndex(of: row))
      clock.withTracking {
        _ = gtk_selection_model_select_item(
          cgtk_selection_model(UnsafeMutableRawPointer(view.selectionModel)), guint(position), 1)
      }
      try await GTK.settle(scheduler, clock: clock)
      #expect(list.selectedRow === row)
      #expect(gtk_widget_get_visible(delete) != 0, "the selected row hides its actions")
      let others = list.rows.filter { $0 !== row }.compactMap { other in
        window.host.nativeControl(for: other).flatMap { gtk_widget_get_parent($0) }
      }
      #expect(!others.isEmpty)
      for other in others {
        var child = gtk_widget_get_first_child(other)
        while let current = child {
          if String(cString: cgtk_type_name(current.raw)) == "GtkButton" {
            #expect(gtk_widget_get_visible(current) == 0, "a row not selected shows its actions")
          }
          child = gtk_widget_get_next_sibling(current)
        }
      }
      var sent = false
      let token = list.deletion.addHandler { _ in sent = true }
      defer { list.deletion.removeHandler(token) }
      #expect(gtk_widget_activate(delete) != 0)
      clock.withTracking { GTK.pump("the deletion of \(row.id)") { sent } }
      try await GTK.advance(scheduler, clock: clock, by: .seconds(1))
      // NB: binding the last row loaded the next page meanwhile; the swiped row is gone.
      #expect(!list.rowIDs.contains(rowID), "the swiped row is deleted")
    }
  }
}
