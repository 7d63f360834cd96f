public import BindingDSL

/// Which screen shows each view-model type: what makes pushing a view model show a screen.
///
/// ```swift
/// let registry = ScreenRegistry()
/// try registry.register("page", title: \PageViewModel.title) { PageScreen() }
/// try registry.register("note", title: "Note") { NoteScreen() }
/// ```
@MainActor
public final class ScreenRegistry {
  private var factories: [ObjectIdentifier: ScreenFactory] = [:]
  /// The registrations in the order they were made, for messages.
  private var order: [ObjectIdentifier] = []

  /// Makes an empty registry.
  public init() {}

  /// Registers the screen `make` builds for its view-model type, with a fixed title.
  ///
  /// - Parameters:
  ///   - name: The screen's id in renders and deep-link paths: unique, without spaces.
  ///   - title: The title the navigation bar shows; the name when `nil`.
  ///   - route: How the view model is written into a ``RoutePath`` and made from it; without
  ///     one, a path cannot hold the screen.
  ///   - make: Builds a new screen each time a view model of the type is shown.
  /// - Throws: ``/BindingDSL/NavigationError`` when the type or the name is registered already, or the
  ///   name is not a valid id.
  public func register<S: Screen>(
    _ name: String, title: String? = nil, route: RouteCoding<S.Model>? = nil,
    _ make: @escaping @MainActor () -> S
  ) throws(NavigationError) {
    try add(ScreenFactory(name: name, make: make, title: .fixed(title ?? name), route: route))
  }

  /// Registers the screen `make` builds for its view-model type, titled by a view-model
  /// property that the navigation bar follows.
  ///
  /// - Parameters:
  ///   - name: The screen's id in renders and deep-link paths: unique, without spaces.
  ///   - title: The view-model property the navigation bar shows.
  ///   - route: How the view model is written into a ``RoutePath`` and made from it; without
  ///     one, a path cannot hold the screen.
  ///   - make: Builds a new screen each time a view model of the type is shown.
  /// - Throws: ``/BindingDSL/NavigationError`` when the type or the name is registered already, or the
  ///   name is not a valid id.
  public func register<S: Screen>(
    _ name: String, title: KeyPath<S.Model, String>, route: RouteCoding<S.Model>? = nil,
    _ make: @escaping @MainActor () -> S
  ) throws(NavigationError) {
    try add(ScreenFactory(name: name, make: make, title: .keyPath(title), route: route))
  }

  private func add(_ factory: ScreenFactory) throws(NavigationError) {
    let name = factory.name
    if name.isEmpty || name.contains(where: { $0.isWhitespace || $0 == "#" || $0 == "\"" }) {
      throw NavigationError(
        .invalidRegistration,
        "cannot register '\(name)': a screen name must be non-empty, without spaces, '#' or "
          + "quotes")
    }
    if let existing = factories[factory.modelType] {
      throw NavigationError(
        .invalidRegistration,
        "cannot register '\(name)' for \(factory.modelName): \(existing.screenName) is "
          + "registered for it already as '\(existing.name)'")
    }
    if let existing = factories.values.first(where: { $0.name == name }) {
      throw NavigationError(
        .invalidRegistration,
        "cannot register '\(name)' for \(factory.modelName): the name is taken by "
          + "\(existing.screenName) for \(existing.modelName)")
    }
    factories[factory.modelType] = factory
    order.append(factory.modelType)
  }

  /// The view-model types registered, each with the name of its screen, in registration order:
  /// `LoginViewModel (login)`.
  public var registered: [String] {
    order.compactMap { factories[$0] }.map { "\($0.modelName) (\($0.name))" }
  }

  /// The factory for `model`'s type, or an error naming the type and the registered ones.
  func factory(for model: AnyObject, to action: String) throws(NavigationError) -> ScreenFactory {
    if let factory = factories[ObjectIdentifier(type(of: model))] { return factory }
    throw NavigationError(
      .unregisteredModel,
      "cannot \(action) \(type(of: model)): no screen is registered for it. Registered: "
        + (registered.isEmpty ? "none" : registered.joined(separator: ", ")))
  }

  /// The factory registered under `name`.
  func factory(named name: String) -> ScreenFactory? {
    factories.values.first { $0.name == name }
  }

  /// The names of the screens registered with a route, in registration order.
  var routable: [String] {
    order.compactMap { factories[$0] }.filter { $0.decode != nil }.map(\.name)
  }
}

/// How one registered screen is made and mounted, with its view-model type erased.
@MainActor
struct ScreenFactory {
  enum Title {
    case fixed(String)
    case keyPath(AnyKeyPath)
  }

  let name: String
  let modelType: ObjectIdentifier
  let modelName: String
  let screenName: String
  /// Mounts the screen on a view model of the type, checked once per shape of the cache (the
  /// mounter, the app's graph run, parks in the same cache's registrations).
  let mount:
    @MainActor (AnyObject, any ChildMounter, ScreenContainer, ScreenMountCache)
      throws(NavigationError) -> ScreenMount
  /// Writes a view model of the type into a path entry's argument; `nil` without a route.
  let encode: (@MainActor (AnyObject) -> String?)?
  /// Makes a view model from a path entry's argument; `nil` without a route.
  let decode: (@MainActor (String, AppHost) -> AnyObject?)?

  init<S: Screen>(
    name: String, make: @escaping @MainActor () -> S, title: Title, route: RouteCoding<S.Model>?
  ) {
    if let route {
      encode = { model in (model as? S.Model).map(route.encode) }
      decode = { argument, host in route.decode(argument, host) }
    } else {
      encode = nil
      decode = nil
    }
    self.name = name
    modelType = ObjectIdentifier(S.Model.self)
    modelName = String(describing: S.Model.self)
    screenName = String(describing: S.self)
    let titlePath = title
    mount = { object, mounter, container, cache throws(NavigationError) in
      // NB: the registry picks the factory by the model's type, so the cast cannot fail.
      guard let model = object as? S.Model else {
        throw NavigationError(.unregisteredModel, "\(type(of: object)) is not \(S.Model.self)")
      }
      let prepared: PreparedScreen<S>
      do {
        prepared = try PreparedScreen(make(), on: model, cache: cache)
      } catch {
        throw NavigationError(.screenFailed, "cannot show \(S.Model.self): \(error)")
      }
      var declarations = prepared.declarations
      switch titlePath {
      case .fixed(let text):
        container.title.receive(text)
      case .keyPath(let path):
        if let path = path as? KeyPath<S.Model, String> {
          declarations.append(bind(path, to: container.title, mode: .oneWay))
        }
      }
      let child: ChildMount
      do {
        child = try mounter.mount(declarations, on: model, template: ObjectIdentifier(S.self))
      } catch {
        throw NavigationError(.screenFailed, "cannot show \(S.Model.self): \(error)")
      }
      let graph = prepared.graph
      return ScreenMount(
        name: name, model: model, root: prepared.root, widgetsByID: prepared.widgetsByID,
        child: child, container: container,
        enabledCause: { key in graph.enabledCause(of: key) })
    }
  }
}

extension BindingGraph {
  /// What the enabled state written at `key` follows, for a driver's message.
  package func enabledCause(of key: TargetKey) -> String? {
    guard let edge = edges(writing: key).first else { return nil }
    let source = readableNodes[edge.from - 1]
    let follows =
      source.kind == .command
      ? "command '\(source.name)', which cannot execute now" : source.name
    guard let declaration = declarations.first(where: { $0.site == edge.declaration }) else {
      return "its enabled state follows \(follows), bound at \(edge.declaration)"
    }
    return "its enabled state follows \(follows), bound by \(declaration.located)"
  }
}
