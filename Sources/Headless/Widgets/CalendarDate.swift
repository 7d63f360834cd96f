/// A day of the Gregorian calendar (proleptic, without a time zone): what a date picker holds.
///
/// A day is a value a test can write and a render can show the same way on every machine: it is
/// written `2026-11-23` (ISO 8601) whatever the locale, and it never depends on a time zone.
/// A view model that needs "today" counts days on its injected clock from a day it was given:
///
/// ```swift
/// let firstDay = try CalendarDate(parsing: "2026-11-23")
/// let today = firstDay.adding(days: Int(clock.now.offset / .seconds(86_400)))
/// ```
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, such as 2026.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// 1970-01-01, the day Unix time counts from: a date picker's day until one is bound.
  public static let unixEpoch = CalendarDate(valid: 1970, 1, 1)

  /// 0001-01-01 and 9999-12-31: the first and last days `YYYY-MM-DD` writes, which counting
  /// days never passes.
  private static let first = CalendarDate(valid: 1, 1, 1)
  private static let last = CalendarDate(valid: 9999, 12, 31)

  private init(valid year: Int, _ month: Int, _ day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `year-month-day`, or `nil` when the calendar has no such day (February 30th).
  ///
  /// - Parameters:
  ///   - year: The year, from 1 to 9999.
  ///   - month: The month, 1 to 12.
  ///   - day: The day of the month.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.days(inMonth: month, of: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads a day written `YYYY-MM-DD`, as the render writes it.
  ///
  /// - Parameter text: The day, such as `2026-11-23`.
  /// - Throws: ``CalendarDateError`` naming what is wrong with `text`.
  public init(parsing text: String) throws(CalendarDateError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else {
      throw CalendarDateError("'\(text)' is not a day; write it YYYY-MM-DD, as in 2026-11-23")
    }
    guard let date = CalendarDate(year: year, month: month, day: day) else {
      throw CalendarDateError("'\(text)' is not a day of the calendar")
    }
    self = date
  }

  /// The day `days` after 1970-01-01 (before when negative): how an app turns its wall clock
  /// into a day, such as `CalendarDate(daysSinceUnixEpoch: Int(Date().timeIntervalSince1970 /
  /// 86_400))` for today in UTC. It is kept within 0001-01-01 and 9999-12-31, as
  /// ``adding(days:)`` keeps it.
  ///
  /// - Parameter days: Days since 1970-01-01.
  public init(daysSinceUnixEpoch days: Int) {
    self = Self.unixEpoch.adding(days: days)
  }

  /// The days from 1970-01-01 to this day (negative before it).
  public var daysSinceUnixEpoch: Int { Self.unixEpoch.days(to: self) }

  /// The day `days` later (earlier when negative), kept within 0001-01-01 and 9999-12-31, the
  /// days the calendar's `YYYY-MM-DD` writes and ``init(year:month:day:)`` takes: a count past
  /// either end stops there.
  ///
  /// - Parameter days: How many days to move.
  /// - Returns: The day reached, or the first or last day.
  public func adding(days: Int) -> CalendarDate {
    let (reached, overflowed) = dayNumber.addingReportingOverflow(days)
    if overflowed || reached > Self.last.dayNumber { return days < 0 ? Self.first : Self.last }
    if reached < Self.first.dayNumber { return Self.first }
    return Self(dayNumber: reached)
  }

  /// The days from `self` to `other`: positive when `other` is later.
  ///
  /// - Parameter other: Another day.
  /// - Returns: The number of days between them.
  public func days(to other: CalendarDate) -> Int { other.dayNumber - dayNumber }

  /// Whether `lhs` comes before `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A day.
  ///   - rhs: Another day.
  /// - Returns: `true` when `lhs` is earlier.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// The day written `YYYY-MM-DD`.
  public var description: String {
    let digits: [UInt8] = [
      digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10),
      UInt8(ascii: "-"), digit(month / 10), digit(month % 10), UInt8(ascii: "-"),
      digit(day / 10), digit(day % 10),
    ]
    return String(decoding: digits, as: UTF8.self)
  }

  private func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value) }

  private static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  // NB: days since 0000-03-01, after Howard Hinnant's `days_from_civil`; years counted from
  // March so that a leap day ends its year.
  private var dayNumber: Int {
    let y = month <= 2 ? year - 1 : year
    let era = y / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
  }

  private init(dayNumber: Int) {
    let era = (dayNumber >= 0 ? dayNumber : dayNumber - 146_096) / 146_097
    let dayOfEra = dayNumber - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.year = year
    self.month = month
    self.day = day
  }
}

/// Why a text is not a day: what ``CalendarDate/init(parsing:)`` throws.
public struct CalendarDateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the text, and how to write a day.
  public let message: String

  /// An error saying `message`.
  ///
  /// - Parameter message: What is wrong with the text.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
