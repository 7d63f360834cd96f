// A key path whose value is not the widget property's type. Fix: convert it in a transform.
import Headless
import Observation

@MainActor @Observable
final class CounterViewModel {
  var count = 0
}

struct CounterScreen: Screen {
  let total = Label("total", text: "")
  var body: Widget { total }
  func bindings(_ vm: CounterViewModel) -> [BindingDeclaration<CounterViewModel>] {
    // expected-error on the next line: the key path's value type is not the widget property's
    bind(\.count, to: total.text)
  }
}
