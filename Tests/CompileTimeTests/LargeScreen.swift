import Headless
import Observation

/// A large form, written as an app would write it: the compile-time check's subject.
@MainActor
@Observable
final class LargeFormViewModel {
  var field0 = ""
  var field1 = ""
  var field2 = ""
  var field3 = ""
  var field4 = ""
  var field5 = ""
  var field6 = ""
  var field7 = ""
  var field8 = ""
  var field9 = ""
  var field10 = ""
  var field11 = ""
  var field12 = ""
  var field13 = ""
  var field14 = ""
  var field15 = ""
  var field16 = ""
  var field17 = ""
  var field18 = ""
  var field19 = ""
  var field20 = ""
  var field21 = ""
  var field22 = ""
  var field23 = ""
  var field24 = ""
  var field25 = ""
  var field26 = ""
  var field27 = ""
  var field28 = ""
  var field29 = ""
  var field30 = ""
  var field31 = ""
  var field32 = ""
  var field33 = ""
  var field34 = ""
  var field35 = ""
  var field36 = ""
  var field37 = ""
  var field38 = ""
  var field39 = ""
  var flag0 = false
  var flag1 = false
  var flag2 = false
  var flag3 = false
  var flag4 = false
  var flag5 = false
  var flag6 = false
  var flag7 = false
  var flag8 = false
  var flag9 = false
  var flag10 = false
  var flag11 = false
  var flag12 = false
  var flag13 = false
  var flag14 = false
  var flag15 = false
  var flag16 = false
  var flag17 = false
  var flag18 = false
  var flag19 = false
  var count0 = 0
  var count1 = 1
  var count2 = 2
  var count3 = 3
  var count4 = 4
  var count5 = 5
  var count6 = 6
  var count7 = 7
  var count8 = 8
  var count9 = 9
  var count10 = 10
  var count11 = 11
  var count12 = 12
  var count13 = 13
  var count14 = 14
  var count15 = 15
  var count16 = 16
  var count17 = 17
  var count18 = 18
  var count19 = 19
  var showsAdvanced = true
  var extras: [String] = ["", "", "", ""]

  // NB: an explicit initializer. Without it, the first expression in another file that makes
  // the view model pays for expanding `@Observable` over its 60-odd properties (about 450 ms,
  // charged to that expression by the strict build's per-expression check), though no binding is
  // involved.
  init() {}

  var isComplete: Bool { !field0.isEmpty && !field1.isEmpty && flag0 }
  var total: Int { count0 + count1 + count2 + count3 }

  @ObservationIgnored private(set) lazy var save = Command<Void, Int>(
    "save", enabledWhen: { [unowned self] in isComplete }
  ) { [weak self] in
    self?.total ?? 0
  }

  @ObservationIgnored private(set) lazy var reset = Command<Void, Void>("reset") { [weak self] in
    self?.field0 = ""
  }
}

/// 100 widgets and 100 bindings in one bindings body, with `if`, `if`/`else`, `for` and
/// transforms.
struct LargeFormScreen: Screen {
  let field0 = TextField("field0", placeholder: "Field 0")
  let field1 = TextField("field1", placeholder: "Field 1")
  let field2 = TextField("field2", placeholder: "Field 2")
  let field3 = TextField("field3", placeholder: "Field 3")
  let field4 = TextField("field4", placeholder: "Field 4")
  let field5 = TextField("field5", placeholder: "Field 5")
  let field6 = TextField("field6", placeholder: "Field 6")
  let field7 = TextField("field7", placeholder: "Field 7")
  let field8 = TextField("field8", placeholder: "Field 8")
  let field9 = TextField("field9", placeholder: "Field 9")
  let field10 = TextField("field10", placeholder: "Field 10")
  let field11 = TextField("field11", placeholder: "Field 11")
  let field12 = TextField("field12", placeholder: "Field 12")
  let field13 = TextField("field13", placeholder: "Field 13")
  let field14 = TextField("field14", placeholder: "Field 14")
  let field15 = TextField("field15", placeholder: "Field 15")
  let field16 = TextField("field16", placeholder: "Field 16")
  let field17 = TextField("field17", placeholder: "Field 17")
  let field18 = TextField("field18", placeholder: "Field 18")
  let field19 = TextField("field19", placeholder: "Field 19")
  let field20 = TextField("field20", placeholder: "Field 20")
  let field21 = TextField("field21", placeholder: "Field 21")
  let field22 = TextField("field22", placeholder: "Field 22")
  let field23 = TextField("field23", placeholder: "Field 23")
  let field24 = TextField("field24", placeholder: "Field 24")
  let field25 = TextField("field25", placeholder: "Field 25")
  let field26 = TextField("field26", placeholder: "Field 26")
  let field27 = TextField("field27", placeholder: "Field 27")
  let field28 = TextField("field28", placeholder: "Field 28")
  let field29 = TextField("field29", placeholder: "Field 29")
  let field30 = TextField("field30", placeholder: "Field 30")
  let field31 = TextField("field31", placeholder: "Field 31")
  let field32 = TextField("field32", placeholder: "Field 32")
  let field33 = TextField("field33", placeholder: "Field 33")
  let field34 = TextField("field34", placeholder: "Field 34")
  let field35 = TextField("field35", placeholder: "Field 35")
  let field36 = TextField("field36", placeholder: "Field 36")
  let field37 = TextField("field37", placeholder: "Field 37")
  let field38 = TextField("field38", placeholder: "Field 38")
  let field39 = TextField("field39", placeholder: "Field 39")
  let flag0 = Toggle("flag0", title: "Flag 0")
  let flag1 = Toggle("flag1", title: "Flag 1")
  let flag2 = Toggle("flag2", title: "Flag 2")
  let flag3 = Toggle("flag3", title: "Flag 3")
  let flag4 = Toggle("flag4", title: "Flag 4")
  let flag5 = Toggle("flag5", title: "Flag 5")
  let flag6 = Toggle("flag6", title: "Flag 6")
  let flag7 = Toggle("flag7", title: "Flag 7")
  let flag8 = Toggle("flag8", title: "Flag 8")
  let flag9 = Toggle("flag9", title: "Flag 9")
  let flag10 = Toggle("flag10", title: "Flag 10")
  let flag11 = Toggle("flag11", title: "Flag 11")
  let flag12 = Toggle("flag12", title: "Flag 12")
  let flag13 = Toggle("flag13", title: "Flag 13")
  let flag14 = Toggle("flag14", title: "Flag 14")
  let flag15 = Toggle("flag15", title: "Flag 15")
  let flag16 = Toggle("flag16", title: "Flag 16")
  let flag17 = Toggle("flag17", title: "Flag 17")
  let flag18 = Toggle("flag18", title: "Flag 18")
  let flag19 = Toggle("flag19", title: "Flag 19")
  let count0 = Label("count0")
  let count1 = Label("count1")
  let count2 = Label("count2")
  let count3 = Label("count3")
  let count4 = Label("count4")
  let count5 = Label("count5")
  let count6 = Label("count6")
  let count7 = Label("count7")
  let count8 = Label("count8")
  let count9 = Label("count9")
  let count10 = Label("count10")
  let count11 = Label("count11")
  let count12 = Label("count12")
  let count13 = Label("count13")
  let count14 = Label("count14")
  let count15 = Label("count15")
  let count16 = Label("count16")
  let count17 = Label("count17")
  let count18 = Label("count18")
  let count19 = Label("count19")
  let combo0 = Label("combo0")
  let combo1 = Label("combo1")
  let combo2 = Label("combo2")
  let combo3 = Label("combo3")
  let combo4 = Label("combo4")
  let combo5 = Label("combo5")
  let combo6 = Label("combo6")
  let combo7 = Label("combo7")
  let combo8 = Label("combo8")
  let combo9 = Label("combo9")
  let extraFields = (0..<4).map { TextField("extra\($0)") }
  let save = Button("save", title: "Save")
  let reset = Button("reset", title: "Reset")
  let spinner = ActivityIndicator("spinner")
  let summary = Label("summary")
  let advancedOnly = Label("advancedOnly", text: "Advanced")
  let showsAdvanced: Bool

  var body: Widget {
    VStack("form") {
      VStack("fields") {
        field0
        field1
        field2
        field3
        field4
        field5
        field6
        field7
        field8
        field9
        field10
        field11
        field12
        field13
        field14
        field15
        field16
        field17
        field18
        field19
        field20
        field21
        field22
        field23
        field24
        field25
        field26
        field27
        field28
        field29
        field30
        field31
        field32
        field33
        field34
        field35
        field36
        field37
        field38
        field39
      }
      HStack("flags") {
        flag0
        flag1
        flag2
        flag3
        flag4
        flag5
        flag6
        flag7
        flag8
        flag9
        flag10
        flag11
        flag12
        flag13
        flag14
        flag15
        flag16
        flag17
        flag18
        flag19
      }
      VStack("counts") {
        count0
        count1
        count2
        count3
        count4
        count5
        count6
        count7
        count8
        count9
        count10
        count11
        count12
        count13
        count14
        count15
        count16
        count17
        count18
        count19
      }
      VStack("combos") {
        combo0
        combo1
        combo2
        combo3
        combo4
        combo5
        combo6
        combo7
        combo8
        combo9
      }
      VStack("extras") {
        for field in extraFields {
          field
        }
      }
      if showsAdvanced {
        advancedOnly
      }
      HStack("actions") {
        save
        reset
        spinner
      }
      summary
    }
  }

  func bindings(_ vm: LargeFormViewModel) -> [BindingDeclaration<LargeFormViewModel>] {
    bind(\.field0, to: field0.text)
    bind(\.field1, to: field1.text)
    bind(\.field2, to: field2.text)
    bind(\.field3, to: field3.text)
    bind(\.field4, to: field4.text)
    bind(\.field5, to: field5.text)
    bind(\.field6, to: field6.text)
    bind(\.field7, to: field7.text)
    bind(\.field8, to: field8.text)
    bind(\.field9, to: field9.text)
    bind(\.field10, to: field10.text)
    bind(\.field11, to: field11.text)
    bind(\.field12, to: field12.text)
    bind(\.field13, to: field13.text)
    bind(\.field14, to: field14.text)
    bind(\.field15, to: field15.text)
    bind(\.field16, to: field16.text)
    bind(\.field17, to: field17.text)
    bind(\.field18, to: field18.text)
    bind(\.field19, to: field19.text)
    bind(\.field20, to: field20.text)
    bind(\.field21, to: field21.text)
    bind(\.field22, to: field22.text)
    bind(\.field23, to: field23.text)
    bind(\.field24, to: field24.text)
    bind(\.field25, to: field25.text)
    bind(\.field26, to: field26.text)
    bind(\.field27, to: field27.text)
    bind(\.field28, to: field28.text)
    bind(\.field29, to: field29.text)
    bind(\.field30, to: field30.text)
    bind(\.field31, to: field31.text)
    bind(\.field32, to: field32.text)
    bind(\.field33, to: field33.text)
    bind(\.field34, to: field34.text)
    bind(\.field35, to: field35.text)
    bind(\.field36, to: field36.text)
    bind(\.field37, to: field37.text)
    bind(\.field38, to: field38.text)
    bind(\.field39, to: field39.text)
    bind(\.flag0, to: flag0.isOn)
    bind(\.flag1, to: flag1.isOn)
    bind(\.flag2, to: flag2.isOn)
    bind(\.flag3, to: flag3.isOn)
    bind(\.flag4, to: flag4.isOn)
    bind(\.flag5, to: flag5.isOn)
    bind(\.flag6, to: flag6.isOn)
    bind(\.flag7, to: flag7.isOn)
    bind(\.flag8, to: flag8.isOn)
    bind(\.flag9, to: flag9.isOn)
    bind(\.flag10, to: flag10.isOn)
    bind(\.flag11, to: flag11.isOn)
    bind(\.flag12, to: flag12.isOn)
    bind(\.flag13, to: flag13.isOn)
    bind(\.flag14, to: flag14.isOn)
    bind(\.flag15, to: flag15.isOn)
    bind(\.flag16, to: flag16.isOn)
    bind(\.flag17, to: flag17.isOn)
    bind(\.flag18, to: flag18.isOn)
    bind(\.flag19, to: flag19.isOn)
    bind(\.count0, to: count0.text) { "\($0) items" }
    bind(\.count1, to: count1.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count2, to: count2.text) { "\($0) items" }
    bind(\.count3, to: count3.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count4, to: count4.text) { "\($0) items" }
    bind(\.count5, to: count5.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count6, to: count6.text) { "\($0) items" }
    bind(\.count7, to: count7.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count8, to: count8.text) { "\($0) items" }
    bind(\.count9, to: count9.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count10, to: count10.text) { "\($0) items" }
    bind(\.count11, to: count11.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count12, to: count12.text) { "\($0) items" }
    bind(\.count13, to: count13.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count14, to: count14.text) { "\($0) items" }
    bind(\.count15, to: count15.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count16, to: count16.text) { "\($0) items" }
    bind(\.count17, to: count17.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.count18, to: count18.text) { "\($0) items" }
    bind(\.count19, to: count19.text) { $0 == 1 ? "one item" : "\($0) items" }
    bind(\.field0, \.flag0, to: combo0.text) { $1 ? $0.uppercased() : $0 }
    bind(\.field1, \.flag1, to: combo1.text) { $1 ? $0.uppercased() : $0 }
    bind(\.field2, \.flag2, to: combo2.text) { $1 ? $0.uppercased() : $0 }
    bind(\.field3, \.flag3, to: combo3.text) { $1 ? $0.uppercased() : $0 }
    bind(\.field4, \.flag4, to: combo4.text) { $1 ? $0.uppercased() : $0 }
    bind(\.field5, \.flag5, to: combo5.text) { $1 ? $0.uppercased() : $0 }
    bind(\.field6, \.flag6, to: combo6.text) { $1 ? $0.uppercased() : $0 }
    bind(\.field7, \.flag7, to: combo7.text) { $1 ? $0.uppercased() : $0 }
    if showsAdvanced {
      bind(\.total, to: combo8.text) { "Total \($0)" }
      bind(\.isComplete, to: combo9.isHidden, mode: .oneWay) { !$0 }
    } else {
      bind(\.total, to: combo8.text, mode: .oneTime) { "Total \($0)" }
    }
    for (index, field) in extraFields.enumerated() {
      bind(\.extras[index], to: field.text)
    }
    bind(\.field39, to: field39.accessibilityLabel) { "Last field: \($0)" }
    on(.willDisappear) { vm.showsAdvanced = false }
    command(vm.save, on: save)
    command(vm.reset, on: reset, showsBusy: false)
    bind(\.save.isExecuting, to: spinner.isAnimating)
    bind(\.isComplete, to: summary.text) { $0 ? "Ready to save" : "Fill in the form" }
  }
}
