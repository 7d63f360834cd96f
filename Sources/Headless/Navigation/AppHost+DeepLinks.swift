public import BindingDSL

/// Deep links: the stacks as a ``RoutePath``, and back.
extension AppHost {
  /// The stacks as a path of values that ``restore(_:)`` brings back.
  ///
  /// - Returns: Each stack's screens as route values, root first.
  /// - Throws: ``/BindingDSL/NavigationError`` when a screen on a stack was registered without a route,
  ///   naming it.
  public func path() throws(NavigationError) -> RoutePath {
    var result: [[RoutePath.Entry]] = []
    for stack in stacks {
      var entries: [RoutePath.Entry] = []
      for screen in stack {
        guard let model = screen.model,
          let factory = try? registry.factory(for: model, to: "write"),
          let argument = factory.encode?(model)
        else {
          throw NavigationError(
            .invalidPath,
            "cannot write the stacks as a path: '\(screen.name)' was registered without a "
              + "route; screens with routes: "
              + (registry.routable.isEmpty ? "none" : registry.routable.joined(separator: ", ")))
        }
        entries.append(RoutePath.Entry(screen.name, argument: argument))
      }
      result.append(entries)
    }
    return RoutePath(stacks: result)
  }

  /// Replaces every stack with the ones `path` describes, making each view model with its
  /// screen's route: the screens shown before are unmounted, and only the top of the last stack
  /// appears.
  ///
  /// - Parameter path: The main stack, then each presented stack.
  /// - Throws: ``/BindingDSL/NavigationError`` when the path has no main stack or an empty stack, names a
  ///   screen that is not registered or has no route, or gives an argument its route does not
  ///   accept; the stacks are then as they were.
  public func restore(_ path: RoutePath) throws(NavigationError) {
    try run("restore \(path)") { () throws(NavigationError) in
      let models = try decode(path)
      var mounted: [[ScreenMount]] = []
      for stack in models {
        do throws(NavigationError) {
          mounted.append(try mount(stack, to: "restore"))
        } catch {
          for screen in mounted.flatMap({ $0 }) { screen.unmount() }
          throw error
        }
      }
      let leaving = stacks.flatMap { $0 }
      let old = visible
      let new = mounted.last?.last
      old?.willDisappear()
      new?.willAppear()
      stacks = mounted
      stackViews = mounted.indices.map { index in
        index == 0 ? stackViews[0] : NavigationStackView("modal\(index)", isPresented: true)
      }
      layout()
      removed(leaving)
      old?.didDisappear()
      new?.didAppear()
      for screen in leaving.reversed() { screen.unmount() }
    }
  }

  /// The view models of `path`, made by their routes, or an error naming the first entry that
  /// cannot be made.
  func decode(_ path: RoutePath) throws(NavigationError) -> [[AnyObject]] {
    guard !path.stacks.isEmpty, !path.stacks.contains(where: \.isEmpty) else {
      throw NavigationError(
        .invalidPath, "cannot restore '\(path)': every stack needs a root screen")
    }
    let known = registry.routable.isEmpty ? "none" : registry.routable.joined(separator: ", ")
    var result: [[AnyObject]] = []
    for stack in path.stacks {
      var models: [AnyObject] = []
      for entry in stack {
        guard let factory = registry.factory(named: entry.name), let decode = factory.decode
        else {
          throw NavigationError(
            .invalidPath,
            "cannot restore '\(path)': no screen '\(entry.name)' with a route is registered; "
              + "screens with routes: \(known)")
        }
        guard let model = decode(entry.argument, self) else {
          throw NavigationError(
            .invalidPath,
            "cannot restore '\(path)': the route of '\(entry.name)' (\(factory.modelName)) does "
              + "not accept the argument '\(entry.argument)'")
        }
        models.append(model)
      }
      result.append(models)
    }
    return result
  }
}
