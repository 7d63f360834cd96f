import Headless
import Observation

/// A courier's settings: how the app looks and sounds, how far jobs are offered, when a vacation
/// starts, a signature for messages, and a home city found by search. A plain `@Observable`
/// class: every widget of the settings screen edits one of its properties.
@MainActor
@Observable
final class SettingsViewModel {
  static let themes = ["Light", "Dark", "System"]
  static let units = ["km", "mi"]
  static let cities = [
    "Amsterdam", "Berlin", "Bern", "Bratislava", "Brussels", "Lisbon", "Madrid", "Oslo", "Paris",
  ]

  var theme: String? = "System"
  var unit: String? = "km"
  /// Whether job alerts are on.
  var alertsOn = true
  /// The volume of job alerts, 0 to 1.
  var volume = 0.5
  /// How far away jobs are offered, in the unit chosen.
  var radius = 10
  var vacationStart: CalendarDate
  var signature = ""
  var cityQuery = ""
  private(set) var homeCity: String?
  /// How far the page is scrolled.
  var scrollOffset = 0.0

  /// The first day a vacation can start: today, on the calendar of the injected clock. It moves
  /// on a day each 24 hours the clock runs while the screen is shown (``followDays``).
  private(set) var today: CalendarDate

  @ObservationIgnored private let clock: any Clock<Duration>

  /// Creates the settings as of `today`, on `clock`.
  ///
  /// - Parameters:
  ///   - today: The day the settings are opened.
  ///   - clock: The clock whose days move `today` on.
  init(today: CalendarDate, clock: any Clock<Duration>) {
    self.today = today
    self.vacationStart = today.adding(days: 14)
    self.clock = clock
  }

  /// Moves `today` on by a day each 24 hours of the clock, until cancelled.
  @ObservationIgnored private(set) lazy var followDays = Command<Void, Void>(
    "followDays", owner: self
  ) { vm, _ in
    try await vm.countDays()
  }

  private func countDays() async throws {
    while true {
      try await clock.sleep(for: .seconds(86_400))
      today = today.adding(days: 1)
    }
  }

  /// The rules of the settings: a vacation booked a week ahead, jobs offered up to 30 away.
  @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
    .field(
      \.vacationStart, named: "vacationStart",
      .custom { vm, day in
        vm.today.days(to: day) >= 7 ? nil : "Book a vacation at least a week ahead"
      }
    )
    .field(\.radius, named: "radius", .range(1...30, "Jobs are offered up to 30 away"))

  var themes: [String] { Self.themes }
  var units: [String] { Self.units }

  /// A vacation can start from today to a year later.
  var vacationDays: ClosedRange<CalendarDate>? { today...today.adding(days: 365) }

  /// The cities whose names contain what was typed in the search field.
  var matchingCities: [String] {
    let query = cityQuery.lowercased()
    guard !query.isEmpty else { return [] }
    return Self.cities.filter { $0.lowercased().contains(query) }
  }

  /// Takes the first city that matches as the home city, as the return key does.
  func chooseFirstMatch() {
    guard let city = matchingCities.first else { return }
    homeCity = city
    cityQuery = ""
  }

  /// Who the courier is, in words a screen reader says for the avatar.
  var avatarDescription: String? {
    homeCity.map { "Courier based in \($0)" }
  }

  /// Every setting in one line, to show each edit reached the view model.
  var summary: String {
    let volumePercent = Int((volume * 100).rounded())
    return "\(theme ?? "no theme"), \(radius) \(unit ?? "?"), alerts at \(volumePercent)%, "
      + "vacation from \(vacationStart), home \(homeCity ?? "not set")"
  }
}
