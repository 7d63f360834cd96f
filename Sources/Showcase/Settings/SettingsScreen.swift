import BindingDSL
import Headless

/// A settings page that uses every widget of the kit: a picker, a segmented control, a toggle,
/// a slider, a stepper, a date picker, a text view, an image, a search field, inside a scroll view.
struct SettingsScreen: Screen {
  let avatar = Image("avatar", name: "courier-placeholder")
  let theme = Picker("theme", title: "Theme")
  let unit = SegmentedControl("unit")
  let alerts = Toggle("alerts", title: "Job alerts")
  let volume = Slider("volume", range: 0...1, step: 0.1)
  let radius = Stepper("radius", range: 1...50, step: 1)
  let vacation = DatePicker("vacation", title: "Vacation starts")
  let signature = TextView("signature", placeholder: "Signature for messages")
  let city = SearchField("city", placeholder: "Home city")
  let cities = TextList("cities")
  let divider = Image("divider", decorative: "rule")
  let summary = Label("summary")
  let page: ScrollView

  init() {
    let content: [Widget] = [
      avatar, theme, unit, alerts, volume, radius, vacation, signature, city, cities, divider,
      summary,
    ]
    page = ScrollView("page") { content }
    // What a screen reader, the terminal and a picture say beside controls without a title.
    unit.accessibilityLabel.value = "Distance unit"
    volume.accessibilityLabel.value = "Alert volume"
    radius.accessibilityLabel.value = "Search radius"
  }

  var body: Widget { page }

  func bindings(_ vm: SettingsViewModel) -> [BindingDeclaration<SettingsViewModel>] {
    bind(\.avatarDescription, to: avatar.imageDescription)
    bind(\.themes, to: theme.options)
    bind(\.theme, to: theme.selection)
    bind(\.units, to: unit.options)
    bind(\.unit, to: unit.selection)
    bind(\.alertsOn, to: alerts.isOn)
    bind(\.volume, to: volume.value)
    bind(\.radius, to: radius.value)
    bind(\.vacationStart, to: vacation.date)
    bind(\.vacationDays, to: vacation.range)
    validate(\.vacationStart, with: vm.form, on: vacation)
    validate(\.radius, with: vm.form, on: radius)
    bind(\.signature, to: signature.text)
    bind(\.cityQuery, to: city.text)
    bind(\.matchingCities, to: cities.items)
    on(city.submit) { vm.chooseFirstMatch() }
    bind(\.summary, to: summary.text)
    bind(\.scrollOffset, to: page.offset)
    command(vm.followDays, on: .didAppear)
  }
}
