/// A hand-written observable value: `didSet` calls every observer, in the order they were added.
/// The practical lower bound for pushing a change to widgets.
@MainActor
final class Subject<Value> {
  var value: Value {
    didSet {
      for entry in observers { entry.observer(value) }
    }
  }
  private var observers: [(id: Int, observer: (Value) -> Void)] = []
  private var nextID = 0

  init(_ value: Value) {
    self.value = value
  }

  /// Adds `observer` and calls it with the current value at once.
  func observe(_ observer: @escaping (Value) -> Void) -> Int {
    nextID += 1
    observers.append((nextID, observer))
    observer(value)
    return nextID
  }

  func remove(_ id: Int) {
    observers.removeAll { $0.id == id }
  }
}
