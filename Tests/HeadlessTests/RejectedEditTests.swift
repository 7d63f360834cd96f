import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
@Observable
private final class AgeViewModel {
  var age = 0
  var note = ""
}

// The example of Docs/Bindings.md: a view model that hears of rejected edits.

@MainActor
@Observable
private final class HintedAgeViewModel {
  var age = 0 {
    didSet { ageHint = "" }
  }
  var ageHint = ""
}

private struct HintedAgeScreen: Screen {
  let ageField = TextField("age")
  let hint = Label("hint")

  var body: Widget {
    VStack("form") {
      ageField
      hint
    }
  }

  func bindings(_ vm: HintedAgeViewModel) -> [BindingDeclaration<HintedAgeViewModel>] {
    bind(
      \.age, to: ageField.text, transform: { String($0) }, back: { Int($0) },
      rejected: { vm.ageHint = "\"\($0)\" is not a whole number" })
    bind(\.ageHint, to: hint.text)
  }
}

/// A number field and a label showing the same number.
private struct AgeScreen: Screen {
  let age = TextField("age")
  let shown = Label("shown")
  let note = Label("note")

  var body: Widget {
    VStack("form") {
      age
      shown
      note
    }
  }

  func bindings(_ vm: AgeViewModel) -> [BindingDeclaration<AgeViewModel>] {
    bind(\.age, to: age.text, transform: { String($0) }, back: { Int($0) })
    bind(\.age, to: shown.text) { "\($0)" }
    bind(\.note, to: note.text)
  }
}

/// Edits a converter cannot turn into a view-model value: the field keeps them, marked.
@MainActor
@Suite struct RejectedEditTests {
  private let model = AgeViewModel()

  private func fieldLine(_ driver: ScreenDriver<AgeScreen>) -> Substring? {
    driver.render().split(separator: "\n").first { $0.contains("#age") }
  }

  @Test func aRejectedEditStaysInTheFieldMarkedUntilAnEditIsTaken() async throws {
    let driver = try ScreenDriver(AgeScreen(), model: model)
    try await driver.replaceText(in: "age", with: "")
    try await driver.type("-", into: "age")
    #expect(fieldLine(driver) == #"  TextField #age text="-" [rejected]"#)
    #expect(model.age == 0, "the view model keeps its value")
    try await driver.type("5", into: "age")
    #expect(fieldLine(driver) == #"  TextField #age text="-5""#)
    #expect(model.age == -5)
  }

  @Test func aRejectedEditSurvivesAFlushThatDoesNotWriteTheField() async throws {
    let driver = try ScreenDriver(AgeScreen(), model: model)
    try await driver.replaceText(in: "age", with: "x")
    model.note = "changed"
    try await driver.settle()
    #expect(fieldLine(driver) == #"  TextField #age text="x" [rejected]"#)
  }

  @Test func theViewModelSettingTheValueReplacesARejectedEdit() async throws {
    let driver = try ScreenDriver(AgeScreen(), model: model)
    try await driver.replaceText(in: "age", with: "x")
    model.age = 3
    try await driver.settle()
    #expect(fieldLine(driver) == #"  TextField #age text="3""#)
  }

  @Test func aRejectedEditAfterAnAcceptedOneBeforeTheFlushStays() async throws {
    let driver = try ScreenDriver(AgeScreen(), model: model)
    let field = try driver.widget("age", as: TextField.self)
    field.text.edit("8")
    field.text.edit("8x")
    #expect(model.age == 8)
    try await driver.settle()
    #expect(
      fieldLine(driver) == #"  TextField #age text="8x" [rejected]"#,
      "the echo of the edit the model took is not a new value")
    #expect(driver.render().contains(#"Label #shown text="8""#))
  }

  @Test func aValueSetAfterARejectedEditReplacesIt() async throws {
    let driver = try ScreenDriver(AgeScreen(), model: model)
    let field = try driver.widget("age", as: TextField.self)
    field.text.edit("8")
    field.text.edit("8x")
    model.age = 9
    try await driver.settle()
    #expect(fieldLine(driver) == #"  TextField #age text="9""#)
    field.text.edit("9x")
    model.age = 8
    model.age = 9
    try await driver.settle()
    #expect(fieldLine(driver) == #"  TextField #age text="9x" [rejected]"#, "9 did not change")
  }

  @Test func theWidgetPropertyIsMarkedUntilABindingWritesOrAnEditIsTaken() async throws {
    let driver = try ScreenDriver(AgeScreen(), model: model)
    let text = try driver.widget("age", as: TextField.self).text
    #expect(!text.isRejected)
    text.edit("x")
    #expect(text.isRejected, "marked at once, while the edit handlers run")
    text.receive("x")
    #expect(!text.isRejected, "a binding's write clears it, even of the same value")
    text.edit("x")
    text.edit("4")
    #expect(!text.isRejected, "an edit the view model takes clears it")
    #expect(model.age == 4)
    text.editRejected("not shown")
    #expect(!text.isRejected, "only the value the widget shows is marked")
    try await driver.settle()
    text.edit("y")
    text.value = "5"
    #expect(!text.isRejected, "setting the value is a binding's write")
  }

  @Test func aRejectedEditMarksASecureFieldToo() throws {
    let field = TextField("pin", isSecure: true)
    field.text.edit("12a")
    field.text.editRejected("12a")
    #expect(TextRenderer.render(field) == #"SecureField #pin text="•••" [rejected]"#)
  }

  @Test func theViewModelHearsOfEachRejectedEdit() async throws {
    let model = HintedAgeViewModel()
    let driver = try ScreenDriver(HintedAgeScreen(), model: model)
    try await driver.replaceText(in: "age", with: "")
    try await driver.type("4x", into: "age")
    #expect(model.age == 4)
    #expect(model.ageHint == #""4x" is not a whole number"#)
    #expect(
      driver.render() == #"""
        VStack #form
          TextField #age text="4x" [rejected]
          Label #hint text="\"4x\" is not a whole number"
        """#)
    try await driver.replaceText(in: "age", with: "42")
    #expect(model.ageHint == "")
    #expect(
      driver.render() == #"""
        VStack #form
          TextField #age text="42"
          Label #hint text=""
        """#)
  }
}
