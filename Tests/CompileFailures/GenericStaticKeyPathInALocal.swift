// A key path taken from a static property of a generic type and stored in a local first:
// `bind`'s autoclosure captures the local, which the data-race check treats as sent to the main
// actor. Fix: write the property in the call, `bind(T.path, to: …)`.
import Headless
import Observation

@MainActor @Observable
final class ScoreViewModel {
  var home = 0
  var away = 0
}

@MainActor
protocol ScoreSide {
  static var path: KeyPath<ScoreViewModel, Int> { get }
}

@MainActor
func scoreBinding<Side: ScoreSide>(_ side: Side.Type, to label: Label)
  -> BindingDeclaration<ScoreViewModel>
{
  let path = Side.path
  // expected-error on the next line: sending 'path' risks causing data races
  return bind(path, to: label.text) { String($0) }
}
