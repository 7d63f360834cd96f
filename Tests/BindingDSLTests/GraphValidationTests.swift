import BindingDSL
import Testing

@MainActor
@Suite struct GraphValidationTests {
  let model = FormModel()

  @Test func aDeclarationKnowsWhereItWasWritten() {
    let label = Slot("greeting", "text", "")
    let declaration: BindingDeclaration<FormModel> = bind(\.greeting, to: label)
    #expect(declaration.site == DeclarationSite(fileID: #fileID, line: #line - 1))
    #expect(declaration.located.hasPrefix("bind(\\FormModel.<String>, to: greeting.text"))
    #expect(
      declaration.located.hasSuffix("at BindingDSLTests/GraphValidationTests.swift:\(#line - 3)"))
  }

  @Test func twoSourcesWritingOneWidgetPropertyNameBothDeclarations() throws {
    let label = Slot("title", "text", "")
    let first: BindingDeclaration<FormModel> = bind(\.name, to: label)
    let second: BindingDeclaration<FormModel> = bind(\.greeting, to: label)
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph(declarations: [first, second])
    }
    let problem = try #require(error?.problems.only)
    #expect(problem.kind == .conflictingWriters)
    // Key paths are numbered as in the dump: both read a String, but not the same one.
    #expect(
      problem.declarations == [
        first.located.replacing(
          #"\FormModel.<String>"#, with: #"\FormModel.#1: String"#),
        second.located.replacing(
          #"\FormModel.<String>"#, with: #"\FormModel.#2: String"#),
      ])
    #expect(problem.declarations[1].hasPrefix(#"bind(\FormModel.#2: String, to: title.text"#))
    #expect(problem.message.hasPrefix("title.text is written by 2 declarations"))
  }

  @Test func aConflictNumbersEachKeyPathOfADeclarationAsTheDumpDoes() throws {
    let label = Slot("title", "text", "")
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        bind(\.name, \.greeting, to: label) { "\($0) \($1)" }
        bind(\.greeting, to: label)
      }
    }
    let problem = try #require(error?.problems.only)
    #expect(problem.declarations.count == 2)
    #expect(
      problem.declarations[0].hasPrefix(
        #"bind(\FormModel.#1: String, \FormModel.#2: String, to: title.text)"#))
    #expect(problem.declarations[1].hasPrefix(#"bind(\FormModel.#2: String, to: title.text"#))
  }

  @Test func aKeyPathReadTwiceByOneDeclarationIsNumberedTwice() throws {
    let label = Slot("title", "text", "")
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        bind(\.name, \.name, to: label) { "\($0) \($1)" }
        bind(\.greeting, to: label)
      }
    }
    let problem = try #require(error?.problems.only)
    #expect(
      problem.declarations.first?.hasPrefix(
        #"bind(\FormModel.#1: String, \FormModel.#1: String, to: title.text)"#) == true)
    #expect(problem.declarations.last?.hasPrefix(#"bind(\FormModel.#2: String, to:"#) == true)
  }

  @Test func aCommandsEnabledStateConflictsWithABindingOfTheSameProperty() throws {
    let button = TestButton("save")
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        command(model.save, on: button)
        bind(\.save.canExecute, to: button.enabled)
      }
    }
    #expect(error?.problems.map(\.kind) == [.conflictingWriters])
  }

  @Test func aControlBoundToTwoCommandsIsAnError() throws {
    let button = TestButton("save")
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        command(model.save, on: button)
        command(model.reset, on: button, showsBusy: false)
      }
    }
    let kinds = try #require(error?.problems.map(\.kind))
    #expect(kinds.contains(.commandBoundTwice))
    let problem = try #require(error?.problems.first { $0.kind == .commandBoundTwice })
    #expect(problem.declarations.count == 2)
    #expect(problem.declarations[0].hasPrefix("command(save, on: save)"))
    #expect(problem.declarations[1].hasPrefix("command(reset, on: save)"))
  }

  @Test func aCycleThatIsNotOneTwoWayBindingIsAnError() throws {
    let field = Slot("name", "text", "", editable: true)
    let there: BindingDeclaration<FormModel> = bind(\.name, to: field, mode: .oneWay)
    let back: BindingDeclaration<FormModel> = bind(\.name, to: field, mode: .oneWayToSource)
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph(declarations: [there, back])
    }
    let problem = try #require(error?.problems.only)
    #expect(problem.kind == .cycle)
    #expect(
      problem.declarations
        == [there.located, back.located].map {
          $0.replacing(#"\FormModel.<String>"#, with: #"\FormModel.#1: String"#)
        })
    #expect(
      problem.message.contains(
        "through \\FormModel.#1 (name.text, GraphValidationTests.swift:\(there.site.line)), "
          + "name.text;"),
      "the numbered key path is followed by what it is bound to and where")
  }

  @Test func oneValueTwoWayBoundToSeveralFieldsIsNotACycle() throws {
    let first = Slot("first", "text", "", editable: true)
    let second = Slot("second", "text", "", editable: true)
    let graph = try BindingGraph<FormModel> {
      bind(\.name, to: first)
      bind(\.name, to: second)
    }
    let mounted = graph.mount(on: model, scheduler: ManualScheduler())
    first.edit("Ada")
    mounted.flush()
    #expect(second.currentValue == "Ada")
    #expect(first.received == [""], "no echo into the field that was edited")
  }

  @Test func twoWayBindingsJoiningTwoValuesThroughOneFieldAreRejected() throws {
    let field = Slot("field", "text", "", editable: true)
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        bind(\.name, to: field)
        bind(\.code, to: field)
      }
    }
    // Not a cycle (the bindings form a tree), but the field would show two values.
    #expect(error?.problems.map(\.kind) == [.conflictingWriters])
  }

  @Test func aMomentMayRunSeveralCommandsButNotOneTwice() throws {
    _ = try BindingGraph<FormModel> {
      command(model.save, on: .didAppear)
      command(model.reset, on: .didAppear)
      command(model.save, on: .willAppear)
    }
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        command(model.save, on: .didAppear)
        command(model.save, on: .didAppear)
      }
    }
    let problem = try #require(error?.problems.only)
    #expect(problem.kind == .commandBoundTwice)
    #expect(
      problem.message == "lifecycle.didAppear executes command save 2 times; declare it once.")
  }

  @Test func aSingleTwoWayBindingIsNotACycle() throws {
    let field = Slot("name", "text", "", editable: true)
    let graph = try BindingGraph<FormModel> { bind(\.name, to: field, mode: .twoWay) }
    #expect(graph.edges.count == 1)
  }

  @Test(
    arguments: [
      (BindingMode.twoWay, "greeting", "is read-only (a computed property or a let)"),
      (.oneWayToSource, "greeting", "is read-only (a computed property or a let)"),
      (.twoWay, "label", "needs a widget value a person can edit, but label.text is read-only"),
    ])
  func aModeTheSourceOrTargetCannotTakeIsAnError(
    mode: BindingMode, subject: String, expected: String
  ) throws {
    let field = Slot("field", "text", "", editable: true)
    let label = Slot("label", "text", "")
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        if subject == "greeting" {
          bind(\.greeting, to: field, mode: mode)
        } else {
          bind(\.name, to: label, mode: mode)
        }
      }
    }
    let problem = try #require(error?.problems.only)
    #expect(problem.kind == .invalidDeclaration)
    #expect(problem.message.contains(expected), "\(problem.message)")
  }

  @Test func aTwoWayTransformWithoutBackIsAnError() throws {
    let field = Slot("age", "text", "", editable: true)
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> { bind(\.age, to: field, mode: .twoWay) { String($0) } }
    }
    #expect(error?.problems.only?.message.contains("needs back:") == true)
  }

  @Test(arguments: [Timing.debounce(.zero), .throttle(.milliseconds(-5))])
  func aPacingWithoutAPositiveDurationIsAnError(timing: Timing) throws {
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> { command(model.lookup, onChangeOf: \.name, timing: timing) }
    }
    let problem = try #require(error?.problems.only)
    #expect(problem.kind == .invalidDeclaration)
    #expect(
      problem.message
        == "\(timing) needs a positive duration; use .immediate to execute on every change")
  }

  @Test func everyProblemIsReportedAtOnce() throws {
    let label = Slot("title", "text", "")
    let field = Slot("name", "text", "", editable: true)
    let error = #expect(throws: BindingGraphError.self) {
      try BindingGraph<FormModel> {
        bind(\.name, to: label)
        bind(\.greeting, to: label)
        bind(\.greeting, to: field, mode: .twoWay)
      }
    }
    let description = try #require(error?.description)
    #expect(description.hasPrefix("The bindings do not form a valid graph (2 problems):\n• "))
    #expect(description.contains("GraphValidationTests.swift:"))
  }
}

extension Array {
  /// The single element, or `nil` when there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
