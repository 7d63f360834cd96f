import Foundation
import Headless
import HeadlessTesting
import Observation
import Testing

@testable import Showcase

/// The examples of the guides in `Docs/`, compiled and run here.
/// `everySwiftExampleOfTheGuidesIsCompiled` checks that each Swift block of `Docs/*.md` appears,
/// line for line, in the sources or the tests, so a guide cannot show code that does not build.
@MainActor
@Suite struct GuideExamplesTests {
  @Test func theBindingsGuideExamplesWork() async throws {
    let model = GuideViewModel()
    let driver = try ScreenDriver(GuideScreen(), model: model)
    #expect(try driver.widget("fullName", as: Label.self).text.value == "Ada Lovelace")
    #expect(try driver.widget("resend", as: Button.self).title.value == "Resend code")
    try await driver.appear()
    #expect(model.load.lastOutput == ["Administrator"])
    try await driver.replaceText(in: "age", with: "007")
    #expect(model.age == 7)
    #expect(try driver.widget("age", as: TextField.self).text.value == "007")
    model.query = "ap"
    try await driver.tap("searchButton")
    try await driver.advance(by: .milliseconds(300))
    #expect(model.searches == ["ap", "ap"], "the tap, then the debounced change")
    try await driver.tap("closeButton")
    #expect(model.closed)
    try await driver.disappear()
    #expect(model.draftSaved)
  }

  @Test func theTestingGuideDriverExampleWorks() async throws {
    let clock = VirtualClock()
    let service = FakeAccountService(validCode: "123456", latency: .seconds(1), clock: clock)
    let model = RegistrationViewModel(phone: "+1 555 0100", service: service, clock: clock)
    let driver = try ScreenDriver(RegistrationScreen(), model: model, clock: clock)
    try await driver.type("111111", into: "code")
    try await driver.type("hunter22", into: "password")
    try await driver.tap("register")
    try await driver.advance(by: .seconds(1))
    #expect(model.register.status == .failed)
    try await driver.replaceText(in: "code", with: "123456")
    try await driver.tap("register")
    try await driver.advance(by: .seconds(1))
    try driver.assertSnapshot(named: "registered")
  }

  @Test func everySwiftExampleOfTheGuidesIsCompiled() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let sources =
      try swiftFiles(under: root.appendingPathComponent("Sources"))
      + swiftFiles(under: root.appendingPathComponent("Tests"))
      + swiftFiles(under: root.appendingPathComponent("Examples"))
      + swiftFiles(under: root.appendingPathComponent("Hosts/GTK/Sources"))
      + swiftFiles(under: root.appendingPathComponent("Hosts/GTK/Tests"))
    // NB: comment lines are left out, so that an example found only in a comment (a doc
    // comment that quotes it) does not count as compiled.
    let code = try sources.map {
      normalizedLines(try String(contentsOf: $0, encoding: .utf8)).filter { !$0.hasPrefix("//") }
    }
    let docs = try FileManager.default.contentsOfDirectory(
      at: root.appendingPathComponent("Docs"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "md" }
    // NB: the catalogs' own pages; the guides of Docs/ are their articles (Scripts/docs).
    let catalogs = try [
      "BindingDSL", "Headless", "HeadlessTesting", "TerminalHost", "TerminalHostTesting",
    ].map { module in
      try FileManager.default.contentsOfDirectory(
        at: root.appendingPathComponent("Sources/\(module)/\(module).docc"),
        includingPropertiesForKeys: nil
      ).filter { $0.pathExtension == "md" }
    }
    let guides = docs + catalogs.joined()
    #expect(!docs.isEmpty)
    #expect(catalogs.allSatisfy { !$0.isEmpty }, "every module has a catalog page")
    var checked = 0
    for guide in guides {
      for block in swiftBlocks(in: try String(contentsOf: guide, encoding: .utf8)) {
        checked += 1
        #expect(
          isCompiled(block, in: code),
          "this example of \(guide.lastPathComponent) is in no source or test file:\n\(block)")
      }
    }
    #expect(checked >= 5)
  }

  /// A `text` block right after `<!-- output: <path> -->` shows what that file holds (a
  /// snapshot, a dump, the messages `DocumentedOutputTests` stores): each of its parts between
  /// `...` lines must be a run of the file's lines. This holds for the guides, the catalogs'
  /// articles and the `///` comments of the sources alike, and every `text` block of them is
  /// marked, except a line's grammar (its first line starts with `<`) and the broken code of
  /// Troubleshooting.md, whose messages `Scripts/compile-failures` compares.
  @Test func everyOutputBlockMatchesTheFileItNames() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let pages = try ["Docs", "Sources/Headless/Headless.docc"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil
      ).filter { $0.pathExtension == "md" && $0.lastPathComponent != "Troubleshooting.md" }
    }
    var texts: [(name: String, lines: [String])] = try pages.map {
      ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8).lines)
    }
    for file in try swiftFiles(under: root.appendingPathComponent("Sources")) {
      texts.append(
        (file.lastPathComponent, docCommentLines(in: try String(contentsOf: file, encoding: .utf8)))
      )
    }
    var checked = 0
    for (name, lines) in texts {
      for (index, line) in lines.enumerated() where line == "```text" {
        let block = Array(lines[(index + 1)...].prefix { $0 != "```" })
        let marker = index > 0 ? lines[index - 1] : ""
        guard marker.hasPrefix("<!-- output: ") else {
          #expect(
            block.first?.hasPrefix("<") == true,
            "\(name): a text block that is not marked <!-- output: <path> -->:\n\(block.joined(separator: "\n"))"
          )
          continue
        }
        let path = marker.dropFirst("<!-- output: ".count).dropLast(" -->".count)
        let file = try String(
          contentsOf: root.appendingPathComponent(String(path)), encoding: .utf8
        ).lines
        var part: [String] = []
        for shown in block + ["..."] {
          if shown.trimmingCharacters(in: .whitespaces) == "..." {
            #expect(
              part.isEmpty || file.containsRun(part),
              "\(name) shows lines \(path) does not hold:\n\(part.joined(separator: "\n"))")
            part = []
          } else {
            part.append(shown)
          }
        }
        checked += 1
      }
    }
    #expect(checked >= 25)
  }

  /// The lines of the `///` comments of `text`, without the slashes and the space after them;
  /// every other line becomes an empty line, so blocks never run across declarations.
  private func docCommentLines(in text: String) -> [String] {
    text.lines.map { line in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("///") else { return "" }
      let body = trimmed.dropFirst(3)
      return String(body.first == " " ? body.dropFirst() : body)
    }
  }

  @Test func everySwiftExampleOfTheDocumentationCommentsIsCompiled() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let sources =
      try swiftFiles(under: root.appendingPathComponent("Sources"))
      + swiftFiles(under: root.appendingPathComponent("Tests"))
      + swiftFiles(under: root.appendingPathComponent("Examples"))
      + swiftFiles(under: root.appendingPathComponent("Hosts/GTK/Sources"))
    let code = try sources.map {
      normalizedLines(try String(contentsOf: $0, encoding: .utf8)).filter { !$0.hasPrefix("//") }
    }
    var compiled = 0
    for file in try swiftFiles(under: root.appendingPathComponent("Sources")) {
      let text = try String(contentsOf: file, encoding: .utf8)
      for block in docCommentSwiftBlocks(in: text) {
        #expect(
          isCompiled(block, in: code),
          "this example of \(file.lastPathComponent) is in no source or test file:\n\(block)")
        compiled += 1
      }
    }
    #expect(compiled >= 60)
  }

  /// The ```swift blocks of the `///` comments of `text`, without the slashes.
  private func docCommentSwiftBlocks(in text: String) -> [String] {
    swiftBlocks(in: docCommentLines(in: text).joined(separator: "\n"))
  }

  /// The excerpts of an example: its lines without comments, cut where a comment line stands
  /// between code lines (`// in bindings:`). A comment is prose or shown output; a comment line
  /// between two pieces of code says they come from different places.
  private func excerpts(of block: String) -> [[String]] {
    var parts: [[String]] = [[]]
    for line in normalizedLines(block) {
      if line.hasPrefix("//") {
        if parts[parts.count - 1].isEmpty == false { parts.append([]) }
      } else {
        parts[parts.count - 1].append(line)
      }
    }
    return parts.filter { !$0.isEmpty }
  }

  /// Whether every excerpt of `block` is a run of lines of one compiled file, outside comments.
  private func isCompiled(_ block: String, in code: [[String]]) -> Bool {
    let parts = excerpts(of: block)
    return !parts.isEmpty && parts.allSatisfy { part in code.contains { $0.containsRun(part) } }
  }

  private func swiftFiles(under folder: URL) throws -> [URL] {
    let items = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    // NB: a package under Examples builds into its own .build, whose checkouts are not its code.
    return (items?.allObjects as? [URL] ?? []).filter {
      $0.pathExtension == "swift" && !$0.pathComponents.contains(".build")
    }
  }

  private func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        blocks.append(current?.joined(separator: "\n") ?? "")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// Lines without indentation, blank lines or runs of spaces, which formatting may change.
  private func normalizedLines(_ text: String) -> [String] {
    text.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }.filter { !$0.isEmpty }
  }
}

extension String {
  /// The text's lines, empty ones included.
  fileprivate var lines: [String] {
    split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

extension Array where Element == String {
  /// Whether `run` appears in the array as consecutive elements.
  fileprivate func containsRun(_ run: [String]) -> Bool {
    guard !run.isEmpty, run.count <= count else { return run.isEmpty }
    return (0...(count - run.count)).contains { start in
      self[start..<(start + run.count)].elementsEqual(run)
    }
  }
}

// The view model and screen below carry the examples of Docs/Bindings.md.

@MainActor
@Observable
final class GuideViewModel {
  var secondsUntilResend = 0
  var age = 0
  var firstName = "Ada"
  var lastName = "Lovelace"
  var query = ""
  private(set) var closed = false
  private(set) var draftSaved = false
  private(set) var searches: [String] = []

  @ObservationIgnored private(set) lazy var register = Command<Void, Void>("register") {}
  @ObservationIgnored private(set) lazy var resend = Command<Void, Void>("resend") {}
  @ObservationIgnored private(set) lazy var load = Command<Void, [String]>("load") {
    ["Administrator"]
  }
  @ObservationIgnored private(set) lazy var search = Command<String, Void>(
    "search", policy: .cancelPrevious
  ) { [weak self] query in
    self?.searches.append(query)
  }

  func close() { closed = true }
  func saveDraft() { draftSaved = true }
}

struct GuideScreen: Screen {
  let register = Button("register", title: "Register")
  let resend = Button("resend")
  let ageField = TextField("age")
  let fullName = Label("fullName")
  let searchButton = Button("searchButton", title: "Search")
  let spinner = ActivityIndicator("spinner")
  let closeButton = Button("closeButton", title: "Close")
  let hud = HUD("hud")

  var body: Widget {
    VStack("guide") {
      register
      resend
      ageField
      fullName
      searchButton
      spinner
      closeButton
      hud
    }
  }

  func bindings(_ vm: GuideViewModel) -> [BindingDeclaration<GuideViewModel>] {
    bind(\.secondsUntilResend, to: resend.title) { $0 > 0 ? "Resend in \($0)s" : "Resend code" }
    bind(\.age, to: ageField.text, transform: { String($0) }, back: { Int($0) })
    bind(\.firstName, \.lastName, to: fullName.text) { "\($0) \($1)" }
    command(vm.register, on: register)  // tap, enabled and busy in one line
    command(vm.resend, on: resend, showsBusy: false)  // another widget shows progress
    command(vm.search, on: searchButton) { vm.query }  // a command that takes an input
    command(vm.load, on: .didAppear)  // a moment in the screen's life
    command(vm.search, onChangeOf: \.query, timing: .debounce(.milliseconds(300)))
    feedback(of: vm.load, on: hud, messages: FeedbackMessages(loading: "Loading roles"))
    bind(\.search.isExecuting, to: spinner.isAnimating)  // any command property, by key path
    on(closeButton.tap) { vm.close() }  // an event without a command
    on(.willDisappear) { vm.saveDraft() }
  }
}
