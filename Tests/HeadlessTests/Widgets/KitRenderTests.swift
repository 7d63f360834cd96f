import BindingDSL
import Headless
import HeadlessTesting
import Testing

/// A kit screen and its driver, settled.
@MainActor
func kitDriver() async throws -> (KitViewModel, ScreenDriver<KitScreen>) {
  let model = try KitViewModel()
  let driver = try ScreenDriver(KitScreen(), model: model)
  try await driver.settle()
  return (model, driver)
}

@MainActor
@Suite struct KitRenderTests {
  @Test func everyWidgetOfTheKitShowsItsBoundValues() async throws {
    let (_, driver) = try await kitDriver()
    #expect(
      driver.render() == """
        VStack #kit
          ScrollView #page offset=0
            Slider #volume value=0.5 range=0...1 step=0.25
            Stepper #guests value=2 range=1...8 step=1
            SegmentedControl #unit options=["km", "mi"] selection="km"
            Picker #theme title="Theme" options=["Light", "Dark", "System"] selection=none
            DatePicker #delivery title="Deliver on" date=2026-11-24 range=2026-11-23...2027-02-21
          TextView #notes text="" lines=0 placeholder="Notes for the courier"
          Image #avatar says="Profile photo of Ada"
          Image #divider [decorative]
          SearchField #query text="" placeholder="Search"
        """)
  }

  @Test func everyEditableValueIsBoundBothWaysWithoutAMode() async throws {
    let (_, driver) = try await kitDriver()
    let dump = driver.mounted.bindingGraph.dump()
    for key in [
      "volume.value", "guests.value", "unit.selection", "theme.selection", "delivery.date",
      "notes.text", "page.offset", "query.text",
    ] {
      let edge = dump.split(separator: "\n").first { $0.hasSuffix("-> \(key))") }
      #expect(edge?.contains(" value two-way ") == true, "\(key) is two-way")
    }
    let options = dump.split(separator: "\n").first { $0.hasSuffix("-> unit.options)") }
    #expect(options?.contains(" value one-way ") == true)
  }

  @Test func unmountingReleasesTheViewModelAndEveryWidget() async throws {
    weak var weakModel: KitViewModel?
    weak var weakPage: ScrollView?
    weak var weakPicker: DatePicker?
    do {
      let (model, driver) = try await kitDriver()
      weakModel = model
      weakPage = driver.mounted.screen?.page
      weakPicker = driver.mounted.screen?.delivery
      try await driver.pick(try CalendarDate(parsing: "2026-12-01"), in: "delivery")
      try await driver.submit("query")
      driver.unmount()
    }
    #expect(weakModel == nil)
    #expect(weakPage == nil)
    #expect(weakPicker == nil)
  }
}
