import Headless
import Observation

/// A form of 50 text properties: the subject of the mount and memory scenarios.
@MainActor
@Observable
final class FormViewModel {
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
  var field40 = ""
  var field41 = ""
  var field42 = ""
  var field43 = ""
  var field44 = ""
  var field45 = ""
  var field46 = ""
  var field47 = ""
  var field48 = ""
  var field49 = ""

  init() {}

  static let keyPaths: [ReferenceWritableKeyPath<FormViewModel, String>] = [
    \.field0, \.field1, \.field2, \.field3, \.field4, \.field5, \.field6, \.field7, \.field8,
    \.field9, \.field10, \.field11, \.field12, \.field13, \.field14, \.field15, \.field16,
    \.field17, \.field18, \.field19, \.field20, \.field21, \.field22, \.field23, \.field24,
    \.field25, \.field26, \.field27, \.field28, \.field29, \.field30, \.field31, \.field32,
    \.field33, \.field34, \.field35, \.field36, \.field37, \.field38, \.field39, \.field40,
    \.field41, \.field42, \.field43, \.field44, \.field45, \.field46, \.field47, \.field48,
    \.field49,
  ]
}

/// 100 bindings: each of the 50 properties bound both ways to a text field and one way to a
/// label that mirrors it.
@MainActor
struct FormScreen: Screen {
  let fields = (0..<50).map { TextField("field\($0)") }
  let mirrors = (0..<50).map { Label("mirror\($0)") }

  var body: Widget {
    VStack("form") {
      VStack("fields") { fields }
      VStack("mirrors") { mirrors }
    }
  }

  func bindings(_ vm: FormViewModel) -> [BindingDeclaration<FormViewModel>] {
    for (keyPath, field) in zip(FormViewModel.keyPaths, fields) {
      bind(keyPath, to: field.text)
    }
    for (keyPath, mirror) in zip(FormViewModel.keyPaths, mirrors) {
      bind(keyPath, to: mirror.text)
    }
  }
}

/// The form written by hand: 50 subjects, each with a text field, a mirror and an edit handler.
@MainActor
final class FormClosureModel {
  let fields = (0..<50).map { _ in Subject("") }
}
