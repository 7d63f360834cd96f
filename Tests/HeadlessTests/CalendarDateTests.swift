import Headless
import Testing

/// A day of the calendar written, read back and counted.
@Suite struct CalendarDateTests {
  @Test func aDayIsWrittenAsItIsReadBack() throws {
    let day = try CalendarDate(parsing: "2026-11-23")
    #expect(day.description == "2026-11-23")
    #expect(try CalendarDate(parsing: day.description) == day)
    #expect(day.adding(days: 8) == CalendarDate(year: 2026, month: 12, day: 1))
    #expect(CalendarDate(daysSinceUnixEpoch: day.daysSinceUnixEpoch) == day)
  }

  /// Counting days never leaves the days `YYYY-MM-DD` writes: a render of the day reads back.
  @Test func countingDaysStopsAtTheFirstAndLastDayOfTheCalendar() throws {
    let first = try #require(CalendarDate(year: 1, month: 1, day: 1))
    let last = try #require(CalendarDate(year: 9999, month: 12, day: 31))
    #expect(CalendarDate(daysSinceUnixEpoch: 3_000_000) == last)
    #expect(CalendarDate(daysSinceUnixEpoch: -800_000) == first)
    #expect(CalendarDate.unixEpoch.adding(days: .max) == last)
    #expect(CalendarDate.unixEpoch.adding(days: .min) == first)
    #expect(last.adding(days: 1) == last)
    #expect(first.adding(days: -1) == first)
    #expect(last.adding(days: -1) == CalendarDate(year: 9999, month: 12, day: 30))
    for day in [first, last] {
      #expect(try CalendarDate(parsing: day.description) == day, "\(day) reads back")
    }
    #expect(first.description == "0001-01-01")
  }
}
