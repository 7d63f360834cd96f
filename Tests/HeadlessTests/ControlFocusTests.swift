import BindingDSL
import Headless
import HeadlessTesting
import Observation
import Testing

/// Which control of the delivery form has the focus.
enum DeliveryControl: Hashable, Sendable, CaseIterable {
  case name, notes, express, weight, parcels, unit, carrier, day, send
}

@MainActor @Observable
final class DeliveryFormModel {
  var focusedControl: DeliveryControl?
  var name = ""
  var express = false
  var weight = 0.5
  var parcels = 1
  var unit: String? = "kg"
  var carrier: String? = "Post"
  var day = CalendarDate(year: 2026, month: 11, day: 30)!
  var sent = 0
}

/// A form with one control of each kind a person can focus, all in one focus order.
@MainActor
struct DeliveryFormScreen: Screen {
  let name = TextField("name", placeholder: "Name")
  let notes = TextView("notes")
  let express = Toggle("express", title: "Express")
  let weight = Slider("weight", range: 0...2, step: 0.5)
  let parcels = Stepper("parcels", range: 1...9)
  let unit = SegmentedControl("unit", options: ["kg", "lb"])
  let carrier = Picker("carrier", title: "Carrier", options: ["Post", "Courier"])
  let day = DatePicker("day", title: "Deliver on")
  let send = Button("send", title: "Send")

  var body: Widget {
    VStack("form") {
      name
      notes
      express
      weight
      parcels
      unit
      carrier
      day
      send
    }
  }

  /// The controls by the field naming them, in the focus order.
  var controls: [(DeliveryControl, any Focusable & FocusTarget)] {
    [
      (.name, name), (.notes, notes), (.express, express), (.weight, weight),
      (.parcels, parcels), (.unit, unit), (.carrier, carrier), (.day, day), (.send, send),
    ]
  }

  func bindings(_ vm: DeliveryFormModel) -> [BindingDeclaration<DeliveryFormModel>] {
    bind(\.name, to: name.text)
    bind(\.express, to: express.isOn)
    bind(\.weight, to: weight.value)
    bind(\.parcels, to: parcels.value)
    bind(\.unit, to: unit.selection)
    bind(\.carrier, to: carrier.selection)
    bind(\.day, to: day.date)
    on(send.tap) { vm.sent += 1 }
    focus(\.focusedControl, order: controls.map { ($0.0, $0.1 as any FocusTarget) })
  }
}

/// Every control a person can focus (a toggle, a slider, a stepper, a segmented control, a
/// picker, a date picker, a button, and a text view) holds `isFocused`, which a focus
/// declaration binds both ways and the driver's `focus(_:)` sets, as a text field's.
@MainActor
@Suite struct ControlFocusTests {
  let model = DeliveryFormModel()
  let screen = DeliveryFormScreen()
  let driver: ScreenDriver<DeliveryFormScreen>

  init() throws {
    driver = try ScreenDriver(screen, model: model)
  }

  /// The ids the render flags `focused`.
  private var focusedInRender: [String] {
    driver.render().split(separator: "\n").filter { $0.hasSuffix("focused]") }.map {
      String($0.trimmingPrefix(while: \.isWhitespace).split(separator: " ")[1].dropFirst())
    }
  }

  @Test func noControlHasTheFocusAtFirst() {
    for (_, control) in screen.controls {
      #expect(!control.isFocused.value, "\(control.id) starts focused")
      #expect(control.isFocused.isEditable, "\(control.id)'s isFocused is not editable")
    }
    #expect(focusedInRender.isEmpty)
    #expect(!driver.render().contains("focused"))
  }

  @Test func theViewModelFocusesEachControlAndTheRenderMarksItAlone() async throws {
    for (field, control) in screen.controls {
      model.focusedControl = field
      try await driver.settle()
      #expect(control.isFocused.value, "\(field) focused by the view model")
      #expect(focusedInRender == [control.id])
    }
    model.focusedControl = nil
    try await driver.settle()
    #expect(focusedInRender.isEmpty)
  }

  @Test func theDriverFocusesEachControlAndTellsTheViewModel() async throws {
    for (field, control) in screen.controls {
      try await driver.focus(.id(control.id))
      #expect(model.focusedControl == field)
      #expect(screen.controls.filter { $0.1.isFocused.value }.map(\.0) == [field])
    }
  }

  @Test func aFocusedControlIsFlaggedAfterItsOwnFlags() async throws {
    try await driver.focus("send")
    screen.send.isBusy.value = true
    #expect(TextRenderer.line(for: screen.send) == #"Button #send title="Send" [busy, focused]"#)
    try await driver.focus("unit")
    screen.unit.selection.value = "st"
    #expect(
      TextRenderer.line(for: screen.unit)
        == #"SegmentedControl #unit options=["kg", "lb"] selection="st" [unlisted, focused]"#)
  }

  @Test func returnOnAFieldMovesTheFocusToTheControlAfterIt() async throws {
    try await driver.focus("name")
    try await driver.submit("name")
    #expect(model.focusedControl == .notes)
    #expect(screen.notes.isFocused.value)
    #expect(!screen.name.isFocused.value)
  }

  @Test func returnSkipsAControlThatIsDisabledOrHidden() async throws {
    screen.notes.isEnabled.value = false
    screen.express.isHidden.value = true
    #expect(!screen.notes.acceptsFocus)
    #expect(!screen.express.acceptsFocus)
    #expect(screen.weight.acceptsFocus)
    try await driver.focus("name")
    try await driver.submit("name")
    #expect(model.focusedControl == .weight)
    #expect(focusedInRender == ["weight"])
  }

  @Test func anOrderOfControlsNeedsNoCommandToSubmit() {
    let (name, express, send) = (screen.name, screen.express, screen.send)
    let declaration: BindingDeclaration<DeliveryFormModel> =
      focus(\.focusedControl, order: [(.name, name), (.express, express), (.send, send)])
    #expect(declaration.problems.isEmpty)
  }

  @Test func aControlWithoutAReturnKeyCannotEndAnOrderThatSubmits() {
    let command = Command<Void, Void>("send") {}
    let declaration: BindingDeclaration<DeliveryFormModel> = focus(
      \.focusedControl, order: [(.name, screen.name), (.send, screen.send)], submit: command)
    #expect(
      declaration.problems == [
        "the focus order ends with send, which has no return key to submit with; "
          + "end it with a field that has one (a text field), or leave out submit"
      ])
    let fine: BindingDeclaration<DeliveryFormModel> = focus(
      \.focusedControl, order: [(.send, screen.send), (.name, screen.name)], submit: command)
    #expect(fine.problems.isEmpty)
  }
}

/// A kind written outside the library that only adopts the focus protocols.
@MainActor
private final class Badge: Widget, Focusable, FocusTarget {
  var returnKey: (any EventSource)? { nil }
}

@MainActor
struct OwnFocusableKindTests {
  @Test func aKindThatOnlyAdoptsTheProtocolsHoldsTheFocusAsTheControlsDo() {
    let badge = Badge(id: "badge")
    #expect(!badge.isFocused.value)
    #expect(badge.isFocused.isEditable)
    #expect((badge.focusState as? WidgetProperty<Bool>) === badge.isFocused)
    #expect(badge.members.contains { $0 === badge.isFocused })
    badge.isFocused.edit(true)
    #expect(badge.focusState.currentValue)
    #expect(badge.acceptsFocus)
    badge.isEnabled.value = false
    #expect(!badge.acceptsFocus)
    badge.isEnabled.value = true
    badge.isHidden.value = true
    #expect(!badge.acceptsFocus)
  }
}
