import BindingDSL
import Testing

/// A `FormModel` key path chosen at run time, as a bindings body may compute one.
@MainActor
enum ChosenKeyPath {
  static var name: ReferenceWritableKeyPath<FormModel, String> { \.name }
}

/// Gives `\.name`, then `\.code`: an expression that makes a different key path each time it is
/// evaluated.
@MainActor
enum AlternatingKeyPath {
  static var calls = 0

  static func next() -> KeyPath<FormModel, String> {
    calls += 1
    return calls == 1 ? \.name : \.code
  }
}

/// `bind` reads a key path however it is given (a literal, a variable, appended, chosen at run
/// time): the same values, the same changes and the same edits.
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

  @Test func aKeyPathExpressionIsEvaluatedOnceWhereTheDeclarationIsMade() throws {
    let model = FormModel()
    let label = Slot("label", "text", "")
    let mounted = try BindingGraph<FormModel> {
      bind(AlternatingKeyPath.next(), to: label)
    }.mount(on: model, scheduler: scheduler)
    #expect(AlternatingKeyPath.calls == 1)
    // The first key path the expression gave, `\.name`, is the one bound.
    model.name = "Ada"
    model.code = "X"
    scheduler.flush()
    #expect(label.received == ["", "Ada"])
    mounted.unmount()
  }
}
