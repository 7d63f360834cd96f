import Headless

/// One hand-written mount of the form: 100 closure subscriptions and 50 edit handlers.
@MainActor
struct ClosureMount {
  let model: FormClosureModel
  let screen: FormScreen
  var subscriptions: [(Subject<String>, Int)] = []
  var handlers: [HandlerToken] = []

  init(model: FormClosureModel, screen: FormScreen) {
    self.model = model
    self.screen = screen
    for (subject, field) in zip(model.fields, screen.fields) {
      subscriptions.append((subject, subject.observe { field.text.receive($0) }))
      handlers.append(field.text.addEditHandler { subject.value = $0 })
    }
    for (subject, mirror) in zip(model.fields, screen.mirrors) {
      subscriptions.append((subject, subject.observe { mirror.text.receive($0) }))
    }
  }

  func dispose() {
    for (subject, id) in subscriptions { subject.remove(id) }
    for (field, token) in zip(screen.fields, handlers) { field.text.removeEditHandler(token) }
  }
}

/// One raw-Observation mount of the form: a tracked link per binding and 50 edit handlers.
@MainActor
struct ObservationMount {
  let screen: FormScreen
  var links: [ObservationLink] = []
  var handlers: [HandlerToken] = []

  init(model: FormViewModel, screen: FormScreen) {
    self.screen = screen
    for (keyPath, field) in zip(FormViewModel.keyPaths, screen.fields) {
      links.append(
        ObservationLink { [unowned model] in field.text.receive(model[keyPath: keyPath]) })
      handlers.append(
        field.text.addEditHandler { [weak model] in model?[keyPath: keyPath] = $0 })
    }
    for (keyPath, mirror) in zip(FormViewModel.keyPaths, screen.mirrors) {
      links.append(
        ObservationLink { [unowned model] in mirror.text.receive(model[keyPath: keyPath]) })
    }
  }

  func dispose() {
    for link in links { link.dispose() }
    for (field, token) in zip(screen.fields, handlers) { field.text.removeEditHandler(token) }
  }
}
