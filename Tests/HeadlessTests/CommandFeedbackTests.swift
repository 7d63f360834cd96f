import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor @Observable
private final class FeedViewModel {
  var query = ""
  var slider = 0
  private(set) var searches: [String] = []
  private(set) var pings: [Int] = []
  private(set) var events: [String] = []
  var failNextLoad = true
  var toast: String?
  @ObservationIgnored let clock: VirtualClock

  init(clock: VirtualClock) {
    self.clock = clock
    observeErrors()
  }

  /// Every command's errors in one place: the toast.
  private func observeErrors() {
    for command in [load, save] as [any CommandObject] {
      command.addErrorHandler { [weak self] in self?.toast = "\($0)" }
    }
  }

  @ObservationIgnored private(set) lazy var search = Command<String, Void>(
    "search", policy: .concurrent
  ) { [weak self] query in
    self?.searches.append(query)
  }

  @ObservationIgnored private(set) lazy var ping = Command<Int, Void>(
    "ping", policy: .concurrent
  ) { [weak self] value in
    self?.pings.append(value)
  }

  // NB: the work calls a method: a call that uses a default argument (`sleep(for:)`'s
  // tolerance) directly inside a lazy property's initializer does not compile in Swift 6.3.
  @ObservationIgnored private(set) lazy var load = Command<Void, Int>("load") { [weak self] in
    guard let self else { throw CancellationError() }
    return try await self.performLoad()
  }

  private func performLoad() async throws -> Int {
    events.append("load")
    try await clock.sleep(for: .seconds(1))
    if failNextLoad {
      failNextLoad = false
      throw LoadError.busy
    }
    return 42
  }

  @ObservationIgnored private(set) lazy var save = Command<Void, Void>("save") {
    throw LoadError.readOnly
  }

  func note(_ event: String) { events.append(event) }
}

private enum LoadError: Error, CustomStringConvertible {
  case busy
  case readOnly

  var description: String {
    switch self {
    case .busy: "busy"
    case .readOnly: "read-only"
    }
  }
}

private struct FeedScreen: Screen {
  let query = TextField("query")
  let spinner = ActivityIndicator("spinner")
  let hud = HUD("hud")
  let save = Button("save", title: "Save")
  let timing: Timing

  var body: Widget {
    VStack("root") {
      query
      spinner
      save
      hud
    }
  }

  func bindings(_ vm: FeedViewModel) -> [BindingDeclaration<FeedViewModel>] {
    bind(\.query, to: query.text)
    command(vm.search, onChangeOf: \.query, timing: timing)
    command(vm.ping, onChangeOf: \.slider, timing: .throttle(.seconds(1)))
    command(vm.load, on: .didAppear)
    command(vm.save, on: save)
    on(.willDisappear) { vm.note("willDisappear") }
    on(.didDisappear) { vm.note("didDisappear") }
    bind(\.load.isExecuting, to: spinner.isAnimating)
    feedback(
      of: vm.load, on: hud,
      messages: FeedbackMessages(
        loading: "Loading", success: "Loaded", failure: { "Failed: \($0)" }))
  }
}

@MainActor
@Suite struct CommandFeedbackTests {
  private func makeDriver(timing: Timing = .debounce(.milliseconds(300))) throws -> (
    ScreenDriver<FeedScreen>, FeedViewModel
  ) {
    let clock = VirtualClock()
    let model = FeedViewModel(clock: clock)
    return (try ScreenDriver(FeedScreen(timing: timing), model: model, clock: clock), model)
  }

  @Test func debounceExecutesOnceWithTheLastValueAfterAPause() async throws {
    let (driver, model) = try makeDriver()
    try await driver.type("ki", into: "query")
    try await driver.advance(by: .milliseconds(200))
    try await driver.type("wi", into: "query")
    try await driver.advance(by: .milliseconds(299))
    #expect(model.searches.isEmpty, "still typing: 299 ms since the last keystroke")
    try await driver.advance(by: .milliseconds(1))
    #expect(model.searches == ["kiwi"])
    try await driver.advance(by: .seconds(5))
    #expect(model.searches == ["kiwi"])
  }

  @Test func immediateTimingExecutesOnEveryFlushedChange() async throws {
    let (driver, model) = try makeDriver(timing: .immediate)
    try await driver.type("ab", into: "query")
    #expect(model.searches == ["a", "ab"])
  }

  @Test func throttleRunsTheFirstChangeAndThenTheLatestPerWindow() async throws {
    let (driver, model) = try makeDriver()
    for value in 1...3 {
      model.slider = value
      try await driver.settle()
      try await driver.advance(by: .milliseconds(100))
    }
    #expect(model.pings == [1], "the first change runs at once; the rest wait for the window")
    try await driver.advance(by: .milliseconds(700))
    #expect(model.pings == [1, 3], "the window closed: the latest value runs")
    try await driver.advance(by: .seconds(3))
    #expect(model.pings == [1, 3])
  }

  @Test func lifecycleEventsTriggerCommandsAndActions() async throws {
    let (driver, model) = try makeDriver()
    #expect(model.events.isEmpty, "mounting is not appearing")
    try await driver.appear()
    #expect(model.events == ["load"])
    try await driver.appear()
    #expect(model.events == ["load"], "appearing twice is one appearance")
    try await driver.disappear()
    #expect(model.events == ["load", "willDisappear", "didDisappear"])
  }

  @Test func hudFollowsTheCommandStatus() async throws {
    let (driver, _) = try makeDriver()
    let hud = try driver.widget("hud", as: HUD.self)
    #expect(hud.feedback.value == .none)
    try await driver.appear()
    #expect(hud.feedback.value == .loading("Loading"))
    #expect(driver.render().contains("ActivityIndicator #spinner [animating]"))
    try await driver.advance(by: .seconds(1))
    #expect(hud.feedback.value == .failure("Failed: busy"))
    #expect(driver.render().contains("HUD #hud state=failure message=\"Failed: busy\""))
    #expect(!driver.render().contains("[animating]"))
    try await driver.disappear()
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
    #expect(hud.feedback.value == .success("Loaded"))
  }

  @Test func cancellingShowsTheCancelledMessage() async throws {
    let (driver, model) = try makeDriver()
    try await driver.appear()
    model.load.cancel()
    try await driver.settle()
    #expect(try driver.widget("hud", as: HUD.self).feedback.value == .message("Cancelled"))
  }

  @Test func errorsOfEveryCommandReachOneHandler() async throws {
    let (driver, model) = try makeDriver()
    try await driver.tap("save")
    #expect(model.toast == "read-only")
    try await driver.appear()
    try await driver.advance(by: .seconds(1))
    #expect(model.toast == "busy")
  }

  @Test func unmountingMidFlightCancelsTheWorkAndReleasesTheViewModel() async throws {
    weak var weakModel: FeedViewModel?
    weak var weakHUD: HUD?
    var load: Command<Void, Int>?
    do {
      let (driver, model) = try makeDriver()
      weakModel = model
      weakHUD = try driver.widget("hud", as: HUD.self)
      load = model.load
      try await driver.appear()
      #expect(model.load.isExecuting)
      driver.unmount()
    }
    try await load?.settle()
    #expect(load?.status == .cancelled)
    load = nil
    #expect(weakModel == nil)
    #expect(weakHUD == nil)
  }
}
