import Headless
import HeadlessTesting
import Observation
import Testing

@MainActor
@Observable
private final class AddressViewModel {
  enum Kind { case home, work, other }

  var street = ""
  var city = ""
  var company = ""
  var kind = Kind.home
  var showsNote = false
  var note = ""
  let lines = ["a", "b", "c"]
  let save = Command<Void, Void>("save") {}
}

/// Every kind of line and block the two builders take, and helpers that return groups.
private struct AddressScreen: Screen {
  let street = TextField("street")
  let city = TextField("city")
  let company = TextField("company")
  let kindLabel = Label("kind")
  let note = Label("note")
  let lineLabels = [Label("line0"), Label("line1"), Label("line2")]
  let save = Button("save", title: "Save")
  let hint: Label?

  init(hint: Label? = nil) { self.hint = hint }

  @WidgetBuilder
  func addressFields() -> Widget {
    street
    city
  }

  var body: Widget {
    VStack("root") {
      addressFields()
      company
      kindLabel
      note
      hint
      HStack("lines") {
        for label in lineLabels.prefix(2) { label }
        Array(lineLabels.suffix(1))
      }
      if #available(macOS 15, *) {
        save
      }
    }
  }

  @BindingsBuilder<AddressViewModel>
  func addressBindings(_ vm: AddressViewModel) -> BindingDeclaration<AddressViewModel> {
    bind(\.street, to: street.text)
    bind(\.city, to: city.text)
  }

  func bindings(_ vm: AddressViewModel) -> [BindingDeclaration<AddressViewModel>] {
    addressBindings(vm)
    switch vm.kind {
    case .home:
      bind(\.kind, to: kindLabel.text) { _ in "Home" }
    case .work:
      bind(\.company, to: company.text)
      bind(\.kind, to: kindLabel.text) { _ in "Work" }
    case .other:
      bind(\.kind, to: kindLabel.text) { "\($0)" }
    }
    if vm.showsNote {
      bind(\.note, to: note.text)
    }
    for (index, label) in lineLabels.enumerated() {
      bind(\.lines, to: label.text) { $0[index] }
    }
    if #available(macOS 15, *) {
      command(vm.save, on: save)
    }
  }
}

@MainActor
@Suite struct BuilderTests {
  @Test func groupsFromHelpersAndBlocksAreOpenedInOrder() throws {
    let model = AddressViewModel()
    model.kind = .work
    let driver = try ScreenDriver(AddressScreen(), model: model)
    let summaries = driver.mounted.bindingGraph.declarations.map(\.summary)
    #expect(summaries.count == 8)
    #expect(driver.mounted.bindingGraph.declarations.allSatisfy { !$0.isGroup })
    #expect(summaries[0].hasPrefix("bind(\\AddressViewModel.<String>, to: street.text"))
    #expect(summaries[1].hasPrefix("bind(\\AddressViewModel.<String>, to: city.text"))
    #expect(summaries[2].hasPrefix("bind(\\AddressViewModel.<String>, to: company.text"))
    #expect(summaries[7] == "command(save, on: save)")
    #expect(
      driver.mounted.widgetIDs == [
        "city", "company", "kind", "line0", "line1", "line2", "lines", "note", "root", "save",
        "street",
      ])
  }

  @Test func theWidgetTreeHoldsNoGroups() throws {
    let driver = try ScreenDriver(AddressScreen(hint: Label("hint")), model: AddressViewModel())
    let root = try #require(driver.mounted.root)
    #expect(!root.allWidgets.contains { $0 is WidgetGroup })
    #expect(
      driver.render() == """
        VStack #root
          TextField #street text=""
          TextField #city text=""
          TextField #company text=""
          Label #kind text="Home"
          Label #note text=""
          Label #hint text=""
          HStack #lines
            Label #line0 text="a"
            Label #line1 text="b"
            Label #line2 text="c"
          Button #save title="Save"
        """)
  }

  @Test func branchesNotTakenDeclareNothing() throws {
    let model = AddressViewModel()
    model.showsNote = true
    let declarations = AddressScreen().bindings(model)
    #expect(declarations.count == 8)
    #expect(declarations.map(\.summary).contains { $0.contains("note.text") })
    model.kind = .other
    model.showsNote = false
    #expect(AddressScreen().bindings(model).count == 7)
  }

  @Test func aGroupBuildsTheSameGraphAsItsDeclarations() throws {
    let screen = AddressScreen()
    let model = AddressViewModel()
    let single = try BindingGraph(declarations: screen.bindings(model))
    let grouped = try BindingGraph(
      declarations: [.group([.group(screen.bindings(model)), .group([])])])
    #expect(grouped.dump() == single.dump())
    #expect(grouped.declarations.count == single.declarations.count)
  }

  @Test func aGroupIsOpenedInOrderWithNestedGroups() {
    let screen = AddressScreen()
    let vm = AddressViewModel()
    let group = BindingDeclaration.group([
      screen.addressBindings(vm), .group([]), screen.addressBindings(vm),
    ])
    #expect(group.isGroup)
    #expect(group.summary == "group of 3")
    #expect(group.flattened.count == 4)
    #expect(group.flattened.allSatisfy { !$0.isGroup })
    #expect(WidgetGroup.open(screen.addressFields()).map(\.id) == ["street", "city"])
  }
}
