import BindingDSL
import Headless
import Observation

/// A view model with a value for every widget of the kit.
@MainActor
@Observable
final class KitViewModel {
  var volume = 0.5
  var guests = 2
  var guestRange = 1...8
  var volumeStep: Double? = 0.25
  var units = ["km", "mi"]
  var unit: String? = "km"
  var themes = ["Light", "Dark", "System"]
  var theme: String?
  var delivery: CalendarDate
  var firstDay: CalendarDate
  var notes = ""
  var avatar: String? = "Profile photo of Ada"
  var scrollOffset = 0.0
  var query = ""
  private(set) var searches: [String] = []

  /// The days a delivery can be made: from the first day, for 90 days.
  var deliveryDays: ClosedRange<CalendarDate>? { firstDay...firstDay.adding(days: 90) }

  init() throws {
    firstDay = try CalendarDate(parsing: "2026-11-23")
    delivery = try CalendarDate(parsing: "2026-11-24")
  }

  func search() { searches.append(query) }
}

/// A screen with every widget of the kit, each bound to the view model.
@MainActor
struct KitScreen: Screen {
  let volume = Slider("volume", range: 0...1, step: 0.25)
  let guests = Stepper("guests", range: 1...8)
  let unit = SegmentedControl("unit")
  let theme = Picker("theme", title: "Theme")
  let delivery = DatePicker("delivery", title: "Deliver on")
  let notes = TextView("notes", placeholder: "Notes for the courier")
  let avatar = Image("avatar", name: "avatar-placeholder")
  let divider = Image("divider", decorative: "divider")
  let query = SearchField("query")
  let page: ScrollView

  init() {
    let content: [Widget] = [volume, guests, unit, theme, delivery]
    page = ScrollView("page") { content }
  }

  var body: Widget {
    VStack("kit") {
      page
      notes
      avatar
      divider
      query
    }
  }

  func bindings(_ vm: KitViewModel) -> [BindingDeclaration<KitViewModel>] {
    bind(\.volume, to: volume.value)
    bind(\.guests, to: guests.value)
    bind(\.guestRange, to: guests.range)
    bind(\.volumeStep, to: volume.step)
    bind(\.units, to: unit.options)
    bind(\.unit, to: unit.selection)
    bind(\.themes, to: theme.options)
    bind(\.theme, to: theme.selection)
    bind(\.delivery, to: delivery.date)
    bind(\.deliveryDays, to: delivery.range)
    bind(\.notes, to: notes.text)
    bind(\.avatar, to: avatar.imageDescription)
    bind(\.scrollOffset, to: page.offset)
    bind(\.query, to: query.text)
    on(query.submit) { vm.search() }
  }
}
