import BindingDSL
import Headless
import Testing

/// The library's widget kinds list the members they keep in stored properties
/// (`listedMembers`) instead of having them found by reflection: each list must hold exactly
/// what reflection finds, in the same order, or a binding to a missing member would pass
/// unchecked and a host's change sink would miss it.
@MainActor
@Suite struct ListedMembersTests {
  @Test func everyKindListsWhatReflectionFinds() throws {
    let scheduler = ManualScheduler()
    let screen = OrdersScreen()
    let mounted = try screen.mount(on: OrdersViewModel(count: 3), scheduler: scheduler)
    scheduler.flush()
    let row = try #require(screen.list.row(atPosition: 0))
    let host = AppHost(registry: try navigationRegistry(), scheduler: scheduler)
    try host.setStack([
      PageViewModel("home", navigator: host, log: EventLog(), clock: VirtualClock())
    ])
    scheduler.flush()
    let kinds: [Widget] =
      [
        Label("label"), TextField("field"), Button("button"), Toggle("toggle"),
        ActivityIndicator("spinner"), Toast("toast"), SegmentedControl("segments"),
        SearchField("search"), TextView("notes"), ScrollView("scroll") { Label("inner") },
        HUD("hud"), ProgressBar("progress"), TextList("items"), Stepper("stepper"),
        Picker("picker"), DatePicker("date", date: CalendarDate(year: 2026, month: 1, day: 2)!),
        Image("image"), Slider("slider"), VStack("column") {}, HStack("row") {},
        TabView("tabs", selection: "a"), WidgetGroup([]), screen.list, row,
      ] + everyWidget(in: host.view)
    var checked: Set<String> = []
    for widget in kinds {
      let listed = try #require(widget.listedMembers, "\(widget.kind) lists no members")
      let reflected = Widget.reflectedMembers(of: widget)
      #expect(
        listed.map(ObjectIdentifier.init) == reflected.map(ObjectIdentifier.init),
        "\(widget.kind) lists \(listed.map(\.memberName)), reflection finds \(reflected.map(\.memberName))"
      )
      checked.insert(String(describing: type(of: widget)))
    }
    #expect(
      checked.isSuperset(of: [
        "AppView", "NavigationStackView", "ScreenContainer", "ListView", "RowWidget",
      ]))
    mounted.unmount()
    host.shutDown()
  }

  @Test func aKindWrittenOutsideTheLibraryIsStillFoundByReflection() {
    let rating = RatingWidget("rating")
    #expect(rating.listedMembers == nil)
    #expect(rating.members.map(\.memberName).contains("stars"))
  }

  /// `root` and every widget nested in it, screens' own id spaces included.
  private func everyWidget(in root: Widget) -> [Widget] {
    [root] + root.children.flatMap { everyWidget(in: $0) }
  }
}
