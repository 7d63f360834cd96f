import BindingDSL
import Headless
import HeadlessTesting
import Testing

@MainActor
@Suite struct DatePickerTests {
  @Test func pickingADayReachesTheViewModelBothWays() async throws {
    let (model, driver) = try await kitDriver()
    try await driver.pick(try CalendarDate(parsing: "2027-01-02"), in: "delivery")
    #expect(model.delivery.description == "2027-01-02")
    model.firstDay = model.firstDay.adding(days: 7)
    model.delivery = model.firstDay
    try await driver.settle()
    #expect(
      driver.render().contains(
        #"DatePicker #delivery title="Deliver on" date=2026-11-30 range=2026-11-30...2027-02-28"#))
  }

  @Test func aDayOutsideTheRangeIsRefusedAndAViewModelDayOutsideItIsFlagged() async throws {
    let (model, driver) = try await kitDriver()
    let error = await expectDriverFailure {
      try await driver.pick(try CalendarDate(parsing: "2026-11-01"), in: "delivery")
    }
    #expect(
      error?.message
        == "cannot pick 2026-11-01 in 'delivery': it takes days from 2026-11-23 to 2027-02-21")
    model.delivery = try CalendarDate(parsing: "2026-01-01")
    try await driver.settle()
    #expect(
      driver.render().contains("date=2026-01-01 range=2026-11-23...2027-02-21 [out-of-range]"))
  }

  @Test(arguments: [
    ("2026-02-29", "'2026-02-29' is not a day of the calendar"),
    ("2026-2-1", "'2026-2-1' is not a day; write it YYYY-MM-DD, as in 2026-11-23"),
    ("tomorrow", "'tomorrow' is not a day; write it YYYY-MM-DD, as in 2026-11-23"),
  ])
  func aDayThatIsNotOneIsRefusedWhenRead(text: String, message: String) {
    #expect(throws: CalendarDateError(message)) { try CalendarDate(parsing: text) }
  }

  @Test func daysCountAcrossMonthsYearsAndLeapDays() throws {
    let start = try CalendarDate(parsing: "2024-02-28")
    #expect(start.adding(days: 1).description == "2024-02-29")
    #expect(start.adding(days: 2).description == "2024-03-01")
    #expect(start.adding(days: 366).description == "2025-02-28")
    #expect(start.adding(days: -59).description == "2023-12-31")
    #expect(start.days(to: try CalendarDate(parsing: "2025-02-28")) == 366)
    #expect(CalendarDate.unixEpoch.adding(days: 20_415).description == "2025-11-23")
    #expect(CalendarDate(daysSinceUnixEpoch: 20_415).description == "2025-11-23")
    #expect(try CalendarDate(parsing: "1969-12-31").daysSinceUnixEpoch == -1)
    #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2000, month: 2, day: 29)?.description == "2000-02-29")
    #expect(CalendarDate(year: 7, month: 3, day: 9)?.description == "0007-03-09")
  }
}
