/// A widget that shows a child screen mounted on a child view model, in the parent's graph run
/// (an embedded screen, a tab).
///
/// The DSL writes each new child view model into it with a mounter; the widget unmounts the
/// screen of the old one and mounts a screen on the new one.
@MainActor
public protocol ChildScreenTarget: AnyObject {
  /// The view-model type of the child screen.
  associatedtype ChildModel: AnyObject

  /// Which widget this is; the property is named `screen`.
  var targetKey: TargetKey { get }

  /// Shows the child screen on `model` (nothing when `nil`), mounting it with `mounter`.
  ///
  /// - Parameters:
  ///   - model: The child view model.
  ///   - mounter: Mounts the child into the parent's graph run.
  func receive(_ model: ChildModel?, mounter: any ChildMounter)

  /// Unmounts the child screen: the parent unmounts.
  func unmountChild()
}

/// Embeds a child screen bound to a child view model: the screen `target` makes is mounted on
/// the value of `source`, in the same graph run as the parent, and mounted anew on another
/// instance when the value changes to one.
///
/// ```swift
/// embed(\.detail, in: detail)
/// ```
///
/// - Parameters:
///   - source: The child view model; `nil` shows nothing.
///   - target: The widget that shows the child screen.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func embed<Model: AnyObject, Target: ChildScreenTarget>(
  _ source: KeyPath<Model, Target.ChildModel?>,
  in target: Target,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeEmbedding(source, in: target, site: DeclarationSite(fileID: fileID, line: line)) { $0 }
}

/// Embeds a child screen bound to a child view model that is always there.
///
/// ```swift
/// embed(\.left, in: left)
/// ```
///
/// - Parameters:
///   - source: The child view model.
///   - target: The widget that shows the child screen.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func embed<Model: AnyObject, Target: ChildScreenTarget>(
  _ source: KeyPath<Model, Target.ChildModel>,
  in target: Target,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeEmbedding(source, in: target, site: DeclarationSite(fileID: fileID, line: line)) {
    Optional($0)
  }
}

/// Embeds a child screen that binds the parent's own view model (the seeds' data-context
/// inheritance): a part of a screen written as a screen of its own.
///
/// ```swift
/// embed(in: header)
/// ```
///
/// - Parameters:
///   - target: The widget that shows the child screen; its screen's model type is the
///     parent's.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func embed<Model: AnyObject, Target: ChildScreenTarget>(
  in target: Target,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> where Target.ChildModel == Model {
  makeEmbedding(\Model.self, in: target, site: DeclarationSite(fileID: fileID, line: line)) {
    Optional($0)
  }
}

@MainActor
private func makeEmbedding<Model: AnyObject, Value, Target: ChildScreenTarget>(
  _ source: KeyPath<Model, Value>,
  in target: Target,
  site: DeclarationSite,
  child: @escaping (Value) -> Target.ChildModel?
) -> BindingDeclaration<Model> {
  // NB: made once per declaration, not at each mount.
  let readSource = reader(source)
  let edge = BindingEdge<Model>(
    from: BindingEndpoint(source),
    to: BindingEndpoint(content: target, key: target.targetKey, valueType: Target.ChildModel.self),
    role: .value, mode: .oneWay, isTransformed: true,
    running: { object, _ in
      let context = MountContext<Model>.of(object)
      // NB: the child is mounted once every declaration is installed, as a list's first rows
      // are, so that it joins a graph run whose parent is complete.
      let node = context.source(source, reading: readSource)
      var isInstalled = false
      node.addSink(ignoringFirstValue: true) { [weak context, weak target] value in
        guard isInstalled, let context, let target else { return }
        target.receive(child(value), mounter: context)
      }
      context.afterInstalling.append { [weak context, weak target, weak node] in
        guard let context, let target, let node else { return }
        isInstalled = true
        target.receive(child(node.value), mounter: context)
      }
      context.onUnmount { [weak target] in target?.unmountChild() }
    })
  return BindingDeclaration(.embed, site: site, edge: edge)
}
