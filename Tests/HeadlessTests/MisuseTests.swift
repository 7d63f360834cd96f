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
    #expect(text.contains("two-way needs a writable key path"), "\(text)")
    #expect(text.contains("use mode: .oneWay or .oneTime"), "says what to do: \(text)")
    #expect(screen.name.text.value == "", "nothing was bound")
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
}
