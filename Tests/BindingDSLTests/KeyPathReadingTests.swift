import BindingDSL
import Testing

/// A `FormModel` key path chosen at run time, as a bindings body may compute one.
@MainActor
enum ChosenKeyPath {
  static var name: ReferenceWritableKeyPath<FormModel, String> { \.name }
}

/// Gives `\.name`, then `\.code`: an expression that makes a different key path each time.
@MainActor
enum AlternatingKeyPath {
  static var calls = 0

  static func next() -> KeyPath<FormModel, String> {
    calls += 1
    return calls == 1 ? \.name : \.code
  }
}

/// `bind` reads a key path through a function made where the key path is written: the same
/// values, the same changes and the same edits, however the key path is given.
@MainActor
@Suite struct KeyPathReadingTests {
  let scheduler = ManualScheduler()

  @Test func keyPathsGivenAsLiteralsVariablesAndAppendedReadTheSameValues() throws {
    let model = FormModel()
    let literal = Slot("literal", "text", "")
    let variable = Slot("variable", "text", "")
    let appended = Slot("appended", "text", "")
    let chosen = Slot("chosen", "text", "", editable: true)
    let keyPath: KeyPath<FormModel, String> = \.name
    let root: KeyPath<FormModel, FormModel> = \.self
    let mounted = try BindingGraph<FormModel> {
      bind(\.name, to: literal)
      bind(keyPath, to: variable)
      bind(root.appending(path: \.name), to: appended)
      bind(ChosenKeyPath.name, to: chosen)
    }.mount(on: model, scheduler: scheduler)
    model.name = "Ada"
    scheduler.flush()
    chosen.edit("Grace")
    scheduler.flush()
    #expect(model.name == "Grace")
    for slot in [literal, variable, appended] {
      #expect(slot.received == ["", "Ada", "Grace"])
    }
    #expect(chosen.received == ["", "Ada"])
    mounted.unmount()
  }

  #if DEBUG
    @Test func aKeyPathExpressionThatChangesWhenEvaluatedAgainStopsADebugBuild() async {
      await #expect(processExitsWith: .failure) {
        await MainActor.run {
          _ = bind(AlternatingKeyPath.next(), to: Slot("label", "text", ""))
        }
      }
    }
  #endif
}
