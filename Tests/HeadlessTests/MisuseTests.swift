import BindingDSL
import Headless
import Observation
import Testing

/// Mistakes the compiler cannot see, caught when the screen mounts, at the declaration's line.
/// The compile-time mistakes are checked by `Scripts/compile-failures` over
/// `Tests/CompileFailures`; Docs/Troubleshooting.md lists both.
@MainActor
@Suite struct MisuseTests {
  @Observable
  final class ProfileViewModel {
    var first = "Ada"
    var last = "Lovelace"
    var fullName: String { first + " " + last }
  }

  struct TwoWayToReadOnlyScreen: Screen {
    let name = TextField("name", placeholder: "Name")
    let line: Int
    var body: Widget { name }
    func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
      bind(\.fullName, to: name.text, mode: .twoWay, line: line)
    }
  }

  @Test func twoWayToAReadOnlyPropertyFailsAtMountNamingTheLineAndTheFix() throws {
    let screen = TwoWayToReadOnlyScreen(line: 42)
    let error = try #require(throws: ScreenError.self) {
      try screen.mount(on: ProfileViewModel())
    }
    let text = error.description
    #expect(text.contains("MisuseTests.swift:42"), "names the declaration's line: \(text)")
    #expect(
      text.contains(
        "two-way needs a writable key path, but \\ProfileViewModel.#1: String is read-only"),
      "names the key path as the declaration under it does: \(text)")
    #expect(text.contains("bind(\\ProfileViewModel.#1: String, to: name.text"), "\(text)")
    #expect(text.contains("use mode: .oneWay or .oneTime"), "says what to do: \(text)")
    #expect(screen.name.text.value == "", "nothing was bound")
  }

  struct TwoWayToReadOnlyAsWrittenScreen: Screen {
    let name = TextField("name", placeholder: "Name")
    var body: Widget { name }
    func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
      bind(\.fullName, to: name.text, mode: .twoWay)
    }
  }

  /// Where the test's source file can be read (under `swift test`, as in a user's package), the
  /// problem names the key path as the declaration writes it, not by its value type alone.
  @Test func twoWayToAReadOnlyPropertyNamesTheKeyPathAsWritten() throws {
    let error = try #require(throws: ScreenError.self) {
      try TwoWayToReadOnlyAsWrittenScreen().mount(on: ProfileViewModel())
    }
    let text = error.description
    #expect(
      text.contains(
        "two-way needs a writable key path, but \\ProfileViewModel.fullName: String is read-only"),
      "\(text)")
    #expect(!text.contains("<String>"), "no key path named by its type alone: \(text)")
  }

  struct OneWayToReadOnlyScreen: Screen {
    let name = TextField("name", placeholder: "Name")
    var body: Widget { name }
    func bindings(_ vm: ProfileViewModel) -> [BindingDeclaration<ProfileViewModel>] {
      bind(\.fullName, to: name.text, mode: .oneWay)
    }
  }

  @Test func theFixMountsAndShowsTheValue() throws {
    let screen = OneWayToReadOnlyScreen()
    let mounted = try screen.mount(on: ProfileViewModel())
    defer { mounted.unmount() }
    #expect(screen.name.text.value == "Ada Lovelace")
  }

  /// Orders shown in a list, with commands that take the wrong rows or would drop rows.
  @MainActor
  @Observable
  final class RowCommandsViewModel {
    var orders = [OrderCell(1), OrderCell(2)]
    @ObservationIgnored private(set) lazy var openHeader = Command<GroupHeader, Void>(
      "openHeader", owner: self
    ) { _, _ in }
    @ObservationIgnored private(set) lazy var track = Command<OrderCell, Void>(
      "track", owner: self
    ) { _, _ in }
  }

  struct RowCommandsScreen: Screen {
    let list = ListView("orders", rows: [OrderRow.self])
    let wrongInput: Bool
    var body: Widget { list }
    func bindings(_ vm: RowCommandsViewModel) -> [BindingDeclaration<RowCommandsViewModel>] {
      show(\.orders, in: list)
      if wrongInput {
        command(vm.openHeader, on: list.selection)
      } else {
        command(vm.track, on: list.willDisplay)
      }
    }
  }

  @Test func aRowCommandTakingNoneOfTheListsRowTypesFailsAtMount() throws {
    let error = try #require(throws: ScreenError.self) {
      try RowCommandsScreen(wrongInput: true).mount(on: RowCommandsViewModel())
    }
    let expected: String =
      "the command takes GroupHeader, but list 'orders' shows rows of OrderCell: a row event "
      + "passes the row's view model, so the command's input must be one of those types"
    #expect(error.description.contains(expected), "\(error)")
    #expect(error.description.contains("MisuseTests.swift"), "names the declaration's line")
  }

  @Test func aRowCommandThatWouldRunForOneOfSeveralRowsFailsAtMount() throws {
    let error = try #require(throws: ScreenError.self) {
      try RowCommandsScreen(wrongInput: false).mount(on: RowCommandsViewModel())
    }
    let expected: String =
      "willDisplay is sent for every row one change adds or removes, several in turn, and a "
      + "command with policy .ignoreWhileExecuting would run for one of them only; make the "
      + "command .queue or .concurrent"
    #expect(error.description.contains(expected), "\(error)")
  }

  @Test func aRowCommandTakingASuperclassOfTheRowsMountsAndRuns() async throws {
    let model = RowBaseListModel()
    let screen = RowBaseListScreen()
    let mounted = try screen.mount(on: model, scheduler: ManualScheduler())
    defer { mounted.unmount() }
    screen.list.select(screen.list.rows[1])
    try await model.open.settle()
    #expect(model.opened == [2])
  }
}

/// A cell class whose subclass the list shows, and a command that takes the base class.
@MainActor
@Observable
class RowBaseCell: Identifiable {
  @ObservationIgnored let id: Int

  init(_ id: Int) {
    self.id = id
  }
}

@MainActor
final class RowSubCell: RowBaseCell {}

struct RowSubCellRow: RowTemplate {
  let title = Label("title")

  var body: Widget { title }

  func bindings(_ vm: RowSubCell) -> [BindingDeclaration<RowSubCell>] {
    bind(\.id, to: title.text) { "Cell \($0)" }
  }
}

@MainActor
@Observable
final class RowBaseListModel: CommandOwner {
  let commands = CommandStore()
  var items = [RowSubCell(1), RowSubCell(2)]
  private(set) var opened: [Int] = []

  var open: Command<RowBaseCell, Void> {
    .owned(by: self) { vm, cell in vm.opened.append(cell.id) }
  }
}

struct RowBaseListScreen: Screen {
  let list = ListView("items", rows: [RowSubCellRow.self])

  var body: Widget { list }

  func bindings(_ vm: RowBaseListModel) -> [BindingDeclaration<RowBaseListModel>] {
    show(\.items, in: list)
    command(vm.open, on: list.selection)
  }
}
