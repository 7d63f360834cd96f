/// The edge of a declaration that mounts children from a view-model value: a list's rows
/// (`show`) or an embedded screen (`embed`).
///
/// The children are mounted once every declaration is installed, so that they join a graph run
/// whose parent is complete (the row events bound by later declarations see a list's first
/// rows), and again at each change of the value; the target unmounts them with the graph.
///
/// - Parameters:
///   - source: The view-model value the children are made from.
///   - target: What mounts them; held weakly.
///   - end: The target's end of the edge.
///   - show: Mounts the children for a value, in the parent's graph run.
///   - unmount: Unmounts them when the graph unmounts.
/// - Returns: The edge, from `source` to `end`.
@MainActor
func childrenEdge<Model: AnyObject, Value, Target: AnyObject>(
  from source: KeyPath<Model, Value>, to target: Target, end: BindingEndpoint,
  show: @escaping @MainActor (Target, Value, any ChildMounter) -> Void,
  unmount: @escaping @MainActor (Target) -> Void
) -> BindingEdge<Model> {
  // NB: made once per declaration, not at each mount.
  let read = reader(source)
  return BindingEdge(
    from: BindingEndpoint(source), to: end, role: .value, mode: .oneWay, isTransformed: true
  ) { mount in
    let value = mount.value(source, reading: read)
    var isInstalled = false
    value.observe(skippingCurrent: true) { [weak target] value in
      guard isInstalled, let target else { return }
      show(target, value, mount.children)
    }
    mount.afterInstalling { [weak target] in
      guard let target else { return }
      isInstalled = true
      show(target, value.current, mount.children)
    }
    mount.onUnmount { [weak target] in
      if let target { unmount(target) }
    }
  }
}
