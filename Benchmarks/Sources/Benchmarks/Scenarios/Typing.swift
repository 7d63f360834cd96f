import Headless
import HeadlessTesting
import Observation

@MainActor
@Observable
final class TypingViewModel {
  var text = ""
  var canSubmit: Bool { text.utf8.count >= 3 }
  var hint: String { text.isEmpty ? "Type a message" : "Press send" }
}

/// A field bound both ways, a hint and a button whose enabled state derives from the text.
@MainActor
struct TypingScreen: Screen {
  let field = TextField("message", placeholder: "Message")
  let hint = Label("hint")
  let send = Button("send", title: "Send")

  var body: Widget {
    VStack("compose") {
      field
      hint
      send
    }
  }

  func bindings(_ vm: TypingViewModel) -> [BindingDeclaration<TypingViewModel>] {
    bind(\.text, to: field.text)
    bind(\.hint, to: hint.text)
    bind(\.canSubmit, to: send.isEnabled)
  }
}

/// 1,000 characters typed into the field, one keystroke at a time, each followed by a render.
@MainActor
func typingRows(_ settings: Settings) async throws -> [Row] {
  let keystrokes = settings.iterations(1_000)

  let driver = try await median(settings, units: keystrokes) {
    let driver = try ScreenDriver(TypingScreen(), model: TypingViewModel())
    defer { driver.unmount() }
    let start = ContinuousClock.now
    for _ in 0..<keystrokes {
      try await driver.type("x", into: "message")
      consume(driver.render())
    }
    return ContinuousClock.now - start
  }

  let engine = median(settings, units: keystrokes) {
    let scheduler = ManualScheduler()
    let mounted = try! TypingScreen().mount(on: TypingViewModel(), scheduler: scheduler)
    defer { mounted.unmount() }
    let field = mounted.screen!.field
    return time {
      for _ in 0..<keystrokes {
        field.text.edit(field.text.value + "x")
        scheduler.flush()
        consume(mounted.render())
      }
    }
  }

  let closures = median(settings, units: keystrokes) {
    let screen = TypingScreen()
    let root = screen.body
    let text = Subject("")
    _ = text.observe { value in
      screen.field.text.receive(value)
      screen.hint.text.receive(value.isEmpty ? "Type a message" : "Press send")
      screen.send.isEnabled.receive(value.utf8.count >= 3)
    }
    let token = screen.field.text.addEditHandler { text.value = $0 }
    defer { screen.field.text.removeEditHandler(token) }
    return time {
      for _ in 0..<keystrokes {
        screen.field.text.edit(screen.field.text.value + "x")
        consume(TextRenderer.render(root))
      }
    }
  }

  let observation = median(settings, units: keystrokes) {
    let screen = TypingScreen()
    let root = screen.body
    let vm = TypingViewModel()
    let links = [
      ObservationLink { screen.field.text.receive(vm.text) },
      ObservationLink { screen.hint.text.receive(vm.hint) },
      ObservationLink { screen.send.isEnabled.receive(vm.canSubmit) },
    ]
    let token = screen.field.text.addEditHandler { vm.text = $0 }
    defer { screen.field.text.removeEditHandler(token) }
    return time {
      for _ in 0..<keystrokes {
        screen.field.text.edit(screen.field.text.value + "x")
        for link in links { link.flush() }
        consume(TextRenderer.render(root))
      }
    }
  }

  return [
    Row(
      scenario: "typing: edit + flush + render", unit: "µs/keystroke",
      engine: engine / 1_000, closures: closures / 1_000, observation: observation / 1_000,
      target: .atMost(20)),
    Row(
      scenario: "typing: ScreenDriver.type + render", unit: "µs/keystroke",
      engine: driver / 1_000, note: "includes the driver's settle (Task.yield rounds)"),
  ]
}
