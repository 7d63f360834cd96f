import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// A sign-up form whose user name a directory checks; "bob" is taken.
@MainActor
@Observable
private final class TakenNameModel {
  var name: String
  var nickname = ""

  init(name: String) { self.name = name }

  @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
    .field(
      \.name, named: "name", .required("Enter a name"),
      .async(debounce: .seconds(1)) { name in name == "bob" ? "bob is taken" : nil })
}

/// A field with two asynchronous rules, checked in order.
@MainActor
@Observable
private final class TwoChecksModel {
  var name: String

  init(name: String) { self.name = name }

  @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
    .field(
      \.name, named: "name",
      .async(debounce: .seconds(1)) { name in name == "bob" ? "bob is taken" : nil },
      .async(debounce: .seconds(1)) { name in name.contains(" ") ? "no spaces" : nil })
}

/// A field whose rules are given in two calls.
@MainActor
@Observable
private final class SplitRulesModel {
  var name = "ab"

  @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
    .field(\.name, named: "name", .required("Enter a name"))
    .field(\.name, named: "name", .length(atLeast: 3, "At least 3 characters"))
}

/// Asynchronous checks: each answers for the value it was asked about, a field's checks all run,
/// and an answer that comes after the screen went away is dropped.
@MainActor
@Suite struct AsyncValidationTests {
  let scheduler = ManualScheduler()

  /// The check started for the value a view model starts with ("bob") runs after the value
  /// changed to "" (which breaks `.required`): it judges "bob", the value it was asked about, so
  /// once the field holds "bob" again the form knows it is taken.
  @Test func aCheckJudgesTheValueItWasAskedAboutNotTheCurrentOne()
    async throws
  {
    let clock = VirtualClock()
    let model = TakenNameModel(name: "bob")
    let field = TextField("name")
    let mounted = try BindingGraph<TakenNameModel> {
      validate(\.name, with: model.form, on: field)
    }.mount(on: model, scheduler: scheduler, clock: clock)
    // The mount executed the check for "bob"; before its run starts, the value changes.
    model.name = ""
    for command in mounted.commands { try await command.settle() }
    model.name = "bob"
    #expect(!model.form.isValid, "bob is taken, yet the form is valid")
    #expect(model.form.attemptSubmit() == false)
    #expect(model.form.message(for: \TakenNameModel.name) == "bob is taken")
    mounted.unmount()
  }

  /// Two asynchronous rules on one field are both checked, in order.
  @Test func twoAsynchronousRulesAreBothChecked() async throws {
    let clock = VirtualClock()
    let model = TwoChecksModel(name: "bob")
    let field = TextField("name")
    let mounted = try BindingGraph<TwoChecksModel> {
      validate(\.name, with: model.form, on: field)
    }.mount(on: model, scheduler: scheduler, clock: clock)
    for command in mounted.commands { try await command.settle() }
    scheduler.flush()
    #expect(model.form.attemptSubmit() == false, "bob is taken")
    #expect(model.form.message(for: \TwoChecksModel.name) == "bob is taken")
    mounted.unmount()
  }

  /// Rules for one field given in two `.field` calls are the field's rules, in order, under its
  /// first name: the form is invalid and says why.
  @Test func rulesOfAFieldGivenTwiceAreAllItsRules() {
    let model = SplitRulesModel()
    #expect(model.form.fieldNames == ["name"])
    #expect(model.form.attemptSubmit() == false)
    #expect(model.form.message(for: \SplitRulesModel.name) == "At least 3 characters")
    model.name = ""
    #expect(model.form.message(for: \SplitRulesModel.name) == "Enter a name")
  }

  /// An answer that arrives after the screen went away is dropped, and a remount checks again.
  @Test func anAnswerAfterUnmountIsDropped() async throws {
    let clock = VirtualClock()
    let model = TakenNameModel(name: "al")
    let field = TextField("name")
    let graph = try BindingGraph<TakenNameModel> {
      bind(\.name, to: field.text)
      validate(\.name, with: model.form, on: field)
    }
    let mounted = graph.mount(on: model, scheduler: scheduler, clock: clock)
    for command in mounted.commands { try await command.settle() }
    #expect(!model.form.isChecking(\TakenNameModel.name))
    field.text.edit("bob")
    scheduler.flush()
    #expect(model.name == "bob")
    try await clock.advance(by: .milliseconds(500))
    mounted.unmount()
    try await clock.advance(by: .seconds(5))
    #expect(model.form.isChecking(\TakenNameModel.name), "never answered for bob")
    let again = graph.mount(on: model, scheduler: scheduler, clock: clock)
    for command in again.commands { try await command.settle() }
    #expect(model.form.message(for: \TakenNameModel.name) == "bob is taken")
    again.unmount()
  }
}
