public import Observation

/// The validation of a view model's fields: rules per field, which fields were edited, whether
/// a submit was attempted, and what asynchronous checks answered.
///
/// A view model keeps one as a property and stays a plain `@Observable` class. Each field's
/// message is shown only once the field was edited or a submit was attempted, as people expect;
/// ``isValid`` holds when every rule of every field holds, whatever is shown, so a command's
/// enabled state can follow it. Everything is read under observation, so a binding to a message
/// or a command's predicate updates when a value, an edit or a check changes it.
///
/// ```swift
/// @ObservationIgnored private(set) lazy var form = FormValidation(owner: self)
///   .field(
///     \.code, named: "code", .required("Enter the code from the SMS"),
///     .pattern(#/[0-9]{6}/#, "The code has 6 digits")
///   )
///   .field(\.password, named: "password", .length(atLeast: 8, "At least 8 characters"))
/// ```
///
/// A screen shows a field's message on its widget with
/// `validate(\.code, with: vm.form, on: codeField)`.
@MainActor
public final class FormValidation<Model: AnyObject>: Observable {
  private weak var owner: Model?
  private var fields: [Field] = []

  // NB: observable by hand, not through `@Observable` (see `HandObservation`): every message
  // a form shows reads these three properties.
  private let observation = HandObservation<FormValidation> {
    [\.edited, \.isSubmitAttempted, \.answers]
  }
  private var storedEdited: Set<Int> = []
  private var storedIsSubmitAttempted = false
  private var storedAnswers: [Int: Answer] = [:]

  /// The fields edited since the form was made or reset, by index.
  private var edited: Set<Int> {
    get {
      observation.access(self, 0, Set<Int>.self)
      return storedEdited
    }
    set {
      guard newValue != storedEdited else { return }
      observation.mutate(self, 0, Set<Int>.self) { storedEdited = newValue }
    }
    _modify {
      observation.willModify(self, 0, Set<Int>.self)
      defer { observation.didModify(self, 0, Set<Int>.self) }
      yield &storedEdited
    }
  }

  /// Whether a submit was attempted since the last ``reset()``.
  public private(set) var isSubmitAttempted: Bool {
    get {
      observation.access(self, 1, Bool.self)
      return storedIsSubmitAttempted
    }
    set {
      guard newValue != storedIsSubmitAttempted else { return }
      observation.mutate(self, 1, Bool.self) { storedIsSubmitAttempted = newValue }
    }
  }

  /// What each asynchronous check last answered, by field.
  private var answers: [Int: Answer] {
    get {
      observation.access(self, 2, [Int: Answer].self)
      return storedAnswers
    }
    set { observation.mutate(self, 2, [Int: Answer].self) { storedAnswers = newValue } }
    _modify {
      observation.willModify(self, 2, [Int: Answer].self)
      defer { observation.didModify(self, 2, [Int: Answer].self) }
      yield &storedAnswers
    }
  }

  struct Field {
    let keyPath: AnyKeyPath
    let name: String
    /// The rules, as `[ValidationRule<Model, Value>]`: a key path added again adds to them.
    let rules: Any
    let message: @MainActor (Model) -> String?
    /// Whether `answer` answered the value the field holds now.
    let answers: @MainActor (Model, Answer) -> Bool
    let check: (any AsyncCheck)?
  }

  struct Answer {
    let value: Any
    let message: String?
  }

  /// Creates the validation of `owner`'s fields, which it holds weakly.
  ///
  /// - Parameter owner: The view model.
  public init(owner: Model) {
    self.owner = owner
  }

  /// Adds a field and its rules, checked in order.
  ///
  /// A field's asynchronous rules are checked by one check, in the order given, once the value
  /// has been quiet for the longest of their debounces; the first message any of them answers
  /// is the field's. A key path added again adds its rules after the ones it has, under its
  /// first name.
  ///
  /// - Parameters:
  ///   - keyPath: The view-model value.
  ///   - name: The field's name in messages and graph dumps; the key path's when `nil`.
  ///   - rules: The rules, in the order they are checked.
  /// - Returns: The validation, to add more fields.
  @discardableResult
  public func field<Value>(
    _ keyPath: KeyPath<Model, Value>, named name: String? = nil,
    _ rules: ValidationRule<Model, Value>...
  ) -> Self {
    if let index = self.index(of: keyPath) {
      // NB: one field per key path: a second entry would count in `isValid` but never show
      // its message, which is looked up by key path.
      let earlier = fields[index].rules as? [ValidationRule<Model, Value>] ?? []
      fields[index] = makeField(keyPath, named: fields[index].name, earlier + rules, at: index)
    } else {
      fields.append(makeField(keyPath, named: name ?? "\(keyPath)", rules, at: fields.count))
    }
    return self
  }

  /// The field of `keyPath` with `rules`, at `index`.
  private func makeField<Value>(
    _ keyPath: KeyPath<Model, Value>, named name: String, _ rules: [ValidationRule<Model, Value>],
    at index: Int
  ) -> Field {
    var checks: [@MainActor (Model, Value) -> String?] = []
    var asyncRules: [(debounce: Duration, work: @Sendable (Value) async throws -> String?)] = []
    for rule in rules {
      switch rule.kind {
      case .check(let rule): checks.append(rule)
      case .async(let debounce, let work): asyncRules.append((debounce, work))
      }
    }
    let messageOf: @MainActor (Model, Value) -> String? = { model, value in
      for check in checks {
        if let message = check(model, value) { return message }
      }
      return nil
    }
    var check: (any AsyncCheck)?
    var isCurrent: @MainActor (Value, Any) -> Bool = { _, _ in true }
    if !asyncRules.isEmpty {
      let works = asyncRules.map(\.work)
      check = makeCheck(
        name: name, debounce: asyncRules.map(\.debounce).max() ?? .zero, index: index,
        breaksAnotherRule: { [weak self] value in
          guard let owner = self?.owner else { return nil }
          return messageOf(owner, value) != nil
        },
        work: { value in
          for work in works {
            if let message = try await work(value) { return message }
          }
          return nil
        })
      isCurrent = { value, answered in
        guard let answered = answered as? Value else { return false }
        return equal(value, answered)
      }
    }
    return Field(
      keyPath: keyPath, name: name, rules: rules,
      message: { model in messageOf(model, model[keyPath: keyPath]) },
      answers: { model, answer in isCurrent(model[keyPath: keyPath], answer.value) },
      check: check)
  }

  /// Whether every rule of every field holds for the values the view model holds now, and
  /// every asynchronous check has answered for them without a message.
  public var isValid: Bool {
    guard let owner else { return false }
    return fields.indices.allSatisfy { problem(at: $0, of: owner) == nil }
  }

  /// The message the field shows now: its first broken rule's, once it was edited or a submit
  /// was attempted; `nil` otherwise, and while an asynchronous check has not answered.
  ///
  /// - Parameter keyPath: The field's view-model value.
  /// - Returns: The message, or `nil`.
  public func message(for keyPath: AnyKeyPath) -> String? {
    guard let owner, let index = index(of: keyPath),
      edited.contains(index) || isSubmitAttempted
    else { return nil }
    return problem(at: index, of: owner)?.message
  }

  /// Whether an asynchronous check of the field has yet to answer for the value it holds.
  ///
  /// - Parameter keyPath: The field's view-model value.
  /// - Returns: Whether a check is due or running.
  public func isChecking(_ keyPath: AnyKeyPath) -> Bool {
    guard let owner, let index = index(of: keyPath) else { return false }
    return problem(at: index, of: owner)?.isPending == true
  }

  /// Whether the field shows that its asynchronous check is pending: ``isChecking(_:)`` once the
  /// field was edited or a submit was attempted, as its message would show.
  ///
  /// - Parameter keyPath: The field's view-model value.
  /// - Returns: Whether to show the field as being checked.
  public func showsChecking(_ keyPath: AnyKeyPath) -> Bool {
    guard let index = index(of: keyPath), edited.contains(index) || isSubmitAttempted else {
      return false
    }
    return isChecking(keyPath)
  }

  /// Marks the field edited, so its message shows. A screen's `validate` declaration calls it on
  /// every edit of the field's widget.
  ///
  /// - Parameter keyPath: The field's view-model value.
  public func markEdited(_ keyPath: AnyKeyPath) {
    guard let index = index(of: keyPath), !edited.contains(index) else { return }
    edited.insert(index)
  }

  /// Records that a submit was attempted, so every field shows its message, and tells whether
  /// the form is valid: call it first in the command that submits.
  ///
  /// - Returns: ``isValid``.
  @discardableResult
  public func attemptSubmit() -> Bool {
    if !isSubmitAttempted { isSubmitAttempted = true }
    return isValid
  }

  /// Hides every message again: no field edited, no submit attempted.
  public func reset() {
    edited = []
    isSubmitAttempted = false
  }

  /// The names of the fields, in the order they were added.
  public var fieldNames: [String] { fields.map { $0.name } }

  func index(of keyPath: AnyKeyPath) -> Int? {
    fields.firstIndex { $0.keyPath == keyPath }
  }

  /// The asynchronous check of the field, if it has one.
  func check(for keyPath: AnyKeyPath) -> (any AsyncCheck)? {
    index(of: keyPath).flatMap { fields[$0].check }
  }

  private func problem(at index: Int, of owner: Model) -> (message: String?, isPending: Bool)? {
    let field = fields[index]
    if let message = field.message(owner) { return (message, false) }
    guard field.check != nil else { return nil }
    guard let answer = answers[index], field.answers(owner, answer) else { return (nil, true) }
    return answer.message.map { ($0, false) }
  }

  /// The check of field `index`: its command runs `work` on the value it is given, unless that
  /// value breaks one of the field's synchronous rules, and stores the answer for that value.
  private func makeCheck<Value>(
    name: String, debounce: Duration, index: Int,
    breaksAnotherRule: @escaping @MainActor (Value) -> Bool?,
    work: @escaping @Sendable (Value) async throws -> String?
  ) -> AsyncFieldCheck<Value> {
    // NB: nothing is held strongly across the check's await, so unmounting a screen and
    // dropping its view model releases the form while a check is still under way.
    let command = Command<Value, Void>("check \(name)", policy: .cancelPrevious) {
      [weak self] value in
      // NB: the rules are checked against the value the check was asked about, which the
      // field may no longer hold: the answer is stored for that value only.
      guard let breaksAnotherRule = breaksAnotherRule(value) else {
        throw CancellationError()
      }
      // A value that breaks another rule is not worth a server call; the answer is that nothing
      // more is wrong with it.
      let message = breaksAnotherRule ? nil : try await Self.answer(work, value)
      try Task.checkCancellation()
      self?.answers[index] = Answer(value: value, message: message)
    }
    return AsyncFieldCheck(debounce: debounce, command: command)
  }

  private static func answer<Value>(
    _ work: @Sendable (Value) async throws -> String?, _ value: Value
  ) async throws -> String? {
    do {
      return try await work(value)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      return "\(error)"
    }
  }
}

/// An asynchronous check of one field: the command that runs it and its debounce.
@MainActor
protocol AsyncCheck: AnyObject {
  var debounce: Duration { get }
}

@MainActor
final class AsyncFieldCheck<Value>: AsyncCheck {
  let debounce: Duration
  let command: Command<Value, Void>

  init(debounce: Duration, command: Command<Value, Void>) {
    self.debounce = debounce
    self.command = command
  }
}

/// Whether two values of an `Equatable` type known only at run time are equal; values of other
/// types never are.
private func equal<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  guard let isEqual = equality(for: Value.self) else { return false }
  return isEqual(lhs, rhs)
}
